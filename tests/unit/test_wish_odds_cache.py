"""WISH exact odds are a pure function of the pool: computed once per normalised pool, then read
from a bounded cache, with the same answer as computing them afresh (L3-69)."""

from __future__ import annotations

import msgspec

from domain.rulesets.wish import odds as odds_module
from domain.rulesets.wish import ruleset


def test_the_same_pool_written_differently_is_computed_once() -> None:
    ruleset._odds_of.cache_clear()
    first = ruleset.odds(ruleset.parse_pool("CHR:3,EXP:6,CHL:3"))
    again = ruleset.odds(ruleset.parse_pool("CHL:3,OFF:0,CHR:1,EXP:6,CHR:2"))
    assert again is first  # one entry: dice in a fixed order, counts of 0 dropped, repeats added
    info = ruleset._odds_of.cache_info()
    assert (info.misses, info.hits, info.currsize) == (1, 1, 1)
    fresh = odds_module.view(odds_module.odds({"CHR": 3, "EXP": 6, "CHL": 3}))
    assert msgspec.to_builtins(first) == msgspec.to_builtins(fresh)
    # A different reading or depth is a different entry, not the cached one.
    assert ruleset.odds({"CHR": 3, "EXP": 6, "CHL": 3}, downgrade=True) is not first
    assert ruleset.odds({"CHR": 3, "EXP": 6, "CHL": 3}, depth=3) is not first


def test_the_cache_is_bounded() -> None:
    ruleset._odds_of.cache_clear()
    for n in range(1, 13):
        for m in range(0, 13 - n):
            ruleset.odds({"CHR": n, "OFF": m})
    assert ruleset._odds_of.cache_info().currsize <= ruleset.ODDS_CACHE_SIZE
    assert ruleset._odds_of.cache_info().maxsize == ruleset.ODDS_CACHE_SIZE
