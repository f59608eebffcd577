"""Folding the events of health into a sheet: damage and exertion, lasting harm, recovery,
stabilizing, devices damaged or restored, conditions, the stance meter and damage over time
(L185-210, L249-256, L309-320, L1393-1511). Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Callable

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import dot, views
from domain.rulesets.wish.folding import R, SheetFolds, given
from domain.rulesets.wish.state import Device, WishSheet

FOLDS = SheetFolds()


@FOLDS.on(ev.DamageTaken)
def fold_damage(s: WishSheet, e: ev.DamageTaken) -> WishSheet:
    """Fold ``wish.DamageTaken``: what got through Soak or Psyche (L185-210)."""
    return R(
        s,
        wounds_lost=s.wounds_lost + e.wounds_lost,
        grit_lost=s.grit_lost + e.grit_lost,
        criticals=[*s.criticals, *map(views.lasting, e.criticals)],
        schisms=[*s.schisms, *map(views.lasting, e.schisms)],
        stress=s.stress + e.stress,
        fatigue=s.fatigue + e.fatigue,
        serial=max(s.serial, e.serial),
    )


@FOLDS.on(ev.LastingInflicted)
def fold_lasting(s: WishSheet, e: ev.LastingInflicted) -> WishSheet:
    """Fold ``wish.LastingInflicted``: a critical wound or a schism (L1417-1419)."""
    if e.kind == "schism":
        s = R(s, schisms=[*s.schisms, views.lasting(e.lasting)])
    else:
        s = R(s, criticals=[*s.criticals, views.lasting(e.lasting)])
    return R(s, serial=max(s.serial, e.serial))


@FOLDS.on(ev.Restored)
def fold_restored(s: WishSheet, e: ev.Restored) -> WishSheet:
    """Fold ``wish.Restored``: losses recovered, never below none; Fortune up to its rating;
    the lasting harm treated is gone."""
    treated = set(given(e.treated, []))
    return R(
        s,
        wounds_lost=max(0, s.wounds_lost - given(e.wounds, 0)),
        grit_lost=max(0, s.grit_lost - given(e.grit, 0)),
        stress=max(0, s.stress - given(e.stress, 0)),
        fatigue=max(0, s.fatigue - given(e.fatigue, 0)),
        fortune=min(s.fortune_rating, s.fortune + given(e.fortune, 0)),
        criticals=[c for c in s.criticals if c.id not in treated],
        schisms=[c for c in s.schisms if c.id not in treated],
    )


@FOLDS.on(ev.Exerted)
def fold_exerted(s: WishSheet, e: ev.Exerted) -> WishSheet:
    """Fold ``wish.Exerted``: stress or fatigue suffered."""
    return R(s, stress=s.stress + given(e.stress, 0), fatigue=s.fatigue + given(e.fatigue, 0))


@FOLDS.on(ev.Stabilized)
def fold_stabilized(s: WishSheet, e: ev.Stabilized) -> WishSheet:
    """Fold ``wish.Stabilized``."""
    return R(s, stabilized=True)


@FOLDS.on(ev.StabilizationEnded)
def fold_stabilization_ended(s: WishSheet, e: ev.StabilizationEnded) -> WishSheet:
    """Fold ``wish.StabilizationEnded``."""
    return R(s, stabilized=False)


def _device(s: WishSheet, name: str, change: Callable[[Device], Device]) -> WishSheet:
    """The sheet with its device ``name`` changed; a device it does not hold is passed over."""
    if name not in s.devices:
        return s
    return R(s, devices={**s.devices, name: change(s.devices[name])})


@FOLDS.on(ev.DeviceDamaged)
def fold_device_damaged(s: WishSheet, e: ev.DeviceDamaged) -> WishSheet:
    """Fold ``wish.DeviceDamaged``: damage after its Soak, and broken (L317-320)."""
    return _device(s, e.device, lambda d: R(d, wounds_lost=d.wounds_lost + e.wounds_lost,
                                            state="broken" if e.broken else d.state))


@FOLDS.on(ev.DeviceDisarmed)
def fold_device_disarmed(s: WishSheet, e: ev.DeviceDisarmed) -> WishSheet:
    """Fold ``wish.DeviceDisarmed``: the device taken away (L314-315)."""
    return _device(s, e.device, lambda d: R(d, state="disarmed"))


@FOLDS.on(ev.DeviceRestored)
def fold_device_restored(s: WishSheet, e: ev.DeviceRestored) -> WishSheet:
    """Fold ``wish.DeviceRestored``: ready again, and whole after a repair (L309, L920)."""
    if e.how == "repair":
        return _device(s, e.device, lambda d: R(d, state="ready", wounds_lost=0))
    return _device(s, e.device, lambda d: R(d, state="ready"))


@FOLDS.on(ev.ConditionAdded)
def fold_condition_added(s: WishSheet, e: ev.ConditionAdded) -> WishSheet:
    """Fold ``wish.ConditionAdded``; ``serial`` numbered its id."""
    return R(s, conditions=[*s.conditions, views.condition(e.condition)], serial=max(s.serial, e.serial))


@FOLDS.on(ev.ConditionTokensAdded)
def fold_tokens_added(s: WishSheet, e: ev.ConditionTokensAdded) -> WishSheet:
    """Fold ``wish.ConditionTokensAdded``: tokens on one condition, the conditions merged
    into it gone (L1465)."""
    absorbed = set(given(e.absorbed, []))
    out = []
    for c in s.conditions:
        if c.id in absorbed:
            continue
        if c.id == e.condition_id:
            c = R(c, tokens=c.tokens + e.tokens)
        out.append(c)
    return R(s, conditions=out)


@FOLDS.on(ev.ConditionRemoved)
def fold_condition_removed(s: WishSheet, e: ev.ConditionRemoved) -> WishSheet:
    """Fold ``wish.ConditionRemoved``."""
    return R(s, conditions=[c for c in s.conditions if c.id != e.condition_id])


@FOLDS.on(ev.ConditionsTicked)
def fold_ticked(s: WishSheet, e: ev.ConditionsTicked) -> WishSheet:
    """Fold ``wish.ConditionsTicked``: Brief conditions lose tokens, those ended go (L1393)."""
    expired = set(e.expired)
    return R(s, conditions=[R(c, tokens=max(0, c.tokens - e.ticks.get(c.id, 0)))
                            for c in s.conditions if c.id not in expired])


@FOLDS.on(ev.StanceShifted)
def fold_stance_shifted(s: WishSheet, e: ev.StanceShifted) -> WishSheet:
    """Fold ``wish.StanceShifted``: the meter moved, and the stress it cost (L249)."""
    return R(s, stance=R(s.stance, position=e.after), stress=s.stress + e.stress)


@FOLDS.on(ev.StanceSet)
def fold_stance_set(s: WishSheet, e: ev.StanceSet) -> WishSheet:
    """Fold ``wish.StanceSet`` (L249-250, L449-451)."""
    return R(s, stance=R(s.stance, position=e.position))


FOLDS.add(ev.DoTPlaced, dot.fold_placed)  # L256
FOLDS.add(ev.DoTTriggered, dot.fold_triggered)
FOLDS.add(ev.DoTExpired, dot.fold_expired)
