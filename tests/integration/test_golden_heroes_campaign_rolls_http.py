"""Golden Heroes rolls on the campaign ratings, one-off uses of resources and bindings through
HTTP against real PostgreSQL and Redis (L134-L135, L295, L309, L374-L377); refusals append
nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

R = "golden-heroes"
BODY = {"attributes": {"ego": 10, "strength": 12, "dexterity": 12, "vigour": 12},
        "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True, "dups": 1}


async def test_rating_rolls_resources_and_bindings_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Week", "ruleset": R}))["campaign_id"]
    for ch in ("hero", "ally"):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                              "character_id": ch, "sheet": BODY})
    t = {"ann": ann, "cid": cid}
    me = {"campaign_id": cid, "character_id": "hero"}
    # a lead: d100 against 3 x Detective Points (15 to begin with: 45%, L374)
    r = await api.ok(ann, f"{R}.RollRating", {**me, "use": "lead", "about": "the docks"})
    lead = r["events"][0]["data"]
    assert (lead["rating"], lead["percent"]) == (15, 45)
    assert lead["success"] == (lead["die"] <= 45)
    # "Why me?": both at Personal Status 13, each 39% to be passed over (L377)
    r = await api.ok(ann, f"{R}.ChooseTarget", {"campaign_id": cid,
                                                "candidates": ["hero", "ally"]})
    chosen = r["events"][0]["data"]
    assert chosen["statuses"] == [13, 13] and chosen["target"] in ("hero", "ally")
    passed = [d <= 39 for d in chosen["dice"][:len(chosen["order"])]]
    assert chosen["at_random"] == all(passed)
    # a hire at FRL 4 - 2 = 2 (L309); a level 3 item needs the DUP
    before = await log_length(api, t)
    dear = await api.command(ann, f"{R}.UseResources", {**me, "kind": "hire", "what": "lab",
                                                         "level_needed": 3})
    assert dear.status_code == 409 and dear.json()["rule"] == "golden-heroes.frl L309", dear.text
    assert await log_length(api, t) == before
    r = await api.ok(ann, f"{R}.UseResources", {**me, "kind": "hire", "what": "lab",
                                                "level_needed": 3, "spend_dup": True})
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=r["position"])
    assert read.json()["sheet"]["dups"] == 0
    # heavy chains: 1d6 + 15 + 8 (L135); resisting with Strength 12 (+0) cannot reach it
    r = await api.ok(ann, f"{R}.Bind", {**me, "what": "heavy chains", "binding_htk": 8})
    bound = r["events"][0]["data"]
    assert bound["total"] == bound["die"] + 23
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=r["position"])
    assert read.json()["derived"]["held"]["strike_and_parry"] == -bound["total"]
    r = await api.ok(ann, f"{R}.EscapeBinding", {**me, "how": "resist"})
    assert r["events"][0]["data"]["escaped"] is False
