"""Exact odds (digest §2): P(N d6 + B > R), opposed pools, and the degree-of-success pmf."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from contracts.rulesets.potential import OddsView


@lru_cache(maxsize=64)
def sum_pmf(n: int) -> dict[int, Fraction]:
    """L17, L25: the distribution of the sum of n d6 (n = 0 is the sum 0), by convolution."""
    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for s, p in dist.items():
            for face in range(1, 7):
                nxt[s + face] = nxt.get(s + face, Fraction(0)) + p / 6
        dist = nxt
    return dist


def degree_pmf(dice: int, bonus: int, opposed_dice: int, opposed_bonus: int
               ) -> dict[int, Fraction]:
    """P(DoS = d): 0 when the resistance holds (ties fail, L54), else the difference."""
    out: dict[int, Fraction] = {}
    for x, px in sum_pmf(dice).items():
        for y, py in sum_pmf(opposed_dice).items():
            d = max(0, (x + bonus) - (y + opposed_bonus))
            out[d] = out.get(d, Fraction(0)) + px * py
    return out


def view(pmf: dict[int, Fraction]) -> OddsView:
    """Fractions as "n/d" in lowest terms, as ``fractions.Fraction`` prints them."""
    return OddsView(p_success=str(1 - pmf.get(0, Fraction(0))),
                    degrees={str(d): str(p) for d, p in sorted(pmf.items())})
