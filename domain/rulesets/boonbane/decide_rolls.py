"""Deciding attack and challenge rolls: legality, automatic results, sources, then the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import msgspec

from contracts.rulesets.boonbane import (
    AttackRoll,
    ChallengeRoll,
    OnSuccess,
    RollMade,
    RollSpec,
    RoundEffect,
    SourceLine,
)
from contracts.rulesets.boonbane.play import RoundEffectAdded
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import (
    afflictions,
    attack_options,
    boons,
    fortune,
    fortune_dice,
    hiding,
    jams,
    ranges,
    reach,
    weapons,
)
from domain.rulesets.boonbane.decide_overlays import take_damage
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import escalation, knowledge_gate, repetition
from domain.rulesets.boonbane.rolls import modifier, roll
from domain.rulesets.boonbane.sheet import defense
from domain.rulesets.boonbane.state import BoonbaneSheet


def cannot_act(actor: BoonbaneSheet, compelled_turn: bool = False) -> None:
    """Refuse an action by a creature whose afflictions forbid actions (L265-L334); on its own
    fast turn a compelled creature acts as its source decides (L267, digest D-22)."""
    banned = afflictions.active(actor.afflictions) & afflictions.NO_ACTIONS.keys()
    for name in sorted(banned - ({"compelled"} if compelled_turn else set())):
        raise StateConflict("character_id", f"boonbane.{name} {afflictions.NO_ACTIONS[name]}",
                            f"a {name} creature cannot use actions")


def automatic_failure(actor: BoonbaneSheet, stat: str, senses: list[str]) -> str | None:
    """The rule that fails a challenge roll with no dice, if any (L258, L275, L280, L324-L334)."""
    own = afflictions.active(actor.afflictions)
    for name, line in afflictions.CHALLENGES_FAIL.items():
        if name in own:
            return f"{name} {line}"
    if "defenseless" in own and stat != "perception":
        return "defenseless L280"
    if stat == "perception" and "blinded" in own and "sight" in senses:
        return "blinded L258"
    if stat == "perception" and "deafened" in own and "hearing" in senses:
        return "deafened L275"
    return None


def target_number(target: BoonbaneSheet, against: str) -> int:
    """An attack's target number: the target's Defense (L198, L215) or the named score."""
    return defense(target) if against == "defense" else int(getattr(target, against))


class Plan(NamedTuple):
    """A roll assembled by the rules before any die: its sources, modifier and target number."""

    kind: str
    stat: str
    against: str | None
    target_number: int
    base_modifier: int
    sources: list[SourceLine]
    automatic: str | None
    reduced: bool = False  # Knowledge Gate: limited interaction (L403, L405)


def _overlay(plan: Plan, cmd: AttackRoll | ChallengeRoll | RollSpec, actor: BoonbaneSheet,
             exempt: Sequence[str], unknown: str) -> Plan:
    """Repetition's banes (L409-L411) and the Knowledge Gate (L405) of the roll's action."""
    rep = repetition.source(actor, getattr(cmd, "action_key", None), exempt)
    gate, reduced = knowledge_gate.reading(actor, getattr(cmd, "knowledge", None), unknown)
    return plan._replace(sources=plan.sources + ([rep] if rep else []),
                         automatic=plan.automatic or gate, reduced=reduced)


def plan_attack(cmd: AttackRoll | RollSpec, actor: BoonbaneSheet, target: BoonbaneSheet,
                exempt: Sequence[str] = (), unknown: str = "auto_fail", *,
                seeking: bool = False) -> Plan:
    """An attack roll (L4-L11) with every source that holds (digest §4.11); one on a hidden
    target misses with no roll unless its location was guessed (L190), except Find's
    (``seeking``, L174)."""
    stat = cmd.attribute if isinstance(cmd, AttackRoll) else cmd.stat
    sources = boons.collect(actor, kind="attack", stat=stat, target=target, against=cmd.against,
                            situations=cmd.situations, situational_banes=cmd.situational_banes,
                            in_reach=cmd.in_reach, task_key=cmd.task_key,
                            interaction=cmd.interaction)
    sources.extend(attack_options.target_sources(target, cmd.against))
    sources.extend(hiding.attacker_source(actor, "attack", cmd.against))
    auto = None if seeking else hiding.unguessed(target, list(cmd.situations))
    return _overlay(Plan("attack", stat, cmd.against, target_number(target, cmd.against),
                         modifier(getattr(actor, stat)), sources, auto), cmd, actor, exempt,
                    unknown)


def plan_challenge(cmd: ChallengeRoll | RollSpec, actor: BoonbaneSheet,
                   exempt: Sequence[str] = (), unknown: str = "auto_fail") -> Plan:
    """A challenge roll (L17-L22), failing with no dice where an affliction says so."""
    sources = boons.collect(actor, kind="challenge", stat=cmd.stat, target=None, against=None,
                            situations=cmd.situations, situational_banes=cmd.situational_banes,
                            in_reach=True, task_key=cmd.task_key, interaction=cmd.interaction)
    return _overlay(Plan("challenge", cmd.stat, None, cmd.target_number,
                         modifier(getattr(actor, cmd.stat)), sources,
                         automatic_failure(actor, cmd.stat, list(cmd.senses))), cmd, actor, exempt,
                    unknown)


def make(plan: Plan, dice: Dice, character_id: str, target_id: str | None,
         fortune: str | None = None, *, number: int = 0,
         cmd: AttackRoll | ChallengeRoll | None = None,
         on_success: Sequence[OnSuccess] = ()) -> RollMade:
    """Roll a planned roll (no dice for an automatic result); ``number`` is the roller's count;
    ``on_success``: what the roll's action does on a success (L11), applied by ``success``."""
    ev = roll(dice, character_id=character_id, kind=plan.kind, stat=plan.stat,
              target_id=target_id, against=plan.against, target_number=plan.target_number,
              base_modifier=plan.base_modifier, sources=plan.sources, automatic=plan.automatic,
              fortune=fortune)
    used = [k for k in boons.USED_UP if any(s.source == f"{k} (this round)" for s in plan.sources)]
    return msgspec.structs.replace(
        ev, number=number, reduced_effect=plan.reduced, consumed=used, on_success=list(on_success),
        action_key=getattr(cmd, "action_key", None), task_key=getattr(cmd, "task_key", None),
        critical=bool(getattr(cmd, "critical", False)))


