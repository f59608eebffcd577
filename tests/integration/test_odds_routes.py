"""The odds routes: each ruleset declares its own parameters, and the gateway knows none of them."""

from __future__ import annotations

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithOdds
from tests.conftest import Api


async def test_each_ruleset_with_odds_has_its_own_documented_route(api: Api) -> None:
    token = await api.token("ann")
    schema = (await api.client.get("/schema/openapi.json")).json()
    with_odds = [r for r in RULESETS.values() if isinstance(r, RulesetWithOdds)]
    assert with_odds, "at least WISH has odds"
    for ruleset in with_odds:
        operation = schema["paths"][f"/v1/rulesets/{ruleset.id}/odds"]["get"]
        documented = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
        assert documented == set(ruleset.odds_query.__struct_fields__), ruleset.id
    # WISH's own: a required pool with its syntax, an optional downgrade
    wish = {p["name"]: p for p in schema["paths"]["/v1/rulesets/wish/odds"]["get"]["parameters"]}
    assert wish["pool"]["required"] is True and "pattern" in wish["pool"]["schema"]
    assert wish["downgrade"].get("required", False) is False
    assert (await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:1")).status_code == 200


async def test_bad_odds_parameters_are_refused_naming_the_parameter(api: Api) -> None:
    token = await api.token("ann")
    unknown = await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:1", pol="CHR:2")
    assert unknown.status_code == 422 and unknown.json()["field"] == "pol", unknown.text
    missing = await api.get(token, "/v1/rulesets/wish/odds")
    assert missing.status_code == 422 and missing.json()["field"] == "pool", missing.text
    wrong_type = await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:1", downgrade="maybe")
    assert wrong_type.status_code == 422 and wrong_type.json()["field"] == "downgrade"
    # non-ASCII digits are not digits here
    fullwidth = await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:\uff12")
    assert fullwidth.status_code == 422 and fullwidth.json()["field"] == "pool"
    twice = await api.client.get("/v1/rulesets/wish/odds?pool=CHR:1&pool=CHR:2",
                                 headers=api.auth(token))
    assert twice.status_code == 422 and twice.json()["rule"] == "odds.parameter-once"
    none = await api.get(token, "/v1/rulesets/generic/odds", pool="CHR:1")
    assert none.status_code == 404 and none.json()["field"] == "ruleset_id"
    assert "wish" in none.json()["detail"]
