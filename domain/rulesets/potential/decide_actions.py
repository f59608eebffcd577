"""Deciding actions and attacks (L17-29, L49-54), with their keyword hooks (L61-67)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from contracts.rulesets import potential as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import (
    actions,
    aid,
    appropriateness,
    keywords,
    potential_bank,
    resistance,
    turns,
    views,
)
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential import state as s
from domain.rulesets.potential.context import Ctx, char, sheet_of, sheets_of
from domain.rulesets.potential.options import PotentialOptions
from domain.rulesets.seam import Handlers

Sheets = Mapping[str, s.PotentialSheet]
HANDLERS: Handlers[Ctx] = Handlers()


def tracked(sheet: s.PotentialSheet, opts: PotentialOptions) -> bool:
    """P-2: only combat (unless the campaign tracks narrative potential) keeps a spent pile."""
    return sheet.in_combat or opts.narrative_potential == "tracked"


def _check_concentration(sheet: s.PotentialSheet, concentration: bool,
                         opts: PotentialOptions) -> None:
    if concentration and sheet.in_combat and not opts.concentration_in_combat:
        raise DomainError("payload.concentration", "potential.concentration L28",
                          "concentration needs time and space: narrative play only (P-3)")


def _minor_only_fixed(cmd: c.TakeAction | c.Attack) -> None:
    if cmd.advantages or cmd.potential_action or cmd.aid_from:
        raise DomainError("payload.advantages", "potential.minor-opponent P-40",
                          "a minor opponent acts with its fixed score, not advantages")


def _pool(cmd: c.TakeAction | c.Attack, sheet: s.PotentialSheet, allies: Sheets,
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


def _aid_given(ctx: Ctx, aid_used: list[c.AidUse], aided: str, kind: str,
               allies: Sheets) -> None:
    """L63-64: each ally whose aid joined the pool pays its token."""
    for u in aid_used:
        ctx.emit(char(u.character_id), c.AidGiven(
            character_id=u.character_id, aided=aided, advantage=u.advantage, kind=kind,
            cost=u.cost, tracked=tracked(allies[u.character_id], ctx.options)))


@HANDLERS.on(c.TakeAction)
def take_action(ctx: Ctx, cmd: c.TakeAction) -> None:
    """An action against a GL-set resistance (L17-26); ties fail (L25)."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    allies = sheets_of(ctx, cmd.aid_from, "aid_from")
    opts, dice = ctx.options, ctx.dice
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
    ctx.emit(char(cmd.character_id), body)
    _aid_given(ctx, rolled.aid, cmd.character_id, "action", allies)


def _free_resist(res: c.Resist, sheet: s.PotentialSheet, names: list[str]) -> bool:
    """L50, L52: the free resist costs nothing, so it joins the resistance unless the defender
    leaves it out (``free_resist: false``, e.g. armour against poison gas) or it is gone."""
    field = "payload.free_resist"
    if res.free_resist is False:
        return False
    adv = sheets.find(sheet, sheet.free_resist) if sheet.free_resist is not None else None
    if res.free_resist is None:
        return adv is not None and not adv.discarded and adv.id not in names
    if adv is None:
        raise DomainError(field, "potential.free-resist L52", "this sheet lists no free resist")
    if adv.id in names:
        raise DomainError("payload.advantages", "potential.once-per-action L39",
                          "the free resist is already in the resistance (P-13)")
    return True


