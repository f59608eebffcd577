"""What a decider knows about the command besides its payload."""

from __future__ import annotations

import msgspec


class CommandContext(msgspec.Struct, frozen=True, kw_only=True):
    actor: str
    command_id: str
    # Set by the service for CreateCampaign: SHA-256 of the freshly drawn dice seed.
    seed_commitment: str = ""
