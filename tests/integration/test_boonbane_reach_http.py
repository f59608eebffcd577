"""Reach (L84, L130), Finesse (L127), Rush (L227) and Retreat (L224) through HTTP against real
PostgreSQL and Redis; positions are not kept, so an attack declares its ``distance``."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_reach_finesse_rush_and_retreat(api: Api) -> None:
    t = await _table(api, {
        "hero": ("bob", {"agility": 14, "speed": 10, "weapons": {
            "spear": {"reach": 1}, "rapier": {"finesse": True}, "axe": {}}}),
        "orc": ("ann", {"kind": "npc", "speed": 9}), "goblin": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    hero = await t.ok("AttackRoll", {"character_id": "hero", "target_id": "orc",
                                     "weapon": "spear", "distance": 2}, token=bob)
    # "Reach +X: add X to your reach." (L130): 1 yard (digest D-63) + 1
    assert hero["events"][0]["type"] == f"{R}.RollMade"
    assert (await t.read("characters/hero", hero))["derived"]["reach"] == 2
    body = await t.refused("AttackRoll", {"character_id": "hero", "target_id": "orc",
                                          "weapon": "axe", "distance": 2}, 409,
                           "boonbane.reach L84", token=bob)
    assert body["field"] == "payload.distance"
    # "Finesse: choose Str or Agi to attack." (L127); the axe attacks with Str (L7)
    body = await t.refused("AttackRoll", {"character_id": "hero", "target_id": "orc",
                                          "weapon": "axe", "attribute": "agility"}, 422,
                           "boonbane.finesse L127", token=bob)
    assert body["field"] == "payload.attribute"
    r = await t.ok("AttackRoll", {"character_id": "hero", "target_id": "orc",
                                  "weapon": "rapier", "attribute": "agility"}, token=bob)
    assert r["events"][0]["data"]["modifier"] == 4
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [
        {"character_id": c} for c in ("hero", "orc", "goblin")]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"}, token=bob)
    r = await t.ok("Rush", {**enc, "character_id": "hero"}, token=bob)
    assert r["events"][-1]["data"]["yards"] == 20  # twice Speed 10 (L227)
    await t.ok("TakeTurn", {**enc, "character_id": "orc", "turn": "fast"})
    r = await t.ok("Retreat", {**enc, "character_id": "orc", "away_from": ["goblin"]})
    assert r["events"][1]["data"]["yards"] == 4  # half Speed 9, rounded down (L224, L30)
    await t.refused("AttackRoll", {**enc, "character_id": "goblin", "target_id": "orc",
                                   "free_attack": True, "use": "triggered"}, 409,
                    "boonbane.retreat L224")
