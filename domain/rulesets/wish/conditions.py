"""Conditions (L1385-1511): durations, stacking, and the two Brief tables as data.

Each table row cites its seed line. The seed prints no die icon in the
condition summaries ("Add [ ] to skill checks"); the dice below are the rules
digest's restorations (its §5.7), kept as data. Malign roll ranges are the
digest's repaired ranges (D-19); ``stated`` keeps the seed's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

from domain.rulesets.wish.state import ConditionInstance, WishSheet


class PoolMod(msgspec.Struct, frozen=True):
    """Dice a condition adds (count > 0) or removes (count < 0) on checks in ``scope``.

    ``who``: ``self`` (the holder's own checks), ``attacker`` (checks attacking the
    holder) or ``detector`` (checks to detect the holder).
    Scopes: all, skill, physical, mental, char:<code>, sense:<sense>,
    stance:offensive|defensive.
    """

    die: str
    count: int
    scope: str = "all"
    who: str = "self"


class BriefRow(msgspec.Struct, frozen=True, kw_only=True):
    lo: int
    hi: int
    name: str
    severity: int
    line: int
    stated: str = ""
    pool: tuple[PoolMod, ...] = ()
    stats: tuple[tuple[str, int], ...] = ()  # temporary statistic changes
    begin_of_turn: tuple[tuple[str, int], ...] = ()  # recovery in Beginning of Turn
    end_of_turn: tuple[tuple[str, int], ...] = ()  # recovery in End of Turn
    roll_twice: bool = False


def _r(lo: int, hi: int, name: str, sev: int, line: int, **kw: object) -> BriefRow:
    return msgspec.convert(
        {"lo": lo, "hi": hi, "name": name, "severity": sev, "line": line, **kw}, BriefRow
    )


def _p(die: str, count: int, scope: str = "all", who: str = "self") -> dict[str, object]:
    return {"die": die, "count": count, "scope": scope, "who": who}


MALIGN: Final[tuple[BriefRow, ...]] = (
    _r(1, 5, "Demoralized", 1, 1433, pool=[_p("MIS", 1, "skill")]),
    _r(6, 10, "Sluggish", 1, 1434),
    _r(11, 15, "Sickened", 1, 1435),
    _r(16, 20, "Susceptible", 1, 1436),
    _r(21, 25, "Intoxicated", 1, 1437, pool=[_p("MIS", 1)]),
    _r(26, 30, "Hindered", 1, 1438),
    _r(31, 35, "Exposed", 1, 1439, pool=[_p("FRT", 1, who="attacker")]),
    _r(36, 38, "Overwhelmed", 2, 1440, stated="36-30", pool=[_p("CHL", 1, "physical")]),
    _r(39, 41, "Perplexed", 2, 1441, stated="31-35", pool=[_p("CHL", 1, "mental")]),
    _r(42, 44, "Exhausted", 2, 1442, stated="36-40", pool=[_p("MIS", 1, "physical")]),
    _r(45, 47, "Shocked", 2, 1443, stated="41-45", pool=[_p("MIS", 1, "mental")]),
    _r(48, 50, "Slowed", 2, 1444, stated="46-50"),
    _r(51, 54, "Frightened", 2, 1445),
    _r(55, 58, "Deafened", 2, 1446, pool=[_p("MIS", 2, "sense:hearing")]),
    _r(59, 60, "Spiked", 2, 1447),
    _r(61, 62, "Weakened", 2, 1448, pool=[_p("MIS", 1, "char:str")], stats=[("str", -1)]),
    _r(63, 63, "Depleted", 2, 1449, stated="62-63", pool=[_p("MIS", 1, "char:to")],
       stats=[("to", -1)]),
    _r(64, 65, "Impaired", 2, 1450, pool=[_p("MIS", 1, "char:ag")], stats=[("ag", -1)]),
    _r(66, 67, "Baffled", 2, 1451, pool=[_p("MIS", 1, "char:int")], stats=[("int", -1)]),
    _r(68, 69, "Depressed", 2, 1452, pool=[_p("MIS", 1, "char:wp")], stats=[("wp", -1)]),
    _r(70, 71, "Belittled", 2, 1453, pool=[_p("MIS", 1, "char:fel")], stats=[("fel", -1)]),
    _r(72, 75, "Imperiled", 2, 1454, pool=[_p("MIS", -1, who="attacker")]),
    _r(76, 77, "Challenged", 3, 1455, pool=[_p("CHL", 1)]),
    _r(78, 79, "Delayed", 3, 1456),
    _r(80, 81, "Thunderstruck", 3, 1457, pool=[_p("EXP", -1)]),
    _r(82, 83, "Ignited", 3, 1458),
    _r(84, 85, "Impeded", 3, 1459, pool=[_p("MIS", -1, who="attacker")]),
    _r(86, 87, "Staggered", 4, 1460),
    _r(88, 89, "Held", 4, 1461, pool=[_p("MIS", -1, who="attacker")]),
    _r(90, 93, "Lulled", 4, 1462, pool=[_p("MIS", -1, who="attacker")]),
    _r(94, 95, "Helpless", 5, 1463, pool=[_p("MIS", -1, who="attacker")]),
    _r(96, 96, "Drained", 5, 1464, pool=[_p("CHL", 1)],
       stats=[("str", -1), ("to", -1), ("ag", -1), ("int", -1), ("wp", -1), ("fel", -1)]),
    _r(97, 97, "Drunk", 5, 1465, pool=[_p("MIS", 2)]),
    _r(98, 98, "Sapped", 5, 1466),
    _r(99, 99, "Blinded", 5, 1467, pool=[_p("MIS", 3, "sense:sight")]),
    _r(100, 100, "Worse than you thought", 0, 1468, roll_twice=True),
)  # fmt: skip

BENIGN: Final[tuple[BriefRow, ...]] = (
    _r(1, 5, "Invigorated", 1, 1478),
    _r(6, 10, "Refreshed", 1, 1479, begin_of_turn=[("stress", 1), ("fatigue", 1)]),
    _r(11, 15, "Inspired", 1, 1480, pool=[_p("FRT", 1)]),
    _r(16, 20, "Energized", 1, 1481),
    _r(21, 25, "Honed", 1, 1482),
    _r(26, 26, "Camouflaged", 2, 1483, pool=[_p("CHL", 1, who="detector")]),
    _r(27, 29, "Metabolized", 2, 1484, end_of_turn=[("wounds", 1)]),
    _r(30, 32, "Soothed", 2, 1485, end_of_turn=[("grit", 1)]),
    _r(33, 35, "Favored", 2, 1486, end_of_turn=[("fortune", 1)]),
    _r(36, 38, "Calmed", 2, 1487, pool=[_p("DFN", 1, "stance:defensive")]),
    _r(39, 41, "Irritated", 2, 1488, pool=[_p("OFF", 1, "stance:offensive")]),
    _r(42, 44, "Strengthened", 2, 1489, stats=[("str", 1)]),
    _r(45, 47, "Toughened", 2, 1490, stats=[("to", 1)]),
    _r(48, 50, "Quickened", 2, 1491, stats=[("ag", 1)]),
    _r(51, 53, "Brightened", 2, 1492, stats=[("int", 1)]),
    _r(54, 56, "Encouraged", 2, 1493, stats=[("wp", 1)]),
    _r(57, 59, "Cheered", 2, 1494, stats=[("fel", 1)]),
    _r(60, 62, "Warded", 2, 1495, stats=[("defense", 1)]),
    _r(63, 65, "Shielded", 2, 1496, stats=[("soak", 1)]),
    _r(66, 68, "Prepped", 2, 1497, stats=[("psyche", 1)]),
    _r(69, 71, "Buffed", 2, 1498),
    _r(72, 74, "Accelerated", 2, 1499),
    _r(75, 77, "Focused", 3, 1500, pool=[_p("EXP", 1)]),
    _r(78, 80, "Protected", 3, 1501, pool=[_p("CHL", 1, who="attacker")]),
    _r(81, 81, "Hidden", 3, 1502, pool=[_p("CHL", 2, who="detector")]),
    _r(82, 84, "Renewed", 3, 1503, end_of_turn=[("stress", 1), ("fatigue", 1), ("fortune", 1)]),
    _r(85, 87, "Regenerated", 3, 1504, end_of_turn=[("wounds", 1), ("grit", 1)]),
    _r(88, 90, "Enraged", 4, 1505),
    _r(91, 91, "Cloaked", 4, 1506),
    _r(92, 94, "Enlivened", 4, 1507),
    _r(95, 96, "Vitalized", 4, 1508,
       end_of_turn=[("stress", 1), ("fatigue", 1), ("fortune", 1), ("wounds", 1), ("grit", 1)]),
    _r(97, 97, "Disappeared", 5, 1509, pool=[_p("CHL", 2, who="attacker")]),
    _r(98, 98, "Blurred", 5, 1510),
    _r(99, 99, "Boosted", 5, 1511),
    # D-20: the seed's benign table stops at 99; 100 mirrors the malign L1468.
    _r(100, 100, "Roll twice", 0, 1468, roll_twice=True),
)  # fmt: skip

TABLES: Final = {"malign": MALIGN, "benign": BENIGN}
BY_NAME: Final[dict[str, BriefRow]] = {r.name: r for r in (*MALIGN, *BENIGN) if not r.roll_twice}

# Conditions that end when their holder attacks (L1483, L1502, L1506).
END_ON_ATTACK: Final = frozenset({"Camouflaged", "Hidden", "Cloaked"})
# Conditions that make dodge/block Defense unusable (L1461-1463).
NO_DODGE_DEFENSE: Final = frozenset({"Held", "Lulled", "Helpless"})
# The target loses its innate DEF while it cannot see the attack coming: Blinded (L1467) ...
BLIND_TO_ATTACKS: Final = frozenset({"Blinded"})
# ... or while the attacker cannot be sensed: Disappeared (L1509).
UNSEEN_ATTACKER: Final = frozenset({"Disappeared"})
# On application, pull the stance one step deep or cost 2 stress (L1487, L1488, L1505).
STANCE_PULL: Final = {"Calmed": -1, "Irritated": 1, "Enraged": 1}
STANCE_PULL_STRESS: Final = 2


def row_for_roll(table: str, roll: int, ranges: str = "fixed") -> BriefRow:
    """The Brief condition a d100 ``roll`` selects (L1429, L1474; ranges per D-19)."""
    for row in TABLES[table]:
        if row.lo <= roll <= row.hi:
            return row
    raise ValueError(f"no {table} row for {roll}")


def instances(sheet: WishSheet, name: str) -> list[ConditionInstance]:
    """Active instances of a condition; Brief ones stack, each its own (L1395-1399)."""
    return [c for c in sheet.conditions if c.name == name]


def count(sheet: WishSheet, name: str) -> int:
    """How many instances of a condition the character bears: Brief ones stack, each applying
    (L1393-1399)."""
    return len(instances(sheet, name))


def stat_modifier(sheet: WishSheet, stat: str) -> int:
    """Sum of temporary changes to ``stat`` from active conditions (L1448-1453, L1489-1497)."""
    total = 0
    for c in sheet.conditions:
        row = BY_NAME.get(c.name)
        if row is not None:
            total += sum(d for s, d in row.stats if s == stat)
    return total


def pool_mods(conditions: Iterable[ConditionInstance], who: str) -> list[tuple[str, PoolMod]]:
    """(condition name, modifier) pairs for every active instance, for side ``who``: the
    conditions' dice for the bearer's pools or its attackers' (tables L1423-1511)."""
    out: list[tuple[str, PoolMod]] = []
    for c in conditions:
        row = BY_NAME.get(c.name)
        if row is None:
            continue
        out.extend((c.name, m) for m in row.pool if m.who == who)
    return out


