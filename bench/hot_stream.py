"""64 clients sending commands to the same character, against 64 clients on 64 characters.

Issue 13's row: no refusals, and the hot character's rate at least half the spread-out rate.
The clients are split over two ``CommandPipeline`` instances on one store, standing for two
gateway processes: inside one, a campaign's commands queue; between the two, conflicts are
retried with jitter. Measured in one run on one embedded PostgreSQL; printed, never asserted.

Run from the repository root: ``python -m bench.hot_stream [--clients 64] [--commands 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import msgspec

from contracts.commands import ENVELOPES, CommandEnvelope
from domain.errors import DomainError
from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.application.pipeline import CommandPipeline
from services.entrypoints.logging import configure as configure_logging


def envelope(type_: str, payload: dict[str, object], command_id: str) -> CommandEnvelope:
    return msgspec.convert({"type": type_, "command_id": command_id, "payload": payload},
                           ENVELOPES[type_])


async def scenario(pipelines: list[CommandPipeline], cid: str, characters: list[str],
                   commands: int, tag: str) -> tuple[float, int]:
    """Each client renames its character ``commands`` times; returns (commands/s, refusals)."""
    refusals = 0

    async def client(i: int) -> None:
        nonlocal refusals
        pipeline, char = pipelines[i % len(pipelines)], characters[i]
        for k in range(commands):
            cmd = envelope("RenameCharacter", {"campaign_id": cid, "character_id": char,
                                               "name": f"{tag} {i}.{k}"}, f"{tag}-{i}-{k}")
            try:
                await pipeline.execute(cmd, "gm")
            except DomainError as err:
                refusals += 1
                print(f"refused: {err.field} {err.rule}: {err.message}")

    start = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(len(characters))))
    return len(characters) * commands / (time.perf_counter() - start), refusals


async def bench(url: str, clients: int, commands: int) -> None:
    await migrate(url)
    store = await EventStore.connect(url, max_size=20)
    try:
        setup = CommandPipeline(store)
        cid = (await setup.execute(envelope("CreateCampaign", {"name": "Hot"}, "hot-c"), "gm")
               ).campaign_id
        spread = [f"c{i}" for i in range(clients)]
        for char in ["hot", *spread]:
            await setup.execute(envelope("CreateCharacter", {"campaign_id": cid, "name": char,
                                                             "character_id": char},
                                         f"make-{char}"), "gm")
        pipelines = [CommandPipeline(store), CommandPipeline(store)]
        spread_rate, spread_refused = await scenario(pipelines, cid, spread, commands, "spread")
        hot_rate, hot_refused = await scenario(pipelines, cid, ["hot"] * clients, commands, "hot")
        print(f"{clients} clients x {commands} RenameCharacter, two pipelines on one store")
        print(f"{'scenario':<34}{'commands/s':>12}{'refused':>9}")
        print(f"{f'{clients} characters (baseline)':<34}{spread_rate:>12.0f}{spread_refused:>9}")
        print(f"{'one character':<34}{hot_rate:>12.0f}{hot_refused:>9}")
        print(f"hot/spread rate {hot_rate / spread_rate:.2f}x (target >= 0.5x);"
              f" refusals {hot_refused} (target 0)")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--commands", type=int, default=10)
    parser.add_argument("--database-url", default="")
    opts = parser.parse_args()
    configure_logging(level="warning")
    if opts.database_url:
        asyncio.run(bench(opts.database_url, opts.clients, opts.commands))
        return
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        server = EmbeddedPostgres(Path(tmp))
        try:
            asyncio.run(bench(server.start(), opts.clients, opts.commands))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
