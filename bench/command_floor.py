"""The command path against its physical floor, in one run on one service.

A ``RollDice`` cannot beat one HTTP round trip plus one durable commit. Against the gateway of
``bench/roundtrip.py`` (uvloop + httptools, projector in-process, as ``skald serve``) on an
embedded PostgreSQL and Redis, one at a time, each figure a median:

* ``GET /healthz``: the HTTP round trip (lean keep-alive client);
* one one-row ``INSERT`` (autocommit: a durable commit) on the service's own PostgreSQL, asyncpg,
  one connection: the commit floor;
* ``RollDice`` over HTTP;
* ``RollDice`` through ``CommandPipeline.execute_as`` in this process (same database, no HTTP,
  no token check): the command's database work and decide;
* ``skald_append_item`` alone is in ``bench/commit_cost.py``; what each of its parts costs, in
  ``bench/append_function_parts.py`` (printed last, after the servers stopped).

It prints the ratio ``RollDice`` / (healthz + commit) (issue 24's target: at most 1.5x) and how
the gap splits: HTTP and the gateway (HTTP ``RollDice`` less the in-process one) against the
pipeline beyond one commit (in-process ``RollDice`` less the commit). Then where the time goes,
each part measured alone (``bench/command_breakdown.py``), the in-process projector's share at 1
in flight (``RollDice`` against a second server of the same code without its projector, as
``serve --no-projector`` runs, in the same interleaved rounds: the first server's projector
projects its commands from another process, as ``skald projector`` would) and the Redis
commands each ``RollDice`` causes with and without the projector (the latter counted first,
with no projector running anywhere). Printed, never asserted.

Run from the repository root: ``python -m bench.command_floor [--calls 400]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable

import asyncpg
import msgspec

from bench.append_function_parts import function_parts, print_parts
from bench.command_breakdown import breakdown, redis_calls
from bench.lean_http import LeanHttp
from bench.roundtrip import embedded_service, start_server
from contracts.commands import ENVELOPES
from services.adapters.event_store import EventStore
from services.adapters.tokens import create_token
from services.application.pipeline import CommandPipeline
from services.entrypoints.logging import configure as configure_logging


async def median_ms(call: object, calls: int) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        await call()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def roll_body(prefix: str, campaign: str = "floor") -> bytes:
    return msgspec.json.encode({"command_id": f"{prefix}-{uuid.uuid4().hex[:12]}",
                                "type": "RollDice",
                                "payload": {"campaign_id": campaign, "expression": "2d6"}})


async def without_projector(url: str, redis_url: str
                            ) -> tuple[subprocess.Popen[str], Callable[[], Awaitable[None]], float]:
    """A server without its projector (``serve --no-projector``): first alone on the service, no
    projector anywhere, the Redis commands each ``RollDice`` sends; then its ``RollDice`` call,
    measured in the rounds beside the others (the main server's in-process projector then
    projects its commands from another process, as a ``skald projector`` would)."""
    proc, port, _ = start_server(url, redis_url, split=True)
    conn = await asyncpg.connect(url)
    token = await create_token(conn, "floor-bare")
    await conn.close()
    http = LeanHttp(port)
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    created = await http.request("POST", "/v1/commands", auth, msgspec.json.encode(
        {"command_id": "bare-c", "type": "CreateCampaign",
         "payload": {"campaign_id": "bare", "name": "Bare"}}))
    assert created[0] == 200

    async def roll() -> None:
        await http.request("POST", "/v1/commands", auth, roll_body("b", "bare"))

    await median_ms(roll, 30)
    return proc, roll, await redis_calls(redis_url, roll, 200)


async def run(url: str, redis_url: str, calls: int) -> None:
    bare_proc, roll_bare, trips_without = await without_projector(url, redis_url)
    proc, port, _ = start_server(url, redis_url)
    try:
        conn = await asyncpg.connect(url)
        token = await create_token(conn, "floor")
        await conn.execute("CREATE TABLE IF NOT EXISTS floor_probe (id bigserial PRIMARY KEY, v int)")
        http = LeanHttp(port)
        auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        created = await http.request("POST", "/v1/commands", auth, msgspec.json.encode(
            {"command_id": "floor-c", "type": "CreateCampaign",
             "payload": {"campaign_id": "floor", "name": "Floor"}}))
        assert created[0] == 200

        async def healthz() -> None:
            await http.request("GET", "/healthz", {})

        async def commit() -> None:
            await conn.execute("INSERT INTO floor_probe (v) VALUES (1)")

        async def roll_http() -> None:
            await http.request("POST", "/v1/commands", auth, roll_body("h"))

        store = await EventStore.connect(url, min_size=1, max_size=2)
        pipeline = CommandPipeline(store)
        envelope_type = ENVELOPES["RollDice"]

        async def roll_pipeline() -> None:
            envelope = msgspec.convert({"command_id": f"p-{uuid.uuid4().hex[:12]}", "type": "RollDice",
                                        "payload": {"campaign_id": "floor", "expression": "2d6"}},
                                       envelope_type)
            await pipeline.execute_as(envelope, "floor")

        for warm in (healthz, commit, roll_http, roll_pipeline, roll_bare):
            await median_ms(warm, 30)
        figures = {"trips without": trips_without}
        for _ in range(2):  # interleaved rounds, each figure's best median: the machine is shared
            for name, call in (("healthz", healthz), ("commit", commit), ("http", roll_http),
                               ("pipeline", roll_pipeline), ("bare", roll_bare)):
                got = await median_ms(call, calls)
                figures[name] = min(figures.get(name, got), got)
        figures["trips with"] = await redis_calls(redis_url, roll_http, 200)
        parts = await breakdown(url, redis_url, token, pipeline, calls)
        await store.close()
        await http.close()
        await conn.close()
    finally:
        for server in (proc, bare_proc):
            server.terminate()
            server.wait(timeout=30)
    function = await function_parts(url, calls)  # the servers stopped: no projector competes
    floor = figures["healthz"] + figures["commit"]
    print(f"GET /healthz p50                         {figures['healthz']:7.3f} ms")
    print(f"one-row INSERT + COMMIT p50 (asyncpg)    {figures['commit']:7.3f} ms")
    print(f"floor (healthz + commit)                 {floor:7.3f} ms")
    print(f"RollDice over HTTP p50, 1 in flight      {figures['http']:7.3f} ms   "
          f"{figures['http'] / floor:.2f}x the floor (target <= 1.5x)")
    print(f"RollDice in-process pipeline p50         {figures['pipeline']:7.3f} ms")
    print(f"  HTTP + gateway (HTTP less in-process)  {figures['http'] - figures['pipeline']:7.3f} ms"
          f"   (healthz alone: {figures['healthz']:.3f})")
    print(f"  pipeline beyond one commit             {figures['pipeline'] - figures['commit']:7.3f} ms")
    print(f"RollDice over HTTP p50, no projector     {figures['bare']:7.3f} ms   (the in-process "
          f"projector's share at 1 in flight: {figures['http'] - figures['bare']:.3f} ms)")
    print(f"Redis commands per RollDice              {figures['trips with']:7.1f}      with the "
          f"projector; {figures['trips without']:.1f} without (the command path's own)")
    print("\nwhere the time goes, each part alone (median, microseconds):")
    for name, us in parts.items():
        print(f"  {name:44} {us:8.1f}")
    print_parts(function)
    beyond = function["skald_append_item + COMMIT"] - function["one-row INSERT + COMMIT"]
    print(f"  the target leaves {floor * 500:.0f} us (0.5x the floor) for all a RollDice does beyond "
          f"the floor; the function alone takes {beyond:.0f} us beyond the one-row insert")
    print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=400)
    opts = parser.parse_args()
    assert 1 <= opts.calls <= 5000, "bounded runs only"
    configure_logging(level="warning")
    import uvloop

    with embedded_service() as (url, redis_url):
        uvloop.run(run(url, redis_url, opts.calls))


if __name__ == "__main__":
    main()
