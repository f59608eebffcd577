"""A noisy client cannot starve the hall: the other tables' command p99 with one token flooding.

One gateway (``bench/roundtrip.py``'s, uvloop + httptools, projector in-process, as ``skald
serve``) with the default rate limits (``SKALD_RATE_PER_TOKEN`` 100, ``SKALD_RATE_PER_USER``
200 a second), on an embedded PostgreSQL and Redis. ``--tables`` tables, each a campaign with
its own user and token and one keep-alive connection, each sending a ``RollDice`` every
``--period`` seconds (random phase). ``--rounds`` rounds of two phases of ``--seconds`` each,
in one run (alternating, so that other work on a shared machine weighs on both alike):

1. the tables alone: their command p50 and p99;
2. the same tables while one token floods (a process of its own, ``--connections`` keep-alive
   connections, each sending ``RollDice`` to the bot's campaign as fast as the replies come).

``--hold 0`` runs the gateway with ``SKALD_RATE_HOLD_S=0`` (every 429 answered at once), to
compare with the default (a repeated refusal's 429 held a second).

It prints the tables' p99 with the flood against without (issue 24's target: at most 1.5x), the
flood's acknowledged and refused (429) commands, the gateway process's CPU in each phase (Linux
``/proc``), and then checks that no acknowledged command
was lost: every command that got a 200 (tables' and flood's) is recorded in PostgreSQL with the
positions its reply named, and an event is at each of them.

Run from the repository root: ``python -m bench.flood [--tables 20] [--seconds 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
import msgspec

from bench.lean_http import LeanHttp
from bench.measuring import _name_and_cpu
from bench.roundtrip import embedded_service, start_server
from services.adapters.tokens import create_token
from services.application.settings import DEFAULT_RATE_PER_TOKEN, DEFAULT_RATE_PER_USER
from services.entrypoints.logging import configure as configure_logging

Ack = tuple[str, str, list[int]]  # campaign, command id, positions
# Each table command's start within its second (where the rate limits' windows turn) and its
# latency, for the phase being measured.
OFFSETS: list[tuple[float, float]] = []


def roll(campaign: str, prefix: str) -> tuple[str, bytes]:
    command_id = f"{prefix}-{uuid.uuid4().hex[:16]}"
    return command_id, msgspec.json.encode({"command_id": command_id, "type": "RollDice",
                                            "payload": {"campaign_id": campaign,
                                                        "expression": "2d6"}})


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}


async def send(http: LeanHttp, token: str, campaign: str,
               prefix: str) -> tuple[int, Ack | None]:
    """One ``RollDice``: its status, and what it acknowledged (None when refused)."""
    command_id, body = roll(campaign, prefix)
    try:
        _, reply = await http.request("POST", "/v1/commands", auth(token), body)
    except RuntimeError as refused:  # LeanHttp: a status of 400 or more, its body read
        return int(str(refused).split(": ", 1)[1].split()[0]), None
    events = msgspec.json.decode(reply)["events"]
    return 200, (campaign, command_id, [ev["position"] for ev in events])


async def table(port: int, token: str, campaign: str, period: float, until: float,
                latencies: list[float], acks: list[Ack]) -> None:
    http = LeanHttp(port)
    await asyncio.sleep(random.uniform(0, period))
    next_at = time.perf_counter()
    while (now := time.perf_counter()) < until:
        start, offset = time.perf_counter(), time.time() % 1.0
        status, ack = await send(http, token, campaign, "t")
        latencies.append(time.perf_counter() - start)
        OFFSETS.append((offset, latencies[-1]))
        assert status == 200 and ack is not None, f"a table's command was refused: {status}"
        acks.append(ack)
        next_at = max(next_at + period, now)
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    await http.close()


async def tables_phase(port: int, seats: list[tuple[str, str]], period: float,
                       seconds: float) -> tuple[list[float], list[Ack]]:
    latencies: list[float] = []
    acks: list[Ack] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(table(port, token, campaign, period, until, latencies, acks)
                           for token, campaign in seats))
    return latencies, acks


async def flood(port: int, token: str, campaign: str, connections: int, seconds: float,
                out: Path) -> None:
    """The bot (its own process): as fast as the replies come, on many connections."""
    counts: dict[int, int] = {}
    acks: list[Ack] = []

    async def one(http: LeanHttp) -> None:
        while time.perf_counter() < until:
            status, ack = await send(http, token, campaign, "f")
            counts[status] = counts.get(status, 0) + 1
            if ack is not None:
                acks.append(ack)
        await http.close()

    clients = [LeanHttp(port) for _ in range(connections)]
    await asyncio.gather(*(http.request("GET", "/healthz", {}) for http in clients))
    print("ready", flush=True)  # imported and connected: the flood starts now
    until = time.perf_counter() + seconds
    await asyncio.gather(*(one(http) for http in clients))
    out.write_text(json.dumps({"counts": counts, "acks": acks}))


async def setup(url: str, port: int, tables: int) -> tuple[list[tuple[str, str]], tuple[str, str]]:
    """A token and a campaign per table, and the bot's."""
    conn = await asyncpg.connect(url)
    seats = []
    try:
        for name in [f"table{i}" for i in range(tables)] + ["bot"]:
            token = await create_token(conn, name)
            http = LeanHttp(port)
            await http.request("POST", "/v1/commands", auth(token), msgspec.json.encode(
                {"command_id": f"create-{name}", "type": "CreateCampaign",
                 "payload": {"campaign_id": name, "name": name}}))
            await http.close()
            seats.append((token, name))
    finally:
        await conn.close()
    return seats[:-1], seats[-1]


