"""The hot-stream row over HTTP: 64 clients renaming one character against 64 on 64 characters.

The same row as ``bench/hot_stream.py``, through two ``skald serve``-like server processes (the
gateway of ``bench/roundtrip.py``, each with its in-process projector) on one embedded
PostgreSQL and Redis, so conflicts between processes are real. Each client is a lean keep-alive
HTTP connection to one of the two servers (alternating); a refusal is any 4xx reply, counted
and printed with its body. Printed, never asserted.

Run from the repository root: ``python -m bench.hot_stream_http [--clients 64] [--commands 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
import msgspec

from bench.lean_http import LeanHttp
from bench.roundtrip import fresh_database, start_server
from services.adapters.tokens import create_token
from services.entrypoints.logging import configure as configure_logging


async def scenario(clients: list[LeanHttp], auth: dict[str, str], cid: str,
                   characters: list[str], commands: int, tag: str) -> tuple[float, int]:
    """Each client renames its character ``commands`` times; returns (commands/s, refusals)."""
    refusals = 0

    async def client(i: int) -> None:
        nonlocal refusals
        for k in range(commands):
            body = msgspec.json.encode({
                "command_id": f"{tag}-{i}-{k}-{uuid.uuid4().hex[:6]}", "type": "RenameCharacter",
                "payload": {"campaign_id": cid, "character_id": characters[i],
                            "name": f"{tag} {i}.{k}"}})
            try:
                await clients[i].request("POST", "/v1/commands", auth, body)
            except RuntimeError as err:  # LeanHttp raises on a 4xx or 5xx reply
                refusals += 1
                print(f"refused: {err}")

    start = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(len(characters))))
    return len(characters) * commands / (time.perf_counter() - start), refusals


async def run(url: str, redis_url: str, clients: int, commands: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        token = await create_token(conn, "bench")
    finally:
        await conn.close()
    servers = [start_server(url, redis_url), start_server(url, redis_url)]
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    lean = [LeanHttp(servers[i % 2][1]) for i in range(clients)]
    try:
        setup = lean[0]
        _, made = await setup.request("POST", "/v1/commands", auth, msgspec.json.encode({
            "command_id": "hot-c", "type": "CreateCampaign", "payload": {"name": "Hot"}}))
        cid = msgspec.json.decode(made)["campaign_id"]
        spread = [f"c{i}" for i in range(clients)]
        for char in ["hot", *spread]:
            await setup.request("POST", "/v1/commands", auth, msgspec.json.encode({
                "command_id": f"make-{char}", "type": "CreateCharacter",
                "payload": {"campaign_id": cid, "name": char, "character_id": char}}))
        spread_rate, spread_refused = await scenario(lean, auth, cid, spread, commands, "spread")
        hot_rate, hot_refused = await scenario(lean, auth, cid, ["hot"] * clients, commands, "hot")
        print(f"{clients} clients x {commands} RenameCharacter over HTTP, two server processes")
        print(f"{'scenario':<34}{'commands/s':>12}{'refused':>9}")
        print(f"{f'{clients} characters (baseline)':<34}{spread_rate:>12.0f}{spread_refused:>9}")
        print(f"{'one character':<34}{hot_rate:>12.0f}{hot_refused:>9}")
        print(f"hot/spread rate {hot_rate / spread_rate:.2f}x (target >= 0.5x);"
              f" refusals {hot_refused} (target 0)")
    finally:
        for client in lean:
            await client.close()
        for proc, _, _ in servers:
            proc.send_signal(signal.SIGINT)
        for proc, _, _ in servers:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--commands", type=int, default=10)
    opts = parser.parse_args()
    configure_logging(level="warning")
    from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            url = asyncio.run(fresh_database(pg.start()))
            asyncio.run(run(url, redis.start(), opts.clients, opts.commands))
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    main()
