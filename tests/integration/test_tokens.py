"""Tokens expire and can be revoked: refused within about a second on HTTP, gRPC and open live
streams, and revoking one user's tokens leaves everyone else's working."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg
import grpc
import pytest

from services.adapters.token_book import TokenBook
from services.adapters.tokens import create_token, list_tokens, revoke_tokens, token_id_of
from tests.conftest import Api
from tests.integration.grpc_stack import GrpcError, Stack, generic_table

ROOT = Path(__file__).resolve().parents[2]


async def _conn(api: Api) -> asyncpg.Connection:
    return await asyncpg.connect(api.database_url)


async def _status_within(api: Api, token: str, want: int, seconds: float = 2.5) -> float:
    """How long until GET /v1/campaigns answers ``want`` for ``token`` (fails after ``seconds``)."""
    start = time.monotonic()
    while True:
        got = (await api.get(token, "/v1/campaigns")).status_code
        if got == want:
            return time.monotonic() - start
        assert time.monotonic() - start < seconds, f"still {got} after {seconds} s"
        await asyncio.sleep(0.05)


async def test_a_token_expires_after_its_ttl(stack: Stack) -> None:
    conn = await _conn(stack.api)
    try:
        short = await create_token(conn, "ann", ttl_seconds=1)
    finally:
        await conn.close()
    assert (await stack.api.get(short, "/v1/campaigns")).status_code == 200
    await asyncio.sleep(1.0)
    await _status_within(stack.api, short, 401, seconds=1.5)
    problem = (await stack.api.get(short, "/v1/campaigns")).json()
    assert "expired" in problem["detail"]
    with pytest.raises(GrpcError) as refused:
        await stack.grpc.call("ListCampaigns", short)
    assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED


async def test_revoking_a_user_refuses_only_that_user_everywhere(stack: Stack) -> None:
    t = await generic_table(stack)
    bob_second = await stack.api.token("bob")
    for token in (t["bob"], bob_second, t["ann"]):
        assert (await stack.api.get(token, "/v1/campaigns")).status_code == 200
    conn = await _conn(stack.api)
    try:
        assert await revoke_tokens(conn, user="bob") == 2
        assert await revoke_tokens(conn, user="bob") == 0  # already revoked
    finally:
        await conn.close()
    waited = await _status_within(stack.api, t["bob"], 401)
    assert waited < 2.0
    assert await _status_within(stack.api, bob_second, 401) < 2.0
    with pytest.raises(GrpcError) as refused:
        await stack.grpc.call("ListCampaigns", t["bob"])
    assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
    # Everyone else keeps working, on both transports.
    assert (await stack.api.get(t["ann"], "/v1/campaigns")).status_code == 200
    assert (await stack.api.get(t["carl"], "/v1/campaigns")).status_code == 200
    assert (await stack.grpc.call("ListCampaigns", t["carl"])) is not None


async def test_revoking_one_token_by_id_keeps_the_users_other_tokens(stack: Stack) -> None:
    first, second = await stack.api.token("dora"), await stack.api.token("dora")
    conn = await _conn(stack.api)
    try:
        assert await revoke_tokens(conn, token_id=token_id_of(first)) == 1
        listed = {row.token_id: row for row in await list_tokens(conn, "dora")}
    finally:
        await conn.close()
    await _status_within(stack.api, first, 401)
    assert (await stack.api.get(second, "/v1/campaigns")).status_code == 200
    from datetime import UTC, datetime
    now = datetime.now(UTC)
    assert listed[token_id_of(first)].status(now) == "revoked"
    assert listed[token_id_of(second)].status(now) == "active"
    # The default lifetime is 30 days.
    left = listed[token_id_of(second)].expires_at - now  # type: ignore[operator]
    assert 29.9 * 86400 < left.total_seconds() <= 30 * 86400


async def test_an_open_http_live_stream_closes_when_its_token_is_revoked(stack: Stack) -> None:
    t = await generic_table(stack)
    api = stack.api
    lines: list[str] = []

    async def follow() -> None:
        async with api.client.stream("GET", f"/v1/campaigns/{t['cid']}/live",
                                     headers=api.auth(t["bob"])) as response:
            assert response.status_code == 200
            async for line in response.aiter_lines():
                lines.append(line)

    task = asyncio.create_task(follow())
    while not any(line.startswith("event: ready") for line in lines):
        await asyncio.sleep(0.02)
    conn = await _conn(api)
    try:
        await revoke_tokens(conn, user="bob")
    finally:
        await conn.close()
    revoked_at = time.monotonic()
    await asyncio.wait_for(task, timeout=3.0)  # the server ends the stream
    assert time.monotonic() - revoked_at < 2.5
    # Ann's stream is not affected: it still opens and delivers.
    seen: list[str] = []

    async def ann_follow() -> None:
        async with api.client.stream("GET", f"/v1/campaigns/{t['cid']}/live",
                                     headers=api.auth(t["ann"])) as response:
            async for line in response.aiter_lines():
                seen.append(line)
                if line.startswith("event: DiceRolled"):
                    return

    ann_task = asyncio.create_task(ann_follow())
    # A stream starts where the read models stand when it opens: the roll is sent once it has.
    async with asyncio.timeout(5.0):
        while not any(line.startswith("event: ready") for line in seen):
            await asyncio.sleep(0.02)
    await api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "table_id": t["table"],
                                        "expression": "1d6"})
    await asyncio.wait_for(ann_task, timeout=5.0)


async def test_an_open_grpc_stream_ends_unauthenticated_when_its_token_is_revoked(
        stack: Stack) -> None:
    t = await generic_table(stack)
    items: list[dict[str, Any]] = []

    async def follow() -> None:
        async for item in stack.grpc.subscribe(t["bob"], t["cid"]):
            items.append(item)

    task = asyncio.create_task(follow())
    while not items:
        await asyncio.sleep(0.02)
    conn = await _conn(stack.api)
    try:
        await revoke_tokens(conn, user="bob")
    finally:
        await conn.close()
    with pytest.raises(GrpcError) as ended:
        await asyncio.wait_for(task, timeout=3.0)
    assert ended.value.code == grpc.StatusCode.UNAUTHENTICATED


def _skald(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.entrypoints.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_token_commands_create_list_and_revoke(database_url: str, redis_url: str) -> None:
    env = {**os.environ, "SKALD_DATABASE_URL": database_url, "SKALD_REDIS_URL": redis_url}
    made = _skald("token", "create", "--user", "erin", "--ttl", "3600", "--label", "bot", env=env)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert token.startswith("skald_") and "\n" not in token
    assert token_id_of(token) in made.stderr and "3600" in made.stderr
    listed = _skald("token", "list", "--user", "erin", env=env)
    assert token_id_of(token) in listed.stdout and "active" in listed.stdout
    assert "bot" in listed.stdout
    by_id = _skald("token", "revoke", "--id", token_id_of(token), env=env)
    assert by_id.returncode == 0 and "revoked 1" in by_id.stdout
    assert "revoked" in _skald("token", "list", env=env).stdout
    assert "revoked 0" in _skald("token", "revoke", "--user", "erin", env=env).stdout
    bad = _skald("token", "create", "--user", "erin", "--ttl", "0", env=env)
    assert bad.returncode == 2 and "ttl" in bad.stderr
    neither = _skald("token", "revoke", env=env)
    assert neither.returncode == 2


async def test_a_busy_token_is_asked_for_once_and_still_refused_within_a_second(
        database_url: str) -> None:
    """A token used all the time costs one lookup, not one a second: the tokens kept are checked
    together twice a second. Revoked, it is refused within about a second; with those checks
    failing (PostgreSQL away), a kept answer is not served for more than a second."""
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    lookups = 0

    class CountingPool:  # the book's pool, counting its one-token lookups
        async def fetchrow(self, *args: Any) -> Any:
            nonlocal lookups
            lookups += 1
            return await pool.fetchrow(*args)

        async def fetch(self, *args: Any) -> Any:
            return await pool.fetch(*args)

    book = TokenBook(CountingPool())  # type: ignore[arg-type]
    try:
        async with pool.acquire() as conn:
            token = await create_token(conn, "busy")
        started = time.monotonic()
        while time.monotonic() - started < 2.5:
            assert await book.user_for(token) == "busy"
            await asyncio.sleep(0.02)
        assert lookups == 1
        async with pool.acquire() as conn:
            await revoke_tokens(conn, user="busy")
        revoked = time.monotonic()
        while await book.user_for(token) is not None:
            assert time.monotonic() - revoked < 1.2, "still accepted"
            await asyncio.sleep(0.02)

        async with pool.acquire() as conn:
            other = await create_token(conn, "other")
        assert await book.user_for(other) == "other"
        working = book.check

        async def away() -> None:
            raise ConnectionRefusedError("PostgreSQL is away")

        book.check = away  # type: ignore[method-assign]
        before = lookups
        await asyncio.sleep(1.1)
        assert await book.user_for(other) == "other"
        assert lookups == before + 1  # stale: asked again, not served from what was kept
        book.check = working  # type: ignore[method-assign]
    finally:
        await book.close()
        await pool.close()
