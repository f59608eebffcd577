"""Deciding a boonbane command: one function per command family, chosen by the command's type.
Each returns (character id, or None for the encounter; event type; body)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import concentration as k
from contracts.rulesets.boonbane import minor as n
from contracts.rulesets.boonbane import movement as m
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from contracts.rulesets.boonbane import stealth as h
from contracts.rulesets.boonbane import weapons as w
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import (
    concentration,
    decide_grabs,
    decide_movement,
    decide_overlays,
    decide_play,
    decide_rolls,
    decide_stabilize,
    decide_stealth,
    dying,
    fortune,
    fortune_fate,
    healing,
    hiding,
    jams,
    minor,
    rests,
    success,
    waking,
    weapons,
)
from domain.rulesets.boonbane.decide_play import Decided, Load
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import death_state


def _misfire_concentration(cmd: c.AttackRoll, load: Load, decided: Decided, dice: Dice,
                           opts: BoonbaneOptions) -> Decided:
    """A Misfire that explodes (L128) damages its wielder, and "If you take damage ..., make a
    Will challenge roll or lose concentration." (L147): the same check as any other damage."""
    taken = [body for cid, kind, body in decided
             if cid == cmd.character_id and isinstance(body, c.DamageTaken)]
    if not taken:
        return []
    sheet = load(cmd.character_id, "character_id")
    return [(cid, kind, body) for cid, kind, body in
            concentration.after_damage(sheet, taken[0], cmd.campaign_id, dice, opts)]


def decide(command: msgspec.Struct, enc: Mapping[str, Any] | None, load: Load, dice: Dice,
           opts: BoonbaneOptions) -> Decided:
    """Decide a boonbane command; raises DomainError (naming field and rule) on refusal. Every
    roll it makes that succeeds does what its action's success does (L11, ``success``)."""
    decided = _decide(command, enc, load, dice, opts)
    campaign_id = str(getattr(command, "campaign_id", ""))
    return [*decided, *success.follow(decided, campaign_id, load, dice, opts)]


def _decide(command: msgspec.Struct, enc: Mapping[str, Any] | None, load: Load, dice: Dice,
            opts: BoonbaneOptions) -> Decided:
    if isinstance(command, (c.AttackRoll, c.ChallengeRoll, c.Stabilize)):
        spent = decide_play.spend(getattr(command, "encounter_id", None), enc,
                                  load(command.character_id, "character_id"),
                                  command.character_id, command.use, type(command).__name__)
        decided: Decided = list(decide_stabilize.decide(command, load, dice)
                                if isinstance(command, c.Stabilize) else
                                decide_rolls.decide(command, load, dice, opts))
        if isinstance(command, c.AttackRoll):
            decided = [*decided, *_misfire_concentration(command, load, decided, dice, opts)]
        return [*spent, *decided]
    overlay = decide_overlays.decide(command, load, dice, opts)
    if overlay is not None and isinstance(command, o.ChangeInsanity):
        changed = overlay[0][2]
        assert isinstance(changed, o.OverlayChanged)
        overlay = [*overlay, *concentration.after_insanity(
            load(command.character_id, "character_id"), command.character_id, command.change,
            changed.after.insanity, command.campaign_id, dice, opts)]
    if overlay is not None and isinstance(command, o.CastSpell):
        overlay = [*overlay, *hiding.revealed(load(command.character_id, "character_id"),
                                              command.character_id, "revealed by casting L188")]
    if overlay is not None:
        return overlay
    grabbing = decide_grabs.decide(command, enc, load, dice, opts)
    if grabbing is not None:
        return grabbing
    play = _play(command, enc, load, dice, opts)
    if play is not None:
        return play
    if isinstance(command, c.TakeDamage):
        sheet = load(command.character_id, "character_id")
        taken = decide_overlays.take_damage(
            sheet, command.character_id, command.amount, halve=command.halve,
            npc_outcome=command.npc_outcome, invulnerability=command.invulnerability,
            dice=dice, opts=opts)
        return [(command.character_id, "DamageTaken", taken),
                *concentration.after_damage(sheet, taken, command.campaign_id, dice, opts)]
    if isinstance(command, r.Rest):
        return rests.rest(command, load, dice, opts)
    if isinstance(command, c.Heal):
        sheet = load(command.character_id, "character_id")
        out: Decided = []
        if (command.rest_hours is not None and sheet.life_state != "dead"
                and any(a.hours is not None for a in sheet.afflictions)):
            # a rest's hours pass first: the sleeper wakes within them (L38, L64, L93-L94)
            passed = waking.pass_time(sheet, command.character_id, command.rest_hours,
                                      rounds_per_minute=opts.rounds_per_minute,
                                      npc_wake_heal=opts.npc_wake_heal)
            out.append((command.character_id, "TimePassed", passed))
            sheet = waking.fold(sheet, passed)
        healed = healing.heal(sheet, command.character_id, command.amount, command.rest_hours,
                              command.source)
        return [*out, (command.character_id, "Healed", healed)]
    if isinstance(command, c.FateRoll):
        sheet = load(command.character_id, "character_id")
        fate = death_state.instead_of_death(
            dying.fate(sheet, command.character_id, dice,
                       order=opts.disabled_counter_order,
                       rounds_per_minute=opts.rounds_per_minute), opts.death_mode)
        return [(command.character_id, "FateRolled", fate)]
    raise DomainError("type", "boonbane.command", f"not a boonbane command: {command!r}")


