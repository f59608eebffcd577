"""Deciding play at the table: encounters, turns, rounds, affliction commands, GM awards and area
damage. Each returns (character id, or None for the encounter; event)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from contracts.rulesets.boonbane import (
    AfflictionInstance,
    Against,
    AttackRoll,
    Attribute,
    ChallengeRoll,
    OnSuccess,
    RoundEffect,
)
from contracts.rulesets.boonbane import play as p
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import (
    afflictions,
    awards,
    concentration,
    decide_overlays,
    decide_rolls,
    fortune_dice,
    rounds,
    turns,
)
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import death_state
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet

Load = Callable[[str, str], BoonbaneSheet]
Decided = list[tuple[str | None, BoonbaneEvent]]
EXPOSURE_CONTROL_TIER = 3  # Tier 3 Unstable (L372)


class RecordingDice:
    """Passes draws through and keeps their faces, so a round's event can list them."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = self.dice.roll(sides)
        self.faces.append(face)
        return face


def start_encounter(cmd: p.StartEncounter, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """Round 1 begins (L117); sides default by kind (digest D-20)."""
    if enc is not None:
        raise StateConflict("encounter_id", "boonbane.encounter L117",
                            "this encounter is already running")
    ids = [x.character_id for x in cmd.participants]
    if not ids or len(set(ids)) != len(ids):
        raise DomainError("participants", "boonbane.encounter L117", "name each participant once")
    sides: dict[str, str] = {}
    for i, part in enumerate(cmd.participants):
        sheet = load(part.character_id, f"participants[{i}].character_id")
        sides[part.character_id] = part.side or ("players" if sheet.kind == "pc" else "enemies")
    return [(None, p.EncounterStarted(encounter_id=cmd.encounter_id,
                                                          sides=sides, order=ids))]


def take_turn(cmd: p.TakeTurn, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
              opts: BoonbaneOptions) -> Decided:
    """A turn (L117-L119); at Exposure tier 3 it starts with a Will challenge roll, whose
    failure hands the action to the GM (L372)."""
    state = turns.load(enc)
    sheet = load(cmd.character_id, "character_id")
    taken = turns.take_turn(state, sheet, cmd.character_id, cmd.turn)
    if sheet.exposure_tier < EXPOSURE_CONTROL_TIER:
        return [(None, taken)]
    will = ChallengeRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id, stat="will")
    roll = decide_rolls.make(decide_rolls.plan_challenge(will, sheet, opts.repetition_exempt,
                                                         opts.knowledge_gate_unknown),
                             dice, cmd.character_id, None, number=sheet.rolls + 1, cmd=will)
    return [(None, msgspec.structs.replace(taken, loss_of_control=not roll.success)),
            (cmd.character_id, roll)]


def defend(cmd: p.Defend, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """Defend (L148-L151): the turn's action; attacks against the creature have 1 bane until
    the end of the round."""
    sheet = load(cmd.character_id, "character_id")
    out = spend(cmd.encounter_id, enc, sheet, cmd.character_id, "action", "Defend")
    out.append((cmd.character_id, p.RoundEffectAdded(
        character_id=cmd.character_id, effect=RoundEffect(kind="defending", source="defend L150"))))
    return out


def help_(cmd: p.Help, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
          opts: BoonbaneOptions) -> Decided:
    """Help (L182-L184): the turn's action, an Int challenge roll; on a success the target's next
    attack or challenge roll this round has 1 boon."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "boonbane.help L184", "Help gives a boon to another")
    sheet = load(cmd.character_id, "character_id")
    load(cmd.target_id, "target_id")
    out = spend(cmd.encounter_id, enc, sheet, cmd.character_id, "action", "Help")
    think = ChallengeRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                          stat="intellect")
    roll = decide_rolls.make(decide_rolls.plan_challenge(think, sheet, opts.repetition_exempt,
                                                         opts.knowledge_gate_unknown),
                             dice, cmd.character_id, cmd.target_id, number=sheet.rolls + 1,
                             cmd=think, on_success=[OnSuccess(action="help",
                                                              target_id=cmd.target_id)])
    out.append((cmd.character_id, roll))
    return out


def _trick(cmd: p.Distract | p.Feint, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
           opts: BoonbaneOptions, name: str, rule: str, *, attribute: Attribute,
           against: Against, on_success: OnSuccess) -> Decided:
    """Distract and Feint alike: the turn's action spent on an attack roll against another
    creature (``rule`` names the seed line that says it targets another), with what its success
    does (applied by ``success``, L45)."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", rule, f"{name} targets another")
    sheet = load(cmd.character_id, "character_id")
    target = load(cmd.target_id, "target_id")
    out = spend(cmd.encounter_id, enc, sheet, cmd.character_id, "action", name)
    trick = AttackRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                       target_id=cmd.target_id, attribute=attribute, against=against)
    roll = decide_rolls.make(decide_rolls.plan_attack(trick, sheet, target, opts.repetition_exempt,
                                                      opts.knowledge_gate_unknown),
                             dice, cmd.character_id, cmd.target_id, number=sheet.rolls + 1,
                             cmd=trick, on_success=[on_success])
    out.append((cmd.character_id, roll))
    return out


