#!/usr/bin/env python3
# The rules digest's exact probability model (its section 2), copied unchanged as the test oracle.
# ruff: noqa: E501
"""Exact probability model for seed 003 (potential / advantages, every advantage = 1d6+N).

Seed rules used: L11 (dice values 1d6+0..1d6+6), L17 (dice values of all advantages used are added),
L23 (situation bonus = +1d6+0 each; harder situations give the opponent +1d6+0), L25-26 and L54
(the action must BEAT the resistance: attacker <= resistance -> no effect; degree of success = difference),
L29 (potential action = 1d6+0), L46-47 (mosey = 3, run = 1d6+0), L53 (resistance score 1).

Model: an action with n dice and total flat modifier B (sum of the advantages' +N) scores X = S_n + B,
S_n = sum of n d6.  P(S_n = s) = 6^-n * sum_{j=0}^{floor((s-n)/6)} (-1)^j C(n,j) C(s-6j-1, n-1).
P(success vs fixed resistance R) = P(X > R) = P(S_n >= R - B + 1).
Degree of success DoS = X - R when X > R (else 0 = no effect).
Opposed: attacker X_a = S_a + A vs defender X_d = S_d + D; hit iff X_a > X_d; DoS = X_a - X_d.
All values exact (fractions.Fraction). Run: python3 potential_dice.py
"""
from fractions import Fraction as F
from math import comb


def pmf_sum(n):
    """pmf of the sum of n d6 by convolution (n = 0 -> {0: 1})."""
    dist = {0: F(1)}
    for _ in range(n):
        new = {}
        for s, p in dist.items():
            for f in range(1, 7):
                new[s + f] = new.get(s + f, F(0)) + p * F(1, 6)
        dist = new
    return dist


