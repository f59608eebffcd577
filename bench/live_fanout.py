"""Live tables at convention scale: N campaigns x M watchers on one gateway process, with commands.

One server process (the gateway of ``bench/roundtrip.py``: uvicorn with uvloop and httptools,
its projector in-process, as ``skald serve``) on an embedded PostgreSQL and Redis; this process
sends and times the commands, and processes of their own (``--client-processes``) hold the
streams. Each campaign has a GM, three players and an observer (one token each); its M
watchers follow ``GET /v1/campaigns/{id}/live`` with those tokens in turn. One ``RollDice`` per
campaign every ``campaigns / rate`` seconds (open loop, each campaign on its own keep-alive
connection), in two phases of the same run:

1. ``baseline``: the commands with no stream open;
2. ``streams``: the same commands with every stream open.

Printed, each beside its target (never asserted):

* streams opened of those asked for (every open answered, no 503);
* delivery: every watcher sees every roll of its campaign exactly once and in order; latency from
  the command's reply at the client to the event at the watcher, p50 and p99;
* command latency p50/p99 in each phase and the p99 ratio streams/baseline;
* memory per idle stream: the server's RSS after opening them, less before, per stream;
* the server's live log reads (relay gaps and backfills) over the run.

Where the time goes: the first watcher of each campaign also reads each event's ``recorded_at``
(set by PostgreSQL as the event is inserted, just before its commit), so the bench prints, for
that sample, recorded -> command reply and recorded -> watcher (the event's way through the
server) beside reply -> watcher.

Modes: ``--workers 2`` serves as ``skald serve --workers 2`` (two gateway processes sharing the
port, each with its projector worker; memory and CPU are the sum of both); ``--grpc`` follows
``Subscribe`` with grpcio clients instead of SSE (one channel per campaign); ``--cpu-hog`` runs a
CPU-bound process (``while True: pass``) beside the server for the whole run;
``--client-processes N`` follows the streams (either transport) from N processes of their own
(by default one, or as many as the SSE sockets need within each process's open-file limit), so
that the loop timing the commands does not also read 5,000 streams, as no watcher shares a
process with the client it times in a real hall; ``--client-processes 0`` reads them in this
process, beside the commands.

Loops are bounded in count and time; only 127.0.0.1 is used. Run from the repository root:
``python -m bench.live_fanout [--campaigns 250 --watchers 20 --rate 125 --seconds 20]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import re
import resource
import statistics
import subprocess
import sys
import time

import asyncpg
import msgspec

from bench.lean_http import LeanHttp
from bench.live_servers import Server, load_averages, start_profiled, start_workers
from bench.live_watchers import (
    Watcher,
    WatcherProcess,
    collect_watcher_processes,
    default_client_processes,
    open_streams,
    start_watcher_processes,
)
from bench.measuring import cpu_seconds
from bench.roundtrip import embedded_service, start_server
from services.adapters.tokens import create_token
from services.entrypoints.logging import configure as configure_logging

ROLES = ("gm", "p0", "p1", "p2", "obs")  # one token each per campaign; watchers take them in turn
SETTLE_SECONDS = 10.0  # the most the bench waits for the last events after the last command
SLOW_SECONDS = 0.03  # commands slower than this are counted by second (where the tail comes from)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def setup(port: int, url: str, campaigns: int) -> dict[tuple[int, str], str]:
    """Campaigns hall-0.. with a GM, three players and an observer; returns each one's token."""
    conn = await asyncpg.connect(url)
    try:
        tokens = {(c, role): await create_token(conn, f"{role}-{c}")
                  for c in range(campaigns) for role in ROLES}
    finally:
        await conn.close()
    queue: asyncio.Queue[int] = asyncio.Queue()
    for c in range(campaigns):
        queue.put_nowait(c)
    last_position = 0

    async def worker() -> None:
        nonlocal last_position
        http = LeanHttp(port)
        try:
            while not queue.empty():
                c = queue.get_nowait()
                auth = {"Authorization": f"Bearer {tokens[c, 'gm']}", "Content-Type": "application/json"}
                cid = f"hall-{c}"
                steps = [("CreateCampaign", {"campaign_id": cid, "name": f"Table {c}"})]
                steps += [("AddMember", {"campaign_id": cid, "user": f"{role}-{c}",
                                         "role": "observer" if role == "obs" else "player"})
                          for role in ROLES[1:]]
                for k, (kind, payload) in enumerate(steps):
                    body = msgspec.json.encode({"command_id": f"setup-{c}-{k}", "type": kind,
                                                "payload": payload})
                    _, reply = await http.request("POST", "/v1/commands", auth, body)
                    last_position = max(last_position, msgspec.json.decode(reply)["position"])
        finally:
            await http.close()

    await asyncio.gather(*(worker() for _ in range(32)))
    http = LeanHttp(port)  # every campaign's read model is there before streams start from it
    try:
        for c in range(campaigns):
            await http.request("GET", f"/v1/campaigns/hall-{c}?position=1",
                               {"Authorization": f"Bearer {tokens[c, 'gm']}"})
    finally:
        await http.close()
    return tokens


