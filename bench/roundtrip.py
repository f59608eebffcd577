"""Command round trips over gRPC and over HTTP, each beside a trivial echo on the same transport.

A server process runs the HTTP gateway (uvicorn) and the gRPC gateway on one ``Services``,
exactly as ``skald serve`` does; this process is the client. For each transport it measures:

* ``echo``: the transport baseline. HTTP ``GET /healthz``; gRPC ``Echo``. No token, no
  database, no Redis.
* ``command``: ``RollDice`` ``2d6`` on one campaign, a fresh command id each time: token
  check, decide, append (PostgreSQL), reply.

each sequentially (1 in flight) and with ``--concurrency`` (32) in flight, and prints
calls/s and p50/p99 latency. HTTP uses one keep-alive connection per in-flight request
(HTTP/1.1); gRPC one channel (HTTP/2, multiplexed). Figures are printed, never asserted.

The lean rows are measured three times: ``stock`` (asyncio and h11), the fast server (uvloop
and httptools, the projector in the server process, as ``skald serve``), and ``split``
(``skald serve --no-projector`` with ``skald projector`` as a process of its own).

Run from the repository root: ``python -m bench.roundtrip`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import grpc
import httpx
import msgspec

from bench import server_profile
from bench.lean_http import LeanHttp
from bench.measuring import Call, Result, measure
from services.adapters.migrate import migrate
from services.adapters.tokens import create_token
from services.entrypoints.grpc.generated import skald_pb2
from services.entrypoints.logging import configure as configure_logging

SERVICE = "/skald.v1.Skald"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --------------------------------------------------------------------------- server process

UNCACHED_ODDS = "SKALD_BENCH_ODDS_UNCACHED"  # set to 1: the server's WISH odds cache is emptied
# before every computation (each answer a first computation; for bench.wish_odds only)


async def serve(database_url: str, redis_url: str, http_port: int, grpc_port: int,
                stock: bool = False, split: bool = False) -> None:
    import uvicorn

    from services.application.settings import Settings
    from services.entrypoints.app import UVICORN_OPTIONS, create_app
    from services.entrypoints.grpc.server import start_grpc_server

    if os.environ.get(UNCACHED_ODDS) == "1":  # bench.wish_odds: every odds answer computed anew
        from domain.rulesets.wish import ruleset

        cached = ruleset._odds_of

        def first_computation(*args: Any) -> Any:
            cached.cache_clear()
            return cached(*args)

        ruleset._odds_of = first_computation  # type: ignore[assignment]
    # ``split``: ``skald serve --no-projector``, the projector running as its own process.
    # Rate limits off unless the environment sets them (bench.flood does; a benchmark's single
    # token sends far more than the defaults allow).
    limits: dict[str, Any] = {"rate_per_token": int(os.environ.get("SKALD_RATE_PER_TOKEN", "0")),
              "rate_per_user": int(os.environ.get("SKALD_RATE_PER_USER", "0")),
              "rate_hold_s": float(os.environ.get("SKALD_RATE_HOLD_S", "1"))}
    app = create_app(Settings(database_url=database_url, redis_url=redis_url, **limits),
                     run_projector=not split, tune_gc=True)  # as ``skald serve`` builds it
    # ``stock``: asyncio's loop and h11, uvicorn's defaults, to compare in the same run.
    http = {"http": "h11"} if stock else {"http": UVICORN_OPTIONS["http"]}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=http_port,
                                           log_level="warning", lifespan="on", **http))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    grpc_server = await start_grpc_server(app.state.services, "127.0.0.1", grpc_port)
    print("ready", flush=True)
    try:
        await task
    finally:
        await grpc_server.stop(1)


def start_server(database_url: str, redis_url: str, stock: bool = False,
                 split: bool = False, log_level: str = "warning",
                 env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], int, int]:
    http_port, grpc_port = free_port(), free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.roundtrip", "--serve", database_url, redis_url,
         str(http_port), str(grpc_port), "stock" if stock else "split" if split else "fast"],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, "SKALD_LOG_LEVEL": log_level, **(env or {})})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        raise SystemExit("the bench server did not start")
    return proc, http_port, grpc_port


def start_projector(database_url: str, redis_url: str,
                    log_level: str = "warning") -> subprocess.Popen[str]:
    """``skald projector``: the projection in a process of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "services.entrypoints.cli", "projector"], text=True,
        cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, "SKALD_LOG_LEVEL": log_level, "SKALD_DATABASE_URL": database_url,
             "SKALD_REDIS_URL": redis_url})


