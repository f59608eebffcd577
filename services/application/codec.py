"""Recorded events as clients see them, and who may see them."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.narration import line
from services.application.records import StoredEvent


def wire_event(stored: StoredEvent, *, narrated: bool = True) -> dict[str, Any]:
    """The public shape of a recorded event (what clients see in replies, logs and streams),
    with its ``line`` in words (``domain.narration``) unless ``narrated`` is false (exports)."""
    event = {
        "position": stored.position,
        "campaign_id": stored.campaign_id,
        "stream_id": stored.stream_id,
        "stream_version": stored.stream_version,
        "type": stored.type,
        "schema_version": stored.schema_version,
        "data": stored.data,
        "metadata": stored.metadata,
        "recorded_at": stored.recorded_at.isoformat(),
    }
    if narrated:  # null for bookkeeping a table does not show
        said = line(stored.type, stored.data, character_of(stored.stream_id))
        event["line"] = msgspec.to_builtins(said) if said is not None else None
    return event


def character_of(stream_id: str) -> str | None:
    """The character whose stream holds an event (``character/<campaign>/<id>``), if any."""
    return stream_id.rsplit("/", 1)[1] if stream_id.startswith("character/") else None


def visible_to(event: dict[str, Any], role: str | None) -> bool:
    """GM-only events are shown to GMs and nobody else."""
    return event.get("metadata", {}).get("visibility", "public") == "public" or role == "gm"
