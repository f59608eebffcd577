"""Magic and Mental Attacks (L99): the command and its event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec


class MentalAttack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Magic or Mental Attack by ``character_id`` on ``target_id`` (L99): 1d20 + Ego each,
    the attacker's total must be greater. A conscious target may resist a Mental Attack,
    declared before the roll: +5, its next 2 frames spent in advance."""

    campaign_id: str
    character_id: str
    target_id: str
    kind: Literal["magic", "mental"] = "mental"
    resist: bool = False
    cannot_resist: bool = False  # a power whose target "cannot resist" (e.g. L240-L241)
    bonus: Annotated[int, msgspec.Meta(ge=0, le=40)] = 0  # e.g. Mind War's +1 a Psi Point (L247)
    encounter_id: str | None = None  # in a fight resisting spends the target's frames
    note: str = ""  # the spell or power it is for


class MentalAttackRolled(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    target_id: str
    kind: str
    attacker_die: int
    attacker_ego: int
    bonus: int
    defender_die: int
    defender_ego: int
    resisted: bool
    resist_bonus: int  # +5 when resisting (L99)
    status_bonus: int  # Confident and above: +1 a Personal Status point over 20, at most +5
    attacker_total: int
    defender_total: int
    success: bool  # the attacker's total is greater; a tie fails (decision #45)
    note: str = ""
