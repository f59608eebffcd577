"""The check-odds body in the OpenAPI document: one entry per ruleset with check odds, titled by
the ruleset's id, listing that ruleset's check spec fields (a client builds its form from it)."""

from __future__ import annotations

import msgspec

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCheckOdds
from tests.conftest import Api

PATH = "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds"


async def test_each_rulesets_check_spec_is_documented(api: Api) -> None:
    doc = (await api.client.get("/schema/openapi.json")).json()
    entries = doc["paths"][PATH]["post"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    by_title = {entry["title"]: entry for entry in entries}
    with_odds = {r.id: r for r in RULESETS.values() if isinstance(r, RulesetWithCheckOdds)}
    assert set(by_title) == set(with_odds)
    assert {"wish", "boonbane", "golden-heroes", "potential"} <= set(by_title)
    for ruleset_id, ruleset in with_odds.items():
        fields = {f.encode_name for f in msgspec.structs.fields(ruleset.check_spec_type)}
        assert set(by_title[ruleset_id]["properties"]) == fields | {"target_id"}, ruleset_id
    assert "$ref" not in str(entries)  # inlined: the entry alone describes the body
    # The body the document describes is the one the route takes.
    boonbane = by_title["boonbane"]["properties"]
    assert boonbane["kind"]["enum"] == ["attack", "challenge"] and boonbane["kind"]["default"] == "challenge"
