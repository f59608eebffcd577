"""``POTENTIAL``: the ruleset object the platform uses (``RulesetWithCommands``).

Its commands are decided and its events folded on the typed seam (``seam.CommandRuleset``):
handlers and folds by class (``decide.py``), the stored form of its states (``codec.py``) and
the streams each command touches, as data (``streams.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import potential as c
from contracts.rulesets.potential.contract import CONTRACT
from domain.errors import DomainError
from domain.rulesets.potential import actions, keywords, views
from domain.rulesets.potential import odds as odds_module
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.authority import AUTHORITY
from domain.rulesets.potential.codec import CODEC
from domain.rulesets.potential.context import EVENT_TYPES, Event, State
from domain.rulesets.potential.decide import DECIDER
from domain.rulesets.potential.display import DISPLAY
from domain.rulesets.potential.options import parse_options
from domain.rulesets.potential.reread import reread as reread_roll
from domain.rulesets.potential.streams import STREAMS
from domain.rulesets.seam import CommandRuleset

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final = CONTRACT.commands
MAX_ODDS_DICE: Final = 30  # the query's bound; the exact convolution stays fast up to here


def odds(dice: int, bonus: int, resistance: int | None, opposed_dice: int | None,
         opposed_bonus: int) -> c.OddsView:
    """L25-26, L54: exact odds of N d6 + B against a fixed resistance or an opposed pool
    (digest section 2.1); ties go to the resister."""
    if (resistance is None) == (opposed_dice is None):
        raise DomainError("resistance", "potential.odds L26",
                          "give either resistance or opposed_dice (an opposing pool)")
    if resistance is not None:
        pmf = odds_module.degree_pmf(dice, bonus, 0, resistance)
    else:
        assert opposed_dice is not None
        pmf = odds_module.degree_pmf(dice, bonus, opposed_dice, opposed_bonus)
    return odds_module.view(pmf)


class PotentialRuleset(CommandRuleset[Event, State]):
    """Potential on the seam: ``streams_for``, ``decide`` and ``evolve`` are the seam's."""

    id = RID
    title = "Potential"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    authority = AUTHORITY  # who may send each command (authority.py)
    # The GL runs combat: readiness "is decided by the group" and the GL records it (L33)
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset(
        {c.StartCombat, c.EndCombat, c.NewRound, c.RecoverAdvantage, c.SetConscious,
         c.RuleOnCombination, c.StartRetraining, c.CompleteRetraining, c.MinorAction})
    event_types: Mapping[str, type[msgspec.Struct]] = EVENT_TYPES
    roll_events: frozenset[str] = frozenset(
        {f"{RID}.ActionTaken", f"{RID}.AttackResolved", f"{RID}.Moved"})
    odds_query = c.OddsQuery
    check_spec_type = c.ActionSpec

    def __init__(self) -> None:
        super().__init__(decider=DECIDER, codec=CODEC, events=EVENT_TYPES,
                         commands=COMMAND_TYPES, streams=STREAMS, view=views.view)

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the digest's recommended decisions as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized sheet; errors name each invalid field ``sheet.<path>``."""
        return sheets.validate(raw, parse_options(options))

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """P(N d6 + B > R) or P(beating an opposed pool), and the DoS distribution (L25, L54)."""
        return odds(query.dice, query.bonus, query.resistance, query.opposed_dice,
                    query.opposed_bonus)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Total CP, available Life CP and potential maxima."""
        return sheets.derived(sheets.load(sheet))

    def check_odds(self, sheet: Mapping[str, Any], spec: c.ActionSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """The pool a declared action would roll, its cost, and its exact odds; nothing spent."""
        pool = actions.declare(sheets.load(sheet), spec.advantages,
                               situation_bonuses=spec.situation_bonuses,
                               potential_action=spec.potential_action,
                               concentration=spec.concentration)
        if len(pool.sources) > MAX_ODDS_DICE:
            raise DomainError("advantages", "potential.odds.size",
                              f"exact odds are computed for pools of up to {MAX_ODDS_DICE} dice")
        opts = parse_options(options)
        against = spec.hindrances + keywords.range_dice(pool.used, spec.distance,
                                                        opts.range_bonus_dice_per_step)
        if spec.resistance is not None:
            view = odds(len(pool.sources), pool.modifier, None, against, spec.resistance)
        elif spec.resistance_dice or spec.resistance_bonus:
            view = odds(len(pool.sources), pool.modifier, None,
                        spec.resistance_dice + against, spec.resistance_bonus)
        else:
            raise DomainError("resistance", "potential.odds L26",
                              "give resistance or resistance_dice")
        return c.CheckOdds(sources=pool.sources, modifier=pool.modifier, opposing_dice=against,
                           cost=pool.cost, odds=view)

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_roll(event_type, data, draws)


POTENTIAL: Final = PotentialRuleset()
