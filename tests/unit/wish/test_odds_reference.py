"""The faster exact odds (32-bit product fields, 64-bit chain fields, only the blocks with any
outcome carried through the chains) equal the previous computation, outcome for outcome and in
the same key order, on many pools: every die alone and together, with and without Expertise
chains, serendipity downgraded or kept (L47), at several listing depths."""

from __future__ import annotations

import itertools
import random

import pytest

from domain.rulesets.wish import odds as fast
from domain.rulesets.wish.faces import ORDER
from tests.unit.wish import odds_reference as reference


def pools() -> list[dict[str, int]]:
    """Each die alone (1, 3, 12), each pair of dice, 80 random pools of 1-12 dice, three of 24."""
    out = [{die: n} for die in ORDER for n in (1, 3, 12)]
    out += [{a: 2, b: 3} for a, b in itertools.combinations(ORDER, 2)]
    rng = random.Random(24)
    for _ in range(80):
        size = rng.randint(1, 12)
        pool: dict[str, int] = {}
        for die in rng.choices(ORDER, k=size):
            pool[die] = pool.get(die, 0) + 1
        out.append(pool)
    out.append({"CHR": 3, "EXP": 6, "CHL": 3})  # the 12-die pool of the odds bench
    # 24 dice, the most the ruleset computes: counts of two or three 32-bit words, and chains
    # over counts wider than one 64-bit word (the last)
    out += [{"EXP": 24}, {"OFF": 12, "CHL": 12}, {"CHR": 8, "EXP": 8, "FRT": 4, "MIS": 4},
            {"OFF": 10, "CHL": 10, "EXP": 4}]
    return out


@pytest.mark.parametrize("pool", pools(), ids=lambda p: ",".join(f"{k}:{v}" for k, v in p.items()))
def test_the_faster_odds_equal_the_previous_computation(pool: dict[str, int]) -> None:
    for downgrade, depth in ((False, fast.DEPTH), (True, fast.DEPTH), (False, 0), (True, 5)):
        new = fast.odds(pool, downgrade=downgrade, depth=depth)
        old = reference.odds(pool, downgrade=downgrade, depth=depth)
        assert list(new.weights.items()) == list(old.weights.items())  # same keys, same order
        assert (new.pool, new.denominator, new.at_least, new.p_success, new.expected_net,
                new.depth) == (old.pool, old.denominator, old.at_least, old.p_success,
                               old.expected_net, old.depth)
        assert new.tail == 0 and sum(new.weights.values()) == new.denominator
        assert fast.view(new) == reference.view(old)