def decide(cmd: AttackRoll | ChallengeRoll, sheets: Callable[[str, str], BoonbaneSheet],
           dice: Dice, opts: BoonbaneOptions | None = None, *, extra: Sequence[SourceLine] = (),
           charm_check: bool = True, on_success: Sequence[OnSuccess] = ()
           ) -> list[tuple[str, BoonbaneEvent]]:
    """An attack or challenge roll, the Fortune it spends and the Escalation it changes:
    (character, event). ``extra``: an action's own sources (Knock Down's size);
    ``on_success``: what the action's success does, with the attack options' own (L199-L218),
    recorded on the roll and applied by ``success`` (L11)."""
    opts = opts or BoonbaneOptions()
    actor = sheets(cmd.character_id, "character_id")
    exempt, unknown = opts.repetition_exempt, opts.knowledge_gate_unknown
    if isinstance(cmd, AttackRoll):
        # a compelled creature's action on its own fast turn (the encounter checked the turn)
        cannot_act(actor, compelled_turn=cmd.encounter_id is not None and cmd.use == "action")
        if charm_check and not cmd.social:
            afflictions.refuse_charmed(actor, cmd.target_id)
        jams.refuse_jammed(actor, cmd)
        cmd, weapon_sources = weapons.prepare(actor, cmd)
        cmd = reach.check(cmd, weapons.of(actor, cmd.weapon), opts.default_reach_yards)
        ranged = ranges.check(cmd, weapons.of(actor, cmd.weapon), reach.reach(
            opts.default_reach_yards, weapons.of(actor, cmd.weapon), "lunging" in cmd.situations))
        weapon_sources = [*weapon_sources, *ranged.sources]
        target = sheets(cmd.target_id, "target_id")
        attack_options.refuse(cmd, actor, target)
        plan = plan_attack(cmd, actor, target, exempt, unknown)
        plan = plan._replace(sources=[*plan.sources, *weapon_sources, *extra])
        if cmd.charge and not any(e.kind == "charging" for e in actor.round_effects):
            # the charge attack itself is one of "all attack/challenge rolls you make" (L143)
            plan = plan._replace(sources=[*plan.sources, SourceLine(
                source="charging (this round)", line="L143", banes=1)])
    else:
        plan = plan_challenge(cmd, actor, exempt, unknown)
    if isinstance(cmd, AttackRoll) and any(e.kind == "feinting" and e.target_id == cmd.target_id
                                           for e in actor.round_effects):
        # the feinter's next attack against the feinted target has 2 boons (L171)
        plan = plan._replace(sources=[*plan.sources, SourceLine(
            source="feinting (this round)", line="L171", boons=2)])
    if cmd.use == "triggered" and any(e.kind == "prepared" for e in actor.round_effects):
        # the prepared action's rolls, made as the triggered action, have 1 boon (L207)
        plan = plan._replace(sources=[*plan.sources, SourceLine(
            source="prepared (this round)", line="L207", boons=1)])
    out: list[tuple[str, BoonbaneEvent]] = []
    if cmd.fortune is not None:
        fortune.require(actor, "fortune", cmd.fortune)
        if cmd.fortune == "six" and sum(s.boons - s.banes for s in plan.sources) <= 0:
            raise DomainError("fortune", "boonbane.fortune L47",
                              "this roll has no boon die to treat as a 6")
        if cmd.fortune == "misfire_six" and not (isinstance(cmd, AttackRoll) and cmd.misfire):
            raise DomainError("fortune", "boonbane.fortune L47",
                              "only an attack with a Misfire weapon (L128) has a Misfire d6")
    effects = [*on_success, *(attack_options.success_effects(cmd)
                               if isinstance(cmd, AttackRoll) else [])]
    ev = make(plan, dice, cmd.character_id, getattr(cmd, "target_id", None), cmd.fortune,
              number=actor.rolls + 1, cmd=cmd, on_success=effects)
    harm: list[tuple[str, BoonbaneEvent]] = []
    if isinstance(cmd, AttackRoll):
        ev, harm = _backfire_and_misfire(cmd, actor, ev, dice, opts)
        harm.extend(attack_options.after(cmd, actor, target, ev, plan.sources))
        harm.extend(hiding.revealed(actor, cmd.character_id, "revealed by attacking L188"))
        used = weapons.fired(actor, cmd, ranged.thrown)
        if used is not None:
            harm.append((cmd.character_id, used))
        harm.extend((cmd.character_id, RoundEffectAdded(
            character_id=cmd.character_id, effect=effect))
            for effect in weapons.shields_used(actor, cmd))
        line = attack_options.knocking(cmd, actor, target, ev)
        if line is not None:  # the target's resist roll follows (success.knocking)
            ev = msgspec.structs.replace(ev, knocked=line)
        if cmd.charge and not any(e.kind == "charging" for e in actor.round_effects):
            harm.append((cmd.character_id, RoundEffectAdded(
                character_id=cmd.character_id, effect=RoundEffect(kind="charging",
                                                                  source="charge L143"))))
    if ev.fortune_six or ev.fortune_success:
        out.append((cmd.character_id, fortune.spent(actor, cmd.character_id, cmd.fortune or "",
                                                    cmd.character_id)))
    tokens = escalation.after_roll(actor, ev, opts.escalation_consumed_on_use)
    if tokens is not None:
        out.append((cmd.character_id, tokens))
    return [(cmd.character_id, ev), *out, *harm]