async def command_load(port: int, tokens: dict[tuple[int, str], str], campaigns: int,
                       rate: float, seconds: float, tag: str
                       ) -> tuple[list[float], dict[tuple[int, int], float], int]:
    """Each campaign rolls every ``campaigns / rate`` s for ``seconds``; returns latencies (s),
    each roll's (campaign, position) -> reply time, and refusals."""
    period = campaigns / rate
    latencies: list[float] = []
    acked: dict[tuple[int, int], float] = {}
    refusals = 0
    slow: list[int] = []
    start = time.perf_counter() + 0.2

    async def table(c: int) -> None:
        nonlocal refusals
        http = LeanHttp(port)
        auth = {"Authorization": f"Bearer {tokens[c, 'gm']}", "Content-Type": "application/json"}
        try:
            for k in range(int(seconds / period)):
                due = start + (c / campaigns + k) * period
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                body = msgspec.json.encode({"command_id": f"{tag}-{c}-{k}", "type": "RollDice",
                                            "payload": {"campaign_id": f"hall-{c}",
                                                        "expression": "2d6"}})
                sent = time.perf_counter()
                try:
                    _, reply = await asyncio.wait_for(
                        http.request("POST", "/v1/commands", auth, body), 30)
                except (RuntimeError, TimeoutError, OSError) as err:
                    refusals += 1
                    if refusals <= 3:
                        print(f"  refused: {err}")
                    await http.close()
                    http = LeanHttp(port)
                    continue
                done = time.perf_counter()
                latencies.append(done - sent)
                if done - sent > SLOW_SECONDS:
                    slow.append(int(sent - start))
                acked[c, msgspec.json.decode(reply)["position"]] = done
        finally:
            await http.close()

    await asyncio.gather(*(table(c) for c in range(campaigns)))
    if slow:
        by_second = {sec: slow.count(sec) for sec in sorted(set(slow))}
        print(f"  {tag}: commands over {SLOW_SECONDS * 1000:.0f} ms by second of the phase: {by_second}")
    return latencies, acked, refusals


async def metric(port: int, name: str) -> float:
    http = LeanHttp(port)
    try:
        _, text = await http.request("GET", "/metrics", {})
    finally:
        await http.close()
    found = re.search(rf"^{name} ([0-9.e+]+)$", text.decode(), re.M)
    return float(found.group(1)) if found else float("nan")


