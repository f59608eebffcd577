"""Deciding actions and attacks (L17-29, L49-54)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import potential as c
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import actions, potential_bank, resistance, turns
from domain.rulesets.potential.options import PotentialOptions

RID = c.RULESET_ID


def char(cid: str) -> str:
    return f"character:{cid}"


def tracked(sheet: c.PotentialSheet, opts: PotentialOptions) -> bool:
    """P-2: only combat (unless the campaign tracks narrative potential) keeps a spent pile."""
    return sheet.in_combat or opts.narrative_potential == "tracked"


def _check_concentration(sheet: c.PotentialSheet, concentration: bool,
                         opts: PotentialOptions) -> None:
    if concentration and sheet.in_combat and not opts.concentration_in_combat:
        raise DomainError("payload.concentration", "potential.concentration L28",
                          "concentration needs time and space: narrative play only (P-3)")


def take_action(cmd: c.TakeAction, sheet: c.PotentialSheet, opts: PotentialOptions,
                dice: Dice) -> list[RulesetEvent]:
    """An action against a GL-set resistance (L17-26); ties fail (L25)."""
    _check_concentration(sheet, cmd.concentration, opts)
    turns.check_may_act(sheet)
    pool = actions.declare(sheet, cmd.advantages, situation_bonuses=cmd.situation_bonuses,
                           potential_action=cmd.potential_action,
                           concentration=cmd.concentration)
    is_tracked = tracked(sheet, opts)
    potential_bank.check_affordable(sheet, pool.cost, is_tracked, "payload.advantages")
    rolled = actions.roll(pool, dice)
    hindrance = actions.roll_bonus_dice(cmd.hindrances, dice)  # P-5: rolled onto the score
    target = cmd.resistance + sum(hindrance)
    ev = c.ActionTaken(character_id=cmd.character_id, focus=cmd.focus, pool=rolled,
                       resistance=target, hindrance_faces=hindrance,
                       success=resistance.succeeds(rolled.score, target),
                       degree=resistance.degree(rolled.score, target), tracked=is_tracked,
                       approved_by=cmd.approved_by)
    return [RulesetEvent(stream=char(cmd.character_id), type=f"{RID}.ActionTaken",
                         data=msgspec.to_builtins(ev))]


def _defence(res: c.Resistance, sheet: c.PotentialSheet, opts: PotentialOptions,
             hindrances: int, dice: Dice) -> tuple[c.PoolRoll, list[str]]:
    """The target's resistance action (L50-53); an empty pool or unconscious scores 1."""
    field = "payload.resistance"
    if res.unconscious:
        return resistance.fixed_one("unconscious (L53)"), []
    if res.decline:
        return resistance.fixed_one("declined (P-12)", opts.decline_resistance_score), []
    names = list(res.advantages)
    free: frozenset[str] = frozenset()
    if res.free_resist:
        if sheet.free_resist is None:
            raise DomainError(f"{field}.free_resist", "potential.free-resist L52",
                              "this sheet lists no free resist")
        if sheet.free_resist in names:
            raise DomainError(f"{field}.advantages", "potential.once-per-action L39",
                              "the free resist is already in the resistance (P-13)")
        names.insert(0, sheet.free_resist)
        free = frozenset({sheet.free_resist})
    free |= frozenset(a for a in names if a in sheet.anticipated)  # paid ahead (L60)
    if not names and not res.potential_action:
        # L53, P-12: nothing appropriate and affordable, no free resist: a score of one
        return resistance.fixed_one("unable to defend (L53)"), []
    pool = actions.declare(sheet, names, situation_bonuses=res.situation_bonuses + hindrances,
                           potential_action=res.potential_action, free=free, field=field)
    potential_bank.check_affordable(sheet, pool.cost, tracked(sheet, opts),
                                    f"{field}.advantages")
    return actions.roll(pool, dice), [a for a in names if a in sheet.anticipated]


def attack(cmd: c.Attack, attacker: c.PotentialSheet, target: c.PotentialSheet,
           opts: PotentialOptions, dice: Dice) -> list[RulesetEvent]:
    """An attack and the target's resistance action, committed before rolling (P-14); the
    attack hits only when it beats the resistance, and the DoS is the damage (L54)."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("payload.target_id", "potential.attack L50", "attack another character")
    if target.pending_damage:
        raise DomainError("payload.target_id", "potential.discard L57",
                          "the target must first discard Life for its earlier damage")
    turns.check_may_act(attacker)
    pool = actions.declare(attacker, cmd.advantages, situation_bonuses=cmd.situation_bonuses,
                           potential_action=cmd.potential_action)
    att_tracked = tracked(attacker, opts)
    potential_bank.check_affordable(attacker, pool.cost, att_tracked, "payload.advantages")
    rolled = actions.roll(pool, dice)
    defence, anticipated = _defence(cmd.resistance, target, opts, cmd.hindrances, dice)
    dos = resistance.degree(rolled.score, defence.score)
    ev = c.AttackResolved(character_id=cmd.character_id, target_id=cmd.target_id,
                          focus=cmd.focus, attack=rolled, defence=defence, hit=dos > 0,
                          degree=dos, tracked=att_tracked, approved_by=cmd.approved_by,
                          defence_approved_by=cmd.resistance.approved_by)
    res = c.Resisted(character_id=cmd.target_id, attacker_id=cmd.character_id,
                     cost=defence.cost, degree=dos, tracked=tracked(target, opts),
                     anticipation_used=anticipated)
    return [RulesetEvent(stream=char(cmd.character_id), type=f"{RID}.AttackResolved",
                         data=msgspec.to_builtins(ev)),
            RulesetEvent(stream=char(cmd.target_id), type=f"{RID}.Resisted",
                         data=msgspec.to_builtins(res))]
