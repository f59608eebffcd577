"""Several `skald serve` processes on one PostgreSQL and Redis act as one service.

Gateways are stateless: a live subscriber on one sees what is appended through another, and when
a process dies, the others take its share of the projection over with nothing lost.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest

from services.adapters.tokens import create_token
from tests.conftest import free_port
from tests.integration.live_stream import sse_messages

ROOT = Path(__file__).resolve().parents[2]


class Gateway:
    def __init__(self, proc: subprocess.Popen[bytes], base: str, log: Path) -> None:
        self.proc, self.base, self.log = proc, base, log


def start_gateway(database_url: str, redis_url: str, folder: Path, *args: str,
                  grpc_port: int | None = None) -> Gateway:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATABASE_URL=database_url, SKALD_REDIS_URL=redis_url, SKALD_PORT=str(port),
               SKALD_GRPC_PORT=str(grpc_port) if grpc_port else "off", SKALD_LOG_FORMAT="json",
               SKALD_DATA_DIR=str(folder))
    log = folder / f"serve-{port}.log"
    proc = subprocess.Popen([sys.executable, str(ROOT / "skald.py"), "serve", *args], cwd=ROOT, env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    return Gateway(proc, f"http://127.0.0.1:{port}", log)


def wait_ready(gateway: Gateway) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert gateway.proc.poll() is None, gateway.log.read_text()
        try:
            if httpx.get(f"{gateway.base}/readyz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    pytest.fail("gateway did not become ready:\n" + gateway.log.read_text())


async def _grpc_serving(port: int, gateway: Gateway) -> None:
    """Both processes listen on ``port``: many fresh connections get SERVING, and the log shows
    two gRPC servers started on it (the second could not bind without SO_REUSEPORT)."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.monotonic() + 20
    serving = 0
    while serving < 8:  # each server says SERVING once its first health probe passed
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            reply = await health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=""), timeout=10)
        if reply.status == health_pb2.HealthCheckResponse.SERVING:
            serving += 1
        else:
            assert time.monotonic() < deadline, reply
            await asyncio.sleep(0.2)
    while gateway.log.read_text().count('"grpc serving"') < 2:
        assert gateway.proc.poll() is None, gateway.log.read_text()[-3000:]
        assert time.monotonic() < deadline, gateway.log.read_text()[-3000:]
        await asyncio.sleep(0.2)


@pytest.fixture
def gateways(database_url: str, redis_url: str, tmp_path: Path) -> Iterator[list[Gateway]]:
    started = [start_gateway(database_url, redis_url, tmp_path) for _ in range(2)]
    try:
        for gateway in started:
            wait_ready(gateway)
        yield started
    finally:
        for gateway in started:
            if gateway.proc.poll() is None:
                gateway.proc.send_signal(signal.SIGTERM)
                gateway.proc.wait(timeout=30)


async def token_for(database_url: str, user: str) -> str:
    conn = await asyncpg.connect(database_url)
    try:
        return await create_token(conn, user)
    finally:
        await conn.close()


async def send(client: httpx.AsyncClient, base: str, token: str, command_id: str, type_: str,
               payload: dict[str, Any]) -> dict[str, Any]:
    reply = await client.post(f"{base}/v1/commands", headers={"Authorization": f"Bearer {token}"},
                              json={"command_id": command_id, "type": type_, "payload": payload})
    assert reply.status_code == 200, reply.text
    result: dict[str, Any] = reply.json()
    return result


async def live_ids(client: httpx.AsyncClient, base: str, token: str, campaign: str,
                   into: list[int]) -> None:
    async with client.stream("GET", f"{base}/v1/campaigns/{campaign}/live",
                             headers={"Authorization": f"Bearer {token}",
                                      "Last-Event-ID": "0"}) as response:
        assert response.status_code == 200
        async for message in sse_messages(response):
            if "id" in message and message.get("event") != "ready":  # "ready" names the start
                into.append(int(message["id"]))


def held_by(gateway: Gateway) -> set[int]:
    """The projector partitions a gateway's worker last said it holds (its log)."""
    held: set[int] = set()
    for line in gateway.log.read_text().splitlines():
        if "projector partitions" in line:
            held = set(json.loads(line)["held"])
    return held


async def partition_of(database_url: str, campaign_id: str) -> int:
    conn = await asyncpg.connect(database_url)
    try:
        return int(await conn.fetchval("SELECT (hashtext($1) & 2147483647) % 32", campaign_id))
    finally:
        await conn.close()


async def until(predicate: Any, seconds: float = 20.0, why: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"timed out: {why() if why else ''}"
        await asyncio.sleep(0.05)


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=30) as c:
        yield c


