"""The boonbane Overlay module (L335-L417) through HTTP against real PostgreSQL and Redis."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_overlay_commands_change_the_sheet_by_the_seeds_numbers(api: Api) -> None:
    t = await _table(api, {"sage": ("bob", {"will": 10})})
    bob: str = t.bob  # type: ignore[attr-defined]
    sage = {"character_id": "sage"}
    await t.refused("ChangeInsanity", {**sage, "change": 3, "reason": "x"}, 403,
                    "campaign.gm-only", token=bob)
    # Insanity 9: thresholds 3, 6 and 9, the last one +1 Exposure tier (L389-L391)
    r = await t.ok("ChangeInsanity", {**sage, "change": 9, "reason": "read the black tome"})
    assert r["events"][0]["data"]["after"]["exposure_tier"] == 1
    read = await t.read("characters/sage", r)
    assert (read["sheet"]["insanity"], read["sheet"]["exposure_tier"]) == (9, 1)
    # -1 per 3 Insanity on Will challenge rolls (L387); Exposure 1: 1 bane on Perception (L370)
    r = await t.ok("ChallengeRoll", {**sage, "stat": "will"}, token=bob)
    assert r["events"][0]["data"]["modifier"] == -3
    r = await t.ok("ChallengeRoll", {**sage, "stat": "perception"}, token=bob)
    assert r["events"][0]["data"]["banes"] == 1
    # an artifact resolves in the seed's order, its Exposure check +1 tier (L339, L341)
    r = await t.ok("UseArtifact", {**sage, "artifact": "crown", "grade": "sealed",
                                   "corruption": 3}, token=bob)
    used = r["events"][0]["data"]
    assert [s.split(":")[0] for s in used["steps"]] == [
        "primary effect", "immediate cost", "Exposure check", "aftereffect"]
    assert used["after"]["exposure_tier"] == 2 and used["after"]["corruption"] == 3
    await t.ok("TriggerExposure", {**sage, "trigger": "unsafe_ability"})
    r = await t.ok("RelieveExposure", {**sage, "cause": "safe_rest"})
    assert r["events"][0]["data"]["after"]["exposure_tier"] == 2  # L382
    r = await t.ok("ChangeCorruption", {**sage, "change": 3, "reason": "pact"})
    assert r["events"][0]["data"]["effects"] == ["Corruption 6: spell side effects begin L348"]
    # Spell Consequence: rank 3 triggers (L415), 1d6 + earlier triggering casts (L417)
    casts: list[dict[str, Any]] = []
    for _ in range(3):
        r = await t.ok("CastSpell", {**sage, "spell": "bolt", "rank": 3}, token=bob)
        casts.append(r["events"][0]["data"])
    assert [c["bonus"] for c in casts] == [0, 1, 2]
    assert all(c["result"] == min(6, c["d6"] + c["bonus"]) for c in casts)
    rolls = await t.read("rolls", r)
    assert any(x["type"] == f"{R}.SpellCast" for x in rolls)
    r = await t.ok("EndScene", {"participants": ["sage"]})
    assert (await t.read("characters/sage", r))["sheet"]["triggering_casts"] == 0
    # Knowledge Gate: unknown fails with no dice (L405), known rolls (L404)
    r = await t.ok("ChallengeRoll", {**sage, "stat": "intellect", "knowledge": "runes"},
                   token=bob)
    assert r["events"][0]["data"]["automatic"].startswith("knowledge gate")
    await t.ok("SetKnowledge", {**sage, "gate": "runes", "level": "known"})
    r = await t.ok("ChallengeRoll", {**sage, "stat": "intellect", "knowledge": "runes"},
                   token=bob)
    assert r["events"][0]["data"]["d20"] is not None


async def test_escalation_repetition_invulnerability_and_death_state(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Dead", "ruleset": R,
                                               "options": {"death_mode": "death_state"}})
           )["campaign_id"]
    listed = (await api.get(gm, "/v1/rulesets")).json()
    assert "disabled_counter_order" in str(listed)
    for ch in ("ghost", "hero"):
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch, "character_id": ch,
                                             "sheet": {"health": 10, "will": 0}})
    hero = {"campaign_id": cid, "character_id": "hero"}
    # Will 0 against 40 never succeeds: each failed critical roll gains a token (L359)
    for n in (1, 2):
        r = await api.ok(gm, f"{R}.ChallengeRoll", {**hero, "stat": "will", "target_number": 40,
                                                    "task_key": "seal", "critical": True,
                                                    "action_key": "chant"})
        assert r["events"][-1]["data"]["tokens"] == n
    roll = r["events"][0]["data"]
    # the second roll: 1 Escalation bane (L360) and 1 Repetition bane (L409)
    assert {s["line"] for s in roll["sources"]} == {"L360", "L409-L411"}
    # Invulnerability: half when partly met (L397)
    r = await api.ok(gm, f"{R}.TakeDamage", {"campaign_id": cid, "character_id": "ghost",
                                             "amount": 9, "invulnerability": "partial"})
    assert r["events"][0]["data"]["applied"] == 4
    # the Death State instead of death (L352-L356): acts with 1 bane, no more death by damage
    r = await api.ok(gm, f"{R}.TakeDamage", {**hero, "amount": 10})
    assert r["events"][0]["data"]["marked_dead"] is True
    read = await api.get(gm, f"/v1/campaigns/{cid}/characters/hero", position=r["position"])
    assert read.json()["sheet"]["marked_dead"] is True
    again = await api.command(gm, f"{R}.TakeDamage", {**hero, "amount": 1})
    assert again.status_code == 409 and again.json()["rule"] == "boonbane.death-state D-60"
    r = await api.ok(gm, f"{R}.FulfillDeathCondition", hero)
    assert r["events"][0]["data"]["damage"] == 9


async def test_concentration_and_the_once_a_session_reinterpretation(api: Api) -> None:
    t = await _table(api, {"sage": ("bob", {"will": 10, "exposure_tier": 2, "health": 20})})
    bob: str = t.bob  # type: ignore[attr-defined]
    sage = {"character_id": "sage"}
    r = await t.ok("Concentrate", {**sage, "effect": "ward"}, token=bob)
    assert (await t.read("characters/sage", r))["sheet"]["concentrating"] == "ward"
    # damage calls for a Will challenge roll (L147): Will 10, TN 10, kept on 10 or more
    r = await t.ok("TakeDamage", {**sage, "amount": 2})
    roll = r["events"][1]["data"]
    assert roll["stat"] == "will" and roll["success"] == (roll["d20"] >= 10)
    kept = (await t.read("characters/sage", r))["sheet"]["concentrating"]
    assert kept == ("ward" if roll["success"] else None)
    # the GM's tier-2 reinterpretation, once per session (L371)
    ask = {**sage, "action": "cast the ward", "interpretation": "cast it on the foe"}
    await t.refused("ReinterpretAction", ask, 403, "campaign.gm-only", token=bob)
    await t.ok("ReinterpretAction", ask)
    await t.refused("ReinterpretAction", ask, 409, "boonbane.exposure L371")
    await t.ok("StartSession", {"participants": ["sage"]})
    await t.ok("ReinterpretAction", ask)


async def test_a_misfire_exploding_on_its_wielder_calls_for_the_concentration_roll(
        api: Api) -> None:
    """L128 "odd explodes for 2d6 damage" to the wielder (digest D-30), and L147 "If you take
    damage ..., make a Will challenge roll or lose concentration."; Will 30 always keeps it."""
    t = await _table(api, {"mage": ("ann", {"agility": 0, "will": 30, "health": 500}),
                           "foe": ("ann", {})})
    await t.ok("Concentrate", {"character_id": "mage", "effect": "ward"})
    exploded = 0
    for _ in range(40):
        r = await t.ok("AttackRoll", {"character_id": "mage", "target_id": "foe",
                                      "attribute": "agility", "misfire": True})
        roll = r["events"][0]["data"]
        if roll["jammed"]:
            await t.ok("RepairWeapon", {"character_id": "mage"})
        if len(roll["misfire"]) != 3:
            assert [e["type"] for e in r["events"]] == [f"{R}.RollMade"]
            continue
        types = [e["type"] for e in r["events"]]
        assert types == [f"{R}.RollMade", f"{R}.DamageTaken", f"{R}.RollMade"]
        will = r["events"][2]["data"]
        assert (will["stat"], will["target_number"], will["success"]) == ("will", 10, True)
        assert (await t.read("characters/mage", r))["sheet"]["concentrating"] == "ward"
        exploded += 1
        break
    assert exploded == 1
