"""X Turns Extended effects (L259, L261): 'occupies 1 or more of a character's entire Turns,
preventing them from altering their stance, taking any maneuvers at all, or taking their normal
Action. The effect resolves during the character's End of Turn phase at the end of the allotted
time frame. If anything interrupts the character or does damage to them, the effect
automatically fails and any Actions expended on it thus far are wasted.' Its Recharge begins
when the Extended time window has elapsed (L259). The Turn it begins is its first."""

from __future__ import annotations

import re
from typing import Final

import msgspec

from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state import ExtendedEffect, Stunt, WishSheet
from domain.rulesets.wish.state_encounter import TurnState

RULE: Final = "wish.trait.x_turns L261"
_TURNS = re.compile(r"(?P<n>[0-9]{1,2}) Turns?")


def turns(stunt: Stunt) -> int:
    """The N of a stunt's "N Turns" trait (L261), 0 without one."""
    for trait in stunt.traits:
        m = _TURNS.fullmatch(trait)
        if m is not None:
            return int(m["n"])
    return 0


def can_begin(sheet: WishSheet, name: str, turn: TurnState) -> int:
    """An "N Turns" stunt may begin at the start of a Turn that has taken nothing yet: no stance
    change, maneuver or Action (L261), none under way, not recharging (L510); returns N."""
    stunt = sheet.stunts.get(name)
    if stunt is None:
        raise DomainError("stunt", RULE, f"no stunt {name!r}")
    n = turns(stunt)
    if n < 1:
        raise DomainError("stunt", RULE, f"{name} has no 'N Turns' trait")
    if sheet.extended is not None:
        raise StateConflict("stunt", RULE, f"{sheet.extended.stunt} is already under way")
    if stunt.recharge_tokens > 0:
        raise StateConflict("stunt", "wish.stunt.recharge L510",
                            f"{name} is recharging ({stunt.recharge_tokens} tokens)")
    if turn.stance_shifted or turn.maneuvers or turn.actions:
        raise StateConflict("stunt", RULE, "it takes the entire turn: something was already "
                            "taken in this one")
    return n


def no_stance_change(sheet: WishSheet) -> None:
    """No stance change while an X Turns effect is under way (L261)."""
    if sheet.extended is not None:
        raise StateConflict("steps", RULE, f"{sheet.extended.stunt} is under way: "
                            "no stance change")


def fold_begun(s: WishSheet, e: ev.ExtendedBegun) -> WishSheet:
    """Fold ``wish.ExtendedBegun``."""
    return msgspec.structs.replace(s, extended=ExtendedEffect(stunt=e.stunt, turns=e.turns))


def fold_progressed(s: WishSheet, e: ev.ExtendedProgressed) -> WishSheet:
    """Fold ``wish.ExtendedProgressed``: one more entire Turn spent on it."""
    if s.extended is None:
        return s
    return msgspec.structs.replace(
        s, extended=msgspec.structs.replace(s.extended, done=e.done))


def fold_ended(s: WishSheet, e: ev.ExtendedResolved | ev.ExtendedFailed) -> WishSheet:
    """Fold ``wish.ExtendedResolved`` and ``wish.ExtendedFailed``: no longer under way."""
    return msgspec.structs.replace(s, extended=None)
