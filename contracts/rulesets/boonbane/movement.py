"""Boonbane wire schema for the actions that move (Rush L225-L227, Retreat L222-L224): each the
turn's action (usable on a fast turn, digest D-23), moving the creature the yards its Speed
gives. Positions are not kept: ``away_from`` names the creatures the movement leaves, as with
``boonbane.Move``.

Seed: ``seeds/001``; ``L###`` points into it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec


class Rush(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Rush (L225-L227): "Move up to twice your Speed." The turn's action."""

    campaign_id: str
    encounter_id: str
    character_id: str
    away_from: Annotated[list[str], msgspec.Meta(max_length=50)] = []
    use: Literal["action", "triggered"] = "action"


class Retreat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Retreat (L222-L224): "Move up to half your Speed without triggering free attacks." The
    turn's action; a free attack (L50) on the retreating creature is refused until its next
    Move or the end of the round."""

    campaign_id: str
    encounter_id: str
    character_id: str
    away_from: Annotated[list[str], msgspec.Meta(max_length=50)] = []
    use: Literal["action", "triggered"] = "action"


COMMANDS: tuple[type[msgspec.Struct], ...] = (Rush, Retreat)
