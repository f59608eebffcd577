"""Declaring and rolling an action's pool (L17-29): advantages, bonuses, concentration."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from contracts.rulesets.potential import Cost, PoolRoll, PotentialSheet
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.potential import sheet as sheets


class Pool(msgspec.Struct, frozen=True, kw_only=True):
    """A declared pool before it rolls: one d6 per source, the modifier sum, its cost."""

    sources: list[str]
    modifier: int
    cost: Cost


def declare(sheet: PotentialSheet, advantages: Sequence[str], *, situation_bonuses: int = 0,
            potential_action: bool = False, concentration: bool = False,
            free: frozenset[str] = frozenset(), field: str = "payload") -> Pool:
    """The pool of a declared action (L17-23, L28-29).

    Each advantage must be available (on the sheet, not discarded, L19) and used once (P-8);
    it costs one token of its type (L22) unless it is in ``free`` (the free resist, L52).
    """
    if potential_action and advantages:
        raise DomainError(f"{field}.potential_action", "potential.potential-action L29",
                          "a potential action uses no advantages (P-4)")
    if not potential_action and not advantages:
        raise DomainError(f"{field}.advantages", "potential.action L17",
                          "an action uses one or more advantages, or is a potential action")
    if len(set(advantages)) != len(advantages):
        raise DomainError(f"{field}.advantages", "potential.once-per-action L39",
                          "an advantage is used at most once in an action (P-8)")
    sources: list[str] = []
    modifier = dynamic = static = 0
    for adv_id in advantages:
        adv = sheets.find(sheet, adv_id)
        if adv is None or adv.discarded:
            why = "is not on the sheet" if adv is None else "is discarded until healed (L56)"
            raise DomainError(f"{field}.advantages", "potential.available L19",
                              f"advantage {adv_id!r} {why}")
        sources.append(adv_id)
        modifier += adv.modifier
        if adv_id in free:
            continue
        if sheets.is_static(adv):
            static += 1
        else:
            dynamic += 1
    if potential_action:
        sources.append("potential action")  # 1d6+0 for one dynamic token (L29)
        dynamic += 1
    if concentration:
        sources.append("concentration")  # one spare dynamic token for +1d6+0 (L28)
        dynamic += 1
    sources += ["situation"] * situation_bonuses  # +1d6+0 each, free (L23)
    return Pool(sources=sources, modifier=modifier, cost=Cost(dynamic=dynamic, static=static))


def roll(pool: Pool, dice: Dice) -> PoolRoll:
    """L25: roll one d6 per source and total the faces and the advantages' modifiers."""
    faces = [dice.roll(6) for _ in pool.sources]
    return PoolRoll(sources=pool.sources, faces=faces, modifier=pool.modifier,
                    score=sum(faces) + pool.modifier, cost=pool.cost)


def roll_bonus_dice(count: int, dice: Dice) -> list[int]:
    """Hindrance dice (L23) go to the opponent: each is 1d6+0."""
    return [dice.roll(6) for _ in range(count)]
