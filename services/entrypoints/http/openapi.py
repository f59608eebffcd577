"""The OpenAPI document: JSON only at ``/schema/openapi.json``, every refusal as a problem.

Litestar documents a 400 in its own ``{"status_code", "detail", "extra"}`` shape; the API sends
RFC 9457 problems instead, so each /v1 operation lists the refusals it gives with that schema.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme

from services.entrypoints.http.openapi_doc import finish, package_version, qualify_names
from services.entrypoints.http.openapi_views import success_responses
from services.entrypoints.http.problems import MEDIA_TYPE

SCHEMA_PATH = "/schema"  # the document is at /schema/openapi.json


class FieldProblem(msgspec.Struct, frozen=True):
    field: str
    message: str
    rule: str | None = None


class ProblemDetails(msgspec.Struct, frozen=True, kw_only=True):
    """An RFC 9457 problem: ``field`` and ``rule`` name what was refused and why (every refusal
    has both; ``type`` is the rule as a URI)."""

    type: str
    title: str
    status: int
    detail: str
    instance: str
    field: str
    rule: str
    errors: list[FieldProblem] | None = None


class NotReady(ProblemDetails, frozen=True, kw_only=True):
    """``/readyz`` when a dependency is down: ``checks`` says which (``"unreachable: ..."``),
    and ``field`` names the first of them."""

    checks: dict[str, str]


_WHY = {
    400: "Malformed JSON or a body that is not UTF-8",
    401: "No bearer token, or one that is not known",
    403: "The caller's role does not allow this",
    404: "No such campaign, character, table or encounter (or not visible to the caller)",
    409: "The command (or the check whose odds are asked) conflicts with the campaign's state",
    413: "The body is larger than the limit",
    415: "The body is not application/json (for /v1/verify: not application/x-ndjson)",
    422: "A field or parameter breaks a rule (the problem names both)",
    429: "Too many requests for this token or user (per second, over every gateway); see "
         "Retry-After",
    503: "A dependency is not ready, or the read models have not reached ?position= yet",
}


def _spec(status: int) -> ResponseSpec:
    return ResponseSpec(data_container=ProblemDetails, description=_WHY[status],
                        media_type=MEDIA_TYPE, generate_examples=False)


def readiness_responses() -> dict[int, ResponseSpec]:
    """``/readyz``: 503 naming the dependency that is down."""
    return {503: ResponseSpec(data_container=NotReady, media_type=MEDIA_TYPE,
                              description="PostgreSQL or Redis does not answer, or migrations "
                                          "are not applied; `checks` names which",
                              generate_examples=False)}


def statuses_of(path: str, method: str) -> list[int]:
    """The refusals an operation under /v1 gives: every one checks the token and its parameters
    (and answers 503 while PostgreSQL, which holds the tokens, is down) and its rate (429);
    campaign reads check
    the role; a body can be malformed, too large or not JSON; a command, and the odds of a
    check the character's state does not allow (more Fortune than it has), can conflict.
    ``tests/integration/test_openapi_responses.py`` provokes each of them, operation by
    operation."""
    codes = [401, 422, 429, 503]
    if "{campaign_id" in path:
        codes += [403, 404]
    elif path.startswith("/rulesets/{"):  # a ruleset's guide: no role to check
        codes += [404]
    if method == "POST":
        codes += [400, 413, 415] if path != "/verify" else [413, 415]
    if path == "/commands" or path.endswith("/check-odds"):
        codes += [403, 404, 409]
    return sorted(set(codes))


def document_success(handlers: list[Any]) -> list[Any]:
    """Give each handler its typed 200 (``services.entrypoints.http.openapi_views``)."""
    success = success_responses()
    for handler in handlers:
        ok = success.get(handler.name or handler.handler_name)
        if ok is not None:
            handler.responses = {**(handler.responses or {}), 200: ok}
        if handler.operation_id is None:
            handler.operation_id = operation_id(handler.handler_name)
    return handlers


_OPERATION_IDS = {"me": "getMe", "live": "streamLive", "verify": "verifyExport"}


def operation_id(handler_name: str) -> str:
    """A handler's operationId: its name in camelCase (``get_campaign`` -> ``getCampaign``),
    what generated clients name their functions after."""
    if handler_name in _OPERATION_IDS:
        return _OPERATION_IDS[handler_name]
    first, *rest = handler_name.split("_")
    return first + "".join(part.capitalize() for part in rest)


def document_problems(handlers: list[Any]) -> list[Any]:
    """Give each /v1 handler its typed 200 and its problem responses (this replaces Litestar's
    default 400)."""
    for handler in document_success(handlers):
        for path in handler.paths:
            for method in handler.http_methods:
                handler.responses = {
                    **(handler.responses or {}),
                    **{s: _spec(s) for s in statuses_of(path, method)},
                }
    return handlers


def openapi_config() -> OpenAPIConfig:
    """OpenAPI 3.1 as JSON only: no HTML page that loads scripts from elsewhere; versioned as
    the package is (CHANGELOG.md)."""
    qualify_names()
    return OpenAPIConfig(
        title="Skald", version=package_version(), path=SCHEMA_PATH,
        description="Event-sourced game state for tabletop role-playing games.",
        components=Components(security_schemes={
            "bearer": SecurityScheme(type="http", scheme="bearer")}),
        security=[{"bearer": []}],
        render_plugins=[JsonRenderPlugin()],
    )


def drop_framework_400(app: Any) -> None:
    """Remove the 400 Litestar adds to every operation with parameters: its body is not the
    problem shape and the gateway answers a bad parameter with a 422 problem instead; then
    finish the document (``openapi_doc.finish``)."""
    for item in (app.openapi_schema.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method, None)
            responses = getattr(operation, "responses", None) or {}
            bad = responses.get("400")
            if bad is not None and MEDIA_TYPE not in (getattr(bad, "content", None) or {}):
                del responses["400"]
    finish(app.openapi_schema)
