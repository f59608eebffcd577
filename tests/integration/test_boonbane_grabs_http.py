"""Boonbane grabs and maneuvers through HTTP against real PostgreSQL and Redis: Grab (L175-L181),
the grabbed creature's movement (L294), Escape (L164-L167), Pull (L209-L212), Knock Down
(L191-L195), standing up (L313), Charmed (L263); the scores make every roll's outcome certain."""

from __future__ import annotations

from domain.audit import verify_export
from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_grab_hold_escape_pull_and_knock_down(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"strength": 30, "agility": 30, "size": 2}),
                           "ogre": ("ann", {"kind": "npc", "strength": 30, "size": 2}),
                           "imp": ("ann", {"kind": "npc", "agility": 10, "size": 0.5})})
    bob: str = t.bob  # type: ignore[attr-defined]
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [
        {"character_id": c} for c in ("hero", "ogre", "imp")]})
    # the hero grabs the ogre: Str 30 (+20) against Agi 10 cannot fail (L178, L180)
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"}, token=bob)
    r = await t.ok("Grab", {**enc, "character_id": "hero", "target_id": "ogre"}, token=bob)
    types = [e["type"] for e in r["events"]]
    assert types == [f"{R}.ActionUsed", f"{R}.RollMade", f"{R}.GrabStarted", f"{R}.GrabStarted"]
    roll = r["events"][1]["data"]
    assert (roll["stat"], roll["against"], roll["target_number"]) == ("strength", "agility", 10)
    ogre = await t.read("characters/ogre", r)
    assert "grabbed" in ogre["derived"]["afflictions"]
    assert [(a["source"], a["rounds"]) for a in ogre["sheet"]["afflictions"]] == [("hero", 2)]
    hero = await t.read("characters/hero", r)
    assert [(e["kind"], e["target_id"], e["until_round"])
            for e in hero["sheet"]["round_effects"]] == [("grabbing", "ogre", 2)]
    # the ogre, the hero's Size, cannot move away from its grabber (L294): nothing appended
    await t.ok("TakeTurn", {**enc, "character_id": "ogre", "turn": "fast"})
    await t.refused("Move", {**enc, "character_id": "ogre", "away_from": ["hero"]}, 409,
                    "boonbane.grabbed L294")
    # ...and escapes instead: Str 30 (+20) against the hero's Str 30, d20 + 20 >= 30 only on
    # a 10 or more, so the test reads the outcome from the roll (L166-L167)
    r = await t.ok("Escape", {**enc, "character_id": "ogre", "target_id": "hero"})
    roll = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"][0]
    assert roll["target_number"] == 30 and roll["success"] == (roll["d20"] + 20 >= 30)
    ogre = await t.read("characters/ogre", r)
    assert ("grabbed" in ogre["derived"]["afflictions"]) == (not roll["success"])
    if roll["success"]:
        ended = r["events"][-1]["data"]
        assert ended["cause"] == "escaped L167" and ended["yards"] == 5  # Speed 10, half
    # a second action in the ogre's fast turn is refused (L121)
    await t.refused("KnockDown", {**enc, "character_id": "ogre", "target_id": "hero"}, 409,
                    "boonbane.one-action L121-L122")
    r = await t.ok("EndRound", {**enc, "participants": ["hero", "ogre", "imp"]})
    # round 2: the hero lets go of whatever it holds, grabs the smaller imp, then pulls it
    hero = await t.read("characters/hero", r)
    if hero["sheet"]["round_effects"]:
        await t.ok("ReleaseGrab", {"character_id": "hero", "target_id": "ogre"}, token=bob)
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "slow"}, token=bob)
    await t.ok("Grab", {**enc, "character_id": "hero", "target_id": "imp"}, token=bob)
    r = await t.ok("Pull", {**enc, "character_id": "hero", "target_id": "imp", "use": "triggered"},
                   token=bob)
    assert r["events"][-1]["type"] == f"{R}.Moved" and r["events"][-1]["data"]["yards"] == 5
    # the hero has no action left this turn: a Knock Down is refused (L121-L122)
    await t.refused("KnockDown", {**enc, "character_id": "hero", "target_id": "ogre"}, 409,
                    "boonbane.one-action L121-L122", token=bob)
    r = await t.ok("EndRound", {**enc, "participants": ["hero", "ogre", "imp"]})
    # round 3: Knock Down, the same Size, no size source; Str 30 against Agi 10 (L193, L195)
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "slow"}, token=bob)
    r = await t.ok("KnockDown", {**enc, "character_id": "hero", "target_id": "ogre"}, token=bob)
    roll = r["events"][1]["data"]
    assert "L194" not in {s["line"] for s in roll["sources"]}
    assert r["events"][-1]["type"] == f"{R}.AfflictionAdded"
    ogre = await t.read("characters/ogre", r)
    assert "prone" in ogre["derived"]["afflictions"]
    # the prone ogre uses its move to stand (L313)
    await t.ok("TakeTurn", {**enc, "character_id": "ogre", "turn": "slow"})
    r = await t.ok("Move", {**enc, "character_id": "ogre", "stand": True})
    assert "prone" not in (await t.read("characters/ogre", r))["derived"]["afflictions"]


