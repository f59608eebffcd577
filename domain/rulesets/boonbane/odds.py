"""Exact odds of the core roll (L14-L22; digest §2): T = d20 + modifier ± highest of k d6."""

from __future__ import annotations

from fractions import Fraction

from contracts.rulesets.boonbane import OddsView


def highest_d6(k: int) -> dict[int, Fraction]:
    """The pmf of the highest of k d6 (L14-L15); k = 0 adds nothing."""
    if k == 0:
        return {0: Fraction(1)}
    return {m: Fraction(m**k - (m - 1)**k, 6**k) for m in range(1, 7)}


def totals(modifier: int, boons: int, banes: int) -> dict[int, Fraction]:
    """The exact distribution of the total after boons and banes cancel (L16)."""
    n = boons - banes
    sign = 1 if n > 0 else -1
    out: dict[int, Fraction] = {}
    for m, pm in highest_d6(abs(n)).items():
        for face in range(1, 21):
            t = face + modifier + sign * m
            out[t] = out.get(t, Fraction(0)) + pm / 20
    return out


def roll_odds(modifier: int, boons: int, banes: int, target: int) -> OddsView:
    """P(total >= target) (L22) and the total's distribution, as exact fractions."""
    pmf = totals(modifier, boons, banes)
    p = sum((v for t, v in pmf.items() if t >= target), Fraction(0))
    return OddsView(p_success=str(p), totals={str(t): str(pmf[t]) for t in sorted(pmf)})
