"""The exact outcome distribution of a pool (L3-69; digest §1.3).

Computed by convolving each die's exact face distribution with ``Fraction``s,
never by sampling. Expertise chains ("roll another", L49) are unbounded, so
rolls with more than ``max_chain`` chained dice are left out and their exact
total probability is reported as ``tail``; every listed probability is exact.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction

import msgspec

from contracts.rulesets.wish import OddsView, Outcome
from domain.rulesets.wish.faces import DICE, ORDER

# (net successes, net boons, serendipity, calamity)
Key = tuple[int, int, int, int]


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    pool: dict[str, int]
    outcomes: dict[Key, Fraction]
    tail: Fraction

    def p(self, pred: Callable[[Key], bool]) -> Fraction:
        """Exact probability of the listed outcomes satisfying ``pred``."""
        return sum((q for k, q in self.outcomes.items() if pred(k)), Fraction(0))

    @property
    def p_success(self) -> Fraction:
        return self.p(lambda k: k[0] >= 1)

    @property
    def expected_net(self) -> Fraction:
        return sum((k[0] * q for k, q in self.outcomes.items()), Fraction(0))


def _face_key(die: str, face: int, downgrade: bool) -> Key:
    s = DICE[die].faces[face].symbols
    ser = s.count("SER")
    net = s.count("S") - s.count("F") + (ser if downgrade else 0)
    return (net, s.count("B") - s.count("N"), 0 if downgrade else ser, s.count("CAL"))


def _add(a: Key, b: Key) -> Key:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _convolve(a: dict[Key, int], b: dict[Key, int]) -> dict[Key, int]:
    out: dict[Key, int] = defaultdict(int)
    for ka, wa in a.items():
        for kb, wb in b.items():
            out[_add(ka, kb)] += wa * wb
    return out


def _expertise_group(n: int, max_chain: int, downgrade: bool) -> tuple[dict[Key, int], int]:
    """``n`` starting Expertise dice with their chains, as integer weights over a denominator.

    A die that rolls k fives and then a stopping face has probability (1/6)^(k+1) (L47-53);
    rolls with more than ``max_chain`` chained dice in all are left out.
    """
    # (outcome, chained dice) -> weight over 6^(max_chain+1) per die
    per: dict[tuple[Key, int], int] = defaultdict(int)
    for k in range(max_chain + 1):
        for face in (6, 4, 3, 2, 1):
            key = _add(_face_key("EXP", face, downgrade), (k, 0, 0, 0))
            per[(key, k)] += 6 ** (max_chain - k)
    dist: dict[tuple[Key, int], int] = {((0, 0, 0, 0), 0): 1}
    for _ in range(n):
        nxt: dict[tuple[Key, int], int] = defaultdict(int)
        for (ka, ca), wa in dist.items():
            for (kb, cb), wb in per.items():
                if ca + cb <= max_chain:
                    nxt[(_add(ka, kb), ca + cb)] += wa * wb
        dist = nxt
    flat: dict[Key, int] = defaultdict(int)
    for (key, _), w in dist.items():
        flat[key] += w
    return flat, 6 ** ((max_chain + 1) * n)


def odds(pool: Mapping[str, int], *, downgrade: bool = False, max_chain: int = 12) -> Odds:
    """Exact distribution of (net successes, net boons, serendipity, calamity) for ``pool``.

    ``downgrade`` counts every serendipity as a success (the L47 "50%" reading).
    Weights are integers over a common denominator, turned into fractions at the end.
    """
    dist, denominator = _expertise_group(pool.get("EXP", 0), max_chain, downgrade)
    for code in ORDER:
        if code == "EXP":
            continue
        per: dict[Key, int] = defaultdict(int)
        for face in DICE[code].faces:
            per[_face_key(code, face, downgrade)] += 1
        for _ in range(pool.get(code, 0)):
            dist = _convolve(dist, per)
            denominator *= DICE[code].sides
    outcomes = {k: Fraction(w, denominator) for k, w in dist.items()}
    listed = Fraction(sum(dist.values()), denominator)
    return Odds(pool={d: pool[d] for d in ORDER if pool.get(d)}, outcomes=outcomes, tail=1 - listed)


def view(o: Odds) -> OddsView:
    """The wire form of an ``Odds``: fractions as "p/q" strings."""
    return OddsView(
        pool=o.pool,
        outcomes=[
            Outcome(
                net_successes=k[0],
                net_boons=k[1],
                serendipity=k[2],
                calamity=k[3],
                probability=str(q),
            )
            for k, q in sorted(o.outcomes.items())
        ],
        tail=str(o.tail),
        p_success=str(o.p_success),
        expected_net_successes=str(o.expected_net),
    )