async def lost(url: str, acks: list[Ack]) -> list[Ack]:
    """The acknowledged commands the log does not hold as acknowledged."""
    conn = await asyncpg.connect(url)
    try:
        recorded = {(r["campaign_id"], r["command_id"]): json.loads(r["reply"])["positions"]
                    for r in await conn.fetch(
                        "SELECT campaign_id, command_id, reply::text AS reply FROM commands")}
        events = {(r["campaign_id"], r["position"])
                  for r in await conn.fetch("SELECT campaign_id, position FROM events")}
    finally:
        await conn.close()
    return [ack for ack in acks
            if recorded.get((ack[0], ack[1])) != ack[2]
            or not all((ack[0], p) in events for p in ack[2])]


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


async def run(url: str, redis_url: str, opts: argparse.Namespace) -> None:
    proc, port, _ = start_server(url, redis_url, env={
        "SKALD_RATE_PER_TOKEN": str(opts.per_token), "SKALD_RATE_PER_USER": str(opts.per_user),
        "SKALD_RATE_HOLD_S": str(opts.hold)})
    quiet: list[float] = []
    noisy: list[float] = []
    quiet_acks: list[Ack] = []
    noisy_acks: list[Ack] = []
    bot_acks: list[Ack] = []
    counts: dict[int, int] = {}
    cpu = {"quiet": 0.0, "flood": 0.0}  # the gateway process's CPU seconds in each phase (Linux)
    try:
        seats, (bot_token, bot_campaign) = await setup(url, port, opts.tables)
        await tables_phase(port, seats, opts.period, 2.0)  # warm-up
        OFFSETS.clear()
        by_offset: dict[str, list[tuple[float, float]]] = {"quiet": [], "flood": []}
        stat = Path(f"/proc/{proc.pid}/stat")

        def server_cpu() -> float:
            return _name_and_cpu(stat)[1] if stat.exists() else 0.0

        for _ in range(opts.rounds):
            began = server_cpu()
            latencies, acks = await tables_phase(port, seats, opts.period, opts.seconds)
            cpu["quiet"] += server_cpu() - began
            quiet += latencies
            quiet_acks += acks
            by_offset["quiet"] += OFFSETS
            OFFSETS.clear()
            with tempfile.TemporaryDirectory(prefix="skald-flood-") as tmp:
                out = Path(tmp) / "flood.json"
                bot = subprocess.Popen(
                    [sys.executable, "-m", "bench.flood", "--flood", str(port), bot_token,
                     bot_campaign, str(opts.connections), str(opts.seconds + 1.5), str(out)],
                    cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE, text=True)
                assert bot.stdout is not None
                ready = await asyncio.to_thread(bot.stdout.readline)  # its imports take a while
                assert ready.strip() == "ready", ready
                await asyncio.sleep(1.0)  # the flood under way
                began = server_cpu()
                latencies, acks = await tables_phase(port, seats, opts.period, opts.seconds)
                cpu["flood"] += server_cpu() - began
                noisy += latencies
                noisy_acks += acks
                by_offset["flood"] += OFFSETS
                OFFSETS.clear()
                await asyncio.to_thread(bot.wait, 120)
                flooded = json.loads(out.read_text())
            bot_acks += [(a[0], a[1], a[2]) for a in flooded["acks"]]
            for status, n in flooded["counts"].items():
                counts[int(status)] = counts.get(int(status), 0) + n
        missing = await lost(url, quiet_acks + noisy_acks + bot_acks)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    ratio = p99(noisy) / p99(quiet)
    flood_seconds = opts.rounds * (opts.seconds + 1.5)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{opts.tables} tables, a RollDice every {opts.period} s each, {opts.rounds} rounds of "
          f"{opts.seconds:.0f} s a phase; limits {opts.per_token}/{opts.per_user} a second per "
          f"token/user, 429s held up to {opts.hold} s; load average {load} on {os.cpu_count()} CPUs")
    print(f"tables alone:        {len(quiet):5} commands  p50 {statistics.median(quiet) * 1000:6.2f}"
          f" ms  p99 {p99(quiet):6.2f} ms")
    print(f"tables, bot flooding: {len(noisy):4} commands  p50 {statistics.median(noisy) * 1000:6.2f}"
          f" ms  p99 {p99(noisy):6.2f} ms")
    print(f"the bot ({opts.connections} connections, one token): {counts.get(200, 0)} acknowledged "
          f"({counts.get(200, 0) / flood_seconds:.0f}/s), {counts.get(429, 0)} refused with "
          f"429, other: { {k: v for k, v in counts.items() if k not in (200, 429)} }")
    print(f"tables' p99 with the flood / without: {ratio:.2f}x (target <= 1.5x: "
          f"{'met' if ratio <= 1.5 else 'NOT met'})")
    for phase, pairs in by_offset.items():
        early = [lat for off, lat in pairs if off < 0.15]
        late = [lat for off, lat in pairs if off >= 0.15]
        if early and late:
            print(f"  {phase:5}: p99 of commands sent in a second's first 150 ms "
                  f"{p99(early):6.2f} ms ({len(early)}), in the rest {p99(late):6.2f} ms ({len(late)})")
    spent = opts.rounds * opts.seconds
    print(f"the gateway's CPU: {cpu['quiet'] / spent:.0%} of a core with the tables alone, "
          f"{cpu['flood'] / spent:.0%} while the bot floods")
    total = len(quiet_acks) + len(noisy_acks) + len(bot_acks)
    print(f"acknowledged commands checked in the log: {total}, lost: {len(missing)}")


