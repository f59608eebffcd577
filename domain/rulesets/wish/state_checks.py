"""The domain's own records of WISH checks a character's state remembers (L3-69, L212-222,
L518-528): the dice showing, their tally and result, and the recent checks Fortune may still
amend. They are state, not wire: ``views.py`` maps the events' dice records into them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import Die


class DieRoll(msgspec.Struct, frozen=True, kw_only=True):
    die: Die
    face: int
    symbols: list[str]
    chained: bool = False  # rolled because an Expertise die said "roll another" (L49)


class Tally(msgspec.Struct, kw_only=True):
    S: int = 0
    F: int = 0
    B: int = 0
    N: int = 0
    SER: int = 0
    CAL: int = 0
    EXR: int = 0
    RCH: int = 0


class CheckResult(msgspec.Struct, frozen=True, kw_only=True):
    net_successes: int  # successes minus failures; >= 1 succeeds (L522-524)
    net_boons: int  # boons minus banes; < 0 means banes (L526)
    serendipity: int
    calamity: int
    success: bool
    critical_failure_eligible: bool  # failed with a calamity (L528)
    downgraded: int


class RecentCheck(msgspec.Struct, kw_only=True):
    """A recorded check that Fortune may still amend after the roll (L222)."""

    check_id: str
    # what the roll was: only a plain "check" may still be amended (L222); the others applied
    # their outcome when rolled (a hit's damage, a contest's winner, a Stabilize, an initiative
    # order, a travel effect, a React's net successes)
    kind: Literal["check", "attack", "contest", "stabilize", "initiative", "travel",
                  "react"] = "check"
    characteristic: str = ""
    target_id: str | None = None
    tally: Tally = msgspec.field(default_factory=Tally)
    result: CheckResult | None = None
    lines: list[str] = []  # option lines triggered so far ("key label")
    consumed: dict[str, int] = {}  # boons, banes, serendipities, calamities spent on lines
    stunt: str | None = None  # the stunt card used, for its justification's lines (L338-368)
    stunt_rating: int = 0  # its rating in this resolution (Arcane lines change it, L340-341)
    pool: dict[str, int] = {}  # the pool rolled, for a Mystic's re-roll (L837)
    dice: list[DieRoll] = []  # the dice showing now (re-rolls and Fortune dice included)
    rerolled: bool = False  # Mystical Reality used on it: "the second roll stands" (L837)
    cosmic_winds: int = 0  # Cosmic Winds choices made on its serendipities (L799, D-40)
