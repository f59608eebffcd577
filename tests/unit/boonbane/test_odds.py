"""The exact odds of the core roll (L14-L22) against the digest's table, brute force and its oracle."""

from __future__ import annotations

import itertools
from fractions import Fraction

from domain.rulesets.boonbane.odds import highest_d6, roll_odds, totals
from tests.unit.boonbane import digest_oracle as oracle  # the digest's model, section 2


def _enumerated(modifier: int, boons: int, banes: int) -> dict[int, Fraction]:
    """Every d20 face and every tuple of d6 faces, counted one by one (L14-L16)."""
    n = boons - banes
    counts: dict[int, int] = {}
    outcomes = 0
    for d20 in range(1, 21):
        for faces in itertools.product(range(1, 7), repeat=abs(n)):
            kept = max(faces) if faces else 0
            t = d20 + modifier + (kept if n > 0 else -kept)
            counts[t] = counts.get(t, 0) + 1
            outcomes += 1
    return {t: Fraction(c, outcomes) for t, c in counts.items()}


def test_the_digest_table_of_p_total_at_least_10() -> None:
    # digest §2.2: modifier 0, net -3..+3 against the default target number 10 (L20-L22)
    expected = {-3: "29/96", -2: "47/144", -1: "3/8", 0: "11/20", 1: "29/40", 2: "557/720",
                3: "383/480"}
    for n, p in expected.items():
        view = roll_odds(0, max(n, 0), max(-n, 0), 10)
        assert view.p_success == p, n


def test_boons_and_banes_cancel_one_for_one() -> None:
    # L16: 4 boons and 2 banes roll exactly as 2 boons
    assert roll_odds(1, 4, 2, 12) == roll_odds(1, 2, 0, 12)
    assert roll_odds(0, 6, 6, 10).p_success == "11/20"


def test_highest_d6_means_from_the_digest() -> None:
    means = {1: Fraction(7, 2), 2: Fraction(161, 36), 3: Fraction(119, 24),
             4: Fraction(6797, 1296), 6: Fraction(259421, 46656)}
    for k, mean in means.items():
        pmf = highest_d6(k)
        assert sum(pmf.values()) == 1
        assert sum(m * p for m, p in pmf.items()) == mean


def test_totals_match_enumeration_of_every_outcome() -> None:
    for modifier, boons, banes in [(0, 0, 0), (3, 1, 0), (-5, 0, 3), (5, 4, 1), (-2, 2, 5)]:
        view = roll_odds(modifier, boons, banes, 10)
        brute = _enumerated(modifier, boons, banes)
        assert view.totals == {str(t): str(brute[t]) for t in sorted(brute)}
        assert totals(modifier, boons, banes) == brute


def test_the_whole_odds_grid_agrees_with_the_rules_digest_oracle() -> None:
    for modifier in range(-5, 6):
        for boons in range(7):
            for banes in range(7):
                n = boons - banes
                pmf = oracle.pmf_total(n, modifier)
                ours = totals(modifier, boons, banes)
                assert ours == pmf
                for target in range(1, 31):
                    p = sum((v for t, v in ours.items() if t >= target), Fraction(0))
                    assert p == oracle.closed_form_p_at_least(n, target, modifier)
                view = roll_odds(modifier, boons, banes, 1 + (boons * 7 + banes) % 30)
                assert Fraction(view.p_success) == oracle.p_at_least(
                    n, 1 + (boons * 7 + banes) % 30, modifier)
                assert view.totals == {str(t): str(pmf[t]) for t in sorted(pmf)}
