"""The WISH odds as computed before their speed-up (64-bit Kronecker fields, every block
carried through the chains): kept only to check that the faster ``domain.rulesets.wish.odds``
gives exactly the same distributions (``test_odds_reference.py``). Not used by the service.

The exact outcome distribution of a pool (L3-69; digest §1.3), with nothing left out.

Each die's faces are counted exactly and the pool's distribution is their product, never a
sample. An Expertise die that rolls a 5 rolls another (L49), so chains are unbounded: a die
chains k times and then stops on one of its other five faces, and ``n`` Expertise dice chain
K times in all with probability C(n+k-1, k) (5/6)^n (1/6)^k, independently of where they
stop. The outcomes list every net success count up to the pool's highest without a chain
plus ``depth``; above that, one ``at_least`` outcome for each (boons, serendipity, calamity)
holds the rest of the chains, summed in closed form. The outcomes add up to exactly 1.

The product is taken by Kronecker substitution (below), the chains by one more product.
"""

from __future__ import annotations

import array
import math
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Final, TypeAlias

import msgspec

from contracts.rulesets.wish import OddsView, Outcome
from domain.rulesets.wish.faces import DICE, ORDER

# (net successes, net boons, serendipity, calamity)
Key = tuple[int, int, int, int]

DEPTH: Final = 2  # chained successes listed one by one beyond the highest unchained net
EXPERTISE_STOPS: Final = 5  # the faces an Expertise die stops on: all but the chaining 5 (L49)


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    pool: dict[str, int]
    weights: dict[Key, int]  # in key order; each outcome's probability is weight / denominator
    denominator: int
    at_least: int | None  # outcomes with this net stand for this net or more (None: no chains)
    p_success: Fraction
    expected_net: Fraction
    depth: int

    @property
    def outcomes(self) -> dict[Key, Fraction]:
        return {k: Fraction(w, self.denominator) for k, w in self.weights.items()}

    @property
    def tail(self) -> Fraction:
        """The mass left out of the outcomes: none."""
        return Fraction(self.denominator - sum(self.weights.values()), self.denominator)

    def p(self, pred: Callable[[Key], bool]) -> Fraction:
        """Exact probability of the outcomes satisfying ``pred`` (an ``at_least`` outcome is
        judged by its least net: exact for any ``pred`` that treats nets from it up alike)."""
        return Fraction(sum(w for k, w in self.weights.items() if pred(k)), self.denominator)


def _face_key(die: str, face: int, downgrade: bool) -> Key:
    s = DICE[die].faces[face].symbols
    ser = s.count("SER")
    net = s.count("S") - s.count("F") + (ser if downgrade else 0)
    return (net, s.count("B") - s.count("N"), 0 if downgrade else ser, s.count("CAL"))


def _faces(code: str, downgrade: bool) -> dict[Key, int]:
    """One die's faces as keys and counts; the Expertise die's chaining 5 is left out (its
    chains are counted apart: it always stops on one of the other five alike)."""
    out: dict[Key, int] = {}
    for face in DICE[code].faces:
        if code == "EXP" and face == 5:
            continue
        key = _face_key(code, face, downgrade)
        out[key] = out.get(key, 0) + 1
    return out


def _sides(code: str) -> int:
    return EXPERTISE_STOPS if code == "EXP" else DICE[code].sides


def chain_weight(n: int, k: int) -> Fraction:
    """P(K = k): ``n`` Expertise dice chain ``k`` times in all (L49)."""
    return math.comb(n + k - 1, k) * Fraction(5, 6) ** n * Fraction(1, 6) ** k