async def run(url: str, redis_url: str, opts: argparse.Namespace) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # one socket per SSE stream
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if opts.cpu_hog else None
    if opts.workers > 1:
        server = start_workers(url, redis_url, opts.workers)
    elif opts.profile:
        server = start_profiled(url, redis_url, opts.profile)
    else:
        proc, port, grpc_port = start_server(url, redis_url)
        server = Server(proc, port, grpc_port)
    port = server.port
    print(f"server: {opts.workers} gateway process(es) {server.pids()}, streams over "
          f"{'gRPC Subscribe' if opts.grpc else 'SSE'}"
          f"{', beside a CPU-bound process' if hog else ''}; open files limit {hard} "
          f"(client); load average {load_averages()}")
    channels: dict[int, object] = {}
    clients: list[WatcherProcess] = []

    def client_cpu() -> float:
        return time.process_time() + sum(cpu_seconds(c.pid) or 0.0 for c, _, _ in clients
                                         if c.pid is not None)

    try:
        began = time.perf_counter()
        tokens = await setup(port, url, opts.campaigns)
        print(f"setup: {opts.campaigns} campaigns, {len(tokens)} tokens in "
              f"{time.perf_counter() - began:.1f} s")
        cpu_at = (server.cpu(), time.perf_counter())
        base_lat, _, base_refused = await command_load(port, tokens, opts.campaigns, opts.rate,
                                                       opts.baseline_seconds, "base")
        print(f"baseline phase: server CPU "
              f"{(server.cpu() - cpu_at[0]) / (time.perf_counter() - cpu_at[1]):.2f}"
              f" s/s, load average {load_averages()}")
        rss_before = server.rss_kib()
        reads_before = await metric(port, "skald_live_log_reads_total")
        stop = asyncio.Event()
        watchers = [Watcher(c, sample=(k == 0)) for c in range(opts.campaigns)
                    for k in range(opts.watchers)]
        streams = [(w, tokens[w.campaign, ROLES[i % len(ROLES)]]) for i, w in enumerate(watchers)]
        tasks: list[asyncio.Task[None]] = []
        opening = time.perf_counter()
        if opts.grpc and not opts.client_processes:
            import grpc

            channels = {c: grpc.aio.insecure_channel(f"127.0.0.1:{server.grpc_port}")
                        for c in range(opts.campaigns)}
        if opts.client_processes:  # the streams in processes of their own, split evenly
            await start_watcher_processes(port, server.grpc_port if opts.grpc else None, streams,
                                          opts.client_processes, clients)
        else:
            tasks = await open_streams(port, streams, stop, channels)
        opened = sum(1 for w in watchers if w.ready.is_set() and not w.failed)
        print(f"opened {opened} of {len(watchers)} streams in {time.perf_counter() - opening:.1f} s")
        gc.collect()  # the watchers held here, frozen as in a client process (``_watch_here``)
        gc.freeze()
        for w in [w for w in watchers if w.failed][:3]:
            print(f"  refused stream: {w.failed}")
        await asyncio.sleep(2.0)  # idle streams: the memory they hold
        rss_idle = server.rss_kib()
        streams_at = (server.cpu(), client_cpu(), time.perf_counter())
        lat, acked, refused = await command_load(port, tokens, opts.campaigns, opts.rate,
                                                 opts.seconds, "live")
        wall = time.perf_counter() - streams_at[2]
        print(f"streams phase: server CPU {(server.cpu() - streams_at[0]) / wall:.2f}"
              f" s/s, client CPU {(client_cpu() - streams_at[1]) / wall:.2f} s/s, "
              f"load average {load_averages()}")
        # The last events reach the watchers: up to SETTLE_SECONDS (a client process's
        # watchers are not visible from here: they get that long).
        settled = time.perf_counter()
        wanted = {c: sum(1 for cc, _ in acked if cc == c) for c in range(opts.campaigns)}
        local = [w for w in watchers if not w.failed and w.ready.is_set()] if not clients else []
        while time.perf_counter() - settled < SETTLE_SECONDS and (
                clients or any(len(w.seen) < wanted[w.campaign] for w in local)):
            await asyncio.sleep(0.1)
        print(f"settled {time.perf_counter() - settled:.1f} s after the last command's reply")
        stop.set()
        reads = await metric(port, "skald_live_log_reads_total") - reads_before
        print(f"projector lag at the end: {await metric(port, 'skald_projector_lag_seconds'):.3f} s "
              "(the newest event's age when its batch was projected)")
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await collect_watcher_processes(clients)
        report(opts, watchers, opened, base_lat, lat, acked, base_refused + refused,
               rss_before, rss_idle, reads)
    finally:
        for channel in channels.values():
            with contextlib.suppress(Exception):
                await channel.close()  # type: ignore[attr-defined]
        server.stop()
        for client, _, _ in clients:
            if client.is_alive():
                client.kill()
        if hog is not None:
            hog.kill()
            hog.wait()


