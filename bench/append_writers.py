"""The two writers ``bench.append`` compares, each appending the same rows of dice rolls: the
event store's ``EventStore.append``, and plain asyncpg inserts into ``bench_events`` (a copy of
``events`` without its triggers, made by ``create_bench_table``)."""

from __future__ import annotations

import uuid
from typing import Any

import asyncpg
import msgspec

from services.adapters.event_store import EventStore
from services.application.records import CommandRecord, NewEvent, payload_digest

BENCH_TABLE = "bench_events"
EVENT_TYPE = "DiceRolled"
COMMAND_TYPE = "RollDice"


# --- payloads ----------------------------------------------------------------------------------


def event_body(campaign_id: str, n: int) -> dict[str, Any]:
    """A dice roll of roughly 300 bytes of JSON, varying with ``n``."""
    faces = [(n * 7 + k * 5) % 6 + 1 for k in range(4)]
    top = sorted(range(4), key=lambda k: faces[k], reverse=True)[:3]
    kept = [faces[k] for k in top]
    return {
        "campaign_id": campaign_id,
        "character_id": f"chr_{n % 97:016x}",
        "expression": "4d6kh3+2",
        "terms": [{"notation": "4d6kh3", "sign": 1, "sides": 6, "faces": faces,
                   "kept": [k in top for k in range(4)], "subtotal": sum(kept)}],
        "modifier": 2,
        "total": sum(kept) + 2,
        "reason": "Sneak past the gate guards",
        "target": 12,
        "outcome": "success" if sum(kept) + 2 >= 12 else "failure",
    }


def event_metadata(command_id: str) -> dict[str, Any]:
    return {
        "command_id": command_id,
        "correlation_id": command_id,
        "causation_id": command_id,
        "actor": "user:bench-gm",
        "client": "skald-bench/1",
        "visibility": "table",
    }


def encode(value: Any) -> str:
    return msgspec.json.encode(value).decode()


# --- writers -----------------------------------------------------------------------------------


class StoreWriter:
    """Appends ``batch`` events per call to its own campaign through ``EventStore.append``."""

    def __init__(self, store: EventStore, campaign_id: str, batch: int, with_command: bool) -> None:
        self.store = store
        self.campaign_id = campaign_id
        self.stream_id = f"rolls/{campaign_id}"
        self.batch = batch
        self.with_command = with_command
        self.version = 0
        self.n = 0

    async def __call__(self) -> int:
        command_id = str(uuid.uuid4())
        metadata = event_metadata(command_id)
        bodies = [event_body(self.campaign_id, self.n + k) for k in range(self.batch)]
        self.n += self.batch
        events = [NewEvent(stream_id=self.stream_id, type=EVENT_TYPE, data=body, metadata=metadata)
                  for body in bodies]
        record = None
        if self.with_command:
            record = CommandRecord(
                command_id=command_id, actor=metadata["actor"], campaign_id=self.campaign_id,
                type=COMMAND_TYPE, payload_sha256=payload_digest(msgspec.json.encode(bodies)),
                reply={})
        stored = await self.store.append(
            self.campaign_id, {self.stream_id: self.version}, events, command=record)
        self.version = stored[-1].stream_version
        return len(stored)


# Each raw writer has a campaign of its own with one stream, so its per-campaign position
# (migration 0003) is the stream version.
_INSERT_ROW = (
    f"INSERT INTO {BENCH_TABLE} (position, campaign_id, stream_id, stream_version, type,"
    " schema_version, data, metadata) VALUES ($3::int, $1, $2, $3::int, $4, $5, $6::jsonb, $7::jsonb)"
)
_INSERT_UNNEST = (
    f"INSERT INTO {BENCH_TABLE} (position, campaign_id, stream_id, stream_version, type,"
    " schema_version, data, metadata)"
    " SELECT v, $1, s, v, t, sv, d::jsonb, m::jsonb"
    " FROM unnest($2::text[], $3::int[], $4::text[], $5::smallint[], $6::text[], $7::text[])"
    " WITH ORDINALITY AS u(s, v, t, sv, d, m, n) ORDER BY n"
)


class RawWriter:
    """The same rows as ``StoreWriter``, inserted into ``bench_events`` with plain asyncpg.

    ``mode`` is ``row`` (one INSERT, committed on its own), ``executemany`` (one transaction
    per batch) or ``unnest`` (one statement, hence one commit, per batch).
    """

    def __init__(self, pool: asyncpg.Pool, campaign_id: str, batch: int, mode: str) -> None:
        self.pool = pool
        self.campaign_id = campaign_id
        self.stream_id = f"rolls/{campaign_id}"
        self.batch = batch
        self.mode = mode
        self.version = 0
        self.n = 0

    async def __call__(self) -> int:
        metadata = encode(event_metadata(str(uuid.uuid4())))
        rows = [(self.campaign_id, self.stream_id, self.version + k + 1, EVENT_TYPE, 1,
                 encode(event_body(self.campaign_id, self.n + k)), metadata)
                for k in range(self.batch)]
        async with self.pool.acquire() as conn:
            if self.mode == "row":
                for row in rows:
                    await conn.execute(_INSERT_ROW, *row)
            elif self.mode == "executemany":
                async with conn.transaction():
                    await conn.executemany(_INSERT_ROW, rows)
            else:
                await conn.execute(_INSERT_UNNEST, self.campaign_id,
                                   *[list(col) for col in zip(*rows, strict=True)][1:])
        self.version += self.batch
        self.n += self.batch
        return len(rows)


async def create_bench_table(conn: asyncpg.Connection) -> None:
    """``events`` without its triggers; fails loudly if the indexes differ."""
    await conn.execute(f"DROP TABLE IF EXISTS {BENCH_TABLE}")
    await conn.execute(f"CREATE TABLE {BENCH_TABLE} (LIKE events INCLUDING ALL)")

    async def index_shapes(table: str) -> list[str]:
        defs = await conn.fetch("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'"
                                " AND tablename = $1", table)
        return sorted(r["indexdef"].split(" USING ", 1)[1] for r in defs)

    if await index_shapes("events") != await index_shapes(BENCH_TABLE):
        raise SystemExit(f"{BENCH_TABLE} does not have the indexes of events")
