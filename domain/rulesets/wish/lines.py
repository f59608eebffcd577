"""Option lines: the effect block of an Action or Stunt card (L514-528; digest §2.4, D-1, D-2).

Keys in card notation: ``N`` needs N net successes (L522), ``-N`` N net failures (L524),
``+``/``++``... boons and ``-``/``--``... banes (L526), ``!`` a serendipity and ``?`` a
calamity (L528). Success lines are thresholds and only one may be chosen (L520); boon, bane,
serendipity and calamity lines consume what they need (D-2), so symbols pay for one line each.
Each line triggers once per resolution unless the card says otherwise (L520). The effects
themselves are card text and are recorded, not applied.
"""

from __future__ import annotations

import re
from typing import Final

import msgspec

from contracts.rulesets.wish import OptionLine
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state_checks import RecentCheck

RULE: Final = "wish.option_lines L520"


class Line(msgspec.Struct, frozen=True):
    kind: str  # success, failure, boon, bane, serendipity, calamity
    n: int
    beneficial: bool


def parse(key: str) -> Line:
    """Read a card key (``"3:"``, ``"-2"``, ``"++"``, ``"---"``, ``"!"``, ``"?"``; L522-528)."""
    k = key.strip().rstrip(":").strip()
    if re.fullmatch(r"[1-9][0-9]*", k):
        return Line("success", int(k), True)  # L522
    if re.fullmatch(r"-[1-9][0-9]*", k):
        return Line("failure", int(k[1:]), False)  # L524
    if re.fullmatch(r"\++", k):
        return Line("boon", len(k), True)  # L526
    if re.fullmatch(r"-+", k):
        return Line("bane", len(k), False)  # L526
    if k == "!":
        return Line("serendipity", 1, True)  # L528
    if k == "?":
        return Line("calamity", 1, False)  # L528
    raise DomainError("lines", "wish.option_lines L514-528", f"{key!r} is not an option-line key")


SYMBOL: Final = {"boon": "B", "bane": "N", "serendipity": "SER", "calamity": "CAL"}


def choose(rec: RecentCheck, picks: list[OptionLine], beneficial: bool) -> dict[str, int]:
    """Check the picks against the check's result (L520-528); returns the symbols consumed."""
    r = rec.result
    if r is None:
        raise StateConflict("check_id", RULE, "the check has no recorded result")
    if not picks:
        raise DomainError("lines", RULE, "choose at least one line")
    have = {
        "B": max(0, r.net_boons),
        "N": max(0, -r.net_boons),
        "SER": r.serendipity,
        "CAL": r.calamity,
    }
    consumed: dict[str, int] = {}
    chosen = list(rec.lines)
    for i, pick in enumerate(picks):
        line = parse(pick.key)
        field = f"lines.{i}"
        who = "the acting character" if beneficial else "the GM"
        if line.beneficial != beneficial:
            raise DomainError(field, RULE, f"{pick.key!r} is not chosen by {who}")
        if pick.times < 1 or (pick.times > 1 and not pick.repeatable):
            raise DomainError(field, RULE, "a line triggers once unless the card says more")
        name = f"{pick.key.strip().rstrip(':')} {pick.label}".strip()
        if name in chosen and not pick.repeatable:
            raise StateConflict(field, RULE, f"{name!r} has already been triggered")
        if line.kind == "success":
            if any(parse(c.split(" ", 1)[0]).kind == "success" for c in chosen):
                raise StateConflict(field, RULE, "success lines are not cumulative: one only")
            if r.net_successes < line.n:
                raise StateConflict(field, "wish.option_lines L522",
                                    f"needs {line.n} successes, the check has {r.net_successes}")
        elif line.kind == "failure":
            if -r.net_successes < line.n:  # D-1: net failures
                raise StateConflict(field, "wish.option_lines L524",
                                    f"needs {line.n} failures, the check has {-r.net_successes}")
        else:
            sym = SYMBOL[line.kind]
            need = line.n * pick.times
            left = have[sym] - rec.consumed.get(sym, 0) - consumed.get(sym, 0)
            if need > left:
                raise StateConflict(field, "wish.option_lines L526-528 (D-2)",
                                    f"needs {need} {line.kind} symbols, {left} left")
            consumed[sym] = consumed.get(sym, 0) + need
        chosen.append(name)
    return consumed


def name_of(pick: OptionLine) -> str:
    """The recorded name of a chosen line: its key and label."""
    return f"{pick.key.strip().rstrip(':')} {pick.label}".strip()