def report(opts: argparse.Namespace, watchers: list[Watcher], opened: int, base_lat: list[float],
           lat: list[float], acked: dict[tuple[int, int], float], refused: int,
           rss_before: int, rss_idle: int, reads: float) -> None:
    wanted: dict[int, list[int]] = {}
    for c, position in sorted(acked):
        wanted.setdefault(c, []).append(position)
    wrong = late = 0
    delivery: list[float] = []
    to_reply: list[float] = []  # recorded -> command reply (the sample)
    to_watcher: list[float] = []  # recorded -> watcher (the sample)
    for w in watchers:
        if w.failed or not w.ready.is_set():
            continue
        got = [p for p, _ in w.seen]
        want = wanted.get(w.campaign, [])
        if got != want:
            if got == want[:len(got)]:
                late += 1  # in order, no repeat: the rest had not arrived when the run ended
            else:
                wrong += 1
        for p, arrived in w.seen:
            if (w.campaign, p) in acked:
                delivery.append(max(0.0, arrived - acked[w.campaign, p]))
                if p in w.recorded:
                    to_reply.append(acked[w.campaign, p] - w.recorded[p])
                    to_watcher.append(arrived - w.recorded[p])
    base99, live99 = pct(base_lat, 0.99), pct(lat, 0.99)
    ms = 1000.0
    rows = [
        ("streams opened", f"{opened} of {len(watchers)}", f"{len(watchers)}"),
        ("watchers seeing a roll twice, out of order or not at all", f"{wrong}", "0"),
        ("watchers whose last rolls came after the settle wait", f"{late}", "0"),
        ("delivery p50 / p99 (reply -> watcher)",
         f"{pct(delivery, 0.5) * ms:.1f} / {pct(delivery, 0.99) * ms:.1f} ms", "p99 <= 100 ms"),
        ("sample: recorded -> reply p50 / p99",
         f"{pct(to_reply, 0.5) * ms:.1f} / {pct(to_reply, 0.99) * ms:.1f} ms", ""),
        ("sample: recorded -> watcher p50 / p99",
         f"{pct(to_watcher, 0.5) * ms:.1f} / {pct(to_watcher, 0.99) * ms:.1f} ms", ""),
        ("command p50 / p99 without streams",
         f"{statistics.median(base_lat) * ms:.2f} / {base99 * ms:.2f} ms", ""),
        ("command p50 / p99 with streams",
         f"{statistics.median(lat) * ms:.2f} / {live99 * ms:.2f} ms", ""),
        ("command p90 / p99.9 / max with streams",
         f"{pct(lat, 0.9) * ms:.1f} / {pct(lat, 0.999) * ms:.1f} / {max(lat) * ms:.1f} ms", ""),
        ("command p99 with / without", f"{live99 / base99:.2f}x", "<= 1.5x"),
        ("commands refused or failed", f"{refused}", "0"),
        ("server memory per idle stream", f"{(rss_idle - rss_before) / max(1, opened):.1f} KiB", ""),
        ("live log reads (gaps, backfills)", f"{reads:.0f}", "not per watcher per event"),
    ]
    print(f"\nlive fan-out ({'gRPC Subscribe' if opts.grpc else 'SSE'}, {opts.workers} gateway "
          f"process(es){', beside a CPU-bound process' if opts.cpu_hog else ''}): "
          f"{opts.campaigns} campaigns x {opts.watchers} watchers, "
          f"{opts.rate:g} commands/s for {opts.seconds:g} s (baseline {opts.baseline_seconds:g} s)")
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  {'measured':>24}  target")
    for name, value, target in rows:
        print(f"{name:{width}}  {value:>24}  {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--campaigns", type=int, default=250)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--rate", type=float, default=125.0, help="commands/s, all campaigns")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--baseline-seconds", type=float, default=20.0,
                        help="the phase with no stream open; as long as the streams phase by "
                             "default, so that both p99s rest on as many commands")
    parser.add_argument("--workers", type=int, default=1,
                        help="gateway processes, as 'skald serve --workers N'")
    parser.add_argument("--grpc", action="store_true", help="watch with gRPC Subscribe, not SSE")
    parser.add_argument("--client-processes", type=int, default=None,
                        help="open the streams (SSE or gRPC) from this many processes of their "
                             "own, apart from the one timing the commands; 0: in the process "
                             "timing the commands; by default one, or as many as the SSE "
                             "streams need (a process holds at most its open-file limit of "
                             "sockets, one per SSE stream)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the (one-process) server under cProfile, stats to FILE")
    parser.add_argument("--cpu-hog", action="store_true",
                        help="run a CPU-bound process beside the server for the whole run")
    opts = parser.parse_args()
    assert opts.seconds <= 120 and opts.baseline_seconds <= 120, "bounded runs only"
    if opts.client_processes is None:
        opts.client_processes = default_client_processes(opts.campaigns * opts.watchers, opts.grpc)
    configure_logging(level="warning")
    import uvloop

    with embedded_service() as (url, redis_url):
        if opts.grpc:  # grpcio's asyncio support wants asyncio's own loop
            asyncio.run(run(url, redis_url, opts))
        else:
            uvloop.run(run(url, redis_url, opts))


if __name__ == "__main__":
    main()
