"""Fair-dice endpoints: a campaign's export for its GMs, and verification for anyone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from litestar import Request, get, post
from litestar.params import FromPath
from litestar.response import Stream

from services.application import queries
from services.entrypoints.http.access import answer, current_user, services_of


@get("/campaigns/{campaign_id:str}/export", summary="The campaign's full event log (JSON Lines)",
     description="GMs only: it holds GM-only rolls. Revealed seeds are in it; secret ones never.")
async def export_campaign(request: Request[Any, Any, Any], campaign_id: FromPath[str]) -> Stream:
    lines = await answer(queries.export(services_of(request), await current_user(request),
                                        campaign_id))

    async def with_newlines() -> AsyncIterator[bytes]:
        async for line in lines:
            yield line + b"\n"

    return Stream(with_newlines(), media_type="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="{campaign_id}.jsonl"'})


async def _verify(body: bytes) -> dict[str, Any]:
    return queries.verify(body)


@post("/verify", status_code=200, summary="Verify an export (JSON Lines in the body)",
      opt={"json_lines": True}, request_max_body_size=queries.MAX_VERIFY_BYTES,
      description="Re-derives every face from its revealed seed and re-reads every outcome; "
                  "no database involved. `ok` is false when anything differs.")
async def verify(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return await answer(_verify(await request.body()))
