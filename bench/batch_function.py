"""The group-commit batch function alone: one ``skald_append_batch`` call of N appends.

Against an embedded PostgreSQL, on a fresh database: each append a new campaign with one
``DiceRolled`` event and a command record (as a ``RollDice`` appends), one batch after another
from one process, so the figure is the function's own cost with no concurrency around it. The
table is warmed first (``--warmup`` batches of 64), so plans are made on a table that is not
empty.

Run from the repository root: ``python -m bench.batch_function [--batches 60]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import uuid
from pathlib import Path

import uvloop

from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore, _request
from services.adapters.group_commit import AppendRequest, GroupCommitter
from services.adapters.migrate import migrate
from services.application.records import CommandRecord, NewEvent
from services.entrypoints.logging import configure as configure_logging

SIZES = (8, 64, 256)


def append_request() -> AppendRequest:
    cid = f"bench-{uuid.uuid4().hex[:12]}"
    event = NewEvent(stream_id=f"rolls/{cid}", type="DiceRolled",
                     data={"expression": "2d6", "total": 7, "rolls": [3, 4]},
                     metadata={"command_id": "x", "actor": "bench", "visibility": "public"})
    record = CommandRecord(command_id=uuid.uuid4().hex, actor="bench", campaign_id=cid,
                           type="RollDice", payload_sha256="ab" * 32, reply={})
    return _request(cid, {f"campaign/{cid}": None}, [event], record, None)


async def measure(url: str, batches: int, warmup: int) -> dict[int, float]:
    """Milliseconds per batch call, by the number of appends in it."""
    await migrate(url)
    store = await EventStore.connect(url)
    group = GroupCommitter(store.pool, store._append_one)
    try:
        for _ in range(warmup):
            await group._batch([append_request() for _ in range(64)])
        out = {}
        for size in SIZES:
            requests = [[append_request() for _ in range(size)] for _ in range(batches)]
            began = time.perf_counter()
            for batch in requests:
                outcomes = await group._batch(batch)
                assert all(o.status == "ok" and len(o.rows) == 1 for o in outcomes)
            out[size] = (time.perf_counter() - began) / batches * 1000
        return out
    finally:
        await group.close()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.batch_function")
    parser.add_argument("--batches", type=int, default=60, help="batch calls per size")
    parser.add_argument("--warmup", type=int, default=30)
    opts = parser.parse_args()
    configure_logging(level="warning")
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg = EmbeddedPostgres(Path(tmp))
        try:
            found = uvloop.run(measure(pg.start(), opts.batches, opts.warmup))
        finally:
            pg.stop()
    print(f"\n{'appends per batch':>17} {'ms per batch':>13} {'us per append':>14}")
    for size, ms in found.items():
        print(f"{size:>17} {ms:>13.2f} {ms / size * 1000:>14.0f}")


if __name__ == "__main__":
    main()