async def test_a_charmed_creature_cannot_attack_its_charmer_and_fate_rolls_are_the_gms(
        api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"health": 4}), "witch": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    await t.ok("AddAffliction", {"character_id": "hero", "name": "charmed", "source": "witch"})
    await t.refused("AttackRoll", {"character_id": "hero", "target_id": "witch"}, 409,
                    "boonbane.charmed L263", token=bob)
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 4 - 1})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 1})
    # a player may not roll Fate by hand until a 6 comes: the GM's command (L34)
    await t.refused("FateRoll", {"character_id": "hero"}, 403, "campaign.gm-only", token=bob)
    r = await t.ok("FateRoll", {"character_id": "hero"})
    assert r["events"][0]["data"]["was"] == "disabled"


async def test_the_audit_reads_maneuvers_and_a_resist_roll_as_the_rules_give(api: Api) -> None:
    t = await _table(api, {"hero": ("ann", {"strength": 30}),
                           "foe": ("ann", {"kind": "npc", "agility": 10})})
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [
        {"character_id": "hero"}, {"character_id": "foe"}]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "slow"})
    # Str 30 (+20) with Unbalancing's bane cannot miss Defense 10: the foe resists or falls (L203)
    r = await t.ok("AttackRoll", {**enc, "character_id": "hero", "target_id": "foe",
                                  "situations": ["unbalancing"]})
    attack, resist = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"]
    assert attack["knocked"] == "L203" and resist["character_id"] == "foe"
    fell = "prone" in (await t.read("characters/foe", r))["derived"]["afflictions"]
    assert fell == (not resist["success"])
    await t.ok("Grab", {**enc, "character_id": "hero", "target_id": "foe", "use": "triggered"})
    exported = await t.api.get(t.gm, f"/v1/campaigns/{t.cid}/export")
    report = verify_export(exported.content.splitlines())
    assert report.ok, report.failures


async def test_a_grabber_that_cannot_use_actions_lets_go_at_once(api: Api) -> None:
    """L181 "The grab ends if you cannot use actions": the command that stuns, disables or
    knocks out the grabber ends its grab, so the grabbed creature's sheet no longer shows
    Grabbed when that command's reply is read, not only at the end of the round."""
    t = await _table(api, {"hero": ("bob", {"strength": 30, "health": 10}),
                           "bear": ("ann", {"kind": "npc", "strength": 30, "health": 8}),
                           "elf": ("ann", {"kind": "npc", "agility": 5}),
                           "imp": ("ann", {"kind": "npc", "agility": 5})})
    bob: str = t.bob  # type: ignore[attr-defined]

    async def grabbed(cid: str, r: dict[str, object]) -> list[object]:
        sheet = (await t.read(f"characters/{cid}", r))["sheet"]
        return [a["source"] for a in sheet["afflictions"] if a["name"] == "grabbed"]

    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [
        {"character_id": c} for c in ("hero", "bear", "elf", "imp")]})
    # Str 30 (+20) against Agi 5 cannot fail (L178): the hero holds the imp, the bear the elf
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"}, token=bob)
    r = await t.ok("Grab", {**enc, "character_id": "hero", "target_id": "imp"}, token=bob)
    assert await grabbed("imp", r) == ["hero"]
    await t.ok("TakeTurn", {**enc, "character_id": "bear", "turn": "fast"})
    r = await t.ok("Grab", {**enc, "character_id": "bear", "target_id": "elf"})
    assert await grabbed("elf", r) == ["bear"]
    # Stunned: "A stunned creature cannot move or use actions." (L323): the grab ends with it
    r = await t.ok("AddAffliction", {"character_id": "bear", "name": "stunned"})
    types = [(e["type"], e["stream_id"].rsplit("/", 1)[1]) for e in r["events"]]
    assert types == [(f"{R}.AfflictionAdded", "bear"), (f"{R}.GrabEnded", "bear"),
                     (f"{R}.GrabEnded", "elf")]
    assert r["events"][-1]["data"]["cause"] == "the grabber cannot use actions L181"
    assert await grabbed("elf", r) == []
    bear = (await t.read("characters/bear", r))["sheet"]
    assert bear["round_effects"] == []
    # damage to Health: "Player characters become disabled instead." (L65) and "Disabled
    # characters are defenseless." (L33), who cannot use actions (L279): the hero lets go
    r = await t.ok("TakeDamage", {"character_id": "hero", "amount": 6})
    assert [e["type"] for e in r["events"]] == [f"{R}.DamageTaken"]  # 6 of 10: still holding
    assert await grabbed("imp", r) == ["hero"]
    r = await t.ok("TakeDamage", {"character_id": "hero", "amount": 4})
    assert [e["type"] for e in r["events"]] == [f"{R}.DamageTaken", f"{R}.GrabEnded",
                                                f"{R}.GrabEnded"]
    assert await grabbed("imp", r) == []
    hero = await t.read("characters/hero", r)
    assert hero["sheet"]["life_state"] == "disabled" and hero["sheet"]["round_effects"] == []
    # nothing appended for a grab already over: the imp has no grabber to escape from
    await t.refused("Escape", {**enc, "character_id": "imp", "target_id": "hero",
                               "use": "triggered"},
                    409,
                    "boonbane.escape L166")
