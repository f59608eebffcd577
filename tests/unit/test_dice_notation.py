"""Standard dice notation: parsing, refusals, and rolling with scripted faces."""

from __future__ import annotations

import pytest

from domain.dice import ScriptedDice
from domain.dice_notation import DiceTerm, parse, roll_terms, total_of
from domain.errors import DomainError


def dice(count: int, sides: int, sign: int = 1, keep: str | None = None, n: int = 0) -> DiceTerm:
    return DiceTerm(sign=sign, count=count, sides=sides, keep=keep, keep_count=n)


def const(value: int, sign: int = 1) -> DiceTerm:
    return DiceTerm(sign=sign, constant=value)


# --- parsing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "terms"),
    [
        ("2d6", [dice(2, 6)]),
        ("d20", [dice(1, 20)]),
        ("7", [const(7)]),
        ("1d20+5", [dice(1, 20), const(5)]),
        ("2d8-1", [dice(2, 8), const(1, sign=-1)]),
        ("-1+d4", [const(1, sign=-1), dice(1, 4)]),
        ("+d6", [dice(1, 6)]),
        ("1d20+2d6-1d4+3", [dice(1, 20), dice(2, 6), dice(1, 4, sign=-1), const(3)]),
        ("4d6kh3", [dice(4, 6, keep="highest", n=3)]),
        ("2d20kl1", [dice(2, 20, keep="lowest", n=1)]),
        (" 2 D6 + 1d4 KH1 - 3 ", [dice(2, 6), dice(1, 4, keep="highest", n=1), const(3, sign=-1)]),
    ],
)
def test_parse(expression: str, terms: list[DiceTerm]) -> None:
    assert parse(expression) == terms


@pytest.mark.parametrize(
    "expression",
    ["100d6", "1d1000", "1d2", "4d6kh4", "4d6kl1", "10000", "+".join(["1"] * 20)],
)
def test_limits_are_inclusive(expression: str) -> None:
    assert parse(expression)


@pytest.mark.parametrize(
    "expression",
    [
        "",  # empty
        "   ",  # only spaces
        "0d6",  # no dice
        "101d6",  # too many dice
        "1d1",  # one side
        "d0",  # no sides
        "1d1001",  # too many sides
        "2d6kh3",  # keep more than rolled
        "2d6kl3",
        "4d6kh0",  # keep none
        "1d20+",  # trailing operator
        "1d20-",
        "1d20++2",
        "+",
        "-",
        "abc",  # junk
        "2d6x",
        "2d6kh",
        "d",
        "1.5d6",
        "d%",
        "10001",  # modifier too large
        "+".join(["1"] * 21),  # too many terms
    ],
)
def test_refusals_name_the_expression_and_the_rule(expression: str) -> None:
    with pytest.raises(DomainError) as caught:
        parse(expression)
    assert type(caught.value) is DomainError
    assert caught.value.kind == "invalid"
    assert caught.value.field == "payload.expression"
    assert caught.value.rule == "generic.dice-notation"


# --- rolling -----------------------------------------------------------------------------------


def test_every_face_is_recorded_in_draw_order_across_terms() -> None:
    script = ScriptedDice([13, 2, 6, 1])
    rolled = roll_terms(parse("1d20+2d6-1d4"), script)
    assert [t.faces for t in rolled] == [[13], [2, 6], [1]]
    assert [t.sides for t in rolled] == [20, 6, 4]
    assert script.drawn == [(20, 13), (6, 2), (6, 6), (4, 1)]
    assert script.remaining == 0


def test_constants_draw_nothing_and_keep_their_sign() -> None:
    script = ScriptedDice([4, 5])
    rolled = roll_terms(parse("2d6+3"), script)
    assert rolled[0].kept == [True, True]
    assert rolled[0].subtotal == 9  # 4 + 5
    assert (rolled[1].faces, rolled[1].kept, rolled[1].sides) == ([], [], 0)
    assert rolled[1].subtotal == 3
    assert total_of(rolled) == 12


def test_negative_terms_give_negative_subtotals() -> None:
    rolled = roll_terms(parse("1d8-1d4-2"), ScriptedDice([7, 3]))
    assert [t.subtotal for t in rolled] == [7, -3, -2]
    assert total_of(rolled) == 2  # 7 - 3 - 2


def test_leading_negative_dice_term() -> None:
    rolled = roll_terms(parse("-2d4+10"), ScriptedDice([1, 4]))
    assert [t.subtotal for t in rolled] == [-5, 10]
    assert total_of(rolled) == 5


def test_keep_highest_drops_the_lowest() -> None:
    [term] = roll_terms(parse("4d6kh3"), ScriptedDice([3, 6, 1, 6]))
    assert term.faces == [3, 6, 1, 6]
    assert term.kept == [True, True, False, True]
    assert term.subtotal == 15  # 3 + 6 + 6


def test_keep_lowest_drops_the_highest() -> None:
    [term] = roll_terms(parse("2d20kl1"), ScriptedDice([17, 9]))
    assert term.kept == [False, True]
    assert term.subtotal == 9


def test_keep_highest_ties_keep_the_earlier_draws() -> None:
    [term] = roll_terms(parse("4d6kh2"), ScriptedDice([5, 2, 5, 5]))
    assert term.kept == [True, False, True, False]
    assert term.subtotal == 10


def test_keep_lowest_ties_keep_the_earlier_draws() -> None:
    [term] = roll_terms(parse("3d6kl1"), ScriptedDice([2, 4, 2]))
    assert term.kept == [True, False, False]
    assert term.subtotal == 2


def test_negative_keep_term() -> None:
    rolled = roll_terms(parse("10-3d6kl2"), ScriptedDice([6, 1, 4]))
    assert rolled[1].kept == [False, True, True]
    assert rolled[1].subtotal == -5  # -(1 + 4)
    assert total_of(rolled) == 5


@pytest.mark.parametrize(
    ("expression", "faces", "notations"),
    [
        ("d20", [1], ["+1d20"]),
        ("4D6KH3 - 2", [1, 1, 1, 1], ["+4d6kh3", "-2"]),
        ("-2d20kl1", [1, 1], ["-2d20kl1"]),
    ],
)
def test_rolled_terms_carry_canonical_notation(
    expression: str, faces: list[int], notations: list[str]
) -> None:
    assert [t.notation for t in roll_terms(parse(expression), ScriptedDice(faces))] == notations


@pytest.mark.parametrize("expression", ["２d６", "1d٦", "²d6", "d6+³", "1d6kh١"])
def test_only_ascii_digits_are_notation(expression: str) -> None:
    with pytest.raises(DomainError) as refusal:
        parse(expression)
    assert (refusal.value.field, refusal.value.rule) == ("payload.expression",
                                                         "generic.dice-notation")
