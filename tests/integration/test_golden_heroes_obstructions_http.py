"""Golden Heroes push-back into a wall through HTTP against real PostgreSQL and Redis (L119): a
further 1d6 HTC, the victim stopped at the wall."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

# Strength 40: +25 damage (L6), so a fist (2d6 + 25 HTC) always passes the threshold of 20
BRUTE = {"attributes": {"ego": 10, "strength": 40, "dexterity": 18, "vigour": 12},
         "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True}
VICTIM = {"attributes": {"ego": 10, "strength": 10, "dexterity": 10, "vigour": 10},
          "max_htc": 200, "htc": 200, "max_htk": 200, "htk": 200, "generated": True}


async def test_driven_into_a_wall_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    for chid, sheet in (("brute", BRUTE), ("victim", VICTIM)):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": chid,
                                              "character_id": chid, "sheet": sheet})
    bad = await api.command(ann, "golden-heroes.Strike", {
        "campaign_id": cid, "character_id": "brute", "target_id": "victim",
        "obstruction_metres": -1})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.obstruction_metres"
    hit: dict[str, Any] | None = None
    for _ in range(40):
        done = await api.ok(ann, "golden-heroes.Strike", {
            "campaign_id": cid, "character_id": "brute", "target_id": "victim",
            "obstruction_metres": 0})
        if done["events"][0]["data"]["hit"]:
            hit = done
            break
    assert hit is not None
    res = await api.ok(ann, "golden-heroes.Respond", {"campaign_id": cid,
                                                      "character_id": "victim"})
    ev = res["events"][0]["data"]
    assert ev["pushback_metres"] >= 2 and ev["pushback_distance"] == 0
    assert 1 <= ev["collision_die"] <= 6 and ev["ploughed_through"] is False
    last, before = ev["steps"][-1], ev["steps"][-2]
    assert last["step"] == "driven into an obstruction: +1d6 HTC (L119)"
    assert last["htc"] == before["htc"] + ev["collision_die"] == ev["htc_taken"]
