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
    "left_open": (2, "L98"),
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

# Critical Miss Table results the engine applies (L91-L98): the next frame recovering (lose
# balance, slip over), prone after slipping over, left open, backfire.
NEXT_FRAME_LOST: Final = frozenset({1, 2})
SLIP_OVER: Final = 2
LEFT_OPEN: Final = 5
BACKFIRE: Final = 7
LEFT_OPEN_BONUS: Final = 2  # "This next attack on them gains a Strike Modifier of +2" (L98)

HIT_TARGET: Final = 18  # "equal to or greater than 18" (L79)
LOW_DC_ADDS: Final = 5  # "If the DC of the target is DC 1-4, then add 5" (L79)


def band(table: tuple[Band, ...], score: int) -> int:
    """The value of the band holding ``score``; scores past either end take the end band's value."""
    for row in table:
        if row.low <= score <= row.high:
            return row.value
    return table[0].value if score < table[0].low else table[-1].value

# INITIATIVE RESULTS (L44-L45): the difference of the two d10s -> frames the winners get first.
FRAMES_WON: Final[tuple[Band, ...]] = (
    Band(1, 2, 1, "L44-L45"),
    Band(3, 4, 2, "L44-L45"),
    Band(5, 6, 3, "L44-L45"),
    Band(7, 9, 4, "L44-L45"),
)

# ACTIVITY TIMES (L48-L50): frames an activity takes.
ACTIVITY_FRAMES: Final[dict[str, tuple[int, str]]] = {
    "frame": (1, "L48-L49"),
    "action": (2, "L49, L41"),
    "get_up": (1, "L92, L120"),  # "it will also take 1 Frame to get up" (L92, L120)
}


class DefenceRow(NamedTuple):
    htk_divider: int  # 0: none
    htc_divider: int
    dodge: int | None  # None: cannot dodge (DC 1-3, L103)
    responds: bool  # DC 11-12 "do not dodge": no combat responses (L66)
    line: str


# DEFENCE CLASS TABLE (L62-L67): dividers and the Dodge Modifier.
DEFENCE_CLASS: Final[dict[int, DefenceRow]] = {
    1: DefenceRow(6, 5, None, True, "L62-L66"),
    2: DefenceRow(4, 4, None, True, "L62-L66"),
    3: DefenceRow(4, 3, None, True, "L62-L66"),
    4: DefenceRow(3, 2, 0, True, "L62-L66"),
    5: DefenceRow(2, 0, 0, True, "L62-L66"),
    6: DefenceRow(0, 0, 1, True, "L62-L66"),
    **{dc: DefenceRow(0, 0, 1, True, "L62-L66") for dc in range(7, 11)},
    11: DefenceRow(0, 0, None, False, "L62-L66"),
    12: DefenceRow(0, 0, None, False, "L62-L66"),
}

# DODGE RESULTS (L101-L102): 1d6 + Dodge Modifier - attack WC.
DODGE_FAIL_AT_MOST: Final = 1  # "1 or less": total failure
DODGE_GLANCING_AT_MOST: Final = 4  # 2-4: glancing blow
DODGE_CHOICE_AT_MOST: Final = 6  # 5-6: glancing, or a full dodge for one more frame; 7+: full

PARRY_MODES: Final = ("melee_ws_shield", "melee_ws", "melee_ma3", "melee_ma", "melee_other",
                      "missile_ws_shield", "missile_ws", "missile_hh", "missile_lp",
                      "missile_hp_ea")
# PARRY TABLE (L104-L111, digest §3.6): attack row -> the score a parry must equal or beat in
# each parry mode's column; None where the mode cannot parry (missile forms never parry melee).
PARRY: Final[dict[str, tuple[tuple[int | None, ...], str]]] = {
    "melee_ws": ((6, 7, 9, 10, 14, None, None, None, None, None), "L105"),
    "melee_ma3": ((6, 7, 8, 9, 14, None, None, None, None, None), "L106"),
    "melee_ma": ((5, 6, 7, 8, 13, None, None, None, None, None), "L106"),
    "melee_other": ((4, 5, 6, 7, 9, None, None, None, None, None), "L108"),
    "missile_ws": ((6, 7, 9, 10, 15, 7, 7, 11, 11, 8), "L109"),
    "missile_hh": ((4, 5, 7, 8, 13, 5, 5, 9, 9, 6), "L110"),
    "missile_lp": ((5, 6, 8, 9, 14, 6, 6, 10, 10, 7), "L110"),
    "hp_ea": ((8, None, None, None, None, 7, None, None, None, 6), "L111"),
}

FREE_RESPONSES: Final = 4  # to WC 0/1 attacks, each round (L101)
PUSHBACK_THRESHOLD: Final = 20  # superpowered characters (L119-L120)
PUSHBACK_METRES_PER: Final = (5, 2)  # 2 m for every 5 HTC, or part, over the threshold (L119)
STAND_FIRM_PER_GRADE: Final = 5  # Push-back Threshold +5 per grade of Superstrength (L115)


class SizeRow(NamedTuple):
    weight: str
    destroy_htk: int
    push: int
    lift: int
    throw: int
    line: str


# PUSHING, LIFTING, THROWING & TEARING APART TABLE (L72-L74): Size -> weight, the HTK that
# destroys or tears it off, the Strength to push, lift and throw it.
SIZES: Final[dict[int, SizeRow]] = {
    0: SizeRow("<1kg", 1, 1, 1, 2, "L72-L74"),
    1: SizeRow("1-4kg", 2, 1, 2, 4, "L72-L74"),
    2: SizeRow("5-25kg", 4, 2, 4, 6, "L72-L74"),
    3: SizeRow("26-80kg", 6, 4, 6, 11, "L72-L74"),
    4: SizeRow("81-195kg", 8, 6, 11, 16, "L72-L74"),
    5: SizeRow("196-445kg", 10, 11, 16, 21, "L72-L74"),
    6: SizeRow("446-1000kg", 12, 16, 21, 26, "L72-L74"),
    7: SizeRow("1001-2150kg", 14, 21, 26, 31, "L72-L74"),
    8: SizeRow("2151-4650kg", 16, 26, 31, 36, "L72-L74"),
    9: SizeRow("4.651-10t", 18, 31, 36, 41, "L72-L74"),
    10: SizeRow("10.1-21.5t", 20, 36, 41, 46, "L72-L74"),
    11: SizeRow("21.6-46.5t", 22, 41, 46, 51, "L72-L74"),
    12: SizeRow("46.6-100t", 25, 46, 51, 56, "L72-L74"),
    13: SizeRow("101-215t", 28, 51, 56, 61, "L72-L74"),
    14: SizeRow("216-465t", 31, 56, 61, 66, "L72-L74"),
    15: SizeRow("466-1000t", 34, 61, 66, 71, "L72-L74"),
    16: SizeRow("1001-2150t", 37, 66, 71, 76, "L72-L74"),
    17: SizeRow("2151-4650t", 40, 71, 76, 81, "L72-L74"),
    18: SizeRow("4651-10000t", 45, 76, 81, 86, "L72-L74"),
    19: SizeRow("10001-21500t", 50, 81, 86, 91, "L72-L74"),
    20: SizeRow("21501-46500t", 55, 86, 91, 96, "L72-L74"),
    21: SizeRow("46501-100000t", 60, 91, 96, 101, "L72-L74"),
}
AUTOPARRY_FRAMES: Final = (2, 1)  # 2 frames, 1 when the object is already in hand (L113)
