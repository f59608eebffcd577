"""Deciding actions and attacks (L17-29, L49-54), with their keyword hooks (L61-67)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from contracts.rulesets import potential as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.base import RulesetEvent, character_key
from domain.rulesets.potential import (
    actions,
    aid,
    appropriateness,
    keywords,
    potential_bank,
    resistance,
    turns,
)
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.options import PotentialOptions

RID = c.RULESET_ID
Sheets = Mapping[str, c.PotentialSheet]


char = character_key  # the package's short name for it (domain.rulesets.base)


def tracked(sheet: c.PotentialSheet, opts: PotentialOptions) -> bool:
    """P-2: only combat (unless the campaign tracks narrative potential) keeps a spent pile."""
    return sheet.in_combat or opts.narrative_potential == "tracked"


def ev(cid: str, body: msgspec.Struct) -> RulesetEvent:
    return RulesetEvent(stream=char(cid), type=f"{RID}.{type(body).__name__}",
                        data=msgspec.to_builtins(body))


def _check_concentration(sheet: c.PotentialSheet, concentration: bool,
                         opts: PotentialOptions) -> None:
    if concentration and sheet.in_combat and not opts.concentration_in_combat:
        raise DomainError("payload.concentration", "potential.concentration L28",
                          "concentration needs time and space: narrative play only (P-3)")


def _minor_only_fixed(cmd: c.TakeAction | c.Attack) -> None:
    if cmd.advantages or cmd.potential_action or cmd.aid_from:
        raise DomainError("payload.advantages", "potential.minor-opponent P-40",
                          "a minor opponent acts with its fixed score, not advantages")


def _pool(cmd: c.TakeAction | c.Attack, sheet: c.PotentialSheet, allies: Sheets,
          opts: PotentialOptions, concentration: bool = False) -> tuple[actions.Pool, str]:
    """The acting pool with its checks: availability, whose turn (L40, L65), the group's
    approval (L21), aid (L63) and its cost (L22); returns it and how it stands approved."""
    pool = actions.declare(sheet, cmd.advantages, situation_bonuses=cmd.situation_bonuses,
                           potential_action=cmd.potential_action, concentration=concentration)
    turns.check_whose_turn(sheet, keywords.opportunity(pool.used))
    approval = appropriateness.check(sheet, cmd.advantages, opts.appropriateness,
                                     "payload.advantages")
    helpers = aid.collect(cmd.aid_from, allies, cmd.character_id, "action",
                          {k: tracked(v, opts) for k, v in allies.items()}, "payload.aid_from")
    potential_bank.check_affordable(sheet, pool.cost, tracked(sheet, opts), "payload.advantages")
    return actions.with_aid(pool, helpers), approval


def _aid_events(pool: c.PoolRoll, aided: str, kind: str, allies: Sheets,
                opts: PotentialOptions) -> list[RulesetEvent]:
    return [ev(u.character_id, c.AidGiven(character_id=u.character_id, aided=aided,
                                          advantage=u.advantage, kind=kind, cost=u.cost,
                                          tracked=tracked(allies[u.character_id], opts)))
            for u in pool.aid]


def take_action(cmd: c.TakeAction, sheet: c.PotentialSheet, allies: Sheets,
                opts: PotentialOptions, dice: Dice) -> list[RulesetEvent]:
    """An action against a GL-set resistance (L17-26); ties fail (L25)."""
    _check_concentration(sheet, cmd.concentration, opts)
    turns.check_may_act(sheet)
    against = cmd.hindrances
    if sheet.fixed_score is not None:
        _minor_only_fixed(cmd)
        turns.check_whose_turn(sheet, False)
        rolled, approval = actions.fixed(sheet.fixed_score, cmd.situation_bonuses, dice), "fixed"
    else:
        pool, approval = _pool(cmd, sheet, allies, opts, cmd.concentration)
        rolled = actions.roll(pool, dice)
        against += keywords.range_dice(pool.used, cmd.distance, opts.range_bonus_dice_per_step)
    hindrance = actions.roll_bonus_dice(against, dice)  # onto the GL's score (P-5, L66)
    target = cmd.resistance + sum(hindrance)
    body = c.ActionTaken(character_id=cmd.character_id, focus=cmd.focus, pool=rolled,
                         resistance=target, hindrance_faces=hindrance,
                         success=resistance.succeeds(rolled.score, target),
                         degree=resistance.degree(rolled.score, target),
                         tracked=tracked(sheet, opts), approved_by=cmd.approved_by,
                         approval=approval)
    return [ev(cmd.character_id, body), *_aid_events(rolled, cmd.character_id, "action", allies,
                                                     opts)]


def _defence(res: c.Resistance, sheet: c.PotentialSheet, allies: Sheets, target_id: str,
             opts: PotentialOptions, hindrances: int, dice: Dice
             ) -> tuple[c.PoolRoll, list[str]]:
    """The target's resistance action (L50-53); an empty pool or unconscious scores 1."""
    field = "payload.resistance"
    if not sheets.is_conscious(sheet):
        return resistance.fixed_one("unconscious (L53)"), []
    if res.unconscious:
        raise StateConflict(f"{field}.unconscious", "potential.unconscious L53",
                            "the target is conscious: the GM records unconsciousness")
    if res.decline:
        return resistance.fixed_one("declined (P-12)", opts.decline_resistance_score), []
    if sheet.fixed_score is not None:
        if res.advantages or res.free_resist or res.potential_action or res.aid_from:
            raise DomainError(f"{field}.advantages", "potential.minor-opponent P-40",
                              "a minor opponent resists with its fixed score")
        return actions.fixed(sheet.fixed_score, res.situation_bonuses + hindrances, dice), []
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
    if not names and not res.potential_action and not res.aid_from:
        # L53, P-12: nothing appropriate and affordable, no free resist: a score of one
        return resistance.fixed_one("unable to defend (L53)"), []
    pool = actions.declare(sheet, names, situation_bonuses=res.situation_bonuses + hindrances,
                           potential_action=res.potential_action, free=free, field=field)
    appropriateness.check(sheet, names, opts.appropriateness, f"{field}.advantages")  # L51
    helpers = aid.collect(res.aid_from, allies, target_id, "resistance",
                          {k: tracked(v, opts) for k, v in allies.items()},
                          f"{field}.aid_from")
    potential_bank.check_affordable(sheet, pool.cost, tracked(sheet, opts),
                                    f"{field}.advantages")
    return (actions.roll(actions.with_aid(pool, helpers), dice),
            [a for a in names if a in sheet.anticipated])


