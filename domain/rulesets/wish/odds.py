"""The exact outcome distribution of a pool (L3-69; digest §1.3).

Computed by convolving each die's exact face distribution with integer weights over one
common denominator, never by sampling. An Expertise die that rolls a 5 rolls another (L49),
so its chains are unbounded: a die chains k times and then stops on one of its other five
faces with probability (1/6)^(k+1), so ``n`` Expertise dice chain K times in all with
probability C(n+k-1, k) (1/6)^(n+k), independently of where they stop. ``p_success`` and
``expected_net`` sum the chains in closed form and are exact. The listed outcomes go to the
smallest chain depth whose omitted mass is below 1e-15; that mass is reported exactly as
``tail``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Final

import msgspec

from contracts.rulesets.wish import OddsView, Outcome
from domain.rulesets.wish.faces import DICE, ORDER

# (net successes, net boons, serendipity, calamity)
Key = tuple[int, int, int, int]

TAIL_BOUND: Final = Fraction(1, 10**15)  # the most mass the listing may leave out
CHAIN: Final = Fraction(1, 6)  # an Expertise die rolls another on its 5 (L49)

# A key packed into one int, base ``_W`` with balanced digits, so adding packed keys adds keys.
_W: Final = 1 << 12
_HALF: Final = _W // 2


def _pack(k: Key) -> int:
    return k[0] + k[1] * _W + k[2] * _W * _W + k[3] * _W * _W * _W


def _unpack(x: int) -> Key:
    out = []
    for _ in range(4):
        d = (x + _HALF) % _W - _HALF
        out.append(d)
        x = (x - d) // _W
    return (out[0], out[1], out[2], out[3])


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    pool: dict[str, int]
    weights: dict[Key, int]  # each listed outcome's probability is its weight / denominator
    denominator: int
    tail: Fraction
    p_success: Fraction  # exact, chains summed in closed form
    expected_net: Fraction  # exact
    chain_depth: int  # chained Expertise dice listed, in all

    @property
    def outcomes(self) -> dict[Key, Fraction]:
        return {k: Fraction(w, self.denominator) for k, w in self.weights.items()}

    def p(self, pred: Callable[[Key], bool]) -> Fraction:
        """Exact probability of the listed outcomes satisfying ``pred``."""
        return Fraction(sum(w for k, w in self.weights.items() if pred(k)), self.denominator)


def _face_key(die: str, face: int, downgrade: bool) -> Key:
    s = DICE[die].faces[face].symbols
    ser = s.count("SER")
    net = s.count("S") - s.count("F") + (ser if downgrade else 0)
    return (net, s.count("B") - s.count("N"), 0 if downgrade else ser, s.count("CAL"))


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    if len(a) < len(b):
        a, b = b, a
    out: dict[int, int] = defaultdict(int)
    for kb, wb in b.items():
        for ka, wa in a.items():
            out[ka + kb] += wa * wb
    return out


def _faces(code: str, downgrade: bool) -> dict[int, int]:
    """One die's faces as packed keys and counts; the Expertise die's chaining 5 is left out:
    where it stops is one of its other five faces alike, its chains are counted apart."""
    per: dict[int, int] = defaultdict(int)
    for face in DICE[code].faces:
        if code == "EXP" and face == 5:
            continue
        per[_pack(_face_key(code, face, downgrade))] += 1
    return per


def _power(per: dict[int, int], n: int) -> dict[int, int]:
    dist: dict[int, int] = {0: 1}
    for _ in range(n):
        dist = _convolve(dist, per)
    return dist


def chain_weights(n: int) -> tuple[list[Fraction], Fraction]:
    """P(K = k) for the chains of ``n`` Expertise dice, k = 0 .. depth, the depth being the
    smallest whose omitted mass P(K > depth) is below ``TAIL_BOUND``; and that mass."""
    if n == 0:
        return [Fraction(1)], Fraction(0)
    stop = (1 - CHAIN) ** n
    out = [stop]
    left = 1 - stop
    while left >= TAIL_BOUND:
        k = len(out)
        out.append(math.comb(n + k - 1, k) * CHAIN**k * stop)
        left -= out[-1]
    return out, left


class _AtLeast:
    """P(K >= m) for the chains of ``n`` Expertise dice, as integers over ``scale``, m <= upto."""

    def __init__(self, n: int, upto: int) -> None:
        self.scale: int = 6 ** (n + upto)
        self.tails: list[int] = [self.scale]
        for k in range(upto):  # P(K = k) = C(n+k-1, k) 5^n / 6^(n+k)
            if n:
                p: int = math.comb(n + k - 1, k) * 5**n * 6 ** (upto - k)
            else:
                p = self.scale if k == 0 else 0
            self.tails.append(self.tails[-1] - p)

    def __call__(self, m: int) -> int:
        return self.scale if m <= 0 else self.tails[m]


def _chains_at_least(n: int, upto: int) -> _AtLeast:
    return _AtLeast(n, upto)


def odds(pool: Mapping[str, int], *, downgrade: bool = False) -> Odds:
    """Exact distribution of (net successes, net boons, serendipity, calamity) for ``pool``.

    ``downgrade`` counts every serendipity as a success (the L47 "50%" reading).
    """
    parts = [
        _power(_faces(code, downgrade), pool.get(code, 0)) for code in ORDER if pool.get(code, 0)
    ]
    denominator = math.prod(
        (DICE[code].sides if code != "EXP" else 5) ** pool.get(code, 0) for code in ORDER
    )
    dist: dict[int, int] = {0: 1}
    for part in sorted(parts, key=len):
        dist = _convolve(dist, part)
    n_exp = pool.get("EXP", 0)
    finite = {_unpack(key): w for key, w in dist.items()}
    chains, tail = chain_weights(n_exp)
    # exact figures: the finite part's net plus K chained successes, K summed in closed form
    by_net: dict[int, int] = defaultdict(int)
    for key, w in finite.items():
        by_net[key[0]] += w
    at_least = _chains_at_least(n_exp, max(1 - min(by_net), 1))
    p_success = Fraction(
        sum(w * at_least(1 - net) for net, w in by_net.items()), denominator * at_least.scale
    )
    expected = Fraction(sum(net * w for net, w in by_net.items()), denominator) + Fraction(n_exp, 5)
    # the listing: each chain count up to the depth, as integer weights over one denominator
    scale = math.lcm(*(q.denominator for q in chains))
    weights: dict[Key, int] = defaultdict(int)
    for k, q in enumerate(chains):
        wk = q.numerator * (scale // q.denominator)
        for (net, b, s, cal), w in finite.items():
            weights[(net + k, b, s, cal)] += w * wk
    return Odds(pool={d: pool[d] for d in ORDER if pool.get(d)}, weights=dict(weights),
                denominator=denominator * scale, tail=tail,
                p_success=p_success, expected_net=expected, chain_depth=len(chains) - 1)


def fraction_text(w: int, d: int) -> str:
    """``w/d`` in lowest terms as ``Fraction`` prints it ("1", "0", "n/d")."""
    g = math.gcd(w, d)
    return f"{w // g}" if d == g else f"{w // g}/{d // g}"


def view(o: Odds) -> OddsView:
    """The wire form of an ``Odds``: fractions as "p/q" strings."""
    d = o.denominator
    return OddsView(
        pool=o.pool,
        outcomes=[
            Outcome(net_successes=k[0], net_boons=k[1], serendipity=k[2], calamity=k[3],
                    probability=fraction_text(w, d))
            for k, w in sorted(o.weights.items())
        ],
        tail=str(o.tail),
        chain_depth=o.chain_depth,
        p_success=str(o.p_success),
        expected_net_successes=str(o.expected_net),
    )
