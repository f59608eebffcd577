"""``RenameCharacter`` p50 on a long character stream against the same on a short one.

Issue 13's first row: a command's cost should not grow with its stream (target: the long
stream's p50 at most 1.5x the short one's). Both characters live in one campaign on one
embedded PostgreSQL, measured in the same run, alternating, through ``CommandPipeline``
(the command path without HTTP). Printed, never asserted.

* ``warm``: one pipeline that has run commands before, so its folded-state cache holds both
  streams and each command reads only the events after the cached version.
* ``cold``: the first command on each stream in a fresh pipeline (a process just started):
  it starts from the stream's latest snapshot in PostgreSQL and reads only the events after it
  (the events read are printed); ``cold, no snapshot`` is the same with snapshots ignored (a
  pipeline of another fold version), which folds the whole stream.

Run from the repository root: ``python -m bench.stream_length [--long 5000] [--samples 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from contracts.commands import ENVELOPES, CommandEnvelope
from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.snapshots import SnapshotStore
from services.application.pipeline import CommandPipeline
from services.application.state_cache import StateCache
from services.entrypoints.logging import configure as configure_logging


def envelope(type_: str, payload: dict[str, object], command_id: str) -> CommandEnvelope:
    return msgspec.convert({"type": type_, "command_id": command_id, "payload": payload},
                           ENVELOPES[type_])


class Renamer:
    def __init__(self, pipeline: CommandPipeline, cid: str) -> None:
        self.pipeline, self.cid, self.n = pipeline, cid, 0

    async def rename(self, char: str) -> float:
        self.n += 1
        cmd = envelope("RenameCharacter",
                       {"campaign_id": self.cid, "character_id": char, "name": f"N{self.n}"},
                       f"{char}-{self.n}-{time.monotonic_ns()}")
        start = time.perf_counter()
        await self.pipeline.execute(cmd, "gm")
        return time.perf_counter() - start


async def bench(url: str, long_len: int, short_len: int, samples: int) -> None:
    await migrate(url)
    store = await EventStore.connect(url)
    try:
        filler = CommandPipeline(store)
        created = await filler.execute(envelope("CreateCampaign", {"name": "Bench"}, "bench-c"), "gm")
        cid = created.campaign_id
        for char in ("short", "long"):
            await filler.execute(envelope("CreateCharacter", {"campaign_id": cid, "name": char,
                                                              "character_id": char},
                                          f"create-{char}"), "gm")
        fill = Renamer(filler, cid)
        for char, length in (("short", short_len), ("long", long_len)):
            for _ in range(length - 1):
                await fill.rename(char)
        print(f"streams: short {short_len} events, long {long_len} events (plus the measured"
              f" renames)")

        await filler.states.snapshots.flush()

        cold: dict[str, float] = {}
        fresh = Renamer(CommandPipeline(store), cid)
        fresh.n = fill.n
        read: dict[str, int] = {}
        for char in ("short", "long"):
            before = fresh.pipeline.states.events_read
            cold[char] = await fresh.rename(char)
            read[char] = fresh.pipeline.states.events_read - before
        print(f"cold pipeline: events read short {read['short']}, long {read['long']}"
              f" (campaign stream included in the first)")
        # Measured after the cold row: this pipeline writes snapshots of its own fold version.
        blind = CommandPipeline(store)  # a fold version no snapshot has: folds every event
        blind.states = StateCache(store, snapshots=SnapshotStore(store.pool, fold_version=-1))
        unsnapped = Renamer(blind, cid)
        unsnapped.n = fill.n + 10_000
        no_snap = {char: await unsnapped.rename(char) for char in ("short", "long")}
        warm: dict[str, list[float]] = {"short": [], "long": []}
        for i in range(samples):
            for char in (("short", "long") if i % 2 else ("long", "short")):
                warm[char].append(await fresh.rename(char))
        p50 = {k: statistics.median(v) for k, v in warm.items()}
        print(f"{'what':<44}{'short':>10}{'long':>10}{'ratio':>8}{'target':>8}")
        print(f"{'RenameCharacter p50, warm (ms)':<44}{p50['short'] * 1e3:>10.2f}"
              f"{p50['long'] * 1e3:>10.2f}{p50['long'] / p50['short']:>8.2f}{'<= 1.5':>8}")
        print(f"{'first RenameCharacter, cold process (ms)':<44}{cold['short'] * 1e3:>10.2f}"
              f"{cold['long'] * 1e3:>10.2f}{cold['long'] / cold['short']:>8.2f}{'<= 1.5':>8}")
        print(f"{'first RenameCharacter, cold, no snapshot (ms)':<44}"
              f"{no_snap['short'] * 1e3:>10.2f}{no_snap['long'] * 1e3:>10.2f}"
              f"{no_snap['long'] / no_snap['short']:>8.2f}{'-':>8}")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", type=int, default=5000)
    parser.add_argument("--short", type=int, default=10)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--database-url", default="")
    opts = parser.parse_args()
    configure_logging(level="warning")
    if opts.database_url:
        asyncio.run(bench(opts.database_url, opts.long, opts.short, opts.samples))
        return
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        server = EmbeddedPostgres(Path(tmp))
        try:
            url = server.start()
            asyncio.run(bench(url, opts.long, opts.short, opts.samples))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