async def run(database_url: str, opts: argparse.Namespace, stock: bool = False,
              split: bool = False) -> list[Result]:
    conn = await asyncpg.connect(database_url)
    try:
        token = await create_token(conn, "bench")
    finally:
        await conn.close()
    proc, http_port, grpc_port = start_server(database_url, opts.redis_url, stock, split,
                                              opts.log_level)
    projector = start_projector(database_url, opts.redis_url, opts.log_level) if split else None
    tag = "stock " if stock else "split " if split else ""
    results: list[Result] = []
    try:
        auth = {"Authorization": f"Bearer {token}"}
        metadata = (("authorization", f"Bearer {token}"),)
        base = f"http://127.0.0.1:{http_port}"
        limits = httpx.Limits(max_connections=opts.concurrency, max_keepalive_connections=opts.concurrency)
        async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http, \
                grpc.aio.insecure_channel(f"127.0.0.1:{grpc_port}") as channel:
            made = await http.post("/v1/commands", headers=auth, json={
                "command_id": f"bench-{uuid.uuid4().hex}", "type": "CreateCampaign",
                "payload": {"name": "Bench"}})
            made.raise_for_status()
            cid = made.json()["campaign_id"]
            echo = channel.unary_unary(f"{SERVICE}/Echo",
                                       request_serializer=skald_pb2.EchoRequest.SerializeToString,
                                       response_deserializer=skald_pb2.EchoReply.FromString)
            execute = channel.unary_unary(
                f"{SERVICE}/Execute", request_serializer=skald_pb2.Command.SerializeToString,
                response_deserializer=skald_pb2.CommandResult.FromString)

            lean: list[LeanHttp] = []
            # Each lean client rolls in a campaign of its own, so clients never share a lock.
            campaigns: list[str] = []
            for i in range(opts.concurrency):
                own = await http.post("/v1/commands", headers=auth, json={
                    "command_id": f"bench-{uuid.uuid4().hex}", "type": "CreateCampaign",
                    "payload": {"name": f"Bench {i}"}})
                own.raise_for_status()
                campaigns.append(own.json()["campaign_id"])

            def lean_echo(_: int) -> Call:
                client = LeanHttp(http_port)
                lean.append(client)

                async def call() -> None:
                    await client.request("GET", "/healthz", {})
                return call

            def lean_command(i: int) -> Call:
                client = LeanHttp(http_port)
                lean.append(client)
                headers = {**auth, "Content-Type": "application/json"}

                async def call() -> None:
                    body = msgspec.json.encode({
                        "command_id": f"b-{uuid.uuid4().hex}", "type": "RollDice",
                        "payload": {"campaign_id": campaigns[i], "expression": "2d6"}})
                    await client.request("POST", "/v1/commands", headers, body)
                return call

            def http_echo(_: int) -> Call:
                async def call() -> None:
                    (await http.get("/healthz")).raise_for_status()
                return call

            def grpc_echo(_: int) -> Call:
                async def call() -> None:
                    await echo(skald_pb2.EchoRequest(message="ping"))
                return call

            def http_command(_: int) -> Call:
                async def call() -> None:
                    response = await http.post("/v1/commands", headers=auth, json={
                        "command_id": f"b-{uuid.uuid4().hex}", "type": "RollDice",
                        "payload": {"campaign_id": cid, "expression": "2d6"}})
                    response.raise_for_status()
                return call

            def grpc_command(_: int) -> Call:
                async def call() -> None:
                    await execute(skald_pb2.Command(
                        command_id=f"b-{uuid.uuid4().hex}",
                        roll_dice=skald_pb2.RollDice(campaign_id=cid, expression="2d6")),
                        metadata=metadata)
                return call

            plan = [("lean healthz", lean_echo, opts.echoes),
                    ("lean RollDice", lean_command, opts.commands),
                    ("http echo", http_echo, opts.echoes), ("grpc echo", grpc_echo, opts.echoes),
                    ("http command", http_command, opts.commands),
                    ("grpc command", grpc_command, opts.commands)]
            if stock or split:
                plan = plan[:2]
            for in_flight in dict.fromkeys((1, opts.concurrency)):
                for name, make, count in plan:
                    profiled = opts.profile and not (stock or split) and in_flight == opts.concurrency \
                        and name == "lean RollDice"
                    async with (server_profile.recording(proc.pid, opts.profile) if profiled
                                else contextlib.nullcontext()):
                        results.append(await measure(tag + name, make, count, in_flight,
                                                     opts.warmup, proc.pid, opts.cpu))
                    if profiled:
                        server_profile.print_summary(opts.profile, f"{name}, {in_flight} in flight")
            for client in lean:
                await client.close()
    finally:
        for child in (proc, projector):
            if child is None:
                continue
            child.send_signal(signal.SIGINT)
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
    return results


@contextlib.contextmanager
def embedded_service() -> Iterator[tuple[str, str]]:
    """A scratch embedded PostgreSQL (a fresh, migrated database) and Redis: their URLs."""
    from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            admin_url = pg.start()
            redis_url = redis.start()
            yield asyncio.run(fresh_database(admin_url)), redis_url
        finally:
            redis.stop()
            pg.stop()


