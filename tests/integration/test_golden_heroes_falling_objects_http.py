"""Golden Heroes falling objects through HTTP against real PostgreSQL and Redis (L136): the
seed's safe from 20 m (16 plus 6 = 22: 11 HTC, 11 HTK), then the victim's response."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

VICTIM = {"attributes": {"ego": 10, "strength": 10, "dexterity": 10, "vigour": 10},
          "max_htc": 60, "htc": 60, "max_htk": 60, "htk": 60, "generated": True}


async def test_a_falling_safe_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Victim",
                                          "character_id": "victim", "sheet": VICTIM})
    t = {"ann": ann, "cid": cid}
    before = await log_length(api, t)
    big = await api.command(ann, "golden-heroes.DropObject", {
        "campaign_id": cid, "character_id": "victim", "object_size": 22, "metres": 20})
    assert big.status_code == 422 and big.json()["field"] == "payload.object_size", big.text
    assert await log_length(api, t) == before
    done = await api.ok(ann, "golden-heroes.DropObject", {
        "campaign_id": cid, "character_id": "victim", "object_size": 4, "metres": 20})
    fell = done["events"][0]["data"]
    assert (fell["throw_strength"], fell["modifier"], fell["htc"], fell["htk"]) == (16, 6, 11, 11)
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/victim",
                         position=done["position"])
    pending = read.json()["sheet"]["pending_attack"]
    assert (pending["htc_plus"], pending["htk_plus"], pending["attack"]) == (
        11, 11, "falling_object")
    res = (await api.ok(ann, "golden-heroes.Respond", {"campaign_id": cid,
                                                       "character_id": "victim"}))
    ev = res["events"][0]["data"]
    # no response, DC6 (no dividers): the full 11 HTC and 11 HTK
    assert (ev["htc_taken"], ev["htk_taken"], ev["htc"], ev["htk"]) == (11, 11, 49, 49)
