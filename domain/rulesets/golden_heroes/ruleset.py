"""``GOLDEN_HEROES``: the ruleset object the platform uses (``RulesetWithCommands``), on the
typed seam (``domain.rulesets.seam``): its decider (``decide.py``), state codec (``codec.py``),
event registry (``c.EVENTS``) and streams as data (``streams.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import golden_heroes as c
from contracts.rulesets.golden_heroes.contract import CONTRACT
from domain.errors import DomainError
from domain.rulesets.golden_heroes import attacks, campaign, decide_strike, views
from domain.rulesets.golden_heroes import odds as odds_module
from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes.authority import AUTHORITY
from domain.rulesets.golden_heroes.codec import GoldenHeroesCodec
from domain.rulesets.golden_heroes.decide import DECIDER
from domain.rulesets.golden_heroes.display import DISPLAY
from domain.rulesets.golden_heroes.events import Event, State
from domain.rulesets.golden_heroes.options import parse_options
from domain.rulesets.golden_heroes.reread import reread as reread_roll
from domain.rulesets.golden_heroes.streams import STREAMS
from domain.rulesets.seam import CommandRuleset

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final = CONTRACT.commands



class GoldenHeroesRuleset(CommandRuleset[Event, State]):
    """Golden Heroes (seed 002). ``streams_for``, ``decide`` and ``evolve`` are the seam's."""

    id = RID
    title = "Golden Heroes"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    authority = AUTHORITY  # who may send each command (authority.py)
    # the referee runs the fight's time (L43: "the referee for the villains")
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset(
        {c.StartCombat, c.RollInitiative, c.EndPhase, c.EndCombat,
         # the referee keeps the campaign's ratings and time (L285, L288, L375)
         c.StartWeek, c.StartScenario, c.SetRating, c.ImproveCharacter, c.Fall,
         c.DropObject, c.EndScenario, c.ChooseTarget, c.Bind,
         c.Ram})
    event_types: Mapping[str, type[msgspec.Struct]] = CONTRACT.events
    # the events that carry dice, for the roll log (tagged from the registry)
    roll_events: frozenset[str] = frozenset(tag for tag, cls in c.EVENTS.items() if cls in (
        c.CharacterGenerated, c.StrikeRolled, c.InitiativeRolled, c.AttackResolved,
        c.Recovered, c.Aided, c.PowerGained, c.BackgroundTaken, c.CombatStarted,
        c.CoupDeGraceDelivered, c.MentalAttackRolled, c.GrabRolled, c.JudoThrown,
        c.RatingRolled, c.TargetChosen, c.BindingRolled))
    odds_query = c.OddsQuery
    check_spec_type = c.StrikeSpec

    def __init__(self) -> None:
        super().__init__(decider=DECIDER, codec=GoldenHeroesCodec(),
                         events=c.EVENTS,  # type: ignore[arg-type]  # each tag's Struct is an Event
                         commands=COMMAND_TYPES, streams=STREAMS, view=views.view)

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the seed's main rules as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized sheet; errors name each invalid field ``sheet.<field>``."""
        return sheets.validate(raw)

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """Exact strike odds for WC, DC and a net strike modifier (L79)."""
        return odds_module.strike_odds(query.wc, query.dc, query.modifier, query.crit_range)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Effect-table figures, movement, thresholds and frames per round."""
        loaded = sheets.load(sheet)
        opts = parse_options(options)
        return {**sheets.derived(loaded, opts.hospitalised_at), **campaign.derived(loaded)}

    def check_odds(self, sheet: Mapping[str, Any], spec: c.StrikeSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """A strike as the rules would assemble it for this attacker (and target) and its odds."""
        attacker = sheets.load(sheet)
        if spec.defence_class is not None:
            dc = spec.defence_class
        elif target is not None:
            dc = decide_strike.defence_class(sheets.load(target))
        else:
            raise DomainError("defence_class", "golden-heroes.strike L79",
                              "name a target_id or give defence_class")
        form = attacks.form(attacker, spec)
        lines = decide_strike.modifier_lines(attacker, spec)
        modifier = sum(m.value for m in lines)
        return c.CheckOdds(weapon_class=form.weapon_class, defence_class=dc, modifier=modifier,
                           modifiers=lines, odds=odds_module.strike_odds(
                               form.weapon_class, dc, modifier, form.crit_range))

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_roll(event_type, data, draws)


GOLDEN_HEROES: Final = GoldenHeroesRuleset()
