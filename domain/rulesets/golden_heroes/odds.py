"""Exact strike odds (L79): a d20 hits on ``need`` or more, 20s always hit, 1s always miss."""

from __future__ import annotations

from fractions import Fraction

from contracts.rulesets.golden_heroes import OddsView
from domain.rulesets.golden_heroes import tables
from domain.rulesets.golden_heroes.strike import defence_added


def need(wc: int, dc: int, modifier: int = 0) -> int:
    """The lowest natural d20 that hits: 18 - WC - DC(1-4 as 5) - modifiers, within 2..20."""
    raw = tables.HIT_TARGET - wc - defence_added(dc) - modifier
    return min(max(raw, 2), 20)


def strike_odds(wc: int, dc: int, modifier: int = 0, crit_range: int = 1) -> OddsView:
    """P(hit), P(critical hit), P(critical miss) of one strike roll, exact (L79, L242)."""
    n = need(wc, dc, modifier)
    crit_low = 21 - crit_range
    hits = sum(1 for face in range(2, 21) if face >= n or face >= crit_low)
    return OddsView(need=min(n, crit_low), p_success=str(Fraction(hits, 20)),
                    p_critical_hit=str(Fraction(crit_range, 20)),
                    p_critical_miss=str(Fraction(1, 20)))
