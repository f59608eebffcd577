"""Weapons on the boonbane sheet (L123-L134) and Reload (L219-L221) through HTTP against real
PostgreSQL and Redis."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_a_crossbow_fires_reloads_and_a_shield_adds_to_defense(api: Api) -> None:
    t = await _table(api, {
        "hero": ("bob", {"agility": 12, "weapons": {"crossbow": {
            "kind": "ranged", "reload": True, "cumbersome": True}}}),
        "foe": ("ann", {"kind": "npc", "defense": 11, "weapons": {"shield": {"defensive": 2}}})})
    bob: str = t.bob  # type: ignore[attr-defined]
    shot = {"character_id": "hero", "target_id": "foe", "attribute": "agility",
            "weapon": "crossbow"}
    r = await t.ok("AttackRoll", shot, token=bob)
    roll = r["events"][0]["data"]
    # Defense 11 + the shield's 2 (L126); the crossbow's Cumbersome bane (L125)
    assert roll["target_number"] == 13 and {s["line"] for s in roll["sources"]} == {"L125"}
    assert r["events"][-1]["type"] == f"{R}.WeaponChanged"
    await t.refused("AttackRoll", shot, 409, "boonbane.reload L131", token=bob)
    r = await t.ok("Reload", {"character_id": "hero", "weapon": "crossbow"}, token=bob)
    hero = await t.read("characters/hero", r)
    assert hero["sheet"]["weapons"]["crossbow"]["loaded"] is True
    bad = await t.api.command(t.gm, "CreateCharacter", {
        "campaign_id": t.cid, "name": "x", "character_id": "x",
        "sheet": {"weapons": {"bow": {"defensive": -1}}}})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.sheet.weapons.bow.defensive"