def _defence(res: c.Resist, sheet: s.PotentialSheet, allies: Sheets, hindrances: int,
             opts: PotentialOptions, dice: Dice) -> tuple[c.PoolRoll, list[str]]:
    """The target's resistance action (L50-53); an empty pool or unconscious scores 1."""
    field = "payload"
    if not sheets.is_conscious(sheet):
        return resistance.fixed_one("unconscious (L53)"), []
    if res.decline:
        return resistance.fixed_one("declined (P-12)", opts.decline_resistance_score), []
    if sheet.fixed_score is not None:
        if res.advantages or res.free_resist or res.potential_action or res.aid_from:
            raise DomainError(f"{field}.advantages", "potential.minor-opponent P-40",
                              "a minor opponent resists with its fixed score")
        return actions.fixed(sheet.fixed_score, res.situation_bonuses + hindrances, dice), []
    names = list(res.advantages)
    free: frozenset[str] = frozenset()
    if _free_resist(res, sheet, names):
        assert sheet.free_resist is not None
        names.insert(0, sheet.free_resist)
        free = frozenset({sheet.free_resist})
    free |= frozenset(a for a in names if a in sheet.anticipated)  # paid ahead (L60)
    if not names and not res.potential_action and not res.aid_from:
        # L53, P-12: nothing appropriate and affordable, no free resist: a score of one
        return resistance.fixed_one("unable to defend (L53)"), []
    pool = actions.declare(sheet, names, situation_bonuses=res.situation_bonuses + hindrances,
                           potential_action=res.potential_action, free=free, field=field)
    appropriateness.check(sheet, names, opts.appropriateness, f"{field}.advantages")  # L51
    helpers = aid.collect(res.aid_from, allies, res.character_id, "resistance",
                          {k: tracked(v, opts) for k, v in allies.items()},
                          f"{field}.aid_from")
    if (opts.unaffordable_resistance == "score_one"
            and potential_bank.shortfall(sheet, pool.cost, tracked(sheet, opts)) is not None):
        return resistance.fixed_one("shortage of potential (L53)"), []
    potential_bank.check_affordable(sheet, pool.cost, tracked(sheet, opts),
                                    f"{field}.advantages")
    return (actions.roll(actions.with_aid(pool, helpers), dice),
            [a for a in names if a in sheet.anticipated])


def _declare_attack(cmd: c.Attack, attacker: s.PotentialSheet, allies: Sheets,
                    opts: PotentialOptions) -> c.PendingAttack:
    """The attacker's side, checked and priced at declaration (L17-23, L39, L63, L66-67)."""
    if attacker.fixed_score is not None:  # P-40: a fixed score plus bonus dice, no advantages
        _minor_only_fixed(cmd)
        turns.check_whose_turn(attacker, False)
        return c.PendingAttack(attacker_id=cmd.character_id, focus=cmd.focus,
                               sources=["situation"] * cmd.situation_bonuses,
                               modifier=attacker.fixed_score, cost=c.Cost(),
                               hindrances=cmd.hindrances, damaging=cmd.damaging,
                               tracked=tracked(attacker, opts), approved_by=cmd.approved_by,
                               approval="fixed", rerolls=[0] * cmd.situation_bonuses)
    pool, approval = _pool(cmd, attacker, allies, opts)
    against = cmd.hindrances + keywords.range_dice(pool.used, cmd.distance,
                                                   opts.range_bonus_dice_per_step)
    return c.PendingAttack(attacker_id=cmd.character_id, focus=cmd.focus, sources=pool.sources,
                           modifier=pool.modifier, cost=pool.cost, rerolls=pool.rerolls,
                           aid=pool.aid, statuses=keywords.statuses(pool.used,
                                                                    cmd.character_id, 0),
                           hindrances=against, damaging=cmd.damaging,
                           tracked=tracked(attacker, opts), approved_by=cmd.approved_by,
                           approval=approval)


def _roll_attack(pending: c.PendingAttack, attacker_fixed: bool, dice: Dice) -> c.PoolRoll:
    if attacker_fixed:
        faces = [dice.roll(6) for _ in pending.sources]
        return c.PoolRoll(sources=pending.sources, faces=faces, modifier=0,
                          score=pending.modifier + sum(faces), cost=c.Cost(),
                          fixed=pending.modifier)
    return actions.roll(actions.Pool(sources=pending.sources, modifier=pending.modifier,
                                     cost=pending.cost, rerolls=pending.rerolls,
                                     aid=pending.aid), dice)


