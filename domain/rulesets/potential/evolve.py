"""Folding recorded Potential events into a character's sheet, one fold per event class
(``CHARACTERS``); each is total: it never re-decides a rule."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.potential import potential_bank, views
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential import state as s
from domain.rulesets.seam import Folds

Sheet = s.PotentialSheet
CHARACTERS: Folds[Sheet] = Folds()


def _acted(sheet: Sheet, cost: c.Cost) -> Sheet:
    """Spending potential in the own turn rules out a rest (L43)."""
    if sheet.turn is None or cost.dynamic + cost.static == 0:
        return sheet
    return msgspec.structs.replace(sheet, turn=msgspec.structs.replace(sheet.turn, acted=True))


def _paid(sheet: Sheet, cost: c.Cost) -> Sheet:
    """L39: the cost leaves the bank, and it is an action in the own turn (L43)."""
    return _acted(potential_bank.spend(sheet, cost), cost)


def _recover(sheet: Sheet, ids: set[str]) -> Sheet:
    advs = [msgspec.structs.replace(a, discarded=False) if a.id in ids else a
            for a in sheet.advantages]
    return msgspec.structs.replace(sheet, advantages=advs)


def _ruling(sheet: Sheet, advantages: list[str],
            state: Literal["challenged", "approved", "vetoed"], reason: str) -> Sheet:
    """L21: the group's latest word on a combination replaces its earlier one."""
    kept = [r for r in sheet.rulings if r.advantages != advantages]
    return msgspec.structs.replace(sheet, rulings=[
        *kept, s.Ruling(advantages=list(advantages), state=state, reason=reason)])


# --------------------------------------------------------------------------- actions, attacks


@CHARACTERS.on(c.ActionTaken)
def action_taken(sheet: Sheet, e: c.ActionTaken) -> Sheet:
    """L39: a tracked action's pool is paid (P-2: narrative play keeps no spent pile)."""
    return _paid(sheet, e.pool.cost) if e.tracked else sheet


@CHARACTERS.on(c.AttackResolved)
def attack_resolved(sheet: Sheet, e: c.AttackResolved) -> Sheet:
    """L39: an attack resolved at once is paid now; a declared one was paid on declaration."""
    return sheet if not e.tracked or e.prepaid else _paid(sheet, e.attack.cost)


@CHARACTERS.on(c.AttackDeclared)
def attack_declared(sheet: Sheet, e: c.AttackDeclared) -> Sheet:
    """L39: the attacker pays on declaration."""
    return _paid(sheet, e.cost) if e.tracked else sheet


@CHARACTERS.on(c.AttackPending)
def attack_pending(sheet: Sheet, e: c.AttackPending) -> Sheet:
    """L50: the attack waits for this character's resistance action."""
    return msgspec.structs.replace(
        sheet, pending_attacks=[*sheet.pending_attacks, views.pending_attack(e.attack)])


@CHARACTERS.on(c.Resisted)
def resisted(sheet: Sheet, e: c.Resisted) -> Sheet:
    """L50-54: the defence is paid (in the own turn it rules out a rest, L43, digest 4.5); the
    damage waits for Life discards; the oldest attack of this attacker is answered; an
    anticipated token used returns to the bank (L60, P-30)."""
    paid = _paid(sheet, e.cost) if e.tracked else sheet
    used = set(e.anticipation_used)
    refund = len(used) if e.tracked else 0
    waiting = list(paid.pending_attacks)
    first = next((i for i, w in enumerate(waiting) if w.attacker_id == e.attacker_id), None)
    if first is not None:
        del waiting[first]
    return msgspec.structs.replace(
        paid, pending_damage=e.degree, pending_attacks=waiting,
        anticipated=[a for a in paid.anticipated if a not in used],
        dynamic=s.Tokens(bank=paid.dynamic.bank + refund, spent=paid.dynamic.spent))


@CHARACTERS.on(c.LifeDiscarded)
def life_discarded(sheet: Sheet, e: c.LifeDiscarded) -> Sheet:
    """L57: the discarded Life advantages cover the damage; an anticipation on one of them is
    spent at once (P-19)."""
    gone = set(e.advantages)
    advs = [msgspec.structs.replace(a, discarded=True) if a.id in gone else a
            for a in sheet.advantages]
    lapsed = [a for a in sheet.anticipated if a in gone]
    return msgspec.structs.replace(
        sheet, advantages=advs, pending_damage=0,
        anticipated=[a for a in sheet.anticipated if a not in gone],
        dynamic=s.Tokens(bank=sheet.dynamic.bank, spent=sheet.dynamic.spent + len(lapsed)))


# --------------------------------------------------------------------------- combat


@CHARACTERS.on(c.CombatStarted)
def combat_started(sheet: Sheet, e: c.CombatStarted) -> Sheet:
    """L33-35: readiness tokens start combat in the spent pile."""
    return msgspec.structs.replace(potential_bank.pre_spend(sheet, e.readiness),
                                   combat_id=e.combat_id)


@CHARACTERS.on(c.CombatEnded)
def combat_ended(sheet: Sheet, e: c.CombatEnded) -> Sheet:
    """P-22: every token returns to the bank; anticipations, turns and statuses end; P-20: the
    advantages the ``end_of_combat`` option recovers."""
    back = potential_bank.restore(sheet)
    back = msgspec.structs.replace(
        back, dynamic=s.Tokens(bank=back.dynamic.bank + len(back.anticipated)),
        anticipated=[], turn=None, had_turn=False, statuses=[], aid_offer=None, combat_id=None)
    return _recover(back, set(e.recovered))


# --------------------------------------------------------------------------- turns


