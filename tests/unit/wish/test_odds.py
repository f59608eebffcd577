"""Exact pool odds: checked against the reference script's figures (digest §1.3 table)."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from contracts.rulesets.wish import OddsQuery
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.odds import odds


def test_average_pool_of_three_characteristic_and_two_challenge_dice() -> None:
    o = odds({"CHR": 3, "CHL": 2})
    assert o.tail == 0 and sum(o.outcomes.values()) == 1
    assert abs(float(o.p_success) - 0.382812) < 1e-6
    assert o.expected_net == 0  # E[S] 3 x 1/2 against E[F] 2 x 3/4
    assert o.p(lambda k: k[3] >= 1) == 1 - Fr(7, 8) ** 2  # a calamity on either challenge die


def test_str5_two_steps_offensive_pool_L91() -> None:
    o = odds({"OFF": 2, "CHR": 3, "CHL": 2})
    assert abs(float(o.p_success) - 0.686641) < 1e-6
    assert o.expected_net == Fr(14, 10)


def test_pools_with_expertise_are_exact_up_to_a_reported_tail() -> None:
    o = odds({"CHR": 3, "EXP": 1, "CHL": 2})
    assert 0 < o.tail < Fr(1, 10**9)
    assert abs(float(o.p_success) - 0.481110) < 1e-6
    assert (
        abs(float(odds({"CHR": 3, "EXP": 1, "CHL": 2}, downgrade=True).p_success) - 0.530258) < 1e-6
    )


def test_odds_query_view_and_refusal() -> None:
    v = WISH.odds(OddsQuery(pool="CHR:2,CHL:1,MIS:2"))
    assert v.p_success == str(Fr(1, 4))  # the reference pool E: exactly 0.25
    assert v.tail == "0"
    with pytest.raises(DomainError) as e:
        WISH.odds(OddsQuery(pool="D20:1"))
    assert e.value.rule.startswith("wish.dice")


def test_expertise_chains_are_summed_in_closed_form_L47_L49() -> None:
    """L47: an Expertise die has "a 33% success ratio", "actually a 50% success ratio" when
    serendipity is downgraded; chaining on a 5 (L49). The exact figures include every chain;
    the listing leaves out less than 1e-15, reported exactly."""
    one = odds({"EXP": 1})
    assert one.p_success == Fr(1, 3) and odds({"EXP": 1}, downgrade=True).p_success == Fr(1, 2)
    assert one.expected_net == Fr(2, 5)  # 1/5 from the stopping face, 1/5 chained successes
    assert 0 < one.tail < Fr(1, 10**15) and sum(one.outcomes.values()) + one.tail == 1
    big = odds({"CHR": 5, "OFF": 2, "CHL": 3, "EXP": 2})
    assert 0 < big.tail < Fr(1, 10**15) and sum(big.outcomes.values()) + big.tail == 1
    listed = big.p(lambda k: k[0] >= 1)
    assert listed <= big.p_success <= listed + big.tail
