"""The initiative tracker (digest G-7; L449, L1456, L1499): the seed names a tracker with
slots per superteam, Shift, Delayed and Accelerated, but gives no procedure. The digest's
decision: each side has one slot per character, ordered by an initiative check; any member of
a side may use the side's next open slot; Shift moves a slot to the top, Delayed takes the
side's bottom slot and moves it down a step, Accelerated moves the used slot up a step.

An encounter whose initiative was never rolled keeps free order (``encounter.py``).
"""

from __future__ import annotations

from domain.errors import StateConflict
from domain.rulesets.wish.state_encounter import EncounterState, InitiativeSlot

RULE = "wish.initiative G-7"


def ordered(slots: list[InitiativeSlot]) -> list[InitiativeSlot]:
    """Top slot first: more net successes, then more net boons; ties keep the roll order
    (digest G-7; the tracker of L449, L1456, L1499)."""
    return sorted(slots, key=lambda s: (-s.net_successes, -s.net_boons))


def slot_for(e: EncounterState, character_id: str, delayed: bool) -> int | None:
    """The slot a character's turn takes: the top open slot, which must be its superteam's;
    Delayed: "you must take the bottom most initiative tracker available for your superteam"
    (L1456). None when initiative has not been rolled."""
    if not e.initiative:
        return None
    side = e.sides.get(character_id)
    open_slots = [i for i, s in enumerate(e.initiative) if not s.used and fillable(e, s.side)]
    if side is None:
        raise StateConflict("character_id", RULE, f"{character_id} has no initiative slot")
    if not open_slots:
        raise StateConflict("character_id", RULE, "every slot has been used this Round")
    top = open_slots[0]
    if e.initiative[top].side != side:
        raise StateConflict("character_id", RULE,
                            f"the next slot is superteam {e.initiative[top].side!r}'s")
    if delayed:
        mine = [i for i in open_slots if e.initiative[i].side == side]
        if top != mine[-1]:
            raise StateConflict("character_id", "wish.condition.delayed L1456",
                                "Delayed: take your superteam's bottom-most slot")
    return top


def fillable(e: EncounterState, side: str) -> bool:
    """Whether a superteam's open slot can still be taken this Round: some participant of it
    has not had its turn. A side whose members have all acted or left the encounter (a travel
    React, L1168-1198) holds no slot the others must wait for, or the order would stop there."""
    return any(e.sides.get(p) == side and p not in e.acted for p in e.participants)


def moves_at_end_of_turn(e: EncounterState, delayed: bool, accelerated: bool) -> list[int]:
    """Where the used slot moves in the End of Turn phase, step by step: Delayed one step down
    unless already at the bottom, the Initiative 0 step (L1456); Accelerated one up (L1499)."""
    if e.turn is None or e.turn.slot is None:
        return []
    at, last = e.turn.slot, len(e.initiative) - 1
    to = at
    if delayed and to < last:
        to += 1
    if accelerated and to > 0:
        to -= 1
    return [] if to == at else [to]


def move(slots: list[InitiativeSlot], at: int, to: int) -> list[InitiativeSlot]:
    """The tracker with the slot at ``at`` moved to position ``to`` (Shift L449, Delayed
    L1456, Accelerated L1499; digest G-7)."""
    out = list(slots)
    if 0 <= at < len(out) and 0 <= to < len(out):
        out.insert(to, out.pop(at))
    return out
