# ruff: noqa: B905, E501
# The rules digest's exact probability model (boonbane digest, section 2: "The exact math is
# in boonbane_dice.py ... Use it as a test oracle"), copied verbatim so the sweep always runs.
"""Exact probability model for seed 001 (d20 + modifier, boons/banes as highest-of-k d6).

Seed rules used: L14-16 (boon/bane dice, cancel 1:1), L20-22 (challenge TN 10, succeed on >= 10),
L34-42 (Fate rolls for disabled/dying; the Fate roll is read as 1d6), L38 (3 consecutive disabled rounds),
L104/L128 (total 0 or lower = backfire / misfire), L416-417 (Spell Consequence 1d6 + scene bonus).

Model:  T = D + mod + s*M_k
  D   ~ uniform 1..20
  k   = |net boons - banes| (net = boons - banes after 1:1 cancellation, L16)
  s   = +1 if net > 0 (boons, L14), -1 if net < 0 (banes, L15); k = 0 -> M = 0
  M_k = max of k independent d6:  P(M_k <= m) = (m/6)^k,  P(M_k = m) = (m^k - (m-1)^k) / 6^k
  P(T >= t) = sum_{m=1..6} P(M_k = m) * clamp((21 - (t - mod - s*m)) / 20, 0, 1)
All results are exact fractions (fractions.Fraction). Run: python3 boonbane_dice.py
"""
from fractions import Fraction as F


def pmf_max(k):
    """pmf of the highest of k d6 (k >= 1); k == 0 -> {0: 1}."""
    if k == 0:
        return {0: F(1)}
    return {m: F(m**k - (m - 1)**k, 6**k) for m in range(1, 7)}


def pmf_total(net, mod=0):
    """Exact pmf of T = d20 + mod + (sign(net) * highest of |net| d6)."""
    s = 1 if net > 0 else -1
    out = {}
    for m, pm in pmf_max(abs(net)).items():
        for d in range(1, 21):
            t = d + mod + s * m
            out[t] = out.get(t, F(0)) + pm * F(1, 20)
    return out


def p_at_least(net, tn, mod=0):
    return sum(p for t, p in pmf_total(net, mod).items() if t >= tn)


def p_at_most(net, x, mod=0):
    return sum(p for t, p in pmf_total(net, mod).items() if t <= x)


def closed_form_p_at_least(net, tn, mod=0):
    """Same as p_at_least, via the closed form in the docstring (used as a cross-check)."""
    s = 1 if net > 0 else -1
    tot = F(0)
    for m, pm in pmf_max(abs(net)).items():
        need = tn - mod - s * m           # d20 must be >= need
        tot += pm * F(min(20, max(0, 21 - need)), 20)
    return tot


def mean(pmf):
    return sum(k * p for k, p in pmf.items())


def solve_absorbing(trans, absorbing):
    """trans: {state: [(prob, next_state), ...]}. Returns (P(absorb in a | start s), E[steps | s]) exactly
    by Gauss-Jordan elimination over Fractions."""
    states = [s for s in trans if s not in absorbing]
    idx = {s: i for i, s in enumerate(states)}
    n = len(states)
    results = {}
    for target in list(absorbing) + ['__steps__']:
        A = [[F(0)] * (n + 1) for _ in range(n)]
        for s in states:
            i = idx[s]
            A[i][i] += 1
            for p, t in trans[s]:
                if t in idx:
                    A[i][idx[t]] -= p
                elif t == target:
                    A[i][n] += p
            if target == '__steps__':
                A[i][n] = F(1)
        for c in range(n):
            piv = next(r for r in range(c, n) if A[r][c] != 0)
            A[c], A[piv] = A[piv], A[c]
            A[c] = [x / A[c][c] for x in A[c]]
            for r in range(n):
                if r != c and A[r][c] != 0:
                    f = A[r][c]
                    A[r] = [x - f * y for x, y in zip(A[r], A[c])]
        results[target] = {s: A[idx[s]][n] for s in states}
    return results


