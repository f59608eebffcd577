"""WISH events of encounters: turns, rounds, initiative, maneuvers, range and the basic actions
(L380-451, L1456, L1499, G-7)."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.initiative import InitiativeSlot


class EncounterStarted(WishEvent, frozen=True, kw_only=True, tag="wish.EncounterStarted"):
    encounter_id: str
    participants: list[str]


class EncounterEnded(WishEvent, frozen=True, kw_only=True, tag="wish.EncounterEnded"):
    round: int


class TurnStarted(WishEvent, frozen=True, kw_only=True, tag="wish.TurnStarted"):
    character_id: str


class TurnEnded(WishEvent, frozen=True, kw_only=True, tag="wish.TurnEnded"):
    character_id: str
    round: int


class RoundEnded(WishEvent, frozen=True, kw_only=True, tag="wish.RoundEnded"):
    round: int


class RallyStepBegan(WishEvent, frozen=True, kw_only=True, tag="wish.RallyStepBegan"):
    """The rally step at the end of a round (L1405)."""

    round: int


class ActionTaken(WishEvent, frozen=True, kw_only=True, tag="wish.ActionTaken"):
    """The turn's action (L380): ``kind`` names it; a Pin records its trigger and card, a
    Reposition its extra maneuvers, an action that fills the turn ``whole_turn``."""

    character_id: str
    kind: str
    stunt: str | UnsetType = UNSET
    trigger: str | UnsetType = UNSET
    pinned_card: str | UnsetType = UNSET
    extra_maneuvers: int | UnsetType = UNSET
    whole_turn: bool | UnsetType = UNSET


class ManeuverTaken(WishEvent, frozen=True, kw_only=True, tag="wish.ManeuverTaken"):
    """A maneuver (L380): the fatigue it cost and whether it was free."""

    character_id: str
    kind: str
    fatigue: int
    free: bool
    ally_id: str | None | UnsetType = UNSET  # an assist: the ally it helps
    stunt: str | None | UnsetType = UNSET  # a toggle or maintain: the stunt


class StanceShiftTaken(WishEvent, frozen=True, kw_only=True, tag="wish.StanceShiftTaken"):
    character_id: str


class StanceShifted(WishEvent, frozen=True, kw_only=True, tag="wish.StanceShifted"):
    """A stance shift (L249): the meter before and after, and the stress it cost."""

    before: int
    after: int
    stress: int


class InitiativeRolled(WishEvent, frozen=True, kw_only=True, tag="wish.InitiativeRolled"):
    """Initiative by superteam (G-7): the slots in order."""

    slots: list[InitiativeSlot]
    sides: dict[str, str]
    characteristic: str


class InitiativeSlotTaken(WishEvent, frozen=True, kw_only=True, tag="wish.InitiativeSlotTaken"):
    slot: int


class InitiativeMoved(WishEvent, frozen=True, kw_only=True, tag="wish.InitiativeMoved"):
    """The acting slot moved (Delayed/Accelerated L1456, L1499; Shift L449)."""

    from_: int = msgspec.field(name="from")
    to: int
    cause: str


class SeparationSet(WishEvent, frozen=True, kw_only=True, tag="wish.SeparationSet"):
    """The separation of a pair in maneuvers and its range band."""

    pair: str
    maneuvers: int
    band: str
    cause: str | UnsetType = UNSET


class ParticipantLeft(WishEvent, frozen=True, kw_only=True, tag="wish.ParticipantLeft"):
    character_id: str
    cause: str


class Dared(WishEvent, frozen=True, kw_only=True, tag="wish.Dared"):
    """A Dare (L450): the opponents it taunts."""

    character_id: str
    opponents: list[str]


class Grandstanded(WishEvent, frozen=True, kw_only=True, tag="wish.Grandstanded"):
    character_id: str
    maneuver: bool


class CardPinned(WishEvent, frozen=True, kw_only=True, tag="wish.CardPinned"):
    """A card pinned for a trigger (L446)."""

    card: str
    trigger: str


class PinLapsed(WishEvent, frozen=True, kw_only=True, tag="wish.PinLapsed"):
    card: str
    cause: str


class PinnedPlayed(WishEvent, frozen=True, kw_only=True, tag="wish.PinnedPlayed"):
    card: str
    trigger: str


class AssistGiven(WishEvent, frozen=True, kw_only=True, tag="wish.AssistGiven"):
    """An assist for the ally's next check (L384)."""

    by: str
    skill: str | None
