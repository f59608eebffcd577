"""The odds query against every probability table of the rules digest (section 2), cell by cell.

The tables are quoted in ``digest_tables.py``; each cell is the exact answer rounded as the
digest printed it, so a wrong distribution, a tie counted as a success, or a modifier applied to
the wrong side changes some cell. No file outside this repository is read.
"""

from __future__ import annotations

from fractions import Fraction

from contracts.rulesets import potential as c
from domain.rulesets.potential import POTENTIAL
from tests.unit.potential import digest_tables as t


def answer(dice: int, bonus: int = 0, resistance: int | None = None,
           opposed_dice: int | None = None, opposed_bonus: int = 0) -> tuple[Fraction,
                                                                              dict[int, Fraction]]:
    """The query's p_success and DoS distribution, read back into exact fractions."""
    view = POTENTIAL.odds(c.OddsQuery(dice=dice, bonus=bonus, resistance=resistance,
                                      opposed_dice=opposed_dice, opposed_bonus=opposed_bonus))
    return Fraction(view.p_success), {int(d): Fraction(p) for d, p in view.degrees.items()}


def shown(value: Fraction, cell: str, places: int) -> bool:
    """Whether ``value`` prints as the digest's ``cell`` (a bare 0 is exactly 0, 1 is >= .99995)."""
    if cell == "0":
        return value == 0
    if cell == "1":
        cell = "1." + "0" * places
    return f"{float(value):.{places}f}" == cell


def mean(pmf: dict[int, Fraction]) -> Fraction:
    return sum((d * p for d, p in pmf.items()), Fraction(0))


def test_the_table_of_beating_a_resistance() -> None:
    for row in t.rows(t.BEAT_R):  # section 2.2
        r = int(row[0])
        for n, cell in enumerate(row[1:], start=1):
            p, _ = answer(n, resistance=r)
            assert shown(p, cell, 4), (n, r, p, cell)


def test_the_exact_test_vectors() -> None:
    for n, r, exact in (r[:3] for r in t.rows(t.EXACT_VECTORS)):
        assert str(answer(int(n), resistance=int(r.split()[0]))[0]) == exact, (n, r)


def test_the_table_with_realistic_modifiers() -> None:
    for row in t.rows(t.WITH_MODIFIERS):  # section 2.3: n advantages at 1d6+m
        r, m = int(row[0]), int(row[1])
        for n, cell in enumerate(row[2:], start=1):
            p, _ = answer(n, bonus=n * m, resistance=r)
            assert shown(p, cell, 4), (n, m, r, p, cell)


def test_the_mean_degree_of_success() -> None:
    for row in t.rows(t.MEAN_DOS):  # section 2.4
        r = int(row[0])
        for n, cell in enumerate(row[1:], start=1):
            _, pmf = answer(n, resistance=r)
            assert shown(mean(pmf), cell, 3), (n, r, cell)


def test_the_survival_of_the_degree_of_success_against_ten() -> None:
    for row in t.rows(t.DOS_SURVIVAL_VS_10):
        d = int(row[0])
        for n, cell in enumerate(row[1:], start=2):
            _, pmf = answer(n, resistance=10)
            at_least = sum((p for k, p in pmf.items() if k >= d), Fraction(0))
            assert shown(at_least, cell, 4), (n, d, cell)


def test_the_exact_degree_distribution_of_three_dice_against_ten() -> None:
    (cells,) = t.rows(t.DOS_PMF_3D6_VS_10)
    _, pmf = answer(3, resistance=10)
    assert [str(pmf[d]) for d in range(9)] == cells[1:] and set(pmf) == set(range(9))


def test_opposed_rolls_ties_to_the_resister() -> None:
    for hit_row, mean_row in zip(t.rows(t.OPPOSED_HIT), t.rows(t.OPPOSED_MEAN_DOS_IF_HIT),
                                 strict=True):
        a = int(hit_row[0].removeprefix("a="))
        for d, (hit_cell, mean_cell) in enumerate(zip(hit_row[1:], mean_row[1:], strict=True),
                                                  start=1):
            p, pmf = answer(a, opposed_dice=d)
            assert shown(p, hit_cell, 4), (a, d, p, hit_cell)
            if mean_cell == "—":
                assert p == 0
            else:
                assert shown(mean(pmf) / p, mean_cell, 3), (a, d, mean_cell)
    assert answer(1, opposed_dice=1)[0] == Fraction(5, 12)  # "1v1 = 5/12"


def test_opposed_rolls_with_every_die_at_plus_two() -> None:
    for row in t.rows(t.OPPOSED_AT_PLUS_2):
        a = int(row[0].removeprefix("a="))
        for d, cell in enumerate(row[1:], start=1):
            hit_cell, mean_cell = (part.strip() for part in cell.split("/"))
            p, pmf = answer(a, bonus=2 * a, opposed_dice=d, opposed_bonus=2 * d)
            assert shown(p, hit_cell, 4), (a, d, p, cell)
            assert p == 0 if mean_cell == "—" else shown(mean(pmf) / p, mean_cell, 2)


def test_the_worked_example_and_the_useful_facts() -> None:
    # "3d6+3 vs 2d6+2 -> P(hit) = 1099/1296 = 0.8480, E[DoS] = 4.716, E[DoS | hit] = 5.562"
    p, pmf = answer(3, bonus=3, opposed_dice=2, opposed_bonus=2)
    assert p == Fraction(1099, 1296)
    assert shown(mean(pmf), "4.716", 3) and shown(mean(pmf) / p, "5.562", 3)
    # the shift: P(S_n + B > R) = P(S_n > R - B)
    assert answer(4, bonus=5, resistance=19) == answer(4, resistance=14)
    # resistance score 1 (L53): 5/6 for a lone 1d6+0, 1 for two dice or any modifier
    assert answer(1, resistance=1)[0] == Fraction(5, 6)
    assert answer(2, resistance=1)[0] == 1 and answer(1, bonus=1, resistance=1)[0] == 1
    # movement (L46-47): P(run > 3) = 1/2; two runs reach 6 with 13/18, three reach 9 with 20/27
    assert answer(1, resistance=3)[0] == Fraction(1, 2)
    assert answer(2, resistance=5)[0] == Fraction(13, 18)
    assert answer(3, resistance=8)[0] == Fraction(20, 27)