def _backfire_and_misfire(cmd: AttackRoll, actor: BoonbaneSheet, ev: RollMade, dice: Dice,
                          opts: BoonbaneOptions
                          ) -> tuple[RollMade, list[tuple[str, BoonbaneEvent]]]:
    """A social attack whose total is 0 or lower backfires (L104); a Misfire weapon's attack at
    0 or less rolls a d6: odd explodes for 2d6 damage to the wielder, even needs 1 minute of
    repair (L128; the full total, digest D-3; the wielder takes it, D-30)."""
    low = ev.total is not None and ev.total <= 0
    ev = msgspec.structs.replace(ev, social=cmd.social, backfire=cmd.social and low)
    if not (cmd.misfire and low):
        return ev, []
    faces = [dice.roll(6)]
    spent: list[tuple[str, BoonbaneEvent]] = []
    if cmd.fortune == "misfire_six" and fortune_dice.misfire_changes(faces[0]):
        # Fortune treats the misfire d6 as a 6 (L47): even, the weapon jams
        ev = msgspec.structs.replace(ev, misfire_fortune=True)
        spent = [(cmd.character_id, fortune_dice.spent(
            actor, cmd.character_id, "misfire_six", faces[0], cmd.character_id))]
    if faces[0] % 2 == 0 or ev.misfire_fortune:
        return msgspec.structs.replace(ev, misfire=faces, jammed=True,
                                       weapon=jams.weapon_of(cmd)), spent
    faces += [dice.roll(6), dice.roll(6)]
    ev = msgspec.structs.replace(ev, misfire=faces)
    taken = take_damage(actor, cmd.character_id, faces[1] + faces[2], halve=False,
                        npc_outcome=cmd.npc_outcome, invulnerability=None, dice=dice, opts=opts)
    return ev, [(cmd.character_id, taken)]
