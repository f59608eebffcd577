"""Migration 0003 moves existing data to per-campaign positions without changing its meaning."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest

from services.adapters.migrate import migrate
from tests.conftest import with_database


@pytest.fixture
async def old_database(pg_admin_url: str) -> AsyncIterator[str]:
    """A database at migration 0002: global positions."""
    name = f"skald_m_{uuid.uuid4().hex[:12]}"
    url = with_database(pg_admin_url, name)
    await migrate(url, up_to=2)
    yield url
    admin = await asyncpg.connect(pg_admin_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def _append(conn: asyncpg.Connection, campaign: str, command: str, stream: str, type_: str,
                  data: dict[str, object]) -> int:
    rows = await conn.fetch(
        "SELECT * FROM skald_append($1, $2, 'ann', 'T', 'x', '{}'::text[], '{}'::int[], $3::text[],"
        " $4::text[], '{1}'::smallint[], $5::text[], '{\"{}\"}'::text[], NULL, NULL, NULL)",
        campaign, command, [stream], [type_], [json.dumps(data)])
    return int(rows[0]["position"])


async def test_positions_are_renumbered_per_campaign_and_references_follow(old_database: str) -> None:
    conn = await asyncpg.connect(old_database)
    try:
        # Interleaved campaigns: global positions 1..5.
        a1 = await _append(conn, "a", "a1", "rolls/a", "DiceRolled", {"n": 1})
        b1 = await _append(conn, "b", "b1", "rolls/b", "DiceRolled", {"n": 1})
        a2 = await _append(conn, "a", "a2", "rolls/a", "DiceRolled", {"n": 2})
        b2 = await _append(conn, "b", "b2", "campaign/b", "RollRevealed", {"position": b1})
        a3 = await _append(conn, "a", "a3", "campaign/a", "EventRetconned",
                           {"position": a2, "stream_id": "rolls/a", "reason": "typo"})
        assert [a1, b1, a2, b2, a3] == [1, 2, 3, 4, 5]
        await migrate(old_database)
        rows = await conn.fetch("SELECT campaign_id, position, type, data FROM events"
                                " ORDER BY campaign_id, position")
        got = [(r["campaign_id"], r["position"], r["type"], json.loads(r["data"])) for r in rows]
        assert got == [
            ("a", 1, "DiceRolled", {"n": 1}),
            ("a", 2, "DiceRolled", {"n": 2}),
            ("a", 3, "EventRetconned", {"position": 2, "stream_id": "rolls/a", "reason": "typo"}),
            ("b", 1, "DiceRolled", {"n": 1}),
            ("b", 2, "RollRevealed", {"position": 1}),
        ]
        replies = {r["command_id"]: json.loads(r["reply"])["positions"] for r in await conn.fetch(
            "SELECT command_id, reply FROM commands")}
        assert replies == {"a1": [1], "a2": [2], "a3": [3], "b1": [1], "b2": [2]}
        heads = dict(await conn.fetch("SELECT campaign_id, position FROM campaign_heads"))
        assert heads == {"a": 3, "b": 2}
        # Appends carry on from each campaign's head; the log stays append-only.
        assert await _append(conn, "b", "b3", "rolls/b", "DiceRolled", {"n": 3}) == 3
        with pytest.raises(asyncpg.RestrictViolationError):
            await conn.execute("UPDATE events SET type = 'x'")
    finally:
        await conn.close()
