"""Folding recorded Potential events into a character's sheet (total: never fails)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.potential import potential_bank
from domain.rulesets.potential import sheet as sheets


def _acted(sheet: c.PotentialSheet, cost: c.Cost) -> c.PotentialSheet:
    """Spending potential in the own turn rules out a rest (L43)."""
    if sheet.turn is None or cost.dynamic + cost.static == 0:
        return sheet
    return msgspec.structs.replace(sheet, turn=msgspec.structs.replace(sheet.turn, acted=True))


def _recover(sheet: c.PotentialSheet, ids: set[str]) -> c.PotentialSheet:
    advs = [msgspec.structs.replace(a, discarded=False) if a.id in ids else a
            for a in sheet.advantages]
    return msgspec.structs.replace(sheet, advantages=advs)


def _ruling(sheet: c.PotentialSheet, advantages: list[str], state: str,
            reason: str) -> c.PotentialSheet:
    kept = [r for r in sheet.rulings if r.advantages != advantages]
    return msgspec.structs.replace(sheet, rulings=[*kept, msgspec.convert(
        {"advantages": advantages, "state": state, "reason": reason}, c.Ruling)])


def _keywords(sheet: c.PotentialSheet, name: str, body: dict[str, Any]) -> c.PotentialSheet:
    """Aid (L63-64), consciousness (L53), statuses (L67) and rulings (L21)."""
    if name == "AidOffered":
        off = msgspec.convert(body, c.AidOffered)
        return msgspec.structs.replace(sheet, aid_offer=c.AidOffer(
            to=off.to, advantage=off.advantage, kind="resistance" if off.kind == "resistance"
            else "action"))
    if name == "AidGiven":
        given = msgspec.convert(body, c.AidGiven)
        paid = _acted(potential_bank.spend(sheet, given.cost), given.cost) if given.tracked \
            else sheet
        return msgspec.structs.replace(paid, aid_offer=None)  # an offer is used once
    if name == "ConsciousnessSet":
        awake = msgspec.convert(body, c.ConsciousnessSet).conscious
        kept = [s for s in sheet.statuses  # coming round ends an "Unconscious" status too
                if not (awake and s.name.casefold() == sheets.UNCONSCIOUS_STATUS)]
        return msgspec.structs.replace(sheet, conscious=awake, statuses=kept)
    if name == "StatusApplied":
        status = msgspec.convert(body, c.StatusApplied).status
        return msgspec.structs.replace(sheet, statuses=[*sheet.statuses, status])
    if name == "CombinationChallenged":
        ch = msgspec.convert(body, c.CombinationChallenged)
        return _ruling(sheet, ch.advantages, "challenged", ch.reason)
    if name == "RetrainingStarted":
        return msgspec.structs.replace(
            sheet, retraining=msgspec.convert(body, c.RetrainingStarted).advantage)
    if name == "FreeResistChanged":
        return msgspec.structs.replace(
            sheet, retraining=None, free_resist=msgspec.convert(body, c.FreeResistChanged).advantage)
    if name == "CombinationRuled":
        ru = msgspec.convert(body, c.CombinationRuled)
        return _ruling(sheet, ru.advantages, "approved" if ru.approved else "vetoed", ru.reason)
    return sheet


def _turns(sheet: c.PotentialSheet, name: str, body: dict[str, Any]) -> c.PotentialSheet:
    if name == "TurnStarted":
        lapsed = len(msgspec.convert(body, c.TurnStarted).lapsed)
        seen = [msgspec.structs.replace(s, seen_turn=True) for s in sheet.statuses]
        return msgspec.structs.replace(  # unused anticipations go to the spent pile (L60)
            sheet, turn=c.TurnState(), had_turn=True, anticipated=[], statuses=seen,
            dynamic=c.Tokens(bank=sheet.dynamic.bank, spent=sheet.dynamic.spent + lapsed))
    if name == "Recouped" and sheet.turn is not None:
        rec = msgspec.convert(body, c.Recouped)
        turn = msgspec.structs.replace(
            sheet.turn, recouped_dynamic=sheet.turn.recouped_dynamic + rec.dynamic,
            recouped_static=sheet.turn.recouped_static + rec.static, rested=rec.rest)
        return msgspec.structs.replace(
            sheet, turn=turn,
            dynamic=c.Tokens(bank=sheet.dynamic.bank + rec.dynamic,
                             spent=sheet.dynamic.spent - rec.dynamic),
            static=c.Tokens(bank=sheet.static.bank + rec.static,
                            spent=sheet.static.spent - rec.static))
    if name == "Moved":
        cost = msgspec.convert(body, c.Moved).cost
        return _acted(potential_bank.spend(sheet, cost), cost)
    if name == "TurnEnded":
        ant = msgspec.convert(body, c.TurnEnded).anticipated
        return msgspec.structs.replace(  # anticipated tokens leave the bank (L60)
            sheet, turn=None, anticipated=list(ant),
            statuses=[s for s in sheet.statuses if not s.seen_turn],  # L67: they end now
            dynamic=c.Tokens(bank=sheet.dynamic.bank - len(ant), spent=sheet.dynamic.spent))
    if name == "InitiativeSeized":
        return potential_bank.spend(sheet, msgspec.convert(body, c.InitiativeSeized).cost)
    if name == "RoundStarted":
        return msgspec.structs.replace(sheet, had_turn=False)
    if name == "AdvantageRecovered":
        return _recover(sheet, {msgspec.convert(body, c.AdvantageRecovered).advantage})
    return _keywords(sheet, name, body)


def _apply(sheet: c.PotentialSheet, event_type: str, data: Mapping[str, Any]
           ) -> c.PotentialSheet:
    name = event_type.removeprefix(f"{c.RULESET_ID}.")
    body = dict(data)
    if name == "ActionTaken":
        ev = msgspec.convert(body, c.ActionTaken)
        if not ev.tracked:
            return sheet
        return _acted(potential_bank.spend(sheet, ev.pool.cost), ev.pool.cost)
    if name == "AttackResolved":
        att = msgspec.convert(body, c.AttackResolved)
        if not att.tracked or att.prepaid:
            return sheet
        return _acted(potential_bank.spend(sheet, att.attack.cost), att.attack.cost)
    if name == "AttackDeclared":  # the attacker pays on declaration (L39)
        dec = msgspec.convert(body, c.AttackDeclared)
        return _acted(potential_bank.spend(sheet, dec.cost), dec.cost) if dec.tracked else sheet
    if name == "AttackPending":
        declared = msgspec.convert(body, c.AttackPending).attack
        return msgspec.structs.replace(sheet, pending_attacks=[*sheet.pending_attacks, declared])
    if name == "Resisted":
        res = msgspec.convert(body, c.Resisted)
        # paying for a resistance in the own turn rules out a rest (L43, digest 4.5)
        paid = _acted(potential_bank.spend(sheet, res.cost), res.cost) if res.tracked else sheet
        used = set(res.anticipation_used)
        refund = len(used) if res.tracked else 0  # the anticipated token returns (L60, P-30)
        waiting = list(paid.pending_attacks)  # the oldest attack of this attacker is answered
        first = next((i for i, w in enumerate(waiting) if w.attacker_id == res.attacker_id),
                     None)
        if first is not None:
            del waiting[first]
        return msgspec.structs.replace(
            paid, pending_damage=res.degree, pending_attacks=waiting,
            anticipated=[a for a in paid.anticipated if a not in used],
            dynamic=c.Tokens(bank=paid.dynamic.bank + refund, spent=paid.dynamic.spent))
    if name == "LifeDiscarded":
        dis = msgspec.convert(body, c.LifeDiscarded)
        gone = set(dis.advantages)
        advs = [msgspec.structs.replace(a, discarded=True) if a.id in gone else a
                for a in sheet.advantages]
        lapsed = [a for a in sheet.anticipated if a in gone]  # its token is spent at once (P-19)
        return msgspec.structs.replace(
            sheet, advantages=advs, pending_damage=0,
            anticipated=[a for a in sheet.anticipated if a not in gone],
            dynamic=c.Tokens(bank=sheet.dynamic.bank, spent=sheet.dynamic.spent + len(lapsed)))
    if name == "CombatStarted":
        started = msgspec.convert(body, c.CombatStarted)
        return msgspec.structs.replace(potential_bank.pre_spend(sheet, started.readiness),
                                       combat_id=started.combat_id)
    if name == "CombatEnded":
        ended = msgspec.convert(body, c.CombatEnded)
        back = potential_bank.restore(sheet)
        back = msgspec.structs.replace(
            back, dynamic=c.Tokens(bank=back.dynamic.bank + len(back.anticipated)),
            anticipated=[], turn=None, had_turn=False, statuses=[], aid_offer=None,
            combat_id=None)
        return _recover(back, set(ended.recovered))
    return _turns(sheet, name, body)


def evolve(state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one event; an unreadable event leaves the sheet as it was."""
    try:
        sheet = sheets.load(state)
        return msgspec.to_builtins(_apply(sheet, event_type, data))
    except (msgspec.ValidationError, TypeError):
        return state
