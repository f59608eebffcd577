"""Import a campaign's export (JSON Lines, ``services.application.export``) into a store without
that campaign."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime

import asyncpg
import msgspec

from domain import audit

PAGE = 1000


class ImportRefused(Exception):
    pass


async def import_lines(database_url: str, lines: Iterable[bytes | str]) -> int:
    """Load an export into a store that holds nothing of its campaign, keeping every position
    (positions count within their campaign, so they never clash with another's),
    version and time, so the read models rebuild exactly as they were. Returns events loaded.

    Revealed seeds (and the secret ones of an operator's backup) go back into the seed table;
    without the current epoch's seed the campaign reads and verifies as before, but its new rolls
    are refused ("dice.seed-committed").
    """
    items = [msgspec.json.decode(line) for line in lines if line.strip()]
    if not items or items[0].get("format") != audit.FORMAT:
        raise ImportRefused("the first line is not a skald-export header")
    campaign_id = items[0]["campaign_id"]
    events = [item for item in items[1:] if "secret_seed" not in item]
    secrets = [item["secret_seed"] for item in items[1:] if "secret_seed" in item]
    conn = await asyncpg.connect(database_url)
    try:
        async with conn.transaction():
            if await conn.fetchval("SELECT count(*) FROM events WHERE campaign_id = $1", campaign_id):
                raise ImportRefused(f"the store already holds events of campaign {campaign_id!r}")
            await conn.executemany(
                "INSERT INTO events (position, campaign_id, stream_id, stream_version, type,"
                " schema_version, data, metadata, recorded_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)",
                [(ev["position"], ev["campaign_id"], ev["stream_id"], ev["stream_version"],
                  ev["type"], ev["schema_version"], msgspec.json.encode(ev["data"]).decode(),
                  msgspec.json.encode(ev["metadata"]).decode(),
                  datetime.fromisoformat(ev["recorded_at"])) for ev in events],
            )
            seeds = {ev["data"]["epoch"]: ev["data"]["seed"] for ev in events
                     if ev["type"] == "SeedRevealed"}
            seeds.update({s["epoch"]: s["seed"] for s in secrets})
            for epoch, seed in seeds.items():
                seed_bytes = bytes.fromhex(seed)
                await conn.execute(
                    "INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment)"
                    " VALUES ($1, $2, $3, $4)", campaign_id, epoch, seed_bytes,
                    hashlib.sha256(seed_bytes).hexdigest())
            if events:
                await conn.execute("INSERT INTO campaign_heads (campaign_id, position) VALUES ($1, $2)",
                                   campaign_id, max(ev["position"] for ev in events))
    finally:
        await conn.close()
    return len(events)
