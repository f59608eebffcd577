"""The domain's own WISH encounter state: rounds, turns, Dares and the initiative tracker
(L378-380, L263-264, L450; digest G-7). Same fields, defaults and options as the wire's
``EncounterState``, so the stored form is the same bytes; ``views.py`` maps it to the wire.
"""

from __future__ import annotations

import msgspec


class InitiativeSlot(msgspec.Struct, kw_only=True):
    """One slot of a superteam on the initiative tracker (L449, L1456; digest G-7)."""

    side: str
    rolled_by: str
    net_successes: int
    net_boons: int
    used: bool = False  # taken this Round


class DareRecord(msgspec.Struct, kw_only=True):
    """A Dare (L450): the darer and the opponents it encourages to attack it, until the
    darer's next Turn begins."""

    character_id: str
    opponents: list[str]


class TurnState(msgspec.Struct, kw_only=True):
    character_id: str
    maneuvers: int = 0
    free_maneuvers: int = 0  # how many of ``maneuvers`` were free ones (L380, L448, L1481)
    actions: int = 0
    stance_shifted: bool = False
    slot: int | None = None  # the initiative slot this turn took (digest G-7)
    extra_maneuvers: int = 0  # free maneuvers the turn's Action bought (Reposition, L448)
    whole_turn: bool = False  # the turn went to an N Turns (L261) or Persisted (L264) effect
    whole_turn_kind: str = ""  # the Action that took it: "extended <stunt>", "maintain ..."


class EncounterState(msgspec.Struct, kw_only=True):
    """An encounter's rounds and turns (L378-380, L263-264)."""

    encounter_id: str
    participants: list[str]
    round: int = 1
    acted: list[str] = []  # characters whose turn this round is over
    turn: TurnState | None = None
    active: bool = True
    # movement maneuvers between two participants, keyed "a|b" in id order (L402-419)
    separations: dict[str, int] = {}
    # the initiative tracker, top slot first, and each participant's superteam (G-7)
    initiative: list[InitiativeSlot] = []
    sides: dict[str, str] = {}
    rally_step: bool = False  # a Rally Step is open until the next Turn begins (G-8, L257)
    dares: list[DareRecord] = []  # Dares standing until each darer's next Turn (L450)
