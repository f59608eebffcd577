"""Rolls on the campaign ratings (L374-L377): a d100 against 3 x Detective Points for a lead,
3 x Public Status for co-operation or Thugs' morale, and the "Why me?" targeting rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.golden_heroes import campaign, detective, public_status
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

Load = Callable[[str, str], st.GoldenHeroesSheet]
PER_POINT: Final = 3  # 3 x the rating % (L374, L376, L377)
LINES: Final = {"lead": "L374", "co_operation": "L376", "thug_morale": "L376"}


def rating_for(sheet: st.GoldenHeroesSheet, use: str) -> int:
    """The rating a use rolls against: Detective Points for leads, Public Status otherwise."""
    if use == "lead":
        return detective.detective_points(sheet)
    return public_status.public_status(sheet)


def roll(cmd: c.RollRating, sheet: st.GoldenHeroesSheet, dice: Dice) -> list[Out]:
    """A d100 at or under 3 x the rating succeeds (L374, L376)."""
    rating = rating_for(sheet, cmd.use)
    percent = PER_POINT * rating
    die = dice.roll(100)
    return [event(char(cmd.character_id), c.RatingRolled(
        character_id=cmd.character_id, use=cmd.use, about=cmd.about, rating=rating,
        percent=percent, die=die, success=die <= percent))]


def choose_target(cmd: c.ChooseTarget, load: Load, dice: Dice) -> list[Out]:
    """"Why me?" (L377): ascending Personal Status, each 1d100 against 3 x PS % to be passed
    over; the first who fails is the target; all passing, a random one (ties keep the order
    given)."""
    if len(set(cmd.candidates)) != len(cmd.candidates):
        raise DomainError("candidates", "golden-heroes.why-me L377", "a candidate named twice")
    status = {cid: campaign.personal_status(load(cid, "candidates")) for cid in cmd.candidates}
    order = sorted(cmd.candidates, key=lambda cid: status[cid])
    faces: list[int] = []
    target, at_random = None, False
    for cid in order:
        faces.append(dice.roll(100))
        if faces[-1] > PER_POINT * status[cid]:
            target = cid
            break
    if target is None:
        faces.append(dice.roll(len(order)))
        target, at_random = order[faces[-1] - 1], True
    return [event(char(target), c.TargetChosen(
        order=order, statuses=[status[x] for x in order], dice=faces, target=target,
        at_random=at_random))]
