"""The stance meter (L81-97): voluntary shifts and forced moves."""

from __future__ import annotations

import msgspec

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import conditions
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet

FREE_STEPS = 1  # L83: one step free at the beginning of the turn
PAID_STEPS = 1  # L83: one more for 1 stress


class Shift(msgspec.Struct, frozen=True, kw_only=True):
    before: int
    after: int
    stress: int


def shift(sheet: WishSheet, steps: int, options: WishOptions) -> Shift:
    """A voluntary shift: one step free, one more for 1 stress, never past the meter (L83, L89)."""
    if steps == 0:
        raise DomainError("steps", "wish.stance.shift L83", "a shift moves at least one step")
    if abs(steps) > FREE_STEPS + PAID_STEPS:
        raise DomainError(
            "steps", "wish.stance.shift L83", "at most one free step and one paid step per turn"
        )
    if conditions.count(sheet, "Staggered"):
        raise StateConflict(
            "steps", "wish.condition.staggered L1460", "a Staggered character cannot change stance"
        )
    st = sheet.stance
    after = st.position + steps
    if not -st.defensive <= after <= st.offensive:
        raise StateConflict(
            "steps",
            "wish.stance.meter L89",
            f"the meter runs {-st.defensive}..{st.offensive}; {after} is off it",
        )
    stress = options.extra_stance_step_stress * max(0, abs(steps) - FREE_STEPS)
    return Shift(before=st.position, after=after, stress=stress)


def forced(sheet: WishSheet, toward: int, n: int = 1) -> int:
    """Position after a forced move of ``n`` steps towards Offensive (+1) or Defensive (-1).

    A move past the end of the meter is ignored (L89).
    """
    st = sheet.stance
    return max(-st.defensive, min(st.offensive, st.position + toward * n))


def depth(sheet: WishSheet) -> int:
    """Steps deep into the current stance (L85-87)."""
    return abs(sheet.stance.position)
