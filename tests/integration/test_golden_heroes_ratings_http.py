"""Golden Heroes resource levels, Public Status and Detective Points through HTTP against real
PostgreSQL and Redis, quoting the seed's worked examples; refusals append nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import fight, log_length


async def test_resources_public_status_and_detective_points_through_http(api: Api) -> None:
    t = await fight(api)
    cid, ann = t["cid"], t["ann"]
    hero = {"campaign_id": cid, "character_id": "hero"}
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=t["position"])
    got = read.json()["derived"]
    # the initial ratings: FRL 4 and MRL 4 (L292, L310), Public Status 13 (L314-L329),
    # Detective Points 15 (L331-L345), Personal Status 13, Uncertain (L370)
    assert (got["frl"], got["mrl_knowledge"], got["transport"]) == (4, 4, "Moped")
    assert (got["public_status"], got["public_reaction"]) == (13, "Disliked/Resented")
    assert (got["detective_points"], got["detective_standing"]) == (15, "Above it all")
    # the Uncertain cannot rise in resource levels (L370): refused, nothing appended
    before = await log_length(api, t)
    up = await api.command(ann, "golden-heroes.SetRating", {**hero, "rating": "frl",
                                                            "value": 6})
    assert up.status_code == 409 and up.json()["rule"] == "golden-heroes.personal-status L370"
    assert await log_length(api, t) == before
    bad = await api.command(ann, "golden-heroes.SetRating", {**hero, "rating": "contacts",
                                                             "value": 11})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.value"
    typo = await api.command(ann, "golden-heroes.SetRating", {**hero, "rating": "contact",
                                                              "value": 5})
    assert typo.status_code == 422 and typo.json()["field"] == "payload.rating"
    # Public Status 23: "a 69% chance of getting people to co-operate" (L376)
    # Detective Points 25: Stalker's "75% chance of hearing about this" (L375)
    for rating, value in (("backing", 5), ("heroism", 5), ("identification", 4),
                          ("public_relations", 4), ("practice", 5), ("methods", 5),
                          ("publicity", 4), ("approachability", 4), ("power_use", 2),
                          ("contacts", 10), ("success_rate", 5), ("public_response", 4),
                          ("security", 6), ("frl", 7)):
        last = await api.ok(ann, "golden-heroes.SetRating", {**hero, "rating": rating,
                                                             "value": value})
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=last["position"])
    got = read.json()["derived"]
    assert (got["public_status"], got["co_operation_percent"]) == (23, 69)
    assert (got["detective_points"], got["lead_percent"], got["contacts"]) == (25, 75, 10)
    # Personal Status 21, Confident: FRL 7 is used at 8 while it lasts (L371, L295)
    assert (got["state_of_mind"], got["frl"], got["frl_in_use"]) == ("confident", 7, 8)
    assert (got["frl_description"], got["dwelling"]) == ("Affluent", "Large Private Town House")


async def test_players_are_told_the_change_not_why_through_http(api: Api) -> None:
    t = await fight(api)
    cid, ann = t["cid"], t["ann"]
    bob = await api.token("bob")
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    set_ = await api.ok(ann, "golden-heroes.SetRating", {
        "campaign_id": cid, "character_id": "hero", "rating": "backing", "value": 4,
        "reason": "the mayor owes a favour"})
    assert [e["type"] for e in set_["events"]] == ["golden-heroes.RatingSet",
                                                   "golden-heroes.RatingReasonNoted"]
    assert set_["events"][0]["data"]["reason"] == ""

    async def log(token: str) -> list[dict[str, object]]:
        r = await api.get(token, f"/v1/campaigns/{cid}/events", limit=1000,
                          position=set_["position"])
        return list(r.json()["events"])

    # "inform the player of any changes ... but do not tell them why" (L288)
    seen = await log(bob)
    assert "golden-heroes.RatingSet" in [e["type"] for e in seen]
    assert "mayor" not in str(seen)
    gm = [e for e in await log(ann) if e["type"] == "golden-heroes.RatingReasonNoted"]
    assert [e["data"] for e in gm] == [{"character_id": "hero", "rating": "backing",
                                        "value": 4, "reason": "the mayor owes a favour"}]
    read = await api.get(bob, f"/v1/campaigns/{cid}/characters/hero", position=set_["position"])
    assert read.json()["derived"]["public_status"] == 14  # the change itself is shown


async def test_end_scenario_practice_and_success_rate_through_http(api: Api) -> None:
    t = await fight(api)
    cid, ann = t["cid"], t["ann"]
    end = {"campaign_id": cid, "practice": 6,  # "a major Supervillain" (L327)
           "outcomes": [{"character_id": "hero", "result": "success"},
                        {"character_id": "foe", "result": "failure"}]}
    r = await api.ok(ann, "golden-heroes.EndScenario", end)
    hero, foe = (e["data"] for e in r["events"])
    # success in a higher-valued adventure: (1 + 6) / 2 = 3.5, the half retained (L329)
    assert (hero["practice"], hero["practice_half"], hero["success_rate"]) == (3, True, 1)
    # failure in a higher-valued adventure does not affect Practice (L330)
    assert (foe["practice"], foe["practice_half"], foe["success_rate"]) == (1, False, 0)
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=r["position"])
    assert read.json()["derived"]["public_status"] == 15  # 3+3+3+3 and Practice 3
    assert read.json()["sheet"]["scenario_results"] == ["success"]
    before = await log_length(api, t)
    for payload, field in (({**end, "practice": 11}, "payload.practice"),
                           ({**end, "outcomes": [{"character_id": "hero", "result": "won"}]},
                            "payload.outcomes[0].result"),
                           ({**end, "outcomes": [{"character_id": "nobody",
                                                  "result": "success"}]}, "payload.outcomes")):
        bad = await api.command(ann, "golden-heroes.EndScenario", payload)
        assert bad.status_code in (404, 422) and bad.json()["field"] == field, bad.text
    assert await log_length(api, t) == before