def pmf_closed(n, s):
    if s < n or s > 6 * n:
        return F(0)
    return F(sum((-1)**j * comb(n, j) * comb(s - 6 * j - 1, n - 1) for j in range((s - n) // 6 + 1)), 6**n)


def p_beat(n, R, B=0):
    """P(S_n + B > R)."""
    return sum(p for s, p in pmf_sum(n).items() if s + B > R)


def dos_pmf(n, R, B=0):
    """pmf of degree of success (0 = resisted) vs a fixed resistance R."""
    out = {}
    for s, p in pmf_sum(n).items():
        d = max(0, s + B - R)
        out[d] = out.get(d, F(0)) + p
    return out


def opposed(a, d, A=0, D=0):
    """Returns (P(hit), E[DoS], E[DoS | hit], pmf of DoS) for a attack dice (+A) vs d resistance dice (+D)."""
    pa, pd = pmf_sum(a), pmf_sum(d)
    dos = {}
    for x, px in pa.items():
        for y, py in pd.items():
            k = max(0, (x + A) - (y + D))
            dos[k] = dos.get(k, F(0)) + px * py
    hit = 1 - dos.get(0, F(0))
    e = sum(k * p for k, p in dos.items())
    return hit, e, (e / hit if hit else F(0)), dos


def mean(pmf):
    return sum(k * p for k, p in pmf.items())


def fmt(p):
    return f"{float(p):.4f}"


if __name__ == '__main__':
    for n in range(1, 9):
        d = pmf_sum(n)
        assert sum(d.values()) == 1
        for s in d:
            assert d[s] == pmf_closed(n, s)
    print("== pmf of the sum of n d6 (exact), mean 3.5n, variance 35n/12 ==")
    for n in range(1, 7):
        d = pmf_sum(n)
        print(f"n={n}: mean={mean(d)} var={sum((k - mean(d))**2 * p for k, p in d.items())}")

    RS = list(range(4, 21))
    print("\n== P(beat resistance R) = P(S_n > R), modifiers 0; with total modifier B read row R - B ==")
    print("R | " + " | ".join(f"n={n}" for n in range(1, 7)))
    for R in RS:
        print(f"{R} | " + " | ".join(fmt(p_beat(n, R)) for n in range(1, 7)))

    print("\n== P(beat R) when every advantage in the pool is 1d6+m (so B = n*m), R = 10 / 15 / 20 ==")
    for R in (10, 15, 20):
        print(f"R={R}: m | " + " | ".join(f"n={n}" for n in range(1, 7)))
        for m in (0, 1, 2, 3, 4, 6):
            print(f"      +{m} | " + " | ".join(fmt(p_beat(n, R, n * m)) for n in range(1, 7)))

    print("\n== resistance score 1 (L53): P(hit) for 1d6+0 = ", p_beat(1, 1), "; any pool with >= 2 dice or B >= 1: 1")

    print("\n== Exact fractions for test vectors: P(S_n > R) ==")
    for n, R in [(1, 4), (2, 7), (3, 10), (4, 14), (5, 17), (6, 20), (3, 12), (2, 10)]:
        print(f"n={n} R={R}: {p_beat(n, R)}")

    print("\n== E[degree of success] vs fixed R (0 when resisted) ==")
    print("R | " + " | ".join(f"n={n}" for n in range(1, 7)))
    for R in (4, 6, 8, 10, 12, 14, 16, 18, 20):
        print(f"{R} | " + " | ".join(f"{float(mean(dos_pmf(n, R))):.3f}" for n in range(1, 7)))

    print("\n== DoS distribution P(DoS = d) for n = 3 dice (+0) vs R = 10 ==")
    dp = dos_pmf(3, 10)
    print(", ".join(f"{k}:{v}" for k, v in sorted(dp.items())))

    print("\n== P(DoS >= d) vs R = 10 for n = 1..6, d = 1..12 ==")
    print("d | " + " | ".join(f"n={n}" for n in range(1, 7)))
    for dd in range(1, 13):
        print(f"{dd} | " + " | ".join(fmt(sum(p for k, p in dos_pmf(n, 10).items() if k >= dd)) for n in range(1, 7)))

    print("\n== Opposed rolls, no modifiers: P(attack a dice beats resistance d dice) ==")
    print("a\\d | " + " | ".join(f"d={d}" for d in range(1, 7)))
    for a in range(1, 7):
        print(f"a={a} | " + " | ".join(fmt(opposed(a, d)[0]) for d in range(1, 7)))
    print("\n== Opposed rolls: E[DoS | hit] ==")
    for a in range(1, 7):
        print(f"a={a} | " + " | ".join(f"{float(opposed(a, d)[2]):.3f}" for d in range(1, 7)))
    print("\n== Opposed, every die +2: attack n x (1d6+2) vs resistance k x (1d6+2); P(hit) / E[DoS|hit] ==")
    for a in range(1, 7):
        row = []
        for d in (1, 2, 3):
            h, e, eh, _ = opposed(a, d, 2 * a, 2 * d)
            row.append(f"{fmt(h)} / {float(eh):.2f}")
        print(f"a={a} | " + " | ".join(row))
    h, e, eh, dos = opposed(3, 2, 3, 2)
    print("\nexample 3d6+3 vs 2d6+2: P(hit) =", h, fmt(h), " E[DoS] =", fmt(e), " E[DoS|hit] =", fmt(eh))

    print("\n== Movement potential action (L46-47): mosey = 3 fixed; run = 1d6+0 ==")
    run = pmf_sum(1)
    print("run > mosey:", sum(p for k, p in run.items() if k > 3), " run = mosey:", run[3],
          " run < mosey:", sum(p for k, p in run.items() if k < 3), " E[run] =", mean(run))
    for m in (2, 3, 4):
        tot = pmf_sum(m)
        print(f"{m} runs: E={mean(tot)}, P(total >= {3*m} i.e. >= {m} moseys) = {sum(p for k, p in tot.items() if k >= 3*m)}")

    assert p_beat(1, 4) == F(1, 3)
    assert p_beat(3, 10) == F(1, 2)
    assert p_beat(1, 1) == F(5, 6)
    print("\nall assertions passed")
