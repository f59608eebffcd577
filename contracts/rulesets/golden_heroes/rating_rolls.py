"""Rolls on the campaign ratings (L374-L377): leads, co-operation, Thugs' morale, "Why me?".

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

RatingUse = Literal["lead", "co_operation", "thug_morale"]


class RollRating(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A d100 against 3 x a rating: hearing of a ``lead`` (Detective Points, L374), orders or
    advice accepted (``co_operation``) or Thugs surrendering or fleeing (``thug_morale``)
    (Public Status, L376). ``about`` names the lead or the situation."""

    campaign_id: str
    character_id: str
    use: RatingUse
    about: Annotated[str, msgspec.Meta(max_length=120)] = ""


class RatingRolled(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    use: str
    about: str
    rating: int
    percent: int
    die: int
    success: bool


class ChooseTarget(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Opponents with a genuinely random choice of targets (L377): the ``candidates`` in
    ascending Personal Status each roll 1d100 against 3 x PS % not to be the one; the first
    who fails is the target; if all pass, one is picked at random."""

    campaign_id: str
    candidates: Annotated[list[str], msgspec.Meta(min_length=1, max_length=20)]


class TargetChosen(msgspec.Struct, frozen=True, kw_only=True):
    order: list[str]  # the candidates tested, ascending Personal Status
    statuses: list[int]
    dice: list[int]  # each d100 until one fails, then a d(n) if all passed
    target: str
    at_random: bool = False
