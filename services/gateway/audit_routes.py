"""Fair-dice endpoints: a campaign's export for its GMs, and verification for anyone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import msgspec
from litestar import Request, get, post
from litestar.response import Stream

from domain.audit import verify_export
from services.export_import import export_lines
from services.gateway.access import campaign_for, current_user, services_of
from services.gateway.problems import Problem

MAX_VERIFY_BYTES = 64 * 1024 * 1024


@get("/campaigns/{campaign_id:str}/export", summary="The campaign's full event log (JSON Lines)",
     description="GMs only: it holds GM-only rolls. Revealed seeds are in it; secret ones never.")
async def export_campaign(request: Request[Any, Any, Any], campaign_id: str) -> Stream:
    _, role = await campaign_for(request, campaign_id, await current_user(request))
    if role != "gm":
        raise Problem(403, "campaign_id", "campaign.gm-only", "only a GM may export the campaign")
    store = services_of(request).store

    async def lines() -> AsyncIterator[bytes]:
        async for line in export_lines(store, campaign_id):
            yield line + b"\n"

    return Stream(lines(), media_type="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="{campaign_id}.jsonl"'})


@post("/verify", status_code=200, summary="Verify an export (JSON Lines in the body)",
      description="Re-derives every face from its revealed seed and re-reads every outcome; "
                  "no database involved. `ok` is false when anything differs.")
async def verify(request: Request[Any, Any, Any]) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_VERIFY_BYTES:
        raise Problem(413, "body", "verify.size", f"at most {MAX_VERIFY_BYTES} bytes")
    if not body.strip():
        raise Problem(400, "body", "verify.export", "send an export: JSON Lines, header first")
    report = verify_export(body.splitlines())
    result: dict[str, Any] = msgspec.to_builtins(report)
    result["ok"] = report.ok
    return result
