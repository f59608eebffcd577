"""Bounty Hunters (L376): "it will only be of real benefit to those with a Detective Points
total of 26 or more. Such characters will immediately rise one Financial Resource Level ...
all characters who elect to be Bounty Hunters will suffer an immediate drop in their Backing,
Heroism, and Public Identification Ratings". The other characters' gains (one area for each DUP
of Patrolling in a week) are the referee's, through ``ImproveCharacter``.
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.errors import StateConflict
from domain.rulesets.golden_heroes import campaign, detective, public_status, resources
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

RULE: Final = "golden-heroes.bounty-hunters L376"
DETECTIVE_POINTS_FOR_FRL: Final = 26  # "a Detective Points total of 26 or more" (L376)
DROPPED: Final = ("backing", "heroism", "identification")  # L376
FRL_MAX: Final = 10  # Financial Resource Levels 1-10 (L294)


def declare(cmd: c.BecomeBountyHunter, sheet: st.GoldenHeroesSheet,
            drop: int) -> list[Out]:
    """Becoming a Bounty Hunter (L376): one FRL higher with 26 or more Detective Points (not
    for the Jinxed or Uncertain, who cannot rise in resource levels, L370); Backing, Heroism
    and Public Identification each ``drop`` lower, never below 1."""
    if sheet.bounty_hunter:
        raise StateConflict("character_id", RULE, f"{cmd.character_id!r} is a Bounty Hunter")
    points = detective.detective_points(sheet)
    before = resources.frl(sheet)
    mind = campaign.state_of_mind(campaign.personal_status(sheet))
    rises = points >= DETECTIVE_POINTS_FOR_FRL and mind not in ("jinxed", "uncertain")
    after = min(before + 1, FRL_MAX) if rises else before
    ratings = {name: max(public_status.rating(sheet, name) - drop, 1) for name in DROPPED}
    ratings["frl"] = after
    if "approachability" not in sheet.ratings:  # it started at the old Identification (L338)
        ratings["approachability"] = detective.rating(sheet, "approachability")
    return [event(char(cmd.character_id), c.BountyHunterDeclared(
        character_id=cmd.character_id, detective_points=points, frl_before=before,
        frl_after=after, ratings=ratings))]
