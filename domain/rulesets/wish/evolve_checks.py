"""Folding the events that amend a recorded check: Fortune after the roll, option lines and
justification lines. Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets.wish import CheckResult, DieRoll, Tally, WishSheet

R = msgspec.structs.replace
Data = Mapping[str, Any]


def fold_amended(s: WishSheet, d: Data) -> WishSheet:
    """Fold ``wish.CheckAmended``: Fortune dice added after the roll (L222)."""
    tally = msgspec.convert(d["tally"], Tally)
    result = msgspec.convert(d["result"], CheckResult)
    recent = [
        R(r, tally=tally, result=result,
          dice=[*r.dice, *(msgspec.convert(x, DieRoll) for x in d.get("dice", []))])
        if r.check_id == d.get("check_id") else r
        for r in s.recent_checks
    ]
    return R(
        s,
        recent_checks=recent,
        stress=s.stress + d.get("stress", 0),
        fatigue=s.fatigue + d.get("fatigue", 0),
    )


def fold_lines(s: WishSheet, d: Data) -> WishSheet:
    """Fold ``wish.OptionLinesChosen``: the lines a check triggered and the symbols they
    consumed (L514-528)."""
    used: Mapping[str, int] = d.get("consumed", {})
    recent = [
        R(
            r,
            lines=[*r.lines, *d.get("lines", [])],
            consumed={k: r.consumed.get(k, 0) + used.get(k, 0) for k in {*r.consumed, *used}},
        )
        if r.check_id == d.get("check_id")
        else r
        for r in s.recent_checks
    ]
    return R(s, recent_checks=recent)


def fold_justification_line(s: WishSheet, d: Data) -> WishSheet:
    """Fold ``wish.JustificationLineTriggered`` (L338-368)."""
    used: Mapping[str, int] = d.get("consumed", {})
    name = f"{d.get('justification')} {d.get('line')}"
    recent = [
        R(r, lines=[*r.lines, *[name] * int(d.get("times", 1))],
          consumed={k: r.consumed.get(k, 0) + used.get(k, 0) for k in {*r.consumed, *used}},
          stunt_rating=int(d.get("stunt_rating", r.stunt_rating)),
          result=msgspec.convert(d["result"], CheckResult) if "result" in d else r.result)
        if r.check_id == d.get("check_id") else r
        for r in s.recent_checks
    ]
    return R(s, recent_checks=recent)
