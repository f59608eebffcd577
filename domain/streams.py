"""Stream ids. Every stream lives inside one campaign, so ids are scoped by it."""

from __future__ import annotations

import hashlib


def campaign_stream(campaign_id: str) -> str:
    return f"campaign/{campaign_id}"


def character_stream(campaign_id: str, character_id: str) -> str:
    return f"character/{campaign_id}/{character_id}"


def rolls_stream(campaign_id: str) -> str:
    return f"rolls/{campaign_id}"


def encounter_stream(campaign_id: str, encounter_id: str) -> str:
    return f"encounter/{campaign_id}/{encounter_id}"


def derived_id(prefix: str, *parts: str) -> str:
    """An id derived from the command that creates the thing, so a retried command names it again."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]
    return f"{prefix}_{digest}"
