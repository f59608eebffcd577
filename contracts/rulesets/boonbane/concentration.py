"""Boonbane wire schema for Concentrate (L144-L147): prolonging a spell or effect, and the Will
challenge roll that damage or Insanity calls for.

Seed: ``seeds/001``; ``L###`` points into it. The sheet keeps what the creature concentrates on
(``concentrating``)."""

from __future__ import annotations

from typing import Annotated

import msgspec


class Concentrate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Concentrate action (L144-L147): prolong ``effect``; in an encounter it is the turn's
    action."""

    campaign_id: str
    character_id: str
    effect: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    encounter_id: str | None = None


class ConcentrationChanged(msgspec.Struct, frozen=True, kw_only=True):
    """What a creature concentrates on: begun (L145), lost on a failed Will challenge roll after
    damage or Insanity (L147), or ended with its ability to act (digest D-76)."""

    character_id: str
    effect: str | None
    cause: str


COMMANDS: tuple[type[msgspec.Struct], ...] = (Concentrate,)