async def fresh_database(admin_url: str) -> str:
    name = f"skald_rt_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(admin_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))
    await migrate(url)
    return url


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.roundtrip", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--database-url", help="a scratch PostgreSQL server (superuser URL; a "
                        "fresh database is created on it); default: embedded")
    parser.add_argument("--redis-url", help="a scratch Redis; default: embedded")
    parser.add_argument("--commands", type=int, default=3000, help="commands per measurement")
    parser.add_argument("--echoes", type=int, default=6000, help="echo calls per measurement")
    parser.add_argument("--concurrency", type=int, default=32, help="calls in flight")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--log-level", default="warning",
                        help="the servers' log level (SKALD_LOG_LEVEL); at 'info', what"
                             " 'skald serve' defaults to, every command writes a log line")
    parser.add_argument("--servers", default="stock,fast,split",
                        help="which servers to measure, of stock, fast and split")
    parser.add_argument("--cpu", action="store_true",
                        help="also print the CPU time per call of every process on the machine"
                             " (Linux), by role: server, client, PostgreSQL, Redis, others")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE",
                        help="sample the fast server with py-spy during the RollDice row with "
                             "--concurrency in flight; raw stacks to FILE, shares printed")
    opts = parser.parse_args(argv)
    unknown = set(opts.servers.split(",")) - {"stock", "fast", "split"}
    if unknown:
        parser.error(f"--servers: unknown {', '.join(sorted(unknown))} (of stock, fast, split)")
    return opts


def report(results: list[Result], where: str) -> None:
    print(f"\nround trips against {where} PostgreSQL/Redis, client and server on one machine")
    print(f"{'measurement':<22} {'in flight':>9} {'calls':>7} {'calls/s':>10} "
          f"{'p50 ms':>9} {'p99 ms':>9} {'srv CPU us/call':>15}")
    for r in results:
        print(r.row())
    if any(r.cpu for r in results):
        roles = ("server", "client", "postgres", "redis", "other python", "rest")
        print(f"\nCPU us per call, by process ({', '.join(roles)}; 'rest': anything else on the"
              " machine)")
        print(f"{'measurement':<22} {'in flight':>9} " + " ".join(f"{r:>12}" for r in roles)
              + f" {'machine':>8}")
        for r in results:
            if r.cpu is not None:
                print(f"{r.name:<22} {r.in_flight:>9} "
                      + " ".join(f"{r.cpu.get(role, 0.0) / r.calls * 1e6:>12.0f}"
                               for role in roles)
                      + f" {sum(r.cpu.values()) / r.seconds * 100:>7.0f}%")
    found = {(r.name, r.in_flight): r for r in results}
    print(f"\n{'issue 13 row':<52} {'server':<16} {'figure':>8} {'target':>8}")
    for tag, server in (("stock ", "asyncio + h11"), ("", "uvloop+httptools"),
                        ("split ", "+ projector proc")):
        one = [found.get((tag + n, 1)) for n in ("lean healthz", "lean RollDice")]
        many = [r for r in results if r.in_flight > 1 and r.name in (tag + "lean healthz",
                                                                      tag + "lean RollDice")]
        if all(one):
            assert one[0] is not None and one[1] is not None
            ratio = statistics.median(one[1].latencies) / statistics.median(one[0].latencies)
            print(f"{'RollDice p50 / healthz p50, 1 in flight':<52} {server:<16} {ratio:>7.1f}x"
                  f" {'<= 3x':>8}")
        if len(many) == 2:
            echo, cmd = sorted(many, key=lambda r: "RollDice" in r.name)
            rate = (cmd.calls / cmd.seconds) / (echo.calls / echo.seconds)
            print(f"{f'RollDice/s / healthz/s, {cmd.in_flight} clients (p99 ms)':<52} {server:<16}"
                  f" {rate:>7.2f}x {'>= 0.3x':>8}  p99 {cmd.p99:.0f} ms (target <= 50)")


def run_servers(url: str, opts: argparse.Namespace) -> list[Result]:
    chosen = opts.servers.split(",")
    results: list[Result] = []
    for server in ("stock", "fast", "split"):
        if server in chosen:
            results += asyncio.run(run(url, opts, stock=server == "stock",
                                       split=server == "split"))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--serve"]:
        configure_logging(level=os.environ.get("SKALD_LOG_LEVEL", "warning"), cache=True)
        stock = args[5:6] == ["stock"]
        if stock:
            asyncio.run(serve(args[1], args[2], int(args[3]), int(args[4]), stock=True))
        else:
            import uvloop
            uvloop.run(serve(args[1], args[2], int(args[3]), int(args[4]),
                             split=args[5:6] == ["split"]))
        return
    opts = parse_args(args)
    configure_logging(level="warning")
    if opts.database_url and opts.redis_url:
        report(run_servers(asyncio.run(fresh_database(opts.database_url)), opts), "given")
        return
    from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            admin_url = opts.database_url or pg.start()
            opts.redis_url = opts.redis_url or redis.start()
            report(run_servers(asyncio.run(fresh_database(admin_url)), opts), "embedded")
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):  # the server process stops on SIGINT
        main()