def distract(cmd: p.Distract, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
             opts: BoonbaneOptions) -> Decided:
    """Distract (L157-L160): the turn's action, an Int attack roll against the target's Int; on
    a success the target's next attack or challenge roll before the end of the round has 2
    banes (the ``distracted`` round effect, used up by that roll)."""
    return _trick(cmd, enc, load, dice, opts, "Distract", "boonbane.distract L159",
                  attribute="intellect", against="intellect",
                  on_success=OnSuccess(action="distract", target_id=cmd.target_id))


def prepare(cmd: p.Prepare, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """Prepare (L204-L208): the turn's action; the creature's triggered attack or challenge roll
    this round has 1 boon (the ``prepared`` round effect, used up by that roll); if the trigger
    never comes, it ends with the round and nothing happens (L208)."""
    sheet = load(cmd.character_id, "character_id")
    out = spend(cmd.encounter_id, enc, sheet, cmd.character_id, "action", "Prepare")
    out.append((cmd.character_id, p.RoundEffectAdded(
        character_id=cmd.character_id,
        effect=RoundEffect(kind="prepared", source=f"prepare L206: {cmd.trigger}"))))
    return out


def feint(cmd: p.Feint, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
          opts: BoonbaneOptions) -> Decided:
    """Feint (L168-L171): the turn's action, an Agi attack roll against the target's Perception;
    on a success the feinter's next attack against the target before the end of the next round
    has 2 boons (the ``feinting`` effect, used up by it), or its movement triggers no free
    attacks from the target for 1 round."""
    now = turns.load(enc).round
    two_boons = cmd.choice == "two_boons"
    until = now + (1 if two_boons or opts.feint_safe_movement_until == "end_of_next_round"
                   else 0)
    return _trick(cmd, enc, load, dice, opts, "Feint", "boonbane.feint L170",
                  attribute="agility", against="perception",
                  on_success=OnSuccess(action="feint", target_id=cmd.target_id,
                                       detail="feinting" if two_boons else "feint_safe_movement",
                                       until_round=until))


def check_surprise(cmd: p.CheckSurprise, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
                   opts: BoonbaneOptions) -> Decided:
    """Surprise (L107-L109): a Perception challenge roll in round 1, before the creature's own
    turn (another creature's turn does not close it: no participant can keep the others from
    their check); a failure leaves the creature surprised until the end of that round."""
    state = turns.load(enc)
    if cmd.character_id not in state.sides:
        raise StateConflict("character_id", "boonbane.encounter L117",
                            f"{cmd.character_id!r} is not in this encounter")
    sheet = load(cmd.character_id, "character_id")
    if (state.round != 1 or cmd.character_id in state.turns
            or any(a.source == "surprise L109" for a in sheet.afflictions)):
        raise StateConflict("encounter_id", "boonbane.surprise L108",
                            "surprise is checked once, before the creature's turn in the "
                            "first round")
    look = ChallengeRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                         stat="perception")
    roll = decide_rolls.make(decide_rolls.plan_challenge(look, sheet, opts.repetition_exempt,
                                                         opts.knowledge_gate_unknown),
                             dice, cmd.character_id, None, number=sheet.rolls + 1, cmd=look,
                             on_success=[OnSuccess(action="not_surprised")])
    out: Decided = [(cmd.character_id, roll)]
    if not roll.success:
        surprised = AfflictionInstance(name="surprised", source="surprise L109", rounds=1)
        out.append((cmd.character_id,
                    afflictions.add(sheet, cmd.character_id, surprised, "surprise L109")))
    return out


def spend(encounter_id: str | None, enc: BoonbaneEncounter | None, sheet: BoonbaneSheet,
          cid: str, what: str | None, command: str) -> Decided:
    """The turn's move or action, or the round's triggered action, an encounter command spends."""
    if encounter_id is None or what is None:
        return []
    return [(None, turns.spend(turns.load(enc), sheet, cid, what, command))]


def end_round(cmd: p.EndRound, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
              options: BoonbaneOptions) -> Decided:
    recording = RecordingDice(dice)
    out = rounds.end_round(turns.load(enc), cmd.participants, load, recording, options)
    *chars, (_, ended) = out
    assert isinstance(ended, p.RoundEnded)
    # the round's event comes first and lists every face, so the audit finds the draws with it
    return [(None, msgspec.structs.replace(ended, dice=recording.faces)), *chars]


