"""Recorded events as clients see them, and who may see them."""

from __future__ import annotations

from typing import Any

from services.event_store import StoredEvent


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
