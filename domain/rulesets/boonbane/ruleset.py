"""``BOONBANE``: the ruleset object the platform uses (``RulesetWithCommands``, odds, check-odds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets import boonbane_concentration as k
from contracts.rulesets import boonbane_grabs as g
from contracts.rulesets import boonbane_overlays as o
from contracts.rulesets import boonbane_play as p
from domain.dice import Dice
from domain.errors import DomainError, NotFound
from domain.rulesets.base import RulesetEvent
from domain.rulesets.boonbane import (
    afflictions,
    awards,
    concentration,
    damage,
    decide_grabs,
    decide_movement,
    decide_overlays,
    decide_play,
    decide_rolls,
    decide_stabilize,
    dying,
    fortune,
    fortune_fate,
    grabs,
    healing,
    jams,
    rounds,
    turns,
    waking,
)
from domain.rulesets.boonbane import odds as odds_module
from domain.rulesets.boonbane import reread as reread_module
from domain.rulesets.boonbane import sheet as sheets
from domain.rulesets.boonbane.options import BoonbaneOptions, parse_options
from domain.rulesets.boonbane.overlays import death_state

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in (*c.COMMANDS, *p.COMMANDS, *o.COMMANDS, *g.COMMANDS,
                                       *k.COMMANDS)
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
                                         k.ConcentrationChanged,
                                         p.TimePassed, p.WeaponRepaired, g.GrabStarted,
                                         g.GrabEnded)},
    **OVERLAY_EVENTS}
ENCOUNTER_EVENTS: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in (p.EncounterStarted, p.TurnTaken, p.ActionUsed,
                                       p.RoundEnded)}
# the GM's commands (digest §5): running encounters and rounds, afflictions, awards, damage
GM_COMMANDS: Final[frozenset[type[msgspec.Struct]]] = frozenset({
    p.StartEncounter, p.EndRound, p.CheckSurprise, p.AddAffliction, p.RemoveAffliction,
    p.AwardStat, p.AreaDamage, p.PassTime,
    c.TakeDamage, c.Heal, c.FateRoll, o.ChangeInsanity, o.ChangeCorruption, o.TriggerExposure,
    o.RelieveExposure, o.SetKnowledge, o.FulfillDeathCondition, o.EndScene,
    o.ReinterpretAction, o.StartSession})


def _char(cid: str) -> str:
    return f"character:{cid}"


def _enc(eid: str) -> str:
    return f"encounter:{eid}"


def _sheet(states: Mapping[str, Any], cid: str, field: str) -> c.BoonbaneSheet:
    state = states.get(_char(cid))
    if state is None:
        raise NotFound(field, "boonbane.character", f"no boonbane character {cid!r}")
    return sheets.load(state)


class BoonbaneRuleset:
    id = RID
    title = "Boonbane (boon/bane d20)"
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    gm_commands: frozenset[type[msgspec.Struct]] = GM_COMMANDS
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
        for other in ("character_id", "target_id"):
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

        if isinstance(command, (c.AttackRoll, c.ChallengeRoll, c.Stabilize)):
            spent = decide_play.spend(eid, enc, load(command.character_id, "character_id"),
                                      command.character_id, command.use,
                                      type(command).__name__)
            decided = (decide_stabilize.decide(command, load, dice)
                       if isinstance(command, c.Stabilize) else
                       decide_rolls.decide(command, load, dice, opts))
            return emit([*spent, *decided])
        overlay = decide_overlays.decide(command, load, dice, opts)
        if overlay is not None and isinstance(command, o.ChangeInsanity):
            changed = overlay[0][2]
            assert isinstance(changed, o.OverlayChanged)
            overlay = [*overlay, *concentration.after_insanity(
                load(command.character_id, "character_id"), command.character_id, command.change,
                changed.after.insanity, command.campaign_id, dice, opts)]
        if overlay is not None:
            return emit(overlay)
        grabbing = decide_grabs.decide(command, enc, load, dice, opts)
        if grabbing is not None:
            return emit(grabbing)
        play = self._decide_play(command, enc, load, dice, opts)
        if play is not None:
            return emit(play)
        if isinstance(command, c.TakeDamage):
            sheet = _sheet(states, command.character_id, "character_id")
            taken = decide_overlays.take_damage(
                sheet, command.character_id, command.amount, halve=command.halve,
                npc_outcome=command.npc_outcome, invulnerability=command.invulnerability,
                dice=dice, opts=opts)
            return emit([(command.character_id, "DamageTaken", taken),
                         *concentration.after_damage(sheet, taken, command.campaign_id, dice,
                                                     opts)])
        elif isinstance(command, c.Heal):
            sheet = _sheet(states, command.character_id, "character_id")
            out: list[RulesetEvent] = []
            if (command.rest_hours is not None and sheet.life_state != "dead"
                    and any(a.hours is not None for a in sheet.afflictions)):
                # a rest's hours pass first: the sleeper wakes within them (L38, L64, L93-L94)
                passed = waking.pass_time(sheet, command.character_id, command.rest_hours,
                                          rounds_per_minute=opts.rounds_per_minute,
                                          npc_wake_heal=opts.npc_wake_heal)
                out.append(RulesetEvent(stream=_char(command.character_id),
                                        type=f"{RID}.TimePassed",
                                        data=msgspec.to_builtins(passed)))
                sheet = waking.fold(sheet, passed)
            healed = healing.heal(sheet, command.character_id, command.amount, command.rest_hours,
                                  command.source)
            return [*out, RulesetEvent(stream=_char(command.character_id), type=f"{RID}.Healed",
                                       data=msgspec.to_builtins(healed))]
        elif isinstance(command, c.FateRoll):
            sheet = _sheet(states, command.character_id, "character_id")
            fate = death_state.instead_of_death(
                dying.fate(sheet, command.character_id, dice,
                           order=opts.disabled_counter_order,
                           rounds_per_minute=opts.rounds_per_minute), opts.death_mode)
            return [RulesetEvent(stream=_char(command.character_id), type=f"{RID}.FateRolled",
                                 data=msgspec.to_builtins(fate))]
        raise DomainError("type", "boonbane.command", f"not a boonbane command: {command!r}")

    @staticmethod
    def _decide_play(command: msgspec.Struct, enc: Mapping[str, Any] | None,
                     load: decide_play.Load, dice: Dice, opts: BoonbaneOptions
                     ) -> decide_play.Decided | None:
        if isinstance(command, p.StartEncounter):
            return decide_play.start_encounter(command, enc, load)
        if isinstance(command, p.TakeTurn):
            return decide_play.take_turn(command, enc, load, dice, opts)
        if isinstance(command, p.Move):
            return decide_movement.move(command, enc, load)
        if isinstance(command, k.Concentrate):
            sheet = load(command.character_id, "character_id")
            return [*decide_play.spend(command.encounter_id, enc, sheet, command.character_id,
                                       "action", "Concentrate"),
                    (command.character_id, "ConcentrationChanged",
                     concentration.begin(command, sheet))]
        if isinstance(command, p.EndRound):
            return decide_play.end_round(command, enc, load, dice, opts)
        if isinstance(command, p.AddAffliction):
            return decide_play.add_affliction(command, load)
        if isinstance(command, p.RemoveAffliction):
            return decide_play.remove_affliction(command, load)
        if isinstance(command, p.WakeCreature):
            return decide_play.wake(command, enc, load)
        if isinstance(command, p.RepairWeapon):
            return [(command.character_id, "WeaponRepaired",
                     jams.repair(load(command.character_id, "character_id"), command))]
        if isinstance(command, p.PassTime):
            return [(command.character_id, "TimePassed", waking.pass_time(
                load(command.character_id, "character_id"), command.character_id, command.hours,
                rounds_per_minute=opts.rounds_per_minute, npc_wake_heal=opts.npc_wake_heal))]
        if isinstance(command, p.AwardStat):
            return decide_play.award(command, load)
        if isinstance(command, p.AreaDamage):
            return decide_play.area_damage(command, load, dice, opts)
        if isinstance(command, p.Defend):
            return decide_play.defend(command, enc, load)
        if isinstance(command, p.Feint):
            return decide_play.feint(command, enc, load, dice, opts)
        if isinstance(command, p.Prepare):
            return decide_play.prepare(command, enc, load)
        if isinstance(command, p.Distract):
            return decide_play.distract(command, enc, load, dice, opts)
        if isinstance(command, p.Help):
            return decide_play.help_(command, enc, load, dice, opts)
        if isinstance(command, p.CheckSurprise):
            return decide_play.check_surprise(command, enc, load, dice, opts)
        if isinstance(command, c.GiveFortune):
            return list(fortune.give(load(command.character_id, "character_id"),
                                     command.character_id, load(command.target_id, "target_id"),
                                     command.target_id))
        if isinstance(command, p.SpendFortune) and command.use == "fate_six":
            return [(command.character_id, "FateAmended", fortune_fate.amend(
                load(command.character_id, "character_id"), command.character_id,
                opts.rounds_per_minute))]
        if isinstance(command, p.SpendFortune):
            return [(command.character_id, "FortuneAmended",
                     fortune.amend(load(command.character_id, "character_id"),
                                   command.character_id, command.use))]
        return None

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
        return msgspec.to_builtins(sheet)

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """Exact odds of d20 + modifier with boons and banes against a target (L14-L22)."""
        return odds_module.roll_odds(query.modifier, query.boons, query.banes, query.target)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Modifiers, healing rate, injured, incapacitated, effective Defense."""
        return sheets.derived(sheets.load(sheet), parse_options(options).injured_threshold)

    def check_odds(self, sheet: Mapping[str, Any], spec: c.RollSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> dict[str, Any]:
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
        return {"kind": plan.kind, "stat": plan.stat, "target_number": plan.target_number,
                "modifier": mod, "sources": msgspec.to_builtins(plan.sources), "boons": boons,
                "banes": banes, "net": boons - banes, "automatic": plan.automatic,
                "odds": msgspec.to_builtins(odds)}

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_module.reread(event_type, data, draws)

BOONBANE: Final = BoonbaneRuleset()
