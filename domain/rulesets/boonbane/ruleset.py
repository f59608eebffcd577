"""``BOONBANE``: the ruleset object the platform uses (``RulesetWithCommands`` on the typed
seam, odds, check-odds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from contracts.rulesets.boonbane.contract import CONTRACT
from domain.errors import DomainError
from domain.rulesets.boonbane import decide_rolls, views
from domain.rulesets.boonbane import odds as odds_module
from domain.rulesets.boonbane import reach as reach_module
from domain.rulesets.boonbane import reread as reread_module
from domain.rulesets.boonbane import sheet as sheets
from domain.rulesets.boonbane.authority import AUTHORITY
from domain.rulesets.boonbane.codec import BoonbaneCodec
from domain.rulesets.boonbane.context import State
from domain.rulesets.boonbane.decide import DECIDER
from domain.rulesets.boonbane.display import DISPLAY
from domain.rulesets.boonbane.events import EVENTS, BoonbaneEvent
from domain.rulesets.boonbane.options import parse_options
from domain.rulesets.boonbane.streams import STREAMS
from domain.rulesets.seam import CommandRuleset

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final = CONTRACT.commands  # every family's (contracts/rulesets/boonbane/)
# the GM's commands (digest §5): running encounters and rounds, afflictions, awards, damage
GM_COMMANDS: Final[frozenset[type[msgspec.Struct]]] = frozenset({
    p.StartEncounter, p.EndRound, p.CheckSurprise, p.AddAffliction, p.RemoveAffliction,
    p.AwardStat, p.AreaDamage, p.PassTime,
    c.TakeDamage, c.Heal, c.FateRoll, o.ChangeInsanity, o.ChangeCorruption, o.TriggerExposure,
    o.RelieveExposure, o.SetKnowledge, o.FulfillDeathCondition, o.EndScene,
    o.ReinterpretAction, o.StartSession, r.Rest})


class BoonbaneRuleset(CommandRuleset[BoonbaneEvent, State]):
    """Boon/bane on the typed seam: ``streams_for``, ``decide`` and ``evolve`` are the seam's
    (``CommandRuleset``), from its decider (``decide.py``), its state codec (``codec.py``), its
    event registry and its commands' declared streams (``streams.py``)."""

    id = RID
    title = "Boonbane (boon/bane d20)"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    gm_commands: frozenset[type[msgspec.Struct]] = GM_COMMANDS
    authority = AUTHORITY  # who may send each command (authority.py)
    event_types: Mapping[str, type[msgspec.Struct]] = CONTRACT.events
    roll_events: frozenset[str] = frozenset(
        {*c.EVENTS, f"{RID}.RoundEnded", f"{RID}.DamageRolled", f"{RID}.SpellCast"})
    odds_query = c.OddsQuery
    check_spec_type = c.RollSpec

    def __init__(self) -> None:
        super().__init__(decider=DECIDER, codec=BoonbaneCodec(), events=EVENTS,
                         commands=COMMAND_TYPES, streams=STREAMS, view=views.view)

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the digest's recommendations as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized creature sheet; errors name each invalid field ``sheet.<field>``."""
        return sheets.validate(raw)

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """Exact odds of d20 + modifier with boons and banes against a target (L14-L22)."""
        return odds_module.roll_odds(query.modifier, query.boons, query.banes, query.target)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Modifiers, healing rate, injured, incapacitated, effective Defense."""
        opts = parse_options(options)
        loaded = sheets.load(sheet)
        return sheets.derived(loaded, opts.injured_threshold,
                              reach_module.longest(loaded, opts.default_reach_yards))

    def check_odds(self, sheet: Mapping[str, Any], spec: c.RollSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """The roll as the rules would assemble it for this character, and its exact odds."""
        actor = sheets.load(sheet)
        opts = parse_options(options)
        extra = (opts.repetition_exempt, opts.knowledge_gate_unknown)
        if spec.kind == "attack":
            if target is None:
                raise DomainError("target_id", "boonbane.attack L4-L11",
                                  "an attack's odds need a target_id")
            plan = decide_rolls.plan_attack(spec, actor, sheets.load(target), *extra)
        else:
            plan = decide_rolls.plan_challenge(spec, actor, *extra)
        boons = sum(s.boons for s in plan.sources)
        banes = sum(s.banes for s in plan.sources)
        mod = plan.base_modifier + sum(s.modifier for s in plan.sources)
        odds = (c.OddsView(p_success="0", totals={}) if plan.automatic is not None else
                odds_module.roll_odds(mod, boons, banes, plan.target_number))
        return c.CheckOdds(kind=plan.kind, stat=plan.stat, target_number=plan.target_number,
                           modifier=mod, sources=plan.sources, boons=boons, banes=banes,
                           net=boons - banes, automatic=plan.automatic, odds=odds)

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_module.reread(event_type, data, draws)

BOONBANE: Final = BoonbaneRuleset()
