"""Re-reading recorded WISH dice: the same faces must give the same symbols and the same result.

Used by the audit (``domain.audit``): given an event and the draws the service recorded for its
command, report every way the event's reading differs from what the rules give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from contracts.rulesets.wish import DieRoll, Tally
from domain.rulesets.wish import conditions
from domain.rulesets.wish.faces import DICE
from domain.rulesets.wish.resolve import resolve, tally


def reread(event_type: str, data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """Differences between a recorded WISH roll and the rules applied to its draws (L3-69, L514-528)."""
    if event_type == "wish.CheckRolled":
        return _check(data, draws)
    if event_type == "wish.BriefConditionRolled":
        return _brief(data, draws)
    if event_type == "wish.CheckAmended":
        return _amended(data, draws)
    if event_type == "wish.CheckRerolled":
        return _rerolled(data, draws)
    return []


def draws_read(event_type: str, data: Mapping[str, Any]) -> int | None:
    """How many of its command's draws a recorded WISH roll shows, in order (None: not a roll).

    A command may roll several checks (initiative for every participant, a contest's sides);
    its draws are recorded once, with its first roll, and each roll shows the next ones."""
    if event_type == "wish.CheckRolled":
        return len((data.get("check") or {}).get("dice", []))
    if event_type == "wish.BriefConditionRolled":
        return len(data.get("rolls", []))
    if event_type in ("wish.CheckAmended", "wish.CheckRerolled"):
        return len(data.get("dice", []))
    return None


def _rerolled(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """Mystical Reality's second roll (L837): faces, then the tally with the replaced dice's
    symbols out and the new ones in."""
    dice = [msgspec.convert(d, DieRoll) for d in data.get("dice", [])]
    gone = tally([msgspec.convert(d, DieRoll) for d in data.get("replaced", [])])
    before = msgspec.convert(data.get("previous_tally", {}), Tally)
    new = tally(dice)
    expected = Tally(**{k: getattr(before, k) - getattr(gone, k) + getattr(new, k)
                        for k in Tally.__struct_fields__})
    return _dice(dice, draws) + _outcome(data.get("tally", {}), data.get("result", {}), expected)


def _amended(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """Fortune dice rolled after the roll (L222): faces, then previous tally + faces."""
    dice = [msgspec.convert(d, DieRoll) for d in data.get("dice", [])]
    before = msgspec.convert(data.get("previous_tally", {}), Tally)
    extra = tally(dice)
    expected = Tally(**{k: getattr(before, k) + getattr(extra, k) for k in Tally.__struct_fields__})
    return _dice(dice, draws) + _outcome(data.get("tally", {}), data.get("result", {}), expected)


def _check(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    check = data.get("check", {})
    dice = [msgspec.convert(d, DieRoll) for d in check.get("dice", [])]
    return _dice(dice, draws) + _outcome(check.get("tally", {}), check.get("result", {}), tally(dice))


def _dice(dice: list[DieRoll], draws: Sequence[tuple[int, int]]) -> list[str]:
    """The dice are the draws, in order, and each shows its face's printed symbols (L3-69)."""
    problems = _faces(draws, [(DICE[d.die].sides, d.face) for d in dice])
    for i, d in enumerate(dice):
        printed = list(DICE[d.die].faces[d.face].symbols) if d.face in DICE[d.die].faces else None
        if printed != d.symbols:
            problems.append(f"die {i} ({d.die} face {d.face}) shows {d.symbols}, the table {printed}")
    return problems


def _outcome(recorded_tally: Any, result: Mapping[str, Any], expected: Tally) -> list[str]:
    """The recorded tally and result are what the symbols give (L514-528)."""
    problems = []
    if msgspec.convert(recorded_tally, Tally) != expected:
        problems.append(f"tally {recorded_tally} but the faces give {msgspec.to_builtins(expected)}")
    resolved = msgspec.to_builtins(resolve(expected, int(result.get("downgraded", 0))))
    if result != resolved:
        problems.append(f"result {result} but the faces give {resolved}")
    return problems


def _brief(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    rolls = [int(r) for r in data.get("rolls", [])]
    problems = _faces(draws, [(100, r) for r in rolls])
    named = [row.name for row in (conditions.row_for_roll(data.get("table", ""), r) for r in rolls)
             if not row.roll_twice]
    if not set(data.get("results", [])) <= set(named):
        problems.append(f"results {data.get('results')} are not what rolls {rolls} give ({named})")
    return problems


def _faces(draws: Sequence[tuple[int, int]], recorded: Sequence[tuple[int, int]]) -> list[str]:
    if list(draws) != list(recorded):
        return [f"the event's dice {list(recorded)} are not the draws {list(draws)}"]
    return []
