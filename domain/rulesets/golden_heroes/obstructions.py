"""Push-back into obstructions (L119): driven into a solid obstruction the victim takes a further
1d6 HTC; an object is ploughed through when push-back remains after 2 m for every 4 HTK of it
(the number of metres is missing in the text: digest decision #14), and the victim goes on for
what is left.
"""

from __future__ import annotations

from typing import Final

METRES_PER_4_HTK: Final = 2  # decision #14, matching the 2 m per 5 HTC scale
COLLISION_DICE: Final = 1  # a further 1d6 HTC (L119)


class Path:
    """Where a push-back ends: the metres travelled, whether it hit and went through."""

    __slots__ = ("distance", "hit", "through")

    def __init__(self, distance: int, hit: bool, through: bool) -> None:
        self.distance, self.hit, self.through = distance, hit, through


def path(metres: int, at: int | None, htk: int | None) -> Path:
    """A push-back of ``metres`` with a solid obstruction ``at`` metres behind the victim,
    ``htk`` its HTK (``None``: it does not give way) (L119, decision #14)."""
    if at is None or metres == 0 or metres < at:
        return Path(metres, False, False)
    left = metres - at - METRES_PER_4_HTK * (htk // 4) if htk is not None else 0
    return Path(at + left, True, True) if left > 0 else Path(at, True, False)