@CHARACTERS.on(c.TurnStarted)
def turn_started(sheet: Sheet, e: c.TurnStarted) -> Sheet:
    """L37: the turn begins; unused anticipations go to the spent pile (L60); statuses have
    seen their target's next turn (L67)."""
    seen = [msgspec.structs.replace(st, seen_turn=True) for st in sheet.statuses]
    return msgspec.structs.replace(
        sheet, turn=s.TurnState(), had_turn=True, anticipated=[], statuses=seen,
        dynamic=s.Tokens(bank=sheet.dynamic.bank, spent=sheet.dynamic.spent + len(e.lapsed)))


@CHARACTERS.on(c.Recouped)
def recouped(sheet: Sheet, e: c.Recouped) -> Sheet:
    """L42-44: tokens return from the spent pile to the bank, in the own turn."""
    if sheet.turn is None:
        return sheet
    turn = msgspec.structs.replace(
        sheet.turn, recouped_dynamic=sheet.turn.recouped_dynamic + e.dynamic,
        recouped_static=sheet.turn.recouped_static + e.static, rested=e.rest)
    return msgspec.structs.replace(
        sheet, turn=turn,
        dynamic=s.Tokens(bank=sheet.dynamic.bank + e.dynamic, spent=sheet.dynamic.spent - e.dynamic),
        static=s.Tokens(bank=sheet.static.bank + e.static, spent=sheet.static.spent - e.static))


@CHARACTERS.on(c.Moved)
def moved(sheet: Sheet, e: c.Moved) -> Sheet:
    """L46: a movement is paid like an action."""
    return _paid(sheet, e.cost)


@CHARACTERS.on(c.TurnEnded)
def turn_ended(sheet: Sheet, e: c.TurnEnded) -> Sheet:
    """L60: anticipated tokens leave the bank; L67: statuses that saw this turn end now."""
    return msgspec.structs.replace(
        sheet, turn=None, anticipated=list(e.anticipated),
        statuses=[st for st in sheet.statuses if not st.seen_turn],
        dynamic=s.Tokens(bank=sheet.dynamic.bank - len(e.anticipated),
                         spent=sheet.dynamic.spent))


@CHARACTERS.on(c.InitiativeSeized)
def initiative_seized(sheet: Sheet, e: c.InitiativeSeized) -> Sheet:
    """L37, P-45: the winner of the auction spends its bid."""
    return potential_bank.spend(sheet, e.cost)


@CHARACTERS.on(c.RoundStarted)
def round_started(sheet: Sheet, e: c.RoundStarted) -> Sheet:
    """L37: a new round; the character has not had its turn in it."""
    return msgspec.structs.replace(sheet, had_turn=False)


@CHARACTERS.on(c.AdvantageRecovered)
def advantage_recovered(sheet: Sheet, e: c.AdvantageRecovered) -> Sheet:
    """L56, P-20: the GM recovers a discarded advantage."""
    return _recover(sheet, {e.advantage})


# --------------------------------------------------------------------------- keywords, rulings


@CHARACTERS.on(c.AidOffered)
def aid_offered(sheet: Sheet, e: c.AidOffered) -> Sheet:
    """L63-64: an Aid Other or Aid Resist advantage offered to an ally."""
    return msgspec.structs.replace(sheet, aid_offer=s.AidOffer(
        to=e.to, advantage=e.advantage, kind="resistance" if e.kind == "resistance" else "action"))


@CHARACTERS.on(c.AidGiven)
def aid_given(sheet: Sheet, e: c.AidGiven) -> Sheet:
    """L63-64: the ally pays its token; an offer is used once."""
    paid = _paid(sheet, e.cost) if e.tracked else sheet
    return msgspec.structs.replace(paid, aid_offer=None)


@CHARACTERS.on(c.ConsciousnessSet)
def consciousness_set(sheet: Sheet, e: c.ConsciousnessSet) -> Sheet:
    """L53, P-35: the GM's decision; coming round ends an "Unconscious" status too."""
    kept = [st for st in sheet.statuses
            if not (e.conscious and st.name.casefold() == sheets.UNCONSCIOUS_STATUS)]
    return msgspec.structs.replace(sheet, conscious=e.conscious, statuses=kept)


@CHARACTERS.on(c.StatusApplied)
def status_applied(sheet: Sheet, e: c.StatusApplied) -> Sheet:
    """L67: a hit places a Status advantage's status."""
    return msgspec.structs.replace(sheet, statuses=[*sheet.statuses, views.status(e.status)])


@CHARACTERS.on(c.CombinationChallenged)
def combination_challenged(sheet: Sheet, e: c.CombinationChallenged) -> Sheet:
    """L21: a combination questioned waits for the GM's ruling."""
    return _ruling(sheet, e.advantages, "challenged", e.reason)


@CHARACTERS.on(c.CombinationRuled)
def combination_ruled(sheet: Sheet, e: c.CombinationRuled) -> Sheet:
    """L21, P-7: the GM's ruling on a combination."""
    return _ruling(sheet, e.advantages, "approved" if e.approved else "vetoed", e.reason)


@CHARACTERS.on(c.RetrainingStarted)
def retraining_started(sheet: Sheet, e: c.RetrainingStarted) -> Sheet:
    """L52: a new free resist is being retrained to."""
    return msgspec.structs.replace(sheet, retraining=e.advantage)


@CHARACTERS.on(c.FreeResistChanged)
def free_resist_changed(sheet: Sheet, e: c.FreeResistChanged) -> Sheet:
    """L52: the retraining period is over: the new free resist applies."""
    return msgspec.structs.replace(sheet, retraining=None, free_resist=e.advantage)


@CHARACTERS.on(c.MinorActionTaken)
def minor_action_taken(sheet: Sheet, e: c.MinorActionTaken) -> Sheet:
    """L40, P-28: a minor action spends nothing and changes no sheet."""
    return sheet
