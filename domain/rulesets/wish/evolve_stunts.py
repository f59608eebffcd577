"""Folding the events of stunts into a sheet: costs paid, failures and restoring, toggles,
Lingering and Extended effects, recharge tokens, a pinned card, a declared React and travel
(L256-273, L446, L508-510, L1076-1198). Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Callable

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import extended, pin, reacts, travel
from domain.rulesets.wish.evolve_checks import recharge
from domain.rulesets.wish.folding import R, SheetFolds, given
from domain.rulesets.wish.state import Stunt, WishSheet

FOLDS = SheetFolds()


def _stunt(s: WishSheet, name: str | None, change: Callable[[Stunt], Stunt]) -> WishSheet:
    """The sheet with its stunt ``name`` changed; a stunt it does not hold is passed over."""
    if name is None or name not in s.stunts:
        return s
    return R(s, stunts={**s.stunts, name: change(s.stunts[name])})


@FOLDS.on(ev.StuntCostPaid)
def fold_cost_paid(s: WishSheet, e: ev.StuntCostPaid) -> WishSheet:
    """Fold ``wish.StuntCostPaid``: direct losses, no mitigation (L508, D-14)."""
    return R(s, stress=s.stress + given(e.stress, 0), fatigue=s.fatigue + given(e.fatigue, 0),
             fortune=max(0, s.fortune - given(e.fortune, 0)),
             wounds_lost=s.wounds_lost + given(e.wounds, 0),
             grit_lost=s.grit_lost + given(e.grit, 0))


@FOLDS.on(ev.StuntFailed)
def fold_failed(s: WishSheet, e: ev.StuntFailed) -> WishSheet:
    """Fold ``wish.StuntFailed``: an Unreliable stunt unusable (L273)."""
    return _stunt(s, e.stunt, lambda st: R(st, unusable=True))


@FOLDS.on(ev.StuntRestored)
def fold_restored(s: WishSheet, e: ev.StuntRestored) -> WishSheet:
    """Fold ``wish.StuntRestored``: usable again."""
    return _stunt(s, e.stunt, lambda st: R(st, unusable=False))


@FOLDS.on(ev.StuntToggled)
def fold_toggled(s: WishSheet, e: ev.StuntToggled) -> WishSheet:
    """Fold ``wish.StuntToggled``: a Toggle switched on or off (L260)."""
    return _stunt(s, e.stunt, lambda st: R(st, toggled_on=e.on))


@FOLDS.on(ev.LingeringMaintained)
def fold_lingering_maintained(s: WishSheet, e: ev.LingeringMaintained) -> WishSheet:
    """Fold ``wish.LingeringMaintained``: used, or a maneuver spent on it (L262)."""
    if e.stunt is None:  # no stunt named: nothing to keep (it could not be stored)
        return s
    return R(s, lingering={**s.lingering, e.stunt: True})


@FOLDS.on(ev.LingeringEnded)
def fold_lingering_ended(s: WishSheet, e: ev.LingeringEnded) -> WishSheet:
    """Fold ``wish.LingeringEnded``: a React ends Persisted ones (L264)."""
    return R(s, lingering={n: kept for n, kept in s.lingering.items() if n not in e.stunts})


@FOLDS.on(ev.LingeringUpkeep)
def fold_lingering_upkeep(s: WishSheet, e: ev.LingeringUpkeep) -> WishSheet:
    """Fold ``wish.LingeringUpkeep``: at the End of Turn those not ended wait to be used
    again (L262)."""
    return R(s, lingering={n: False for n in s.lingering if n not in e.ended})


@FOLDS.on(ev.RechargeTokensAdded)
def fold_recharge_added(s: WishSheet, e: ev.RechargeTokensAdded) -> WishSheet:
    """Fold ``wish.RechargeTokensAdded`` (L510)."""
    return recharge(s, e.stunts)


@FOLDS.on(ev.RechargeTokensRemoved)
def fold_recharge_removed(s: WishSheet, e: ev.RechargeTokensRemoved) -> WishSheet:
    """Fold ``wish.RechargeTokensRemoved`` (L510)."""
    return recharge(s, {k: -v for k, v in e.stunts.items()})


FOLDS.add(ev.ExtendedBegun, extended.fold_begun)  # L261
FOLDS.add(ev.ExtendedProgressed, extended.fold_progressed)
FOLDS.add(ev.ExtendedResolved, extended.fold_ended)
FOLDS.add(ev.ExtendedFailed, extended.fold_ended)
FOLDS.add(ev.CardPinned, pin.fold_pinned)  # L446
FOLDS.add(ev.PinnedPlayed, pin.fold_cleared)
FOLDS.add(ev.PinLapsed, pin.fold_cleared)
FOLDS.add(ev.ReactDeclared, reacts.fold_declared)  # L264-271
FOLDS.add(ev.ReactUsed, reacts.fold_used)
FOLDS.add(ev.TravelResolved, travel.fold_resolved)  # L1110
FOLDS.add(ev.TravelDeviceRepaired, travel.fold_repaired)
FOLDS.add(ev.TravelRechargeSet, travel.fold_recharge)  # L510
