"""The HTTP body: a /v1 request's ids and body checked against the shared limits
(``services.entrypoints.body_limits``) after its token, before the body is decoded."""

from __future__ import annotations

from typing import Any

from litestar import Request

from services.entrypoints.body_limits import JSON_LINES, check_id, check_json, check_media


async def limit_body(request: Request[Any, Any, Any]) -> None:
    """Check a /v1 request's ids and body limits: after its token, before the body is decoded."""
    for name, value in [*request.path_params.items(), *request.query_params.items()]:
        if name.endswith("_id") and isinstance(value, str):
            check_id(value, name)
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    if request.route_handler.opt.get("json_lines"):
        # /v1/verify reads an export (JSON Lines), bounded by its own size limit instead
        if (await request.body()).strip():
            check_media(request.headers.get("content-type", ""), JSON_LINES)
        return
    check_json(await request.body(), request.headers.get("content-type", ""))