def add_affliction(cmd: p.AddAffliction, load: Load) -> Decided:
    """The GM adds an instance (L303-L306); one that leaves the creature unconscious (L332,
    Asleep L251) ends its concentration as incapacitation by damage does (digest D-76)."""
    sheet = load(cmd.character_id, "character_id")
    inst = AfflictionInstance(name=cmd.name, source=cmd.source, rounds=cmd.rounds)
    added = afflictions.add(sheet, cmd.character_id, inst, "the GM")
    after = afflictions.fold_added(sheet, added)
    knocked_out = "unconscious" in afflictions.active(after.afflictions) - afflictions.active(
        sheet.afflictions)
    return [(cmd.character_id, added),
            *(concentration.after_life_change(sheet, cmd.character_id, "unconscious", False)
              if knocked_out else [])]


def remove_affliction(cmd: p.RemoveAffliction, load: Load) -> Decided:
    sheet = load(cmd.character_id, "character_id")
    return [(cmd.character_id,
             afflictions.remove(sheet, cmd.character_id, cmd.name, cmd.source, "the GM"))]


def wake(cmd: p.WakeCreature, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """Another creature uses an action to wake a sleeping one (L252): every Asleep instance ends."""
    actor = load(cmd.character_id, "character_id")
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "boonbane.asleep L252", "another creature wakes it")
    target = load(cmd.target_id, "target_id")
    if not any(a.name == "asleep" for a in target.afflictions):
        raise StateConflict("target_id", "boonbane.asleep L252", "the target is not asleep")
    out = spend(cmd.encounter_id, enc, actor, cmd.character_id, "action", "WakeCreature")
    if cmd.encounter_id is None:
        turns.no_actions(actor)
    for _ in range(afflictions.count(target.afflictions, "asleep")):
        ev = afflictions.remove(target, cmd.target_id, "asleep", None, f"woken L252 by "
                                f"{cmd.character_id}")
        target = afflictions.fold_removed(target, ev)
        out.append((cmd.target_id, ev))
    return out


def award(cmd: p.AwardStat, load: Load, dice: Dice, opts: BoonbaneOptions) -> Decided:
    """A GM award (D-62); a Health change settles the life state as damage or healing would
    (L61-L65), the Death State standing in for death where the campaign plays it (L353), and
    a creature it leaves unable to act loses its concentration (D-76)."""
    sheet = load(cmd.character_id, "character_id")
    awarded = death_state.instead_of_death(
        awards.award(sheet, cmd.character_id, cmd.stat, cmd.change, cmd.reason,
                     npc_outcome=cmd.npc_outcome, dice=dice), opts.death_mode)
    lost = (concentration.after_life_change(sheet, cmd.character_id, awarded.life_state,
                                            awarded.marked_dead)
            if awarded.life_state != sheet.life_state or awarded.marked_dead else [])
    return [(cmd.character_id, awarded), *lost]


def area_damage(cmd: p.AreaDamage, load: Load, dice: Dice, opts: BoonbaneOptions) -> Decided:
    """Damage from one attack is rolled once and applied to each target it hits (L29), each
    halving it or not (L30) by itself."""
    ids = [t.character_id for t in cmd.targets]
    if len(set(ids)) != len(ids):
        raise DomainError("targets", "boonbane.damage L29", "name each target once")
    sheets = [load(t.character_id, f"targets[{i}].character_id") for i, t in enumerate(cmd.targets)]
    spender = None
    if cmd.fortune_by is not None:
        fortune_dice.require_d6(cmd.sides, "fortune_by")
        spender = load(cmd.fortune_by, "fortune_by")
        fortune_dice.require_player(spender, "fortune_by", "damage_six")
    faces = [dice.roll(cmd.sides) for _ in range(cmd.dice)]
    six = fortune_dice.damage_die(faces) if spender is not None else None
    amount = fortune_dice.damage_amount(faces, cmd.bonus, six)
    out: Decided = [(ids[0], p.DamageRolled(
        dice=faces, sides=cmd.sides, bonus=cmd.bonus, amount=amount, targets=ids,
        fortune_die=six, fortune_by=cmd.fortune_by if six is not None else None))]
    if spender is not None and cmd.fortune_by is not None and six is not None:
        out.append((cmd.fortune_by, fortune_dice.spent(
            spender, cmd.fortune_by, "damage_six", faces[six], cmd.fortune_by)))
    for i, (target, sheet) in enumerate(zip(cmd.targets, sheets, strict=True)):
        try:
            taken = decide_overlays.take_damage(
                sheet, target.character_id, amount, halve=target.halve,
                npc_outcome=target.npc_outcome, invulnerability=target.invulnerability,
                dice=dice, opts=opts)
        except DomainError as err:
            err.field = f"targets[{i}].{err.field}"
            raise
        out.append((target.character_id, taken))
        out.extend(concentration.after_damage(sheet, taken, cmd.campaign_id, dice, opts))
    return out
