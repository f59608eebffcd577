"""Issue 22's boon/bane findings through HTTP against real PostgreSQL and Redis: a lower Health
incapacitates as damage does (L61-L62, L65, L33), and a failure Fortune turns into a success
does what the action's success does (L45 with Knock Down L195 and Stabilize L237)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed
from tests.integration.test_boonbane_play_http import R, Table, _table


async def _hero(t: Table, at: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    read = await t.read("characters/hero", at)
    return read["sheet"], read["derived"]


async def test_a_gm_lowering_health_to_damage_disables_the_player_character(api: Api) -> None:
    """"A creature becomes incapacitated when its Damage equals its Health." (L61) "It falls
    prone immediately." (L62) "Player characters become disabled instead." (L65) "Disabled
    characters are defenseless." (L33) "Defense becomes 5. The creature cannot use actions."
    (L278-L279) "At the end of each round while disabled, make a Fate roll." (L34)"""
    t = await _table(api, {"hero": ("bob", {"health": 20, "damage": 12, "defense": 14}),
                           "goblin": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    r = await t.ok("AwardStat", {"character_id": "hero", "stat": "health", "change": -8,
                                 "reason": "a withering curse"})
    assert r["events"][0]["data"]["cause"] == "disabled L65"
    sheet, derived = await _hero(t, r)
    assert (sheet["health"], sheet["damage"], sheet["life_state"]) == (12, 12, "disabled")
    assert derived["incapacitated"] is True and derived["defense"] == 5
    assert {"prone", "defenseless"} <= set(derived["afflictions"])
    enc = {"encounter_id": "ambush"}
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": "hero"},
                                                          {"character_id": "goblin"}]})
    await t.refused("AttackRoll", {**enc, "character_id": "hero", "target_id": "goblin",
                                   "use": "triggered"}, 409, "boonbane.defenseless L279",
                    token=bob)
    seed = await secret_seed(api.database_url, t.cid)
    # a Fate roll of 2-5: "On 2-5, nothing changes." (L37)
    fate = scripted_command_id(seed, t.cid, "fate", lambda draw: 2 <= draw(0, 6) <= 5)
    r = await api.ok(t.gm, f"{R}.EndRound", {"campaign_id": t.cid, **enc,
                                             "participants": ["hero", "goblin"]}, fate)
    assert r["events"][0]["data"]["fate_rolls"] == ["hero"]
    assert r["events"][1]["type"] == f"{R}.FateRolled"
    assert r["events"][1]["data"]["life_state"] == "disabled"
    # Health back above Damage: no longer incapacitated, so no longer disabled (L61, L33)
    r = await t.ok("AwardStat", {"character_id": "hero", "stat": "health", "change": 8,
                                 "reason": "the curse lifts"})
    sheet, derived = await _hero(t, r)
    assert (sheet["life_state"], derived["incapacitated"], derived["defense"]) == (
        "active", False, 14)
    assert "defenseless" not in derived["afflictions"] and "prone" in derived["afflictions"]


async def test_a_non_player_creature_lowered_to_its_damage_needs_the_gms_choice(api: Api) -> None:
    """L64 "Most non-player creatures die or fall unconscious for 1d3 hours, at the GM's
    choice.", by a lower Health as by damage."""
    t = await _table(api, {"ogre": ("ann", {"kind": "npc", "health": 10, "damage": 6})})
    lower = {"character_id": "ogre", "stat": "health", "change": -4, "reason": "curse"}
    body = await t.refused("AwardStat", lower, 422, "boonbane.incapacitated L64")
    assert body["field"].endswith("npc_outcome")
    r = await t.ok("AwardStat", {**lower, "npc_outcome": "die"})
    assert (await t.read("characters/ogre", r))["sheet"]["life_state"] == "dead"


async def _scripted(api: Api, t: Table, tag: str, fails: bool) -> str:
    """A command id whose first draw, the action's d20, makes a roll with no boon or bane die
    against 10 fail (below 10) or succeed."""
    seed = await secret_seed(api.database_url, t.cid)

    def wanted(draw: Draw) -> bool:
        return (draw(0, 20) < 10) == fails

    return scripted_command_id(seed, t.cid, tag, wanted)


async def test_fortune_after_a_failed_knock_down_knocks_the_target_prone(api: Api) -> None:
    """"Spend 1 point of Fortune to turn a failed roll into a success." (L45) Knock Down: "On
    success the target falls prone." (L195)"""
    t = await _table(api, {"hero": ("bob", {"fortune": 1}), "goblin": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    enc = {"encounter_id": "brawl"}
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": "hero"},
                                                          {"character_id": "goblin"}]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "slow"}, token=bob)
    r = await api.ok(bob, f"{R}.KnockDown", {"campaign_id": t.cid, **enc,
                                             "character_id": "hero", "target_id": "goblin"},
                     await _scripted(api, t, "knock", fails=True))
    assert [e["type"] for e in r["events"]] == [f"{R}.ActionUsed", f"{R}.RollMade"]
    assert r["events"][1]["data"]["success"] is False
    spend = {"character_id": "hero", "use": "succeed"}
    await t.refused("SpendFortune", spend, 422, "boonbane.fortune L45", token=bob)
    r = await t.ok("SpendFortune", {**spend, "target_id": "goblin"}, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.FortuneAmended", f"{R}.AfflictionAdded"]
    goblin = await t.read("characters/goblin", r)
    assert "prone" in goblin["derived"]["afflictions"]
    assert (await t.read("characters/hero", r))["sheet"]["fortune"] == 0


async def test_fortune_after_a_failed_stabilize_heals_1(api: Api) -> None:
    """L45 and Stabilize: "On a success, it heals 1 damage." (L237): the disabled ally is no
    longer incapacitated, so no longer defenseless (L61, L33)."""
    t = await _table(api, {"hero": ("bob", {"fortune": 1}),
                           "ally": ("ann", {"health": 6, "damage": 6})})
    bob: str = t.bob  # type: ignore[attr-defined]
    r = await api.ok(bob, f"{R}.Stabilize", {"campaign_id": t.cid, "character_id": "hero",
                                             "target_id": "ally"},
                     await _scripted(api, t, "stabilize", fails=True))
    assert [e["type"] for e in r["events"]] == [f"{R}.RollMade"]
    r = await t.ok("SpendFortune", {"character_id": "hero", "use": "succeed",
                                    "target_id": "ally"}, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.FortuneAmended", f"{R}.Healed"]
    ally = await t.read("characters/ally", r)
    assert (ally["sheet"]["damage"], ally["sheet"]["life_state"]) == (5, "active")
    assert "defenseless" not in ally["derived"]["afflictions"]


async def test_a_retconned_heal_leaves_no_defenseless_on_an_active_character(api: Api) -> None:
    """"A creature becomes incapacitated when its Damage equals its Health." (L61) "Disabled
    characters are defenseless." (L33) A retcon reverses the heal that ended a disabled state
    but keeps the damage recorded after it: the life state and its linked Defenseless agree
    with Damage and Health."""
    t = await _table(api, {"hero": ("bob", {"health": 6})})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 5})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 1})  # disabled (L65)
    healed = await t.ok("Heal", {"character_id": "hero", "amount": 3})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 1})
    r = await api.ok(t.gm, "Retcon", {"campaign_id": t.cid, "reason": "no healer was there",
                                      "position": healed["events"][0]["position"]})
    sheet, derived = await _hero(t, r)
    assert (sheet["damage"], sheet["life_state"], derived["incapacitated"]) == (4, "active", False)
    assert "defenseless" not in derived["afflictions"] and derived["defense"] == 10
