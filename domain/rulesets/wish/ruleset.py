"""``WISH``: the ruleset object the platform uses (``RulesetWithCommands``).

Its ``streams_for``, ``decide`` and ``evolve`` are the seam's (``seam.CommandRuleset``): WISH's
handlers and typed folds (``decider.DECIDER``), its state codec (``codec.WishCodec``), its event
registry and the streams each command declares (``streams.STREAMS``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish.events import EVENT_TYPES as WISH_EVENT_TYPES
from contracts.rulesets.wish.events import WishEvent
from domain.errors import DomainError
from domain.rulesets.seam import CommandRuleset
from domain.rulesets.wish import decide as deciders
from domain.rulesets.wish import dying, origin_abilities, travel, views
from domain.rulesets.wish import odds as odds_module
from domain.rulesets.wish import pool as pool_module
from domain.rulesets.wish import reread as reread_module
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.authority import AUTHORITY
from domain.rulesets.wish.codec import WishCodec
from domain.rulesets.wish.decide_context import WishState
from domain.rulesets.wish.decider import DECIDER
from domain.rulesets.wish.display import DISPLAY
from domain.rulesets.wish.faces import DICE, ORDER
from domain.rulesets.wish.options import parse_options
from domain.rulesets.wish.streams import STREAMS
from domain.rulesets.wish.upcast import upcast

COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"wish.{t.__name__}": t for t in deciders.HANDLERS.commands()
}


MAX_ODDS_DICE = 24  # exact convolution stays well under a second up to here


def odds(pool: Mapping[str, int], *, downgrade: bool = False,
         depth: int = odds_module.DEPTH) -> c.OddsView:
    """The exact outcome distribution of a pool (L3-69; digest §1.3), as a view."""
    unknown = [d for d in pool if d not in DICE]
    if unknown or any(n < 0 for n in pool.values()):
        raise DomainError("pool", "wish.dice-L3-69", f"unknown dice or negative counts: {unknown}")
    if sum(pool.values()) > MAX_ODDS_DICE:
        raise DomainError("pool", "wish.odds.size",
                          f"exact odds are computed for pools of up to {MAX_ODDS_DICE} dice")
    normalised = tuple((code, pool[code]) for code in ORDER if pool.get(code, 0))
    return _odds_of(normalised, downgrade, depth)


ODDS_CACHE_SIZE = 1024  # pools remembered; a pool's odds never change, so any of them may be


@functools.lru_cache(maxsize=ODDS_CACHE_SIZE)
def _odds_of(pool: tuple[tuple[str, int], ...], downgrade: bool, depth: int) -> c.OddsView:
    """The odds of a normalised pool (its dice in ``ORDER``, none of count 0): a pure function
    of it, so computed once and then read from a bounded LRU cache. The view returned is shared
    by every caller asking for the same pool: read it, never change it."""
    return odds_module.view(odds_module.odds(dict(pool), downgrade=downgrade, depth=depth))


_COUNT = re.compile(r"[0-9]{1,3}")


def parse_pool(text: str) -> dict[str, int]:
    """``CHR:3,OFF:2`` as ``{"CHR": 3, "OFF": 2}`` (counts of one die add up)."""
    counts: dict[str, int] = {}
    for part in text.split(","):
        die, _, count = part.partition(":")
        if not _COUNT.fullmatch(count):  # ASCII digits: int() also reads "٣", isdigit() "²"
            raise DomainError("pool", "wish.pool-notation",
                              f"{part!r}: a pool is DIE:COUNT,... with COUNT in ASCII digits 0-999")
        counts[die.upper()] = counts.get(die.upper(), 0) + int(count)
    return counts


class WishRuleset(CommandRuleset[WishEvent, WishState]):
    id = "wish"
    title = "WISH"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    authority = AUTHORITY  # who may send each command (authority.py)
    # The platform's decision: the GM runs encounters and awards experience (seed L597: XP is
    # gained "for completing sessions and story events"), and inflicts lasting harm directly.
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset({
        c.StartEncounter, c.EndRound, c.EndEncounter, c.AwardExperience, c.InflictLasting,
        # "all hindrances must be approved by the GM" (L1339; digest §8.2 "GM approval token")
        c.TakeHindrance,
        # "the GM chooses detrimental options" (L520)
        c.ImposeOptionLines,
        c.ImposeJustificationLine,  # L520, L341, L354, L368
        # an Unreliable stunt's return is the GM's call (L273)
        c.RestoreStunt,
        # the GM runs the initiative tracker (digest G-7)
        c.RollInitiative,
        # Xeno: the GM decides when an Alien is reminded of its nature (L777)
        c.RemindXeno,
        c.RechargeItemOfPower,  # Limited Charges: "usually a story event" (L924)
        # Critical Intolerance: "The GM (or attacking player) chooses a Stunt" (L897)
        c.ChooseMalfunction,
    })
    check_spec_type = c.CheckSpec
    event_types: Mapping[str, type[msgspec.Struct]] = WISH_EVENT_TYPES
    roll_events: frozenset[str] = frozenset(
        {"wish.CheckRolled", "wish.CheckAmended", "wish.BriefConditionRolled",
         "wish.CheckRerolled"}
    )

    def __init__(self) -> None:
        super().__init__(decider=DECIDER, codec=WishCodec(), events=WISH_EVENT_TYPES,
                         commands=COMMAND_TYPES, streams=STREAMS, view=views.view, upcast=upcast)

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the digest's recommended decisions as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized WISH sheet; errors name each invalid field ``sheet.<path>``."""
        return sheets.validate_sheet(raw, parse_options(options))

    odds_query = c.OddsQuery

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """The exact outcome distribution of the pool in an odds query (L3-69)."""
        return odds(parse_pool(query.pool), downgrade=query.downgrade, depth=query.depth)

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_module.reread(event_type, data, draws)

    @staticmethod
    def draws_read(event_type: str, data: Mapping[str, Any]) -> int | None:
        """How many of its command's draws a recorded roll shows (``domain.audit``)."""
        return reread_module.draws_read(event_type, data)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Figures that follow from a sheet: thresholds, current Wounds and Grit, rank, states."""
        loaded = sheets.load(sheet)
        return {**sheets.derived(loaded, parse_options(options)),
                "origin": origin_abilities.derived(loaded),  # every origin ability (L767-924)
                "travel": travel.derived(loaded),  # Travel skills' modes and devices (L1076-1198)
                **dying.derived(loaded, parse_options(options))}  # L196, G-3

    def check_odds(self, sheet: Mapping[str, Any], spec: c.CheckSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """Odds before you roll: the pool a check would assemble (digest §2.2) and its exact
        distribution, drawing no dice."""
        opts = parse_options(options)
        assembled = pool_module.assemble(
            sheets.load(sheet), spec, opts, target=sheets.load(target) if target else None,
            attack=target is not None)
        dice = assembled.dice()
        if sum(dice.values()) > MAX_ODDS_DICE:
            raise DomainError("pool", "wish.odds.size",
                              f"exact odds are computed for pools of up to {MAX_ODDS_DICE} dice")
        return c.CheckOdds(pool=dice, sources=assembled.sources, odds=odds(dice))


WISH: Final = WishRuleset()
