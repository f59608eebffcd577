"""Golden Heroes rule tables as data, each row citing its seed line."""

from __future__ import annotations

from typing import Final, NamedTuple


class Band(NamedTuple):
    low: int
    high: int  # inclusive
    value: int
    line: str


# STRENGTH EFFECT TABLE, damage modifier column (L4-L6): +1 per point above 15 from 16 up.
STRENGTH_DAMAGE: Final[tuple[Band, ...]] = (
    Band(3, 3, -3, "L4-L6"),
    Band(4, 4, -2, "L4-L6"),
    Band(5, 5, -1, "L4-L6"),
    Band(6, 15, 0, "L4-L6"),
)

# DEXTERITY EFFECT TABLE (L7): the strike modifier.
DEXTERITY_STRIKE: Final[tuple[Band, ...]] = (
    Band(3, 3, -3, "L7"),
    Band(4, 4, -2, "L7"),
    Band(5, 5, -1, "L7"),
    Band(6, 15, 0, "L7"),
    Band(16, 16, 1, "L7"),
    Band(17, 17, 2, "L7"),
    Band(18, 18, 3, "L7"),
)

# VIGOUR EFFECT TABLE (L8): the recovery rate modifier.
VIGOUR_RECOVERY: Final[tuple[Band, ...]] = (
    Band(3, 5, -1, "L8"),
    Band(6, 15, 0, "L8"),
    Band(16, 20, 1, "L8"),
    Band(21, 25, 2, "L8"),
    Band(26, 10_000, 3, "L8"),
)

# FRAMES PER ROUND by character type (L42).
FRAMES_PER_ROUND: Final[dict[str, tuple[int, str]]] = {
    "superpowered": (4, "L42"),
    "minor_villain": (3, "L42"),
    "non_superpowered": (2, "L42"),
}

# STRIKE CIRCUMSTANCES (L80-L82; staggered/stunned attacker L123).
CIRCUMSTANCES: Final[dict[str, tuple[int, str]]] = {
    "behind": (2, "L80-L82"),
    "above": (1, "L80-L82"),
    "unaware": (2, "L80-L82"),
    "restrained": (4, "L80-L82"),
    "obscured": (-3, "L80-L82"),
    "attacker_staggered": (-2, "L123"),
    "attacker_stunned": (-5, "L123"),
}

# CRITICAL HIT TABLE, d10 (L86-L90).
CRITICAL_HIT: Final[dict[int, tuple[str, str]]] = {
    1: ("mask, non-power equipment or part of the costume torn off", "L86"),
    2: ("fast attack: target's dodge at -2 or parry at -4", "L86"),
    3: ("power attack: both of the target's damage dividers reduced by 2", "L87"),
    4: ("legs, wings or propulsion hit: fastest movement halved for 1d6 rounds", "L87"),
    5: ("hand hit: unusable in combat for 1d6 rounds; held weapon dropped unless 1d20 < DEX", "L88"),
    6: ("nerve centre: +1d6 HTC", "L88"),
    7: ("caught off balance: push-back threshold -15 for this attack", "L89"),
    8: ("knocked off balance: the target's next frame is spent recovering", "L89"),
    9: ("power scrambled: one random power lost for 1d6 rounds, or a device malfunctions", "L90"),
    10: ("choose to suit, roll again, or devise your own", "L90"),
}

# CRITICAL MISS TABLE, d10 (L91-L98).
CRITICAL_MISS: Final[dict[int, tuple[str, str]]] = {
    1: ("lose balance: the next frame is spent recovering", "L91"),
    2: ("slip over: the next frame recovering, plus 1 frame to get up", "L92"),
    3: ("malfunction: missile jams (2 frames to clear), or energy attack wastes 1d6", "L93"),
    4: ("attack too slow: the target may use its next frames at once", "L94"),
    5: ("left open: the next attack on them gets +2 and cannot be responded to", "L95"),
    6: ("wildly inaccurate: hits an ally or bystander nearby", "L96"),
    7: ("backfire: the attacker takes 1d6 HTC, or strikes a nearby object", "L97"),
    8: ("drop weapon or a piece of equipment", "L97"),
    9: ("pulled muscle: movement halved for 4 frames, leg/wing powers unusable", "L98"),
    10: ("choose to suit, roll again, or devise your own", "L98"),
}

HIT_TARGET: Final = 18  # "equal to or greater than 18" (L79)
LOW_DC_ADDS: Final = 5  # "If the DC of the target is DC 1-4, then add 5" (L79)


def band(table: tuple[Band, ...], score: int) -> int:
    """The value of the band holding ``score``; scores past either end take the end band's value."""
    for row in table:
        if row.low <= score <= row.high:
            return row.value
    return table[0].value if score < table[0].low else table[-1].value
