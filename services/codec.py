"""Turning recorded rows back into domain events, and events into wire dicts."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts.events import EVENT_TYPES, Event
from services.event_store import StoredEvent


def to_domain(stored: StoredEvent) -> Event | None:
    """The platform event a row holds, or None for a type this build does not know."""
    cls = EVENT_TYPES.get(stored.type)
    if cls is None:
        return None
    return msgspec.convert(stored.data, cls)


def wire_event(stored: StoredEvent) -> dict[str, Any]:
    """The public shape of a recorded event (what clients see in replies, logs and streams)."""
    return {
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


def visible_to(event: dict[str, Any], role: str | None) -> bool:
    """GM-only events are shown to GMs and nobody else."""
    return event.get("metadata", {}).get("visibility", "public") == "public" or role == "gm"
