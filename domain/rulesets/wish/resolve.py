"""Rolling a pool and resolving it (L47-69, L514-528; digest §2.3).

Successes cancel failures and boons cancel banes one for one; serendipity and
calamity never cancel (L526-528). The actor may downgrade serendipities to
successes before cancelling (L528). An Expertise 5 means "roll another" (L49).
"""

from __future__ import annotations

from collections.abc import Mapping

from contracts.rulesets.wish import CheckResult, DieRoll, Tally
from domain.dice import Dice
from domain.rulesets.wish.faces import DICE, ORDER

# A safety bound on "roll another" chains; (1/6)^100 never happens with fair dice.
MAX_CHAIN = 100


def roll(pool: Mapping[str, int], dice: Dice) -> list[DieRoll]:
    """Roll every die of the pool in canonical order, then chained Expertise dice (L49, D-6)."""
    out: list[DieRoll] = []
    pending = 0
    for code in ORDER:
        die = DICE[code]
        for _ in range(pool.get(code, 0)):
            face = dice.roll(die.sides)
            symbols = die.faces[face].symbols
            out.append(DieRoll(die=code, face=face, symbols=list(symbols)))  # type: ignore[arg-type]
            pending += "CHAIN" in symbols
    chained = 0
    while pending and chained < MAX_CHAIN:
        pending -= 1
        chained += 1
        face = dice.roll(DICE["EXP"].sides)
        symbols = DICE["EXP"].faces[face].symbols
        out.append(DieRoll(die="EXP", face=face, symbols=list(symbols), chained=True))
        pending += "CHAIN" in symbols
    return out


def tally(rolls: list[DieRoll]) -> Tally:
    """Count every symbol shown (L3-69)."""
    t = Tally()
    for r in rolls:
        for s in r.symbols:
            if s != "CHAIN":
                setattr(t, s, getattr(t, s) + 1)
    return t


def resolve(t: Tally, downgrade_serendipity: int = 0) -> CheckResult:
    """Cancel and judge: net successes >= 1 succeeds (L522-524, D-1); SER/CAL stay (L528)."""
    d = max(0, min(downgrade_serendipity, t.SER))
    net = t.S + d - t.F
    return CheckResult(
        net_successes=net,
        net_boons=t.B - t.N,
        serendipity=t.SER - d,
        calamity=t.CAL,
        success=net >= 1,
        critical_failure_eligible=net < 1 and t.CAL > 0,
        downgraded=d,
    )
