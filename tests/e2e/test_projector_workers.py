"""Three `skald projector` processes share the campaigns; one is killed mid-load.

The others take over its partitions within a lease, and every read model ends equal to a fresh
fold of the log: nothing lost, and nothing applied twice (a roll log is a list, so a batch applied
twice would show as a doubled roll).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
from redis.asyncio import Redis

from contracts.commands import ENVELOPES
from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.read_model_rebuild import rebuild
from services.application.pipeline import CommandPipeline
from tests.integration.test_projector import snapshot

ROOT = Path(__file__).resolve().parents[2]


def start_worker(database_url: str, redis_url: str, log: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATABASE_URL=database_url, SKALD_REDIS_URL=redis_url, SKALD_LOG_FORMAT="json")
    return subprocess.Popen([sys.executable, str(ROOT / "skald.py"), "projector"], cwd=ROOT,
                            env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)


def held(log: Path) -> set[int]:
    out: set[int] = set()
    for line in log.read_text().splitlines():
        if "projector partitions" in line:
            out = set(json.loads(line)["held"])
    return out


async def load(store: EventStore, campaigns: int, rounds: int) -> list[str]:
    """Campaigns, each with a character and rounds of rolls and renames, interleaved."""
    pipeline = CommandPipeline(store)
    n = 0

    async def run(type_: str, payload: dict[str, Any]) -> Any:
        nonlocal n
        n += 1
        env = msgspec.convert({"type": type_, "command_id": f"w{n}", "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, "ann")

    ids = [(await run("CreateCampaign", {"name": f"C{i}"})).campaign_id for i in range(campaigns)]
    for cid in ids:
        await run("CreateCharacter", {"campaign_id": cid, "character_id": "vex", "name": "Vex"})
    for r in range(rounds):
        await asyncio.gather(*(run("RollDice", {"campaign_id": cid, "expression": f"{r + 1}d6"})
                               for cid in ids))
        await asyncio.gather(*(run("RenameCharacter", {"campaign_id": cid, "character_id": "vex",
                                                       "name": f"Vex {r}"}) for cid in ids))
    return ids


async def partitions_of(store: EventStore, campaigns: list[str]) -> dict[str, int]:
    rows = await store.pool.fetch(
        "SELECT c, (hashtext(c) & 2147483647) % 32 AS p FROM unnest($1::text[]) AS c", campaigns)
    return {r["c"]: r["p"] for r in rows}


async def caught_up(store: EventStore, redis: Redis, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    projector = Projector(store, redis)
    while True:
        heads = await store.heads()
        done = await projector.checkpoints(heads)
        if heads and all(done[c] >= h for c, h in heads.items()):
            return
        assert time.monotonic() < deadline, "the workers did not catch up"
        await asyncio.sleep(0.1)


async def test_three_workers_one_killed_mid_load(store: EventStore, redis_client: Redis,
                                                 database_url: str, redis_url: str,
                                                 tmp_path: Path) -> None:
    logs = [tmp_path / f"worker-{i}.log" for i in range(3)]
    workers = [start_worker(database_url, redis_url, log) for log in logs]
    try:
        deadline = time.monotonic() + 60
        while sum(len(held(log)) for log in logs) < 32 or not all(held(log) for log in logs):
            assert time.monotonic() < deadline, [log.read_text()[-2000:] for log in logs]
            assert all(w.poll() is None for w in workers)
            await asyncio.sleep(0.2)
        shares = [held(log) for log in logs]
        assert set().union(*shares) == set(range(32)) and all(len(s) <= 11 for s in shares)
        loading = asyncio.create_task(load(store, campaigns=12, rounds=6))
        await asyncio.sleep(1.0)
        workers[0].send_signal(signal.SIGKILL)  # mid-load, without a word
        workers[0].wait(timeout=10)
        campaigns = await loading
        orphaned = {cid for cid, part in (await partitions_of(store, campaigns)).items()
                    if part in shares[0]}
        assert orphaned, "some campaigns were the killed worker's to project"
        await caught_up(store, redis_client)
        deadline = time.monotonic() + 30
        while set().union(*(held(log) for log in logs[1:])) != set(range(32)):
            assert time.monotonic() < deadline, "the dead worker's share was not taken over"
            await asyncio.sleep(0.2)
        projected = await snapshot(redis_client)
        for cid in campaigns:
            rolls = await redis_client.lrange(keys.rolls_key(cid), 0, -1)
            assert len(rolls) == 6
    finally:
        for w in workers:
            if w.poll() is None:
                w.send_signal(signal.SIGTERM)
        for w in workers:
            w.wait(timeout=30)
    await rebuild(store, redis_client)
    assert await snapshot(redis_client) == projected
