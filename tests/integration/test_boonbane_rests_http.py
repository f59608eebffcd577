"""Boonbane rests through HTTP against real PostgreSQL and Redis: "8 hour rest: heal up to your
healing rate." (L93), "A rest cannot be interrupted for more than 1 minute." (L95), "A full rest
in a safe location reduces Exposure by 1 tier." (L382)."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_an_interrupted_rest_heals_nothing_and_a_whole_one_heals(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"health": 20, "damage": 15, "exposure_tier": 1})})
    bob: str = t.bob  # type: ignore[attr-defined]
    rest = {"character_id": "hero", "hours": 8, "safe_location": True}
    # the GM judges the interruptions: a player cannot send a rest
    await t.refused("Rest", rest, 403, "campaign.gm-only", token=bob)
    # 2 minutes of interruptions (L95): no healing, no Exposure relief (digest D-16, D-52)
    r = await t.ok("Rest", {**rest, "interruptions": [1, 1]})
    assert [e["type"] for e in r["events"]] == [f"{R}.RestFailed"]
    assert r["events"][0]["data"]["interrupted_minutes"] == 2
    hero = (await t.read("characters/hero", r))["sheet"]
    assert (hero["damage"], hero["exposure_tier"]) == (15, 1)
    # a minute of interruptions is allowed: heals the healing rate, 20 / 4 = 5 (L57, L93)
    r = await t.ok("Rest", {**rest, "interruptions": [1]})
    assert [e["type"] for e in r["events"]] == [f"{R}.Healed", f"{R}.OverlayChanged"]
    hero = (await t.read("characters/hero", r))["sheet"]
    assert (hero["damage"], hero["exposure_tier"]) == (10, 0)
    await t.refused("Rest", {**rest, "interruptions": [-1]}, 422, "request.schema")
