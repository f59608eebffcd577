"""What a decider knows about the command besides its payload."""

from __future__ import annotations

from typing import Any

import msgspec


class CommandContext(msgspec.Struct, frozen=True, kw_only=True):
    actor: str
    command_id: str
    # Set by the service for commands that may open a dice epoch: SHA-256 of a fresh seed.
    seed_commitment: str = ""
    # Set by the service for commands that may reveal the current epoch's seed (hex).
    current_seed: str = ""
    client_seed: str | None = None
    # The recorded event a command names by position (RevealRoll, Retcon), looked up by the service.
    target: TargetEvent | None = None


class TargetEvent(msgspec.Struct, frozen=True, kw_only=True):
    position: int
    campaign_id: str
    stream_id: str
    type: str
    data: dict[str, Any]
    metadata: dict[str, Any]