def odds(pool: Mapping[str, int], *, downgrade: bool = False, depth: int = DEPTH) -> Odds:
    """Exact distribution of (net successes, net boons, serendipity, calamity) for ``pool``
    (faces L3-69, chains L49), nothing left out.

    ``downgrade`` counts every serendipity as a success (the L47 "50%" reading).
    """
    dice = [(code, pool[code], _faces(code, downgrade)) for code in ORDER if pool.get(code, 0)]
    n_exp = pool.get("EXP", 0)
    lows = [sum(n * min(k[i] for k in f) for _, n, f in dice) for i in range(4)]
    highs = [sum(n * max(k[i] for k in f) for _, n, f in dice) for i in range(4)]
    widths = [h - lo + 1 for h, lo in zip(highs, lows, strict=True)]
    # nets listed one by one: up to the highest unchained net plus ``depth`` chained successes
    listed = (highs[0] + depth if n_exp else highs[0]) - lows[0] + 1
    chains = listed - 1 if n_exp else 0  # the most chained successes a listed net can hold
    denominator = math.prod(_sides(code) ** n for code, n, _ in dice)
    words = _words(denominator)
    values = _product(dice, widths, words)
    # each (boons, serendipity, calamity) with any outcome: its index in the layout, in key order
    sums = {i: _block_sum(values, words, i, widths[0])
            for i in range(widths[1] * widths[2] * widths[3])}
    blocks = sorted(
        ((lows[1] + i % widths[1], lows[2] + i // widths[1] % widths[2],
          lows[3] + i // (widths[1] * widths[2])), i) for i, total in sums.items() if total)
    at_least: int | None = None
    scale = 1
    if not n_exp:
        weights, _, failing = _read(values, words, blocks, widths[0], widths[0], lows[0])
    else:
        scale = 6 ** (n_exp + chains)  # P(K = k) in units of 1/scale
        wide, into = widths[0] + chains, _words(denominator * scale)
        chained = _widen(values, words, len(sums), widths[0], wide, into)
        chained = _times(chained, into, _chain_poly(n_exp, chains))
        weights, shown, failing = _read(chained, into, blocks, wide, listed, lows[0])
        at_least = lows[0] + listed
        for block, i in blocks:  # the chains past the listed nets, in closed form
            rest = sums[i] * scale - shown[i]
            if rest:
                weights[(at_least, *block)] = rest
    total = denominator * scale
    expected = sum(
        (n * Fraction(sum(c * k[0] for k, c in f.items()), _sides(code)) for code, n, f in dice),
        Fraction(0)) + Fraction(n_exp, 5)  # each die chains 1/5 times on average
    return Odds(pool={code: n for code, n, _ in dice}, weights=weights, denominator=total,
                at_least=at_least,  # nets of 0 or less are all listed
                p_success=1 - Fraction(failing, total),
                expected_net=expected, depth=depth if n_exp else 0)


def _chain_poly(n: int, chains: int) -> list[int]:
    """P(K = k) x 6^(n + chains) for k = 0 .. ``chains``."""
    return [math.comb(n + k - 1, k) * 5**n * 6 ** (chains - k) for k in range(chains + 1)]


# Kronecker substitution: a distribution over keys is one integer with a field of ``words``
# 64-bit words for each key, the net fastest, then boons, serendipity and calamity; each field
# wider than any count, so multiplying two such integers convolves the distributions (in C)
# with no carry between fields.


def _words(bound: int) -> int:
    """64-bit words in a field that holds any count below ``bound`` with no carry out."""
    return (bound.bit_length() + 64) // 64


Words: TypeAlias = "array.array[int]"  # 64-bit words ("Q"), least significant first


def _to_words(number: int, length: int) -> Words:
    """The ``length`` 64-bit words of ``number``."""
    out = array.array("Q")
    out.frombytes(number.to_bytes(8 * length, "little"))
    if sys.byteorder != "little":
        out.byteswap()
    return out


def _from_words(values: Words) -> int:
    if sys.byteorder != "little":
        values = array.array("Q", values)
        values.byteswap()
    return int.from_bytes(memoryview(values).cast("B"), "little")


def _product(dice: list[tuple[str, int, dict[Key, int]]], widths: list[int],
             words: int) -> Words:
    """The pool's outcome counts with no chain: every field's words, in key order."""
    bits = 64 * words
    strides = [1, widths[0], widths[0] * widths[1], widths[0] * widths[1] * widths[2]]
    polys = []
    for _, n, faces in dice:
        mins = [min(k[i] for k in faces) for i in range(4)]
        poly = 0
        for key, count in faces.items():
            poly += count << (bits * sum((key[i] - mins[i]) * strides[i] for i in range(4)))
        polys.append(poly**n)
    product = 1
    for poly in sorted(polys, key=int.bit_length):
        product *= poly
    return _to_words(product, words * math.prod(widths))


def _widen(values: Words, words: int, blocks: int, width: int, wide: int,
           into: int) -> Words:
    """The same counts with each block's net axis ``wide`` fields long (zeros after its
    ``width``) and ``into`` words a field."""
    out = array.array("Q", bytes(8 * into * wide * blocks))
    view = memoryview(out)
    for block in range(blocks):
        for j in range(words):
            start = into * wide * block + j
            first = words * width * block + j
            view[start:start + into * width:into] = values[first:first + words * width:words]
    return out


def _times(values: Words, words: int, poly: list[int]) -> Words:
    """Convolve every block's net axis with ``poly`` (its fields must leave room)."""
    bits = 64 * words
    factor = sum(w << (bits * k) for k, w in enumerate(poly))
    return _to_words(_from_words(values) * factor, len(values) + words * len(poly))


def _block_sum(values: Words, words: int, block: int, width: int) -> int:
    """The counts of one block's nets, summed."""
    first = words * width * block
    return sum(sum(values[first + j:first + words * width:words]) << (64 * j)
               for j in range(words))


def _read(values: Words, words: int, blocks: list[tuple[tuple[int, int, int], int]],
          stride: int, nets: int, low: int) -> tuple[dict[Key, int], dict[int, int], int]:
    """The non-zero counts of the first ``nets`` nets of each block (a block's key and its
    index, its fields ``stride`` apart), in key order; each block's sum of them; and the sum
    of those with a net of 0 or less."""
    fields = values.tolist() if words == 1 else _combined(values, words)
    out: dict[Key, int] = {}
    sums = dict.fromkeys((i for _, i in blocks), 0)
    failing = 0
    for net in range(nets):
        for (b, s, c), i in blocks:
            w = fields[stride * i + net]
            if w:
                out[(low + net, b, s, c)] = w
                sums[i] += w
                if low + net <= 0:
                    failing += w
    return out, sums, failing


def _combined(values: Words, words: int) -> list[int]:
    """Fields of several words as one int each."""
    fields = values[0::words].tolist()
    for j in range(1, words):
        fields = [f | (h << (64 * j)) if h else f
                  for f, h in zip(fields, values[j::words], strict=True)]
    return fields


def fraction_text(w: int, d: int) -> str:
    """``w/d`` in lowest terms as ``Fraction`` prints it ("1", "0", "n/d")."""
    g = math.gcd(w, d)
    return f"{w // g}" if d == g else f"{w // g}/{d // g}"


def view(o: Odds) -> OddsView:
    """The wire form of an ``Odds``: fractions as "p/q" strings in lowest terms."""
    d, gcd, top = o.denominator, math.gcd, o.at_least
    outcomes = []
    for (net, boons, ser, cal), w in o.weights.items():  # in key order
        g = gcd(w, d)
        outcomes.append(Outcome(
            net_successes=net, net_boons=boons, serendipity=ser, calamity=cal,
            probability=f"{w // g}" if g == d else f"{w // g}/{d // g}", at_least=net == top))
    return OddsView(
        pool=o.pool,
        outcomes=outcomes,
        tail=str(o.tail),
        chain_depth=o.depth,
        p_success=str(o.p_success),
        expected_net_successes=str(o.expected_net),
    )