SR_DOWN_ONE: Final = "Spiked"  # one stunt -1 SR (L1447)
SR_DOWN_ALL: Final = "Sapped"  # all stunts -1 SR (L1466)
SR_UP_ONE: Final = "Buffed"  # one stunt +1 SR (L1498)
SR_UP_ALL: Final = "Boosted"  # all stunts +1 SR (L1511)
ONE_STUNT: Final = frozenset({SR_DOWN_ONE, SR_UP_ONE})


def stunt_rating(sheet: WishSheet, name: str) -> int:
    """A stunt's effective SR under Spiked, Sapped, Buffed and Boosted (L1447, L1466, L1498,
    L1511): Gear stunts ignore the reductions, Passive ones never drop below SR 1."""
    st = sheet.stunts[name]
    up = sum(
        1 for c in sheet.conditions
        if c.name == SR_UP_ALL or (c.name == SR_UP_ONE and c.stunt == name)
    )
    down = sum(
        1 for c in sheet.conditions
        if c.name == SR_DOWN_ALL or (c.name == SR_DOWN_ONE and c.stunt == name)
    )
    if st.sfx == "Gear":
        down = 0  # "Gear Stunts are not affected by this condition" (L1447, L1466)
    rating = st.rating + up - down
    if down and "Passive" in st.traits:
        rating = max(rating, 1)  # "Passive Stunts cannot be reduced to less than SR1"
    return rating


def recovery(sheet: WishSheet, phase: str) -> dict[str, int]:
    """Totals a phase's recovery conditions grant (Refreshed L1479; End of Turn L1484-1508)."""
    out: dict[str, int] = {}
    for c in sheet.conditions:
        row = BY_NAME.get(c.name)
        if row is None:
            continue
        for what, n in row.begin_of_turn if phase == "begin" else row.end_of_turn:
            out[what] = out.get(what, 0) + n
    return out