def _resolve(ctx: Ctx, pending: c.PendingAttack, res: c.Resist, target: s.PotentialSheet,
             allies: Sheets, prepaid: bool) -> None:
    """Both pools roll, the attack's first (P-14); it hits only when it beats the resistance,
    and the DoS is the damage (L54)."""
    if target.pending_damage:
        raise StateConflict("payload.character_id", "potential.discard L57",
                            "discard Life for the earlier hit before resisting the next")
    opts, dice = ctx.options, ctx.dice
    rolled = _roll_attack(pending, pending.approval == "fixed", dice)
    defence, anticipated = _defence(res, target, allies, pending.hindrances, opts, dice)
    dos = resistance.degree(rolled.score, defence.score)
    body = c.AttackResolved(character_id=pending.attacker_id, target_id=res.character_id,
                            focus=pending.focus, attack=rolled, defence=defence, hit=dos > 0,
                            degree=dos, tracked=pending.tracked,
                            approved_by=pending.approved_by, defence_approved_by=res.approved_by,
                            approval=pending.approval, prepaid=prepaid)
    ctx.emit(char(pending.attacker_id), body)
    ctx.emit(char(res.character_id), c.Resisted(
        character_id=res.character_id, attacker_id=pending.attacker_id, cost=defence.cost,
        degree=dos if pending.damaging else 0, tracked=tracked(target, opts),
        anticipation_used=anticipated))
    _aid_given(ctx, defence.aid, res.character_id, "resistance", allies)
    if dos > 0:  # L67: a hit places each Status advantage's status on the target
        for effect in pending.statuses:
            ctx.emit(char(res.character_id), c.StatusApplied(
                character_id=res.character_id, status=msgspec.structs.replace(effect, degree=dos)))


def _no_choice(target: s.PotentialSheet) -> bool:
    """L53, P-40: an unconscious target (a score of one) or a minor opponent (its fixed score)
    has nothing to choose, so its resistance needs no answer; anyone else answers (L50)."""
    return (not sheets.is_conscious(target) or target.fixed_score is not None) and \
        not target.pending_damage and not target.pending_attacks


@HANDLERS.on(c.Attack)
def attack(ctx: Ctx, cmd: c.Attack) -> None:
    """An attack (L49-54): the attacker pays on declaration (L39); the target's own controller
    answers with its resistance action (``Resist``, L50) before either pool rolls (P-14). A
    target with no choice to make resists at once."""
    attacker = sheet_of(ctx, cmd.character_id, "character_id")
    target = sheet_of(ctx, cmd.target_id, "target_id")
    allies = sheets_of(ctx, cmd.aid_from, "aid_from")
    if cmd.target_id == cmd.character_id:
        raise DomainError("payload.target_id", "potential.attack L50", "attack another character")
    turns.check_may_act(attacker)
    pending = _declare_attack(cmd, attacker, allies, ctx.options)
    if _no_choice(target):
        resist = c.Resist(campaign_id=cmd.campaign_id, character_id=cmd.target_id,
                          attacker_id=cmd.character_id)
        _resolve(ctx, pending, resist, target, {}, prepaid=False)
    else:
        ctx.emit(char(cmd.character_id), c.AttackDeclared(
            character_id=cmd.character_id, target_id=cmd.target_id, focus=cmd.focus,
            cost=pending.cost, tracked=pending.tracked))
        ctx.emit(char(cmd.target_id), c.AttackPending(character_id=cmd.target_id,
                                                      attack=pending))
    _aid_given(ctx, pending.aid, cmd.character_id, "action", allies)


@HANDLERS.on(c.Resist)
def resist(ctx: Ctx, cmd: c.Resist) -> None:
    """L50: the attacked character's resistance action, chosen by its own controller (or the
    GM), against the oldest attack ``attacker_id`` declared on it; then the attack resolves."""
    sheet_of(ctx, cmd.attacker_id, "attacker_id")
    target = sheet_of(ctx, cmd.character_id, "character_id")
    allies = sheets_of(ctx, cmd.aid_from, "aid_from")
    pending = next((p for p in target.pending_attacks if p.attacker_id == cmd.attacker_id),
                   None)
    if pending is None:
        raise StateConflict("payload.attacker_id", "potential.resist L50",
                            f"{cmd.attacker_id!r} has no attack waiting for "
                            f"{cmd.character_id!r}'s resistance")
    _resolve(ctx, views.pending_attack_view(pending), cmd, target, allies, prepaid=True)
