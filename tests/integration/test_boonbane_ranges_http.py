"""Weapon range bands (L129, L86-L88), Distant Shot (L217), Thrown weapons (L134) and minor
activities (L70-L74) through HTTP against real PostgreSQL and Redis; positions are not kept, so
an attack declares its ``distance``."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


def _lines(r: dict[str, Any]) -> dict[str, tuple[int, int]]:
    roll = r["events"][0]["data"]
    return {s["line"]: (s["boons"], s["banes"]) for s in roll["sources"]}


async def test_range_bands_distant_shot_and_a_thrown_dagger(api: Api) -> None:
    t = await _table(api, {
        "hero": ("bob", {"agility": 14, "weapons": {
            "bow": {"kind": "ranged", "range": "long"},
            "dagger": {"thrown": True, "range": "short"}}}),
        "orc": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    shot = {"character_id": "hero", "target_id": "orc", "attribute": "agility", "weapon": "bow"}
    # "Long: 100 yards." (L88): within the bow's range, no source
    r = await t.ok("AttackRoll", {**shot, "distance": 100}, token=bob)
    assert r["events"][0]["type"] == f"{R}.RollMade" and _lines(r) == {}
    # "Distant Shot: attack up to double your weapon's range with 1 bane." (L217), by itself
    r = await t.ok("AttackRoll", {**shot, "distance": 200}, token=bob)
    assert _lines(r) == {"L217": (0, 1)} and r["events"][0]["data"]["net"] == -1
    body = await t.refused("AttackRoll", {**shot, "distance": 201}, 409,
                           "boonbane.range L129 L217", token=bob)
    assert body["field"] == "payload.distance"
    # one option per attack (digest D-25)
    await t.refused("AttackRoll", {**shot, "distance": 150, "situations": ["called_shot"]}, 422,
                    "boonbane.distant-shot L217", token=bob)
    # "Thrown: weapon can be thrown as a ranged attack." (L134): beyond reach, within "Short:
    # 5 yards." (L86) doubled, the dagger is thrown with a Distant Shot's bane
    throw = {**shot, "weapon": "dagger"}
    await t.refused("AttackRoll", {**throw, "distance": 11}, 409, "boonbane.range L129 L217",
                    token=bob)
    r = await t.ok("AttackRoll", {**throw, "distance": 8}, token=bob)
    assert _lines(r) == {"L134": (0, 0), "L217": (0, 1)}
    assert r["events"][-1]["type"] == f"{R}.WeaponChanged"
    hero = await t.read("characters/hero", r)
    assert hero["sheet"]["weapons"]["dagger"]["wielded"] is False
    await t.refused("AttackRoll", {**throw, "distance": 3}, 409, "boonbane.weapon L123",
                    token=bob)
    # picking it up again is a minor activity (L73)
    r = await t.ok("MinorActivity", {"character_id": "hero", "activity": "pick_up_weapon",
                                     "weapon": "dagger"}, token=bob)
    hero = await t.read("characters/hero", r)
    assert hero["sheet"]["weapons"]["dagger"]["wielded"] is True
    # a Thrown weapon needs its range on the sheet (L129, L134)
    bad = await t.api.command(t.gm, "CreateCharacter", {
        "campaign_id": t.cid, "name": "x", "character_id": "x",
        "sheet": {"weapons": {"spear": {"thrown": True}}}})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.sheet.weapons.spear.range"


async def test_minor_activities_one_on_a_fast_turn_two_on_a_slow_turn(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"weapons": {"sword": {"wielded": False}}}),
                           "orc": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [
        {"character_id": c} for c in ("hero", "orc")]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"}, token=bob)
    r = await t.ok("MinorActivity", {**enc, "character_id": "hero", "activity": "draw_weapon",
                                     "weapon": "sword"}, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.MinorActivityUsed",
                                                f"{R}.MinorActivityDone"]
    # "You can usually do 1 minor activity on a fast turn or 2 on a slow turn." (L74)
    await t.refused("MinorActivity", {**enc, "character_id": "hero", "activity": "open_door"},
                    409, "boonbane.minor-activities L74", token=bob)
    # "Minor activities do not use an action" (L72): the drawn sword attacks as the action
    r = await t.ok("AttackRoll", {**enc, "character_id": "hero", "target_id": "orc",
                                  "weapon": "sword"}, token=bob)
    assert [e["type"] for e in r["events"]][:2] == [f"{R}.ActionUsed", f"{R}.RollMade"]
    await t.ok("TakeTurn", {**enc, "character_id": "orc", "turn": "slow"})
    for door in ("open_door", "close_door"):
        r = await t.ok("MinorActivity", {**enc, "character_id": "orc", "activity": door})
    assert r["events"][0]["data"]["used"] == 2 and r["events"][0]["data"]["allowed"] == 2
    await t.refused("MinorActivity", {**enc, "character_id": "orc", "activity": "other"}, 409,
                    "boonbane.minor-activities L74")
