"""The seven WISH dice as data (L3-69): each face's symbols, each row citing its line.

Symbols: S success, F failure, B boon, N bane, SER serendipity, CAL calamity,
EXR stress/fatigue, RCH recharge, CHAIN "roll another" (an Expertise die, L49).
"""

from __future__ import annotations

from typing import Final

import msgspec


class Face(msgspec.Struct, frozen=True):
    symbols: tuple[str, ...]
    line: int


class DieType(msgspec.Struct, frozen=True):
    code: str
    sides: int
    faces: dict[int, Face]
    line: int


def _die(code: str, line: int, rows: dict[int, tuple[tuple[str, ...], int]]) -> DieType:
    return DieType(code, len(rows), {f: Face(s, ln) for f, (s, ln) in rows.items()}, line)


CHARACTERISTIC: Final = _die("CHR", 3, {
    8: (("S",), 4), 7: (("S",), 5), 6: (("S",), 6), 5: (("S",), 7),
    4: (("B",), 8), 3: (("B",), 9), 2: ((), 10), 1: ((), 11),
})  # fmt: skip
OFFENSIVE: Final = _die("OFF", 13, {
    10: (("S", "S"), 14), 9: (("S", "S"), 15), 8: (("S", "B"), 16), 7: (("B", "B"), 17),
    6: (("S", "EXR"), 18), 5: (("S", "EXR"), 19), 4: (("N",), 20), 3: (("N",), 21),
    2: ((), 22), 1: ((), 23),
})  # fmt: skip
DEFENSIVE: Final = _die("DFN", 25, {
    10: (("S", "B"), 26), 9: (("S",), 27), 8: (("S",), 28), 7: (("S",), 29),
    6: (("S",), 30), 5: (("B",), 31), 4: (("B",), 32), 3: (("S", "RCH"), 33),
    2: (("S", "RCH"), 34), 1: ((), 35),
})  # fmt: skip
CHALLENGE: Final = _die("CHL", 37, {
    8: ((), 38), 7: (("N",), 39), 6: (("N", "N"), 40), 5: (("F",), 41),
    4: (("F",), 42), 3: (("F", "F"), 43), 2: (("F", "F"), 44),
    1: (("CAL",), 45),  # the calamity face carries no failure (L45)
})  # fmt: skip
EXPERTISE: Final = _die("EXP", 47, {
    6: (("SER",), 48), 5: (("S", "CHAIN"), 49), 4: (("S",), 50),
    3: (("B",), 51), 2: (("B",), 52), 1: ((), 53),
})  # fmt: skip
FORTUNE: Final = _die("FRT", 55, {
    6: (("S",), 56), 5: (("S",), 57), 4: (("B",), 58), 3: ((), 59), 2: ((), 60), 1: ((), 61),
})  # fmt: skip
MISFORTUNE: Final = _die("MIS", 63, {
    6: (("F",), 64), 5: (("F",), 65), 4: (("N",), 66), 3: ((), 67), 2: ((), 68), 1: ((), 69),
})  # fmt: skip

# Canonical roll order of a pool: good dice first, then bad; chained dice are appended.
DICE: Final[dict[str, DieType]] = {
    d.code: d
    for d in (CHARACTERISTIC, OFFENSIVE, DEFENSIVE, CHALLENGE, EXPERTISE, FORTUNE, MISFORTUNE)
}
ORDER: Final = tuple(DICE)
SYMBOLS: Final = ("S", "F", "B", "N", "SER", "CAL", "EXR", "RCH")


def face_symbols(die: str, face: int) -> tuple[str, ...]:
    """The symbols printed on ``face`` of ``die`` (face tables L3-69)."""
    return DICE[die].faces[face].symbols
