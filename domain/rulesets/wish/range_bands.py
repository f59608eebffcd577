"""Range bands (L402-419): abstract bands, each so many movement maneuvers deep.

A separation is the number of movement maneuvers one character needs to become engaged
with another (0 = engaged). The seed gives each band's depth (L404-411) and examples
(L413-419); the digest's integer model (§6.4) places the bands on that count so that
every example holds: 11 maneuvers from the outer edge of Extreme (L413), Medium 3 or 4
(L419).
"""

from __future__ import annotations

from typing import Final

import msgspec


class Band(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    depth: int | None  # movement maneuvers to cross; None: "effectively infinite" (L411)
    feet: str
    line: int


# Innermost first (L404-411).
BANDS: Final[tuple[Band, ...]] = (
    Band(name="Engaged", depth=1, feet="1 ft to touching", line=404),
    Band(name="Close", depth=1, feet="2-10 ft", line=405),
    Band(name="Medium", depth=2, feet="11-50 ft", line=406),
    Band(name="Long", depth=3, feet="51-300 ft", line=407),
    Band(name="Extreme", depth=4, feet="301-5000+ ft", line=408),
    Band(name="Plot", depth=None, feet="beyond about a mile", line=409),
)

# The outer edge of each band in maneuvers-to-engage: engaging takes one maneuver (L404), so
# the edge of Close is 1 + 1 = 2, of Medium 2 + 2 = 4, of Long 7, of Extreme 11 (L413).
OUTER_EDGE: Final[dict[str, int]] = {"Engaged": 0, "Close": 2, "Medium": 4, "Long": 7,
                                      "Extreme": 11}
PLOT_FROM: Final = OUTER_EDGE["Extreme"] + 1

# "Observation checks gain X at Medium range" and so on: the seed prints no die, the digest
# restores an escalating penalty (Appendix A rows 10-13; the die is option
# observation_range_die). Plot: "a minimum of X" (L409); the GM may add more as difficulty.
OBSERVATION_DICE: Final[dict[str, tuple[int, int]]] = {  # band: (dice, seed line)
    "Medium": (1, 406), "Long": (2, 407), "Extreme": (3, 408), "Plot": (4, 409),
}


def observation_dice(separation: int | None) -> tuple[int, str]:
    """The dice an Observation check gains against someone ``separation`` movement maneuvers
    away (L406-409), and the source naming the band and its line; none when engaged, at Close
    or where no separation is recorded."""
    if separation is None:
        return 0, ""
    name = band(separation)
    dice, line = OBSERVATION_DICE.get(name, (0, 0))
    return dice, f"{name} range L{line}" if dice else ""


def band(separation: int) -> str:
    """The band two characters ``separation`` movement maneuvers apart are in (digest §6.4):
    0 Engaged, 1-2 Close, 3-4 Medium, 5-7 Long, 8-11 Extreme, 12+ Plot."""
    if separation < 0:
        raise ValueError("a separation is never negative")
    for name, edge in OUTER_EDGE.items():
        if separation <= edge:
            return name
    return "Plot"


def maneuvers_to_engage(from_band: str) -> int:
    """Movement maneuvers from the outer edge of ``from_band`` to engaged (L413)."""
    return OUTER_EDGE[from_band]


def pair(a: str, b: str) -> str:
    """The key of a separation: the two ids in order, so a|b and b|a are one separation."""
    x, y = sorted((a, b))
    return f"{x}|{y}"
