"""``BOONBANE``: the ruleset object the platform uses (``RulesetWithCommands``, odds, check-odds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import concentration as k
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane import minor as n
from contracts.rulesets.boonbane import movement as m
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from contracts.rulesets.boonbane import stealth as h
from contracts.rulesets.boonbane import weapons as w
from contracts.rulesets.boonbane.events import EVENT_TYPES as BOONBANE_EVENT_TYPES
from domain.dice import Dice
from domain.errors import DomainError, NotFound
from domain.rulesets.base import RulesetEvent, character_key, encounter_key
from domain.rulesets.boonbane import (
    afflictions,
    awards,
    concentration,
    damage,
    decide_overlays,
    decide_rolls,
    dispatch,
    dying,
    fortune,
    fortune_fate,
    grab_release,
    grabs,
    healing,
    hiding,
    jams,
    life,
    minor,
    rounds,
    turns,
    waking,
    weapons,
)
from domain.rulesets.boonbane import odds as odds_module
from domain.rulesets.boonbane import reach as reach_module
from domain.rulesets.boonbane import reread as reread_module
from domain.rulesets.boonbane import sheet as sheets
from domain.rulesets.boonbane.authority import AUTHORITY
from domain.rulesets.boonbane.display import DISPLAY
from domain.rulesets.boonbane.options import parse_options

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in (*c.COMMANDS, *p.COMMANDS, *o.COMMANDS, *g.COMMANDS,
                                       *k.COMMANDS, *h.COMMANDS, *w.COMMANDS, *r.COMMANDS,
                                       *m.COMMANDS, *n.COMMANDS)
}
OVERLAY_EVENTS: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in (o.OverlayChanged, o.KnowledgeSet, o.SpellCast,
                                       o.ArtifactUsed, o.DeathStateEnded, o.EscalationChanged,
                                       o.SceneEnded, o.ActionReinterpreted,
                                       o.SessionStarted)}
# events folded into a creature's sheet, and into an encounter's round state
SHEET_EVENTS: Final[dict[str, type[msgspec.Struct]]] = {
    **c.STATE_EVENTS,
    **{f"{RID}.{t.__name__}": t for t in (p.AfflictionAdded, p.AfflictionRemoved,
                                         p.AfflictionsTicked, p.StatAwarded,
                                         p.FortuneAmended, p.RoundEffectAdded,
                                         p.RoundEffectUsed, p.FateAmended,
                                         k.ConcentrationChanged, h.HiddenChanged,
                                         w.WeaponChanged,
                                         p.TimePassed, p.WeaponRepaired, g.GrabStarted,
                                         g.GrabEnded, n.MinorActivityDone)},
    **OVERLAY_EVENTS}
ENCOUNTER_EVENTS: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in (p.EncounterStarted, p.TurnTaken, p.ActionUsed,
                                       p.RoundEnded, n.MinorActivityUsed)}
# the GM's commands (digest §5): running encounters and rounds, afflictions, awards, damage
GM_COMMANDS: Final[frozenset[type[msgspec.Struct]]] = frozenset({
    p.StartEncounter, p.EndRound, p.CheckSurprise, p.AddAffliction, p.RemoveAffliction,
    p.AwardStat, p.AreaDamage, p.PassTime,
    c.TakeDamage, c.Heal, c.FateRoll, o.ChangeInsanity, o.ChangeCorruption, o.TriggerExposure,
    o.RelieveExposure, o.SetKnowledge, o.FulfillDeathCondition, o.EndScene,
    o.ReinterpretAction, o.StartSession, r.Rest})


_char = character_key  # the package's short name for it (domain.rulesets.base)


_enc = encounter_key  # the package's short name for it (domain.rulesets.base)


def _sheet(states: Mapping[str, Any], cid: str, field: str) -> c.BoonbaneSheet:
    state = states.get(_char(cid))
    if state is None:
        raise NotFound(field, "boonbane.character", f"no boonbane character {cid!r}")
    return sheets.load(state)


class BoonbaneRuleset:
    id = RID
    title = "Boonbane (boon/bane d20)"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    gm_commands: frozenset[type[msgspec.Struct]] = GM_COMMANDS
    authority = AUTHORITY  # who may send each command (authority.py)
    event_types: Mapping[str, type[msgspec.Struct]] = BOONBANE_EVENT_TYPES
    roll_events: frozenset[str] = frozenset(
        {*c.EVENTS, f"{RID}.RoundEnded", f"{RID}.DamageRolled", f"{RID}.SpellCast"})
    odds_query = c.OddsQuery
    check_spec_type = c.RollSpec

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the digest's recommendations as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized creature sheet; errors name each invalid field ``sheet.<field>``."""
        return sheets.validate(raw)

    def streams_for(self, command: msgspec.Struct) -> list[str]:
        """The encounter's stream, the acting character's, and any target's or participant's."""
        out: list[str] = []
        eid = getattr(command, "encounter_id", None)
        if eid is not None:
            out.append(_enc(eid))
        for other in ("character_id", "target_id", "fortune_by"):
            cid = getattr(command, other, None)
            if cid is not None:
                out.append(_char(cid))
        out.extend(_char(cid) for cid in getattr(command, "away_from", []))
        for part in getattr(command, "participants", []):
            out.append(_char(part if isinstance(part, str) else part.character_id))
        out.extend(_char(t.character_id) for t in getattr(command, "targets", []))
        return list(dict.fromkeys(out))

    def decide(self, command: msgspec.Struct, states: Mapping[str, Any],
               options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        """Decide a boonbane command; raises DomainError (naming field and rule) on refusal."""
        opts = parse_options(options)
        def load(cid: str, field: str) -> c.BoonbaneSheet:
            return _sheet(states, cid, field)

        eid = getattr(command, "encounter_id", None)
        enc = states.get(_enc(eid)) if eid is not None else None

        def emit(decided: Sequence[tuple[str | None, str, msgspec.Struct]]) -> list[RulesetEvent]:
            return [RulesetEvent(stream=_char(cid) if cid is not None else _enc(str(eid)),
                                 type=f"{RID}.{kind}", data=msgspec.to_builtins(body))
                    for cid, kind, body in decided]

        decided = dispatch.decide(command, enc, load, dice, opts)
        loaded = {key.removeprefix("character:"): state for key, state in states.items()
                  if key.startswith("character:") and state is not None}
        # a grabber left unable to use actions lets go with the same command (L181)
        return emit([*decided, *grab_release.released(decided, loaded, self.evolve)])

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded event into a sheet or an encounter; total (an unreadable event
        leaves the state as it was)."""
        if event_type in ENCOUNTER_EVENTS:
            try:
                ev = msgspec.convert(dict(data), ENCOUNTER_EVENTS[event_type])
                folded = turns.fold(state, ev)
            except (msgspec.ValidationError, TypeError):
                return state
            return None if folded is None else msgspec.to_builtins(folded)
        kind = SHEET_EVENTS.get(event_type)
        if kind is None:
            return state
        try:
            sheet = sheets.load(state)
            ev = msgspec.convert(dict(data), kind)
        except (msgspec.ValidationError, TypeError):
            return state
        if isinstance(ev, c.DamageTaken):
            sheet = damage.fold(sheet, ev)
        elif isinstance(ev, c.Healed):
            sheet = healing.fold(sheet, ev)
        elif isinstance(ev, c.FateRolled):
            sheet = dying.fold(sheet, ev)
        elif isinstance(ev, c.FortuneSpent):
            sheet = fortune.fold(sheet, ev)
        elif isinstance(ev, p.AfflictionAdded):
            sheet = afflictions.fold_added(sheet, ev)
        elif isinstance(ev, p.AfflictionRemoved):
            sheet = afflictions.fold_removed(sheet, ev)
        elif isinstance(ev, p.AfflictionsTicked):
            sheet = rounds.fold_ticked(sheet, ev)
        elif isinstance(ev, p.WeaponRepaired):
            sheet = jams.fold_repaired(sheet, ev)
        elif isinstance(ev, p.TimePassed):
            sheet = waking.fold(sheet, ev)
        elif isinstance(ev, p.StatAwarded):
            sheet = awards.fold(sheet, ev)
        elif isinstance(ev, c.RollMade):
            sheet = jams.fold_roll(fortune.fold_roll(sheet, ev), ev)
        elif isinstance(ev, w.WeaponChanged):
            sheet = weapons.fold(sheet, ev)
        elif isinstance(ev, n.MinorActivityDone):
            sheet = minor.fold(sheet, ev)
        elif isinstance(ev, h.HiddenChanged):
            sheet = hiding.fold(sheet, ev)
        elif isinstance(ev, k.ConcentrationChanged):
            sheet = concentration.fold(sheet, ev)
        elif isinstance(ev, p.FateAmended):
            sheet = fortune_fate.fold(sheet, ev)
        elif isinstance(ev, p.FortuneAmended):
            sheet = fortune.fold_amended(sheet, ev)
        elif isinstance(ev, g.GrabStarted):
            sheet = grabs.fold_started(sheet, ev)
        elif isinstance(ev, g.GrabEnded):
            sheet = grabs.fold_ended(sheet, ev)
        elif isinstance(ev, p.RoundEffectAdded):
            sheet = msgspec.structs.replace(sheet, round_effects=[*sheet.round_effects, ev.effect])
        elif isinstance(ev, p.RoundEffectUsed):
            effects = list(sheet.round_effects)
            if ev.effect in effects:
                effects.remove(ev.effect)
            sheet = msgspec.structs.replace(sheet, round_effects=effects)
        elif event_type in OVERLAY_EVENTS:
            sheet = decide_overlays.fold(sheet, ev)
        # the life state agrees with Damage and Health whatever events remain (L61-L65)
        return msgspec.to_builtins(life.reconcile(sheet))

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
