"""Folding the events of checks into a sheet: a check rolled, then amended by Fortune after the
roll (L222), re-rolled (L837), its option and justification lines read (L338-368, L514-528),
Cosmic Winds chosen on it (L799), and the assists it spent (L384). Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, cast

import msgspec

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import origin_actions, views
from domain.rulesets.wish.folding import R, SheetFolds, given
from domain.rulesets.wish.state import GivenAssist, WishSheet
from domain.rulesets.wish.state_checks import RecentCheck

FOLDS = SheetFolds()

RECENT_CHECKS: Final = 10  # checks kept for Fortune after the roll (L222)

CheckKind = Literal["check", "attack", "contest", "stabilize", "initiative", "travel", "react"]


def recharge(s: WishSheet, changes: Mapping[str, int]) -> WishSheet:
    """Recharge tokens put on (or, negative, taken from) the sheet's stunts, never below 0
    (L510); a stunt the sheet does not hold is passed over."""
    stunts = dict(s.stunts)
    for name, n in changes.items():
        if name in stunts:
            stunts[name] = R(stunts[name], recharge_tokens=max(0, stunts[name].recharge_tokens + n))
    return R(s, stunts=stunts)


@FOLDS.on(ev.CheckRolled)
def fold_rolled(s: WishSheet, e: ev.CheckRolled) -> WishSheet:
    """Fold ``wish.CheckRolled``: its exertion, the Fortune spent on it and its stunt's recharge
    tokens (L13-19, L510); the check is kept among the recent ones for Fortune after the roll
    (L222)."""
    n = s.checks_rolled + 1
    recent = RecentCheck(
        check_id=e.check_id or f"check-{n}",
        # stored as recorded: the decider records only the kinds a RecentCheck names
        kind=cast(CheckKind, e.kind),
        characteristic=e.check.characteristic,
        target_id=e.target_id,
        tally=views.tally(e.check.tally),
        result=views.result(e.check.result),
        stunt=given(e.stunt, None),
        stunt_rating=given(e.stunt_rating, 0),
        pool=dict(e.check.pool),
        dice=views.dice(e.check.dice),
    )
    s = R(
        s,
        stress=s.stress + e.stress,
        fatigue=s.fatigue + e.fatigue,
        fortune=max(0, s.fortune - e.fortune_spent),
        checks_rolled=n,
        recent_checks=[*s.recent_checks, recent][-RECENT_CHECKS:],
    )
    return recharge(s, e.recharge)


@FOLDS.on(ev.CheckAmended)
def fold_amended(s: WishSheet, e: ev.CheckAmended) -> WishSheet:
    """Fold ``wish.CheckAmended``: Fortune dice added after the roll (L222)."""
    recent = [
        R(r, tally=views.tally(e.tally), result=views.result(e.result),
          dice=[*r.dice, *views.dice(e.dice)])
        if r.check_id == e.check_id else r
        for r in s.recent_checks
    ]
    return R(s, recent_checks=recent, stress=s.stress + e.stress, fatigue=s.fatigue + e.fatigue)


def _consumed(before: Mapping[str, int], used: Mapping[str, int]) -> dict[str, int]:
    return {k: before.get(k, 0) + used.get(k, 0) for k in {*before, *used}}


@FOLDS.on(ev.OptionLinesChosen)
def fold_lines(s: WishSheet, e: ev.OptionLinesChosen) -> WishSheet:
    """Fold ``wish.OptionLinesChosen``: the lines a check triggered and the symbols they
    consumed (L514-528)."""
    recent = [
        R(r, lines=[*r.lines, *e.lines], consumed=_consumed(r.consumed, e.consumed))
        if r.check_id == e.check_id else r
        for r in s.recent_checks
    ]
    return R(s, recent_checks=recent)


@FOLDS.on(ev.JustificationLineTriggered)
def fold_justification_line(s: WishSheet, e: ev.JustificationLineTriggered) -> WishSheet:
    """Fold ``wish.JustificationLineTriggered`` (L338-368)."""
    name = f"{e.justification} {e.line}"
    recent = [
        R(r, lines=[*r.lines, *[name] * e.times],
          consumed=_consumed(r.consumed, e.consumed),
          stunt_rating=given(e.stunt_rating, r.stunt_rating),
          result=r.result if isinstance(e.result, msgspec.UnsetType) else views.result(e.result))
        if r.check_id == e.check_id else r
        for r in s.recent_checks
    ]
    return R(s, recent_checks=recent)


@FOLDS.on(ev.AssistGiven)
def fold_assist(s: WishSheet, e: ev.AssistGiven) -> WishSheet:
    """Fold ``wish.AssistGiven``: an assist for the character's next check (L384)."""
    return R(s, assists_given=[*s.assists_given, GivenAssist(by=e.by, skill=e.skill)])


@FOLDS.on(ev.AssistsUsed)
def fold_assists_used(s: WishSheet, e: ev.AssistsUsed) -> WishSheet:
    """Fold ``wish.AssistsUsed``: the assists given are spent on the check (L384)."""
    return R(s, assists_given=[])


FOLDS.add(ev.CheckRerolled, origin_actions.fold_rerolled)  # Mystical Reality (L837)
FOLDS.add(ev.CosmicWindsUsed, origin_actions.fold_cosmic_winds)  # L799
