"""The watchers of ``bench/live_fanout.py``: SSE streams read straight off their sockets, or gRPC
``Subscribe`` calls, each recording every ``DiceRolled`` it sees (position, arrival); in the bench's
own process or in client processes of their own (``--client-processes``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import resource
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from multiprocessing.connection import Connection
from typing import cast

import msgspec

OPEN_AT_ONCE = 200  # stream opens in flight
OPEN_TIMEOUT = 60.0
SPARE_FILES = 500  # a watcher process's files besides its SSE sockets (libraries, pipes), at most


@dataclass
class Watcher:
    campaign: int
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    seen: list[tuple[int, float]] = field(default_factory=list)  # (position, arrival)
    failed: str = ""
    sample: bool = False  # read each event's recorded_at (wall clock) too
    recorded: dict[int, float] = field(default_factory=dict)  # position -> recorded_at - arrival


class SseReader(asyncio.Protocol):
    """One SSE stream read straight off its socket: each ``DiceRolled``'s (position, arrival).

    Lines are split from what each read brings, with no await per line: the watchers stand for
    clients on other machines, so their own CPU on this one should stay small beside the
    server's (a reader awaiting each line cost about twice as much per event)."""

    def __init__(self, watcher: Watcher, request: bytes) -> None:
        self.watcher, self.request = watcher, request
        self.transport: asyncio.Transport | None = None
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.rest, self.status = b"", b""
        self.event, self.ident = b"", b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        for line in lines:
            self.line(line.rstrip(b"\r"))

    def line(self, line: bytes) -> None:
        w = self.watcher
        if not self.status:
            self.status = line
            if b" 200 " not in line + b" ":
                self.fail(line.decode(errors="replace").strip())
        elif line.startswith(b"event: "):
            self.event = line[7:]
        elif line.startswith(b"id: "):
            self.ident = line[4:]
        elif w.sample and line.startswith(b"data: ") and self.event == b"DiceRolled":
            at = msgspec.json.decode(line[6:])["recorded_at"]
            w.recorded[int(self.ident)] = datetime.fromisoformat(at).timestamp() - time.time()
        elif not line and (self.event or self.ident):
            if self.event == b"ready":
                w.ready.set()
            elif self.event == b"DiceRolled":
                position = int(self.ident)
                w.seen.append((position, time.perf_counter()))
                if position in w.recorded:  # recorded_at, on the perf clock
                    w.recorded[position] += time.perf_counter()
            self.event, self.ident = b"", b""

    def fail(self, why: str) -> None:
        self.watcher.failed = self.watcher.failed or why
        self.watcher.ready.set()
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None:
            self.watcher.failed = self.watcher.failed or f"{type(exc).__name__}: {exc}"
        self.watcher.ready.set()
        if not self.ended.done():
            self.ended.set_result(None)


