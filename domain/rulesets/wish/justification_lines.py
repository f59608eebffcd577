"""The option lines a justification adds to a stunt's card (L338-368), as data: Arcane's
``!``/``?`` change the Stunt Rating for the resolution (L340-343), Psychic's ``+``/``-`` cause
stress (L353-354), Karmic's regain or lose Fortune or buy successes with it (L366-368). They are
triggered like the card's own lines: the actor picks the beneficial ones, the GM the detrimental
ones (L520), each symbol pays for one line (D-2), and a line triggers once unless it says it
may be used more (L520; Psychic once each, D-41)."""

from __future__ import annotations

from typing import Final

import msgspec


class JustificationLine(msgspec.Struct, frozen=True, kw_only=True):
    justification: str
    key: str
    line: int
    symbol: str | None  # what pays for it: B, N, SER, CAL; None: Fortune (L367)
    repeatable: bool = False  # "this option can be used many times" (L340-341, L367)
    beneficial: bool = True


LINES: Final[dict[tuple[str, str], JustificationLine]] = {
    (r.justification, r.key): r
    for r in (
        JustificationLine(justification="arcane", key="!", line=340, symbol="SER",
                          repeatable=True),  # +1 Stunt Rating
        JustificationLine(justification="arcane", key="?", line=341, symbol="CAL",
                          repeatable=True, beneficial=False),  # -1 Stunt Rating
        JustificationLine(justification="psychic", key="+", line=353, symbol="B"),
        JustificationLine(justification="psychic", key="-", line=354, symbol="N",
                          beneficial=False),
        JustificationLine(justification="karmic", key="!", line=366, symbol="SER"),
        JustificationLine(justification="karmic", key="fortune", line=367, symbol=None,
                          repeatable=True),  # 1 Fortune: +1 success
        JustificationLine(justification="karmic", key="?", line=368, symbol="CAL",
                          beneficial=False),
    )
}
KARMIC_NO_FORTUNE_GRIT: Final = 1  # "suffer 1 Grit and 3 stress instead" (L368)
KARMIC_NO_FORTUNE_STRESS: Final = 3


def arcane_rating(rating: int, key: str, times: int) -> tuple[int, bool]:
    """Arcane lines (L340-343): the Stunt Rating after ``times`` ``!`` or ``?``, and whether it
    fell to 0 or less, so 'the Stunt fails to work at all that Turn' (costs stay paid)."""
    after = rating + (times if key == "!" else -times)
    return after, after <= 0
