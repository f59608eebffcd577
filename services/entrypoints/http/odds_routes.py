"""``GET /v1/rulesets/<id>/odds``: one route per ruleset, its parameters declared by the ruleset.

Each ruleset names its odds parameters as a Struct (``odds_query``); the route passes the query
string to it unchanged, so a new ruleset's odds need no change here, and the OpenAPI document
lists each ruleset's own parameters under its own path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
from litestar import Request, get
from litestar.openapi.spec import OpenAPIType, Operation, Parameter, Schema

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithOdds
from services.application import queries
from services.entrypoints.http.access import answer
from services.entrypoints.refusals import Problem

_TYPES = {"integer": OpenAPIType.INTEGER, "number": OpenAPIType.NUMBER,
          "boolean": OpenAPIType.BOOLEAN, "string": OpenAPIType.STRING}


def query_parameters(query: type[msgspec.Struct]) -> list[Parameter]:
    """The OpenAPI query parameters of an odds query Struct, with its bounds and defaults."""
    (_,), components = msgspec.json.schema_components([query], ref_template="{name}")
    spec = components[query.__name__]
    required = set(spec.get("required", []))
    out: list[Parameter] = []
    for name, prop in spec.get("properties", {}).items():
        schema = Schema(
            type=_TYPES.get(prop.get("type", "string"), OpenAPIType.STRING),
            minimum=prop.get("minimum"), maximum=prop.get("maximum"),
            min_length=prop.get("minLength"), max_length=prop.get("maxLength"),
            pattern=prop.get("pattern"), enum=prop.get("enum"), default=prop.get("default"),
        )
        out.append(Parameter(name=name, param_in="query", required=name in required,
                             schema=schema, description=prop.get("description")))
    return out


def _operation_class(query: type[msgspec.Struct]) -> type[Operation]:
    """An Operation that documents ``query``'s fields (the handler reads the raw query string)."""
    documented = query_parameters(query)

    @dataclass
    class OddsOperation(Operation):
        def __post_init__(self) -> None:
            self.parameters = [*documented]

    return OddsOperation


def odds_params(request: Request[Any, Any, Any]) -> dict[str, str]:
    """The query string as one value per parameter; a parameter given twice is refused."""
    params: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        if name in params:
            raise Problem(422, name, "odds.parameter-once", f"give {name!r} only once")
        params[name] = value
    return params


def odds_route(ruleset: RulesetWithOdds, ruleset_id: str, title: str) -> Any:
    """The odds route of one ruleset."""

    async def ruleset_odds(request: Request[Any, Any, Any]) -> Any:
        return await answer(queries.ruleset_odds(ruleset_id, odds_params(request)))

    return get(f"/rulesets/{ruleset_id}/odds", name=f"odds-{ruleset_id}",
               operation_id=f"odds_{ruleset_id.replace('-', '_')}",
               summary=f"Exact odds before rolling, under {title}",
               description=(ruleset.odds_query.__doc__ or "").strip() or None,
               operation_class=_operation_class(ruleset.odds_query))(ruleset_odds)


def odds_routes() -> list[Any]:
    """One odds route per registered ruleset that has odds."""
    return [odds_route(r, r.id, r.title) for r in RULESETS.values() if isinstance(r, RulesetWithOdds)]
