"""DoT, 'Damage Over Time' (L256), driven by each card's own stipulation (``Stunt.dot``).

L256: 'this Trait indicates an effect that deals damage or triggers an effect beyond the turn
or round in which it entered play. DoT effects will stipulate the target they affect and
provide both a time frame defining how frequently it triggers and what effect it has when it
does trigger. DoT's will also indicate when or under what conditions they expire either in
terms of recharge tokens or a statement regarding how or when it terminates.'

A DoT card's hit places a ``DoTEffect`` on each character it hits; it triggers at each of the
target's End of Turn (digest D-22 step 2) or at each Round's end, as its ``every`` says, and
expires after ``count`` triggers, or, 'in terms of recharge tokens', after as many triggers as
the recharge tokens its card was given when used (L510: the card loses one a turn, and so does
the DoT, one per trigger, as a Brief condition's own tokens do, L1393).
"""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import views
from domain.rulesets.wish.state import Stunt, WishSheet
from domain.rulesets.wish.state_effects import DoTEffect

RULE = "wish.trait.dot L256"


def placed(source_id: str, stunt_name: str, stunt: Stunt, check_id: str) -> DoTEffect | None:
    """The DoT a hit with ``stunt`` places on its target (L256), or None for another card. It
    triggers ``count`` times, or as many times as the card's recharge tokens placed by this use
    (``stunt.recharge_tokens`` after it)."""
    if stunt.dot is None:
        return None
    n = stunt.dot.count if stunt.dot.expiry == "count" else stunt.recharge_tokens
    return DoTEffect(id=f"{source_id}:{check_id}", stunt=stunt_name, source_id=source_id,
                     spec=stunt.dot, remaining=n)


def fold_placed(s: WishSheet, e: ev.DoTPlaced) -> WishSheet:
    """Fold ``wish.DoTPlaced``."""
    dot = views.dot(e.dot)
    return msgspec.structs.replace(s, dots=[*(x for x in s.dots if x.id != dot.id), dot])


def fold_triggered(s: WishSheet, e: ev.DoTTriggered) -> WishSheet:
    """Fold ``wish.DoTTriggered``: one trigger spent."""
    return msgspec.structs.replace(s, dots=[
        msgspec.structs.replace(x, remaining=e.remaining, triggered=x.triggered + 1)
        if x.id == e.id else x for x in s.dots])


def fold_expired(s: WishSheet, e: ev.DoTExpired) -> WishSheet:
    """Fold ``wish.DoTExpired``."""
    return msgspec.structs.replace(s, dots=[x for x in s.dots if x.id != e.id])
