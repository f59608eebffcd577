"""Standard dice notation for the generic ``RollDice`` command.

Grammar (case-insensitive, spaces ignored)::

    expression := term (('+' | '-') term)*
    term       := dice | integer
    dice       := [count] 'd' sides [('kh' | 'kl') keep]

``4d6kh3`` rolls four d6 and keeps the highest three; ``2d20kl1`` keeps the
lowest; ``d20`` is ``1d20``. Limits keep a single command's work bounded.
"""

from __future__ import annotations

import re

import msgspec

from contracts.events import RolledTerm
from domain.dice import Dice
from domain.errors import DomainError

MAX_DICE_PER_TERM = 100
MAX_TERMS = 20
MAX_SIDES = 1000
MAX_MODIFIER = 10_000

# [0-9], not \d: in a str pattern \d also matches Arabic-Indic and fullwidth digits ("２d６").
_TERM = re.compile(r"(?:(?P<count>[0-9]+)?d(?P<sides>[0-9]+)(?:(?P<keep_kind>kh|kl)(?P<keep>[0-9]+))?"
                   r"|(?P<const>[0-9]+))")
RULE = "generic.dice-notation"


class DiceTerm(msgspec.Struct, frozen=True, kw_only=True):
    """One parsed term: ``count`` dice of ``sides`` (keep some), or a constant when ``sides`` is 0."""

    sign: int
    count: int = 0
    sides: int = 0
    keep: str | None = None  # "highest" | "lowest"
    keep_count: int = 0
    constant: int = 0


def _invalid(expression: str, why: str) -> DomainError:
    return DomainError("payload.expression", RULE, f"invalid dice expression {expression!r}: {why}")


def parse(expression: str) -> list[DiceTerm]:
    """Parse an expression into terms; raise ``DomainError`` on ``payload.expression`` if invalid."""
    text = expression.replace(" ", "").lower()
    if not text:
        raise _invalid(expression, "it is empty")
    terms: list[DiceTerm] = []
    pos = 0
    sign = 1
    if text[0] in "+-":
        sign = -1 if text[0] == "-" else 1
        pos = 1
    while True:
        match = _TERM.match(text, pos)
        if match is None:
            raise _invalid(expression, f"expected a term like 2d6 or 3 at character {pos + 1}")
        terms.append(_term(expression, match, sign))
        pos = match.end()
        if len(terms) > MAX_TERMS:
            raise _invalid(expression, f"more than {MAX_TERMS} terms")
        if pos == len(text):
            return terms
        if text[pos] not in "+-":
            raise _invalid(expression, f"expected + or - at character {pos + 1}")
        sign = -1 if text[pos] == "-" else 1
        pos += 1


def _term(expression: str, match: re.Match[str], sign: int) -> DiceTerm:
    if match.group("const") is not None:
        value = int(match.group("const"))
        if value > MAX_MODIFIER:
            raise _invalid(expression, f"modifier {value} is above {MAX_MODIFIER}")
        return DiceTerm(sign=sign, constant=value)
    count = int(match.group("count") or 1)
    sides = int(match.group("sides"))
    if not 1 <= count <= MAX_DICE_PER_TERM:
        raise _invalid(expression, f"dice count must be 1..{MAX_DICE_PER_TERM}, got {count}")
    if not 2 <= sides <= MAX_SIDES:
        raise _invalid(expression, f"a die needs 2..{MAX_SIDES} sides, got {sides}")
    keep_kind = match.group("keep_kind")
    if keep_kind is None:
        return DiceTerm(sign=sign, count=count, sides=sides)
    keep = int(match.group("keep"))
    if not 1 <= keep <= count:
        raise _invalid(expression, f"can keep 1..{count} of {count} dice, not {keep}")
    kind = "highest" if keep_kind == "kh" else "lowest"
    return DiceTerm(sign=sign, count=count, sides=sides, keep=kind, keep_count=keep)


def _notation(term: DiceTerm) -> str:
    sign = "-" if term.sign < 0 else "+"
    if term.sides == 0:
        return f"{sign}{term.constant}"
    keep = "" if term.keep is None else f"{'kh' if term.keep == 'highest' else 'kl'}{term.keep_count}"
    return f"{sign}{term.count}d{term.sides}{keep}"


def roll_terms(terms: list[DiceTerm], dice: Dice) -> list[RolledTerm]:
    """Roll every die of every term in order (one draw per die) and apply keep-highest/lowest."""
    rolled: list[RolledTerm] = []
    for term in terms:
        if term.sides == 0:
            rolled.append(
                RolledTerm(notation=_notation(term), sign=term.sign, sides=0, faces=[], kept=[],
                           subtotal=term.sign * term.constant)
            )
            continue
        faces = [dice.roll(term.sides) for _ in range(term.count)]
        kept = _kept(faces, term)
        total = sum(face for face, keep in zip(faces, kept, strict=True) if keep)
        rolled.append(
            RolledTerm(notation=_notation(term), sign=term.sign, sides=term.sides, faces=faces,
                       kept=kept, subtotal=term.sign * total)
        )
    return rolled


def _kept(faces: list[int], term: DiceTerm) -> list[bool]:
    if term.keep is None:
        return [True] * len(faces)
    # Stable order: among equal faces the earlier draw is kept first.
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if term.keep == "highest" else faces[i], i))
    chosen = set(order[: term.keep_count])
    return [i in chosen for i in range(len(faces))]


def total_of(rolled: list[RolledTerm]) -> int:
    return sum(term.subtotal for term in rolled)
