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
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import grpc
import httpx

from services.grpc_gateway.generated import skald_pb2
from services.logging import configure as configure_logging
from services.migrate import migrate
from services.tokens import create_token

SERVICE = "/skald.v1.Skald"
Call = Callable[[], Awaitable[None]]


@dataclass
class Result:
    name: str
    in_flight: int
    calls: int
    seconds: float
    latencies: list[float]

    def row(self) -> str:
        lat = sorted(self.latencies)
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        return (f"{self.name:<16} {self.in_flight:>9} {self.calls:>7} "
                f"{self.calls / self.seconds:>10.0f} {p50:>9.2f} {p99:>9.2f}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --------------------------------------------------------------------------- server process


async def serve(database_url: str, redis_url: str, http_port: int, grpc_port: int) -> None:
    import uvicorn

    from services.gateway.app import create_app
    from services.grpc_gateway.server import start_grpc_server
    from services.settings import Settings

    app = create_app(Settings(database_url=database_url, redis_url=redis_url))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=http_port,
                                           log_level="warning", lifespan="on"))
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


def start_server(database_url: str, redis_url: str) -> tuple[subprocess.Popen[str], int, int]:
    http_port, grpc_port = free_port(), free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.roundtrip", "--serve", database_url, redis_url,
         str(http_port), str(grpc_port)],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, "SKALD_LOG_LEVEL": "warning"})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        raise SystemExit("the bench server did not start")
    return proc, http_port, grpc_port


# --------------------------------------------------------------------------- measuring


async def measure(name: str, make_call: Callable[[int], Call], calls: int, in_flight: int,
                  warmup: int) -> Result:
    workers = [make_call(i) for i in range(in_flight)]
    for k in range(warmup):
        await workers[k % in_flight]()
    latencies: list[float] = []
    remaining = calls

    async def worker(call: Call) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            start = time.perf_counter()
            await call()
            latencies.append(time.perf_counter() - start)

    began = time.perf_counter()
    await asyncio.gather(*(worker(w) for w in workers))
    return Result(name, in_flight, calls, time.perf_counter() - began, latencies)


async def run(database_url: str, opts: argparse.Namespace) -> list[Result]:
    conn = await asyncpg.connect(database_url)
    try:
        token = await create_token(conn, "bench")
    finally:
        await conn.close()
    proc, http_port, grpc_port = start_server(database_url, opts.redis_url)
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

            plan = [("http echo", http_echo, opts.echoes), ("grpc echo", grpc_echo, opts.echoes),
                    ("http command", http_command, opts.commands),
                    ("grpc command", grpc_command, opts.commands)]
            for in_flight in (1, opts.concurrency):
                for name, make, count in plan:
                    results.append(await measure(name, make, count, in_flight, opts.warmup))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    return results


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
    parser.add_argument("--commands", type=int, default=1000, help="commands per measurement")
    parser.add_argument("--echoes", type=int, default=3000, help="echo calls per measurement")
    parser.add_argument("--concurrency", type=int, default=32, help="calls in flight")
    parser.add_argument("--warmup", type=int, default=50)
    return parser.parse_args(argv)


def report(results: list[Result], where: str) -> None:
    print(f"\nround trips against {where} PostgreSQL/Redis, client and server on one machine")
    print(f"{'measurement':<16} {'in flight':>9} {'calls':>7} {'calls/s':>10} "
          f"{'p50 ms':>9} {'p99 ms':>9}")
    for r in results:
        print(r.row())


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--serve"]:
        configure_logging(level="warning")
        asyncio.run(serve(args[1], args[2], int(args[3]), int(args[4])))
        return
    opts = parse_args(args)
    configure_logging(level="warning")
    if opts.database_url and opts.redis_url:
        url = asyncio.run(fresh_database(opts.database_url))
        report(asyncio.run(run(url, opts)), "given")
        return
    from services.embedded import EmbeddedPostgres, EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            admin_url = opts.database_url or pg.start()
            opts.redis_url = opts.redis_url or redis.start()
            url = asyncio.run(fresh_database(admin_url))
            report(asyncio.run(run(url, opts)), "embedded")
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):  # the server process stops on SIGINT
        main()