async def follow(port: int, token: str, cid: str, watcher: Watcher) -> None:
    """One SSE stream over a raw socket (``SseReader``), until it ends or the task is cancelled."""
    request = (f"GET /v1/campaigns/{cid}/live HTTP/1.1\r\nHost: bench\r\n"
               f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
    loop = asyncio.get_running_loop()
    try:
        transport, reader = await loop.create_connection(lambda: SseReader(watcher, request),
                                                         "127.0.0.1", port)
    except OSError as err:
        watcher.failed = f"connect: {err}"
        watcher.ready.set()
        return
    try:
        await reader.ended
    finally:
        watcher.ready.set()
        transport.close()


async def follow_grpc(channel: object, token: str, cid: str, watcher: Watcher,
                      stop: asyncio.Event) -> None:
    """One ``Subscribe`` call over a shared grpcio channel: record each DiceRolled."""
    import grpc

    from services.entrypoints.grpc.generated import skald_pb2

    call = channel.unary_stream(  # type: ignore[attr-defined]
        "/skald.v1.Skald/Subscribe", request_serializer=lambda m: m.SerializeToString(),
        response_deserializer=skald_pb2.LiveItem.FromString)
    stream = call(skald_pb2.SubscribeRequest(campaign_id=cid),
                  metadata=(("authorization", f"Bearer {token}"),))
    try:
        async for item in stream:
            kind = item.WhichOneof("item")
            if kind == "ready":
                watcher.ready.set()
            elif kind == "event" and item.event.type == "DiceRolled":
                arrived = time.perf_counter()
                watcher.seen.append((item.event.position, arrived))
                if watcher.sample:
                    at = datetime.fromisoformat(item.event.recorded_at).timestamp()
                    watcher.recorded[item.event.position] = at - time.time() + arrived
            if stop.is_set():
                break
    except grpc.aio.AioRpcError as err:
        if not stop.is_set():
            watcher.failed = f"{err.code().name}: {err.details()}"
    except asyncio.CancelledError:
        pass
    finally:
        watcher.ready.set()
        stream.cancel()


# A watcher process, the pipe to it, and the watchers whose streams it holds.
WatcherProcess = tuple[multiprocessing.process.BaseProcess, Connection, list[Watcher]]


def default_client_processes(streams: int, grpc: bool) -> int:
    """One watcher process, or as many as ``streams`` SSE sockets need within each process's
    open-file limit (gRPC streams share one socket per campaign)."""
    if grpc:
        return 1
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    per_process = max(1, hard - SPARE_FILES)
    return max(1, -(-streams // per_process))


async def start_watcher_processes(port: int, grpc_port: int | None,
                                  streams: list[tuple[Watcher, str]], count: int,
                                  clients: list[WatcherProcess]) -> None:
    """Open ``streams`` (each a watcher and its token) from ``count`` processes of their own,
    split evenly, each added to ``clients`` as it starts (so the caller can stop it whatever
    happens); returns once each has opened what it could (those watchers are ready, the others
    failed)."""
    ctx = multiprocessing.get_context("spawn")
    for k in range(count):
        mine = streams[k::count]
        here, there = ctx.Pipe()
        child = ctx.Process(target=watcher_process, args=(
            port, grpc_port, [(w.campaign, token, w.sample) for w, token in mine], there))
        child.start()
        clients.append((child, here, [w for w, _ in mine]))
    for _, here, mine_w in clients:
        ok = await asyncio.to_thread(here.recv)
        for w in mine_w[:ok]:
            w.ready.set()  # what each saw comes back at the end (``collect_watcher_processes``)
        for w in mine_w[ok:]:
            w.failed = "not opened (in a client process)"


async def collect_watcher_processes(clients: list[WatcherProcess]) -> None:
    """Stop each watcher process and copy what its watchers saw onto the watchers here."""
    for client, here, mine_w in clients:
        here.send("stop")
        for w, (seen, recorded, failed, ready) in zip(mine_w, await asyncio.to_thread(here.recv),
                                                      strict=True):
            w.seen, w.recorded = seen, recorded
            w.failed = w.failed or failed
            if not ready:
                w.ready.clear()
        client.join(timeout=30)


def watcher_process(port: int, grpc_port: int | None, assignments: list[tuple[int, str, bool]],
                    conn: Connection) -> None:
    """A client process of its own for some of the streams (``--client-processes``): one
    process may hold only as many sockets as its open-file limit allows, and the watchers' work
    stays out of the loop that times the commands. Over gRPC when ``grpc_port`` is given."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if grpc_port is not None:  # grpcio's asyncio support wants asyncio's own loop
        asyncio.run(_watch_here(port, grpc_port, assignments, conn))
        return
    import uvloop

    uvloop.run(_watch_here(port, grpc_port, assignments, conn))


async def _watch_here(port: int, grpc_port: int | None, assignments: list[tuple[int, str, bool]],
                      conn: Connection) -> None:
    stop = asyncio.Event()
    watchers = [Watcher(c, sample=sample) for c, _, sample in assignments]
    channels: dict[int, object] = {}
    if grpc_port is not None:
        import grpc

        channels = {c: grpc.aio.insecure_channel(f"127.0.0.1:{grpc_port}")
                    for c in sorted({c for c, _, _ in assignments})}
    tasks = await open_streams(port, [(w, token) for w, (_, token, _) in zip(
        watchers, assignments, strict=True)], stop, channels)
    # The streams' objects live for the whole run: out of the collector's sight, as a server's
    # startup objects are (services/entrypoints/gc_tuning.py), so that no collection walking
    # them all delays the watchers' reads.
    gc.collect()
    gc.freeze()
    conn.send(sum(1 for w in watchers if w.ready.is_set() and not w.failed))
    await asyncio.to_thread(conn.recv)  # the run is over
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels.values():
        await channel.close()  # type: ignore[attr-defined]
    conn.send([(w.seen, w.recorded, w.failed, w.ready.is_set()) for w in watchers])


async def open_streams(port: int, streams: list[tuple[Watcher, str]], stop: asyncio.Event,
                       channels: Mapping[int, object] | None = None) -> list[asyncio.Task[None]]:
    """Open every stream (at most ``OPEN_AT_ONCE`` opening at a time), each answered with
    ``ready`` or failed; over gRPC when ``channels`` (one per campaign) are given."""
    gate = asyncio.Semaphore(OPEN_AT_ONCE)
    tasks: list[asyncio.Task[None]] = []

    async def open_one(w: Watcher, token: str) -> None:
        async with gate:
            cid = f"hall-{w.campaign}"
            tasks.append(asyncio.create_task(
                follow_grpc(channels[w.campaign], token, cid, w, stop) if channels
                else follow(port, token, cid, w)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(w.ready.wait(), OPEN_TIMEOUT)

    await asyncio.gather(*(open_one(w, token) for w, token in streams))
    return tasks
