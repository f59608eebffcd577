"""The OpenAPI request body of ``POST .../characters/{character_id}/check-odds``.

The body is the campaign's ruleset's check spec (``check_spec_type``) plus an optional
``target_id``. The handler takes it as a plain object (the ruleset is known only once the campaign
is read), so the document lists each ruleset's spec itself: one ``oneOf`` entry per ruleset with
check odds, titled with the ruleset's id, inlined so a client can build the form from it alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import msgspec
from litestar.openapi.spec import OpenAPIMediaType, Operation, RequestBody, Schema

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCheckOdds
from services.entrypoints.http.json_schema import to_openapi

CHECK_ODDS_PATH = "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds"


def from_json_schema(node: dict[str, Any], defs: dict[str, Any]) -> Schema:
    """A msgspec JSON Schema as a Litestar Schema, every ``$ref`` replaced by what it names."""
    return cast(Schema, to_openapi(node, lambda name: from_json_schema(defs[name], defs)))


def check_spec_schema(ruleset_id: str, spec: type[msgspec.Struct]) -> Schema:
    """One ruleset's check-odds body: its check spec's fields and ``target_id``, titled by id."""
    (ref,), defs = msgspec.json.schema_components([spec], ref_template="#/$defs/{name}")
    body = dict(defs[ref["$ref"].rsplit("/", 1)[-1]])
    body["properties"] = {**body.get("properties", {}), "target_id": {
        "type": "string", "description": "the character the check is made against"}}
    body["title"] = ruleset_id
    body["description"] = (spec.__doc__ or "").strip()
    return from_json_schema(body, defs)


def check_odds_operation() -> type[Operation]:
    """An Operation whose request body lists every ruleset's check spec."""
    specs = [check_spec_schema(r.id, r.check_spec_type) for r in RULESETS.values()
             if isinstance(r, RulesetWithCheckOdds)]
    body = RequestBody(required=True, description="the campaign's ruleset's check (by its title)",
                       content={"application/json": OpenAPIMediaType(schema=Schema(one_of=specs))})

    @dataclass
    class CheckOddsOperation(Operation):
        def __post_init__(self) -> None:
            self.request_body = body

    return CheckOddsOperation
