"""Another player's Fortune (L46) through HTTP against real PostgreSQL and Redis: only the
giver's player spends it, before the other character's roll, which has 2 boons."""

from __future__ import annotations

from domain.audit import verify_export
from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_a_player_gives_their_own_fortune_never_anothers(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 1}), "ally": ("ann", {"fortune": 1})})
    bob: str = t.bob  # type: ignore[attr-defined]
    # Bob cannot spend the Fortune of a character he does not play
    await t.refused("GiveFortune", {"character_id": "ally", "target_id": "hero"}, 403,
                    "character.owner-only", token=bob)
    r = await t.ok("GiveFortune", {"character_id": "hero", "target_id": "ally"}, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.FortuneSpent", f"{R}.RoundEffectAdded"]
    assert (await t.read("characters/hero", r))["sheet"]["fortune"] == 0
    r = await t.ok("ChallengeRoll", {"character_id": "ally", "stat": "will"})
    roll = r["events"][0]["data"]
    assert {s["line"]: s["boons"] for s in roll["sources"]} == {"L46": 2}
    assert len(roll["d6"]) == 2 and roll["total"] == roll["d20"] + max(roll["d6"])
    await t.refused("GiveFortune", {"character_id": "hero", "target_id": "ally"}, 409,
                    "boonbane.fortune L45", token=bob)


async def test_fortune_reads_a_fate_roll_as_a_6(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 1, "health": 6})})
    bob: str = t.bob  # type: ignore[attr-defined]
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 5})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 1})  # disabled (L65)
    r = await t.ok("FateRoll", {"character_id": "hero"})
    face = r["events"][0]["data"]["d6"]
    spend = {"character_id": "hero", "use": "fate_six"}
    if face == 6:  # already a 6: nothing for Fortune to do (L47)
        await t.refused("SpendFortune", spend, 409, "boonbane.fortune L47", token=bob)
        return
    r = await t.ok("SpendFortune", spend, token=bob)
    amended = r["events"][0]
    assert amended["type"] == f"{R}.FateAmended" and amended["data"]["rolled"] == face
    # a disabled character's 6 (L36): heal 1 and impaired for 1 minute
    hero = await t.read("characters/hero", r)
    assert (hero["sheet"]["life_state"], hero["sheet"]["damage"], hero["sheet"]["fortune"]) == (
        "active", 5, 0)
    assert "impaired" in hero["derived"]["afflictions"]
    assert "defenseless" not in hero["derived"]["afflictions"]


async def test_fortune_treats_a_damage_misfire_or_spell_consequence_d6_as_a_6(api: Api) -> None:
    """L47 "Or treat any d6 roll as a 6." on the dice a command rolls: the damage roll's lowest
    d6 (L29), an odd Misfire d6 (L128), the Spell Consequence d6 (L416); the faces are random,
    so each assertion reads the rule on what was rolled."""
    t = await _table(api, {"hero": ("bob", {"fortune": 30, "agility": 0, "health": 300}),
                           "ogre": ("ann", {"kind": "npc", "health": 300})})
    bob: str = t.bob  # type: ignore[attr-defined]
    r = await t.ok("AreaDamage", {"dice": 3, "bonus": 1, "fortune_by": "hero",
                                  "targets": [{"character_id": "ogre"}]})
    rolled = r["events"][0]["data"]
    faces = rolled["dice"]
    if min(faces) < 6:
        low = faces.index(min(faces))
        assert rolled["fortune_die"] == low and rolled["amount"] == sum(faces) - faces[low] + 7
        assert r["events"][1]["data"]["rolled"] == faces[low]
        assert (await t.read("characters/hero", r))["sheet"]["fortune"] == 29
    ogre = (await t.read("characters/ogre", r))["sheet"]
    assert ogre["damage"] == rolled["amount"]
    await t.refused("AreaDamage", {"sides": 8, "fortune_by": "hero",
                                   "targets": [{"character_id": "ogre"}]}, 422,
                    "boonbane.fortune L47")
    # the Misfire d6 (L128): odd "explodes for 2d6", read as a 6 it jams instead
    spent = 0
    for _ in range(40):
        r = await t.ok("AttackRoll", {"character_id": "hero", "target_id": "ogre",
                                      "attribute": "agility", "misfire": True,
                                      "fortune": "misfire_six"}, token=bob)
        roll = r["events"][0]["data"]
        if roll["jammed"]:
            await t.ok("RepairWeapon", {"character_id": "hero"}, token=bob)
        if not roll["misfire"] or roll["misfire"][0] % 2 == 0:
            assert not roll["misfire_fortune"]
            continue
        assert roll["misfire_fortune"] and roll["jammed"] and len(roll["misfire"]) == 1
        assert [e["type"] for e in r["events"]] == [f"{R}.RollMade", f"{R}.FortuneSpent"]
        spent += 1
        break
    assert spent == 1
    # the Spell Consequence d6 (L416) read as a 6: 6 is "Corruption +1 and anomaly"
    r = await t.ok("CastSpell", {"character_id": "hero", "spell": "bolt", "rank": 3,
                                 "fortune_six": True}, token=bob)
    spell = r["events"][0]["data"]
    assert spell["result"] == 6 and spell["outcome"] == "Corruption +1 and anomaly L416"
    assert spell["fortune_six"] == (spell["d6"] < 6)
    # the audit reads every die again against the draws, the Fortune sixes included
    exported = await t.api.get(t.gm, f"/v1/campaigns/{t.cid}/export")
    report = verify_export(exported.content.splitlines())
    assert report.ok, report.failures