async def test_live_subscribers_see_events_appended_through_another_gateway(
        gateways: list[Gateway], database_url: str, client: httpx.AsyncClient) -> None:
    a, b = gateways
    ann = await token_for(database_url, "ann")
    created = await send(client, b.base, ann, "g-1", "CreateCampaign",
                         {"campaign_id": "twin", "name": "Twin gateways"})
    for gateway in (a, b):  # readable on both once projected, whichever worker projects it
        found = await client.get(f"{gateway.base}/v1/campaigns/twin",
                                 params={"position": created["position"]},
                                 headers={"Authorization": f"Bearer {ann}"})
        assert found.status_code == 200, found.text
    seen_on_a: list[int] = []
    seen_on_b: list[int] = []
    streams = [asyncio.create_task(live_ids(client, a.base, ann, "twin", seen_on_a)),
               asyncio.create_task(live_ids(client, b.base, ann, "twin", seen_on_b))]
    try:
        await until(lambda: created["position"] in seen_on_a and created["position"] in seen_on_b,
                    why=lambda: f"a saw {seen_on_a}, b saw {seen_on_b}")
        via_b = await send(client, b.base, ann, "g-2", "RollDice",
                           {"campaign_id": "twin", "expression": "3d6"})
        via_a = await send(client, a.base, ann, "g-3", "RollDice",
                           {"campaign_id": "twin", "expression": "2d8"})
        wanted = [created["position"], via_b["position"], via_a["position"]]
        await until(lambda: seen_on_a[-1:] == wanted[-1:] and seen_on_b[-1:] == wanted[-1:])
        assert seen_on_a == wanted and seen_on_b == wanted  # each once, in order, on both
        # The process projecting this campaign dies: its partitions' leases expire and the other
        # process takes every partition over, this campaign's among them.
        partition = await partition_of(database_url, "twin")
        # The events reached the watchers from the commit, not through a projector: wait until
        # one worker's log says it holds the campaign's partition (a lease can take a moment).
        await until(lambda: (partition in held_by(a)) != (partition in held_by(b)),
                    why=lambda: f"a holds {held_by(a)}, b holds {held_by(b)}")
        owner, survivor, survivor_seen = ((a, b, seen_on_b) if partition in held_by(a)
                                          else (b, a, seen_on_a))
        owner.proc.send_signal(signal.SIGKILL)
        owner.proc.wait(timeout=10)
        later = await send(client, survivor.base, ann, "g-4", "RollDice",
                           {"campaign_id": "twin", "expression": "1d20"})
        # Its watchers get it from its own commit at once, before the survivor's projector has
        # taken the partitions over (the dead worker's leases expire first).
        await until(lambda: later["position"] in survivor_seen)
        assert survivor_seen == [*wanted, later["position"]]
        await until(lambda: held_by(survivor) == set(range(32)), why=lambda: held_by(survivor))
        read = await client.get(f"{survivor.base}/v1/campaigns/twin/rolls",
                                params={"position": later["position"]},
                                headers={"Authorization": f"Bearer {ann}"})
        assert read.status_code == 200
        assert [r["data"]["expression"] for r in read.json()] == ["1d20", "2d8", "3d6"]
    finally:
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)


async def test_serve_with_workers_runs_several_processes_on_one_port(
        database_url: str, redis_url: str, tmp_path: Path, client: httpx.AsyncClient) -> None:
    grpc_port = free_port()
    gateway = start_gateway(database_url, redis_url, tmp_path, "--workers", "2",
                            grpc_port=grpc_port)
    try:
        wait_ready(gateway)
        # gRPC is on in both processes, on one port (SO_REUSEPORT): each answers health checks.
        await _grpc_serving(grpc_port, gateway)
        ann = await token_for(database_url, "ann")
        created = await send(client, gateway.base, ann, "w-1", "CreateCampaign",
                             {"campaign_id": "pair", "name": "Pair"})
        rolled = await send(client, gateway.base, ann, "w-2", "RollDice",
                            {"campaign_id": "pair", "expression": "2d6"})
        assert rolled["position"] == created["position"] + 1
        read = await client.get(f"{gateway.base}/v1/campaigns/pair/rolls",
                                params={"position": rolled["position"]},
                                headers={"Authorization": f"Bearer {ann}"})
        assert read.status_code == 200 and len(read.json()) == 1
        deadline = time.monotonic() + 20
        while True:  # two processes, each a projector worker with its own share
            shares: dict[str, set[int]] = {}
            for line in gateway.log.read_text().splitlines():
                if "projector partitions" in line:
                    entry = json.loads(line)
                    shares[entry["worker"]] = set(entry["held"])
            if len(shares) == 2 and set().union(*shares.values()) == set(range(32)) \
                    and all(len(s) == 16 for s in shares.values()):
                break
            assert time.monotonic() < deadline, gateway.log.read_text()[-3000:]
            await asyncio.sleep(0.2)
    finally:
        gateway.proc.send_signal(signal.SIGTERM)
        gateway.proc.wait(timeout=30)
