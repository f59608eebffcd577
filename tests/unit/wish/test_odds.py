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


def test_pools_with_expertise_are_exact_with_nothing_left_out() -> None:
    o = odds({"CHR": 3, "EXP": 1, "CHL": 2})
    assert o.tail == 0 and sum(o.outcomes.values()) == 1
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
    serendipity is downgraded; chaining on a 5 (L49). Every chain is counted: the nets past
    the listing are "at least" outcomes in closed form, and nothing is left out."""
    one = odds({"EXP": 1})
    assert one.p_success == Fr(1, 3) and odds({"EXP": 1}, downgrade=True).p_success == Fr(1, 2)
    assert one.expected_net == Fr(2, 5)  # 1/5 from the stopping face, 1/5 chained successes
    assert one.tail == 0 and sum(one.outcomes.values()) == 1
    # one die listed to its highest unchained net (1) and 2 chains more; 4 or more in closed
    # form: 4 successes need 3 chains (1/6)^3 and a stop on the 4 (1/6 of 5/6), or 4 chains
    assert one.at_least == 4
    assert one.p(lambda k: k[0] >= 4) == Fr(1, 6) ** 3 * Fr(5, 6) * Fr(1, 5) + Fr(1, 6) ** 4
    assert one.p(lambda k: k[0] == 2) == Fr(1, 6) * Fr(5, 6) * Fr(1, 5) + Fr(1, 6) ** 2 * Fr(
        5, 6) * (Fr(1, 5) * 4)  # a chain then a stop on the 4, or 2 chains and a stop with none
    big = odds({"CHR": 5, "OFF": 2, "CHL": 3, "EXP": 2})
    assert big.tail == 0 and sum(big.outcomes.values()) == 1
    assert big.p(lambda k: k[0] >= 1) == big.p_success


def test_the_listing_depth_is_a_query_parameter() -> None:
    """Listing more chained successes one by one changes no figure, only the at-least line."""
    shallow, deep = odds({"EXP": 2, "CHL": 1}, depth=0), odds({"EXP": 2, "CHL": 1}, depth=6)
    assert (shallow.at_least, deep.at_least) == (3, 9)  # 2 dice show at most 2 unchained
    assert shallow.p_success == deep.p_success and shallow.tail == deep.tail == 0
    for net in (-2, -1, 0, 1, 2):
        assert shallow.p(lambda k, n=net: k[0] == n) == deep.p(lambda k, n=net: k[0] == n)
    assert shallow.p(lambda k: k[0] >= 3) == deep.p(lambda k: k[0] >= 3)
    view = WISH.odds(OddsQuery(pool="EXP:2,CHL:1", depth=6))
    assert view.tail == "0" and view.chain_depth == 6
    assert [o.net_successes for o in view.outcomes if o.at_least] == [9] * sum(
        o.at_least for o in view.outcomes)
    assert sum(Fr(o.probability) for o in view.outcomes) == 1
