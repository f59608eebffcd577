"""Golden Heroes coup de grace through HTTP against real PostgreSQL and Redis (L78): only the
unconscious or stunned, 1d6 + 1 hours without recovery; refusals append nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

HERO = {"attributes": {"ego": 10, "strength": 14, "dexterity": 12, "vigour": 12},
        "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True}
RULE = "golden-heroes.coup-de-grace L78"


async def test_coup_de_grace_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    # max HTC 40: stunned at 4 or less (L9); 5 is only staggered
    for chid, htc in (("hero", 40), ("thug", 0), ("reeling", 5)):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": chid,
                                              "character_id": chid,
                                              "sheet": {**HERO, "htc": htc}})
    t = {"ann": ann, "cid": cid}
    before = await log_length(api, t)
    awake = await api.command(ann, "golden-heroes.CoupDeGrace", {
        "campaign_id": cid, "character_id": "hero", "target_id": "reeling"})
    assert awake.status_code == 409, awake.text
    assert (awake.json()["rule"], awake.json()["field"]) == (RULE, "payload.target_id")
    typo = await api.command(ann, "golden-heroes.CoupDeGrace", {
        "campaign_id": cid, "character_id": "hero", "target": "thug"})
    assert typo.status_code == 422
    assert await log_length(api, t) == before
    done = await api.ok(ann, "golden-heroes.CoupDeGrace", {
        "campaign_id": cid, "character_id": "hero", "target_id": "thug"})
    ev = done["events"][0]["data"]
    assert 1 <= ev["die"] <= 6 and ev["hours"] == ev["die"] + 1  # 1d6 + 1 (decision #46)
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/thug", position=done["position"])
    assert read.json()["sheet"]["no_recovery_hours"] == ev["hours"]
    after = await log_length(api, t)
    salts = await api.command(ann, "golden-heroes.Aid", {
        "campaign_id": cid, "character_id": "hero", "target_id": "thug", "kind": "htc_aid"})
    rest = await api.command(ann, "golden-heroes.Recover", {"campaign_id": cid,
                                                            "character_id": "thug"})
    for refused in (salts, rest):
        assert refused.status_code == 409 and refused.json()["rule"] == RULE, refused.text
    assert await log_length(api, t) == after
    hour = await api.ok(ann, "golden-heroes.Recover", {"campaign_id": cid,
                                                       "character_id": "thug", "period": "hour"})
    assert hour["events"][0]["data"]["no_recovery_hours"] == ev["hours"] - 1
    assert hour["events"][0]["data"]["htk_gain"] == 0
