"""The check-odds body in the OpenAPI document: one component per ruleset with check odds,
discriminated by the ruleset's id, listing that ruleset's check spec fields (a client builds its
form from it), and the discriminator the route checks."""

from __future__ import annotations

import msgspec

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCheckOdds
from tests.conftest import Api
from tests.integration.test_wish_http import character, wish_campaign

PATH = "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds"


async def test_each_rulesets_check_spec_is_documented(api: Api) -> None:
    doc = (await api.client.get("/schema/openapi.json")).json()
    body = doc["paths"][PATH]["post"]["requestBody"]["content"]["application/json"]["schema"]
    schemas = doc["components"]["schemas"]
    assert body["discriminator"]["propertyName"] == "ruleset"
    mapping = body["discriminator"]["mapping"]
    assert sorted(mapping.values()) == sorted(entry["$ref"] for entry in body["oneOf"])
    by_ruleset = {rid: schemas[ref.rsplit("/", 1)[-1]] for rid, ref in mapping.items()}
    with_odds = {r.id: r for r in RULESETS.values() if isinstance(r, RulesetWithCheckOdds)}
    assert set(by_ruleset) == set(with_odds)
    assert {"wish", "boonbane", "golden-heroes", "potential"} <= set(by_ruleset)
    for ruleset_id, ruleset in with_odds.items():
        entry = by_ruleset[ruleset_id]
        fields = {f.encode_name for f in msgspec.structs.fields(ruleset.check_spec_type)}
        assert set(entry["properties"]) == fields | {"target_id", "ruleset"}, ruleset_id
        assert entry["properties"]["ruleset"]["const"] == ruleset_id
        assert "ruleset" in entry["required"]
        assert "$ref" not in str(entry)  # inlined: the entry alone describes the body
    # The body the document describes is the one the route takes.
    boonbane = by_ruleset["boonbane"]["properties"]
    assert boonbane["kind"]["enum"] == ["attack", "challenge"] and boonbane["kind"]["default"] == "challenge"


async def test_the_discriminator_must_name_the_campaigns_ruleset(api: Api) -> None:
    """``ruleset`` may be left out (older clients); when sent it must be the campaign's."""
    t = await wish_campaign(api)
    made = await api.ok(t["ann"], "CreateCharacter", {
        "campaign_id": t["cid"], "name": "Ace", "character_id": "ace", "sheet": {
            "characteristics": {"str": 3, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2},
            "phase": "play", "skills": {"Athletics": {"characteristic": "str", "ranks": 1}}}})
    await character(api, t, "ace", made["position"])
    url = f"/v1/campaigns/{t['cid']}/characters/ace/check-odds"
    spec = {"skill": "Athletics", "difficulty": 2}
    auth = api.auth(t["ann"])
    plain = await api.client.post(url, json=spec, headers=auth)
    named = await api.client.post(url, json={"ruleset": "wish", **spec}, headers=auth)
    assert plain.status_code == named.status_code == 200, (plain.text, named.text)
    assert plain.json() == named.json()
    wrong = await api.client.post(url, json={"ruleset": "potential", **spec}, headers=auth)
    assert wrong.status_code == 422
    assert (wrong.json()["field"], wrong.json()["rule"]) == ("ruleset", "check-odds.ruleset")
