"""Reading a campaign's live stream (SSE) in tests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx

from tests.conftest import Api


async def sse_messages(response: httpx.Response) -> AsyncIterator[dict[str, str]]:
    """Each message of an SSE response as its fields (``id``, ``event``, ``data``), in order."""
    message: dict[str, str] = {}
    async for line in response.aiter_lines():
        if line.strip():
            name, _, value = line.partition(": ")
            message[name] = value
        elif message:
            yield message
            message = {}


async def read_sse(api: Api, token: str, path: str, into: list[str], **headers: str) -> None:
    """Append every line of the stream at ``path`` to ``into`` until it ends."""
    async with api.client.stream("GET", path, headers={**api.auth(token), **headers}) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            into.append(line)


async def open_live(api: Api, token: str, cid: str, position: int) -> tuple[asyncio.Task[None], list[str]]:
    """The campaign's live stream, opened once the read models reach ``position`` (the stream
    starts from them; under load the projector lags) and answered with ``ready`` (at most 5 s)."""
    seen = await api.get(token, f"/v1/campaigns/{cid}", position=position)
    assert seen.status_code == 200, seen.text
    lines: list[str] = []
    live = asyncio.create_task(read_sse(api, token, f"/v1/campaigns/{cid}/live", lines))
    for _ in range(250):
        if live.done() or any(ln.startswith("event: ready") for ln in lines):
            break
        await asyncio.sleep(0.02)
    return live, lines