def fate_chain(order='fate_first'):
    """Markov chain for a PC that has just become disabled (L33-42); no help, no Fortune, no more damage.
    State Dc = disabled with c completed consecutive disabled rounds; Y = dying.
    order='fate_first' (recommended, digest D-6): every end of round while disabled makes the Fate roll;
        1 -> dying (count reset), 6 -> heal 1 + impaired 1 min (RECOVERED),
        2-5 -> count += 1, and count == 3 -> unconscious 1d3 h + heal 1 (STABILIZED).
    order='count_first' (alternative): at the end of the 3rd consecutive disabled round the L38 rule
        applies instead of that round's Fate roll.
    dying (L42): 1 -> DEAD, 6 -> back to disabled (count 0), 2-5 -> stays dying."""
    s6 = F(1, 6)
    trans = {'Y': [(s6, 'DEAD'), (s6, 'D0'), (4 * s6, 'Y')]}
    for c in range(3):
        nxt = 'STAB' if c + 1 == 3 else f'D{c + 1}'
        if order == 'count_first' and c == 2:
            trans['D2'] = [(F(1), 'STAB')]
        else:
            trans[f'D{c}'] = [(s6, 'Y'), (s6, 'REC'), (4 * s6, nxt)]
    r = solve_absorbing(trans, ['DEAD', 'REC', 'STAB'])
    return {'dead': {'from_disabled': r['DEAD']['D0'], 'from_dying': r['DEAD']['Y']},
            'recovered': {'from_disabled': r['REC']['D0'], 'from_dying': r['REC']['Y']},
            'stabilized': {'from_disabled': r['STAB']['D0'], 'from_dying': r['STAB']['Y']},
            'expected_rounds': {'from_disabled': r['__steps__']['D0'], 'from_dying': r['__steps__']['Y']}}


def spell_consequence(bonus):
    """L416-417: 1d6 + bonus (bonus = number of earlier triggering casts this scene).
    Decision: results above 6 are treated as 6."""
    out = {'no effect (1)': F(0), 'minor anomaly (2-3)': F(0), 'Exposure +1 (4-5)': F(0),
           'Corruption +1 and anomaly (6+)': F(0)}
    for d in range(1, 7):
        r = min(6, d + bonus)
        key = ('no effect (1)' if r == 1 else 'minor anomaly (2-3)' if r <= 3
               else 'Exposure +1 (4-5)' if r <= 5 else 'Corruption +1 and anomaly (6+)')
        out[key] += F(1, 6)
    return out


def fmt(p):
    return f"{float(p):.4f}"


if __name__ == '__main__':
    NETS = [-3, -2, -1, 0, 1, 2, 3]
    print("== highest of k d6: pmf and mean ==")
    for k in range(0, 7):
        pm = pmf_max(k)
        print(f"k={k}: E[M]={mean(pm)} ({float(mean(pm)):.4f})  pmf=" +
              ", ".join(f"{m}:{p}" for m, p in pm.items()))

    print("\n== P(T >= 10), modifier 0 (challenge roll, L20-22) ==")
    for n in NETS:
        p = p_at_least(n, 10)
        assert p == closed_form_p_at_least(n, 10)
        print(f"net {n:+d}: {p} = {fmt(p)}   E[T]={float(mean(pmf_total(n))):.4f}")

    print("\n== P(T >= 10) for modifiers -3..+5 (rows) x net -3..+3 (cols) ==")
    print("mod | " + " | ".join(f"{n:+d}" for n in NETS))
    for mod in range(-3, 6):
        print(f"{mod:+d} | " + " | ".join(fmt(p_at_least(n, 10, mod)) for n in NETS))

    print("\n== P(d20 +/- M >= x), modifier 0; for a target number TN and modifier mod use x = TN - mod ==")
    print("x | " + " | ".join(f"{n:+d}" for n in NETS))
    for x in range(-4, 27):
        print(f"{x} | " + " | ".join(fmt(p_at_least(n, x)) for n in NETS))

    print("\n== P(T <= 0) (social backfire L104, Misfire L128) by modifier (rows) x net (cols) ==")
    for mod in range(-5, 1):
        print(f"{mod:+d} | " + " | ".join(fmt(p_at_most(n, 0, mod)) for n in NETS))

    print("\n== Exact fractions P(T >= x), net -3..+3, for test vectors (x = 5, 10, 15, 20) ==")
    for x in (5, 10, 15, 20):
        print(f"x={x}: " + ", ".join(f"{n:+d}:{p_at_least(n, x)}" for n in NETS))

    for order in ('fate_first', 'count_first'):
        print(f"\n== Fate-roll chain (no help), order={order}: outcome probabilities ==")
        fc = fate_chain(order)
        for k, v in fc.items():
            print(k, {kk: f"{vv} ({float(vv):.4f})" for kk, vv in v.items()})
        tot = fc['dead']['from_disabled'] + fc['recovered']['from_disabled'] + fc['stabilized']['from_disabled']
        assert tot == 1, tot
    assert fate_chain()['dead']['from_disabled'] == F(19, 89)

    print("\n== Spell Consequence 1d6 + bonus (results > 6 treated as 6) ==")
    for b in range(0, 6):
        sc = spell_consequence(b)
        print(f"+{b}: " + ", ".join(f"{k}={v}" for k, v in sc.items()))

    # sanity checks
    for n in NETS:
        assert sum(pmf_total(n).values()) == 1
    assert p_at_least(0, 10) == F(11, 20)
    assert p_at_least(1, 10) == F(87, 120)
    assert p_at_least(-1, 10) == F(45, 120)
    print("\nall assertions passed")
