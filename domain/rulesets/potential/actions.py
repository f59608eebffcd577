"""Declaring and rolling an action's pool (L17-29): advantages, bonuses, concentration."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from contracts.rulesets.potential import AidUse, Cost, PoolRoll, Reroll
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.state import Advantage, PotentialSheet


class Pool(msgspec.Struct, frozen=True, kw_only=True):
    """A declared pool before it rolls: one d6 per source, the modifier sum, its cost."""

    sources: list[str]
    modifier: int
    cost: Cost
    used: list[Advantage] = []  # the actor's own advantages, for their keyword hooks
    rerolls: list[int] = []  # per die: reroll once at this face or lower (Dice keyword, L25)
    aid: list[AidUse] = []


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
    used: list[Advantage] = []
    modifier = dynamic = static = 0
    for adv_id in advantages:
        adv = sheets.find(sheet, adv_id)
        if adv is None or adv.discarded:
            why = "is not on the sheet" if adv is None else "is discarded until healed (L56)"
            raise DomainError(f"{field}.advantages", "potential.available L19",
                              f"advantage {adv_id!r} {why}")
        sources.append(adv_id)
        used.append(adv)
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
    rerolls = [a.reroll if "Dice" in a.keywords else 0 for a in used]
    return Pool(sources=sources, modifier=modifier, cost=Cost(dynamic=dynamic, static=static),
                used=used, rerolls=rerolls + [0] * (len(sources) - len(rerolls)))


def with_aid(pool: Pool, aid: Sequence[tuple[AidUse, Advantage]]) -> Pool:
    """L63-64: each ally's aiding advantage adds its 1d6+N to the pool (the ally pays)."""
    if not aid:
        return pool
    return msgspec.structs.replace(
        pool, sources=pool.sources + [f"{u.character_id}/{u.advantage}" for u, _ in aid],
        modifier=pool.modifier + sum(a.modifier for _, a in aid),
        rerolls=pool.rerolls + [a.reroll if "Dice" in a.keywords else 0 for _, a in aid],
        aid=[u for u, _ in aid])


def roll(pool: Pool, dice: Dice) -> PoolRoll:
    """L25: roll one d6 per source and total the faces and the advantages' modifiers.

    A Dice-keyword advantage's die is rolled again once when it shows its ``reroll`` face or
    lower (its summary's rule, L25); the replaced face stays in the record (digest 2.6).
    """
    faces: list[int] = []
    rerolled: list[Reroll] = []
    for i, threshold in enumerate(pool.rerolls or [0] * len(pool.sources)):
        face = dice.roll(6)
        if face <= threshold:
            rerolled.append(Reroll(index=i, replaced=face))
            face = dice.roll(6)
        faces.append(face)
    return PoolRoll(sources=pool.sources, faces=faces, modifier=pool.modifier,
                    score=sum(faces) + pool.modifier, cost=pool.cost, rerolls=rerolled,
                    aid=pool.aid)


def drawn(pool: PoolRoll) -> list[int]:
    """The d6 draws a recorded pool was read from, rerolled faces included, in order."""
    replaced = {r.index: r.replaced for r in pool.rerolls}
    out: list[int] = []
    for i, face in enumerate(pool.faces):
        out += [replaced[i], face] if i in replaced else [face]
    return out


def fixed(score: int, bonus_dice: int, dice: Dice) -> PoolRoll:
    """A minor opponent's fixed score (P-40) plus any situation bonus dice it gains (L23, P-5)."""
    faces = [dice.roll(6) for _ in range(bonus_dice)]
    return PoolRoll(sources=["situation"] * bonus_dice, faces=faces, modifier=0,
                    score=score + sum(faces), cost=Cost(), fixed=score)


def roll_bonus_dice(count: int, dice: Dice) -> list[int]:
    """Hindrance dice (L23) go to the opponent: each is 1d6+0."""
    return [dice.roll(6) for _ in range(count)]