def attack(cmd: c.Attack, attacker: c.PotentialSheet, target: c.PotentialSheet,
           allies: Sheets, opts: PotentialOptions, dice: Dice) -> list[RulesetEvent]:
    """An attack and the target's resistance action, committed before rolling (P-14); the
    attack hits only when it beats the resistance, and the DoS is the damage (L54)."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("payload.target_id", "potential.attack L50", "attack another character")
    if target.pending_damage:
        raise DomainError("payload.target_id", "potential.discard L57",
                          "the target must first discard Life for its earlier damage")
    turns.check_may_act(attacker)
    used: list[c.Advantage] = []
    if attacker.fixed_score is not None:
        _minor_only_fixed(cmd)
        turns.check_whose_turn(attacker, False)
        rolled, approval = actions.fixed(attacker.fixed_score, cmd.situation_bonuses,
                                         dice), "fixed"
    else:
        pool, approval = _pool(cmd, attacker, allies, opts)
        used = pool.used
        rolled = actions.roll(pool, dice)
    against = cmd.hindrances + keywords.range_dice(used, cmd.distance,
                                                   opts.range_bonus_dice_per_step)
    defence, anticipated = _defence(cmd.resistance, target, allies, cmd.target_id, opts,
                                    against, dice)
    dos = resistance.degree(rolled.score, defence.score)
    body = c.AttackResolved(character_id=cmd.character_id, target_id=cmd.target_id,
                            focus=cmd.focus, attack=rolled, defence=defence, hit=dos > 0,
                            degree=dos, tracked=tracked(attacker, opts),
                            approved_by=cmd.approved_by,
                            defence_approved_by=cmd.resistance.approved_by, approval=approval)
    res = c.Resisted(character_id=cmd.target_id, attacker_id=cmd.character_id,
                     cost=defence.cost, degree=dos if cmd.damaging else 0,
                     tracked=tracked(target, opts), anticipation_used=anticipated)
    out = [ev(cmd.character_id, body), ev(cmd.target_id, res)]
    out += _aid_events(rolled, cmd.character_id, "action", allies, opts)
    out += _aid_events(defence, cmd.target_id, "resistance", allies, opts)
    if dos > 0:  # L67: a hit places each Status advantage's status on the target
        out += [ev(cmd.target_id, c.StatusApplied(character_id=cmd.target_id, status=s))
                for s in keywords.statuses(used, cmd.character_id, dos)]
    return out