def _play(command: msgspec.Struct, enc: Mapping[str, Any] | None, load: Load, dice: Dice,
          opts: BoonbaneOptions) -> Decided | None:
    """Play at the table: encounters, turns, actions, afflictions, awards, Fortune."""
    if isinstance(command, p.StartEncounter):
        return decide_play.start_encounter(command, enc, load)
    if isinstance(command, p.TakeTurn):
        return decide_play.take_turn(command, enc, load, dice, opts)
    if isinstance(command, p.Move):
        return decide_movement.move(command, enc, load)
    if isinstance(command, (m.Rush, m.Retreat)):
        return decide_movement.rush_or_retreat(command, enc, load)
    if isinstance(command, (h.Hide, h.Find)):
        sheet = load(command.character_id, "character_id")
        spent = decide_play.spend(command.encounter_id, enc, sheet, command.character_id,
                                  command.use, type(command).__name__)
        return [*spent, *(decide_stealth.hide(command, sheet, dice, opts)
                          if isinstance(command, h.Hide) else
                          decide_stealth.find(command, sheet,
                                              load(command.target_id, "target_id"), dice,
                                              opts))]
    if isinstance(command, w.Reload):
        sheet = load(command.character_id, "character_id")
        return [*decide_play.spend(command.encounter_id, enc, sheet, command.character_id,
                                   "action", "Reload"),
                (command.character_id, "WeaponChanged", weapons.reload(sheet, command))]
    if isinstance(command, n.MinorActivity):
        return list(minor.decide(command, enc, load(command.character_id, "character_id"), opts))
    if isinstance(command, h.Reveal):
        return list(decide_stealth.reveal(command, load(command.character_id,
                                                        "character_id")))
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
        return decide_play.award(command, load, dice, opts)
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
        return _fortune_after_roll(command, load, dice, opts)
    return None


def _fortune_after_roll(cmd: p.SpendFortune, load: Load, dice: Dice, opts: BoonbaneOptions
                        ) -> Decided:
    """Fortune on the latest roll (L45, L47); a failure it turns into a success does what the
    roll's action does on a success (``success.after_fortune``)."""
    sheet = load(cmd.character_id, "character_id")
    amended = fortune.amend(sheet, cmd.character_id, cmd.use)
    out: Decided = [(cmd.character_id, "FortuneAmended", amended)]
    last = sheet.last_roll
    if last is not None and amended.success and not last.success:
        out.extend(success.after_fortune(last, cmd.character_id, cmd.target_id, sheet.escalation,
                                         (cmd.campaign_id, load, dice, opts)))
    return out
