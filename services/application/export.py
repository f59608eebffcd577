"""Export a campaign's event log as JSON Lines: the audit's input (``domain.audit``), and the
operator's backup (``skald export``; ``services.adapters.export_import`` reads one back in)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec

from domain import audit
from services.application.codec import wire_event
from services.application.ports import EventLog

PAGE = 1000


async def export_lines(store: EventLog, campaign_id: str, *,
                       include_secret_seeds: bool = False) -> AsyncIterator[bytes]:
    """The header, then every event of the campaign in position order (GM-only ones included).

    ``include_secret_seeds`` is for the operator's own backups: it appends the seeds of epochs
    not yet revealed, so an import can go on rolling. Never hand such a file to players.
    """
    yield msgspec.json.encode(audit.header(campaign_id))
    after = 0
    revealed: set[int] = set()
    while rows := await store.read_campaign(campaign_id, after, PAGE):
        for row in rows:
            if row.type == "SeedRevealed":
                revealed.add(int(row.data["epoch"]))
            yield msgspec.json.encode(wire_event(row, narrated=False))
        after = rows[-1].position
    if include_secret_seeds:
        for epoch, seed in await store.dice_seeds(campaign_id):
            if epoch not in revealed:
                yield msgspec.json.encode({"secret_seed": {"epoch": epoch, "seed": seed.hex()}})