def main() -> None:
    if sys.argv[1:2] == ["--flood"]:
        port, token, campaign, connections, seconds, out = sys.argv[2:8]
        import uvloop

        uvloop.run(flood(int(port), token, campaign, int(connections), float(seconds), Path(out)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--period", type=float, default=0.25, help="seconds between a table's rolls")
    parser.add_argument("--seconds", type=float, default=10.0, help="each phase's length")
    parser.add_argument("--connections", type=int, default=32, help="the bot's connections")
    parser.add_argument("--rounds", type=int, default=3, help="quiet and flooded phases, alternating")
    parser.add_argument("--hold", type=float, default=1.0, help="SKALD_RATE_HOLD_S of the gateway")
    parser.add_argument("--per-token", type=int, default=DEFAULT_RATE_PER_TOKEN)
    parser.add_argument("--per-user", type=int, default=DEFAULT_RATE_PER_USER)
    opts = parser.parse_args()
    assert 1 <= opts.tables <= 500 and 1 <= opts.seconds <= 120 and 1 <= opts.connections <= 256
    assert 1 <= opts.rounds <= 10 and 0 <= opts.hold <= 5
    configure_logging(level="warning")
    import uvloop

    with embedded_service() as (url, redis_url):
        uvloop.run(run(url, redis_url, opts))


if __name__ == "__main__":
    main()
