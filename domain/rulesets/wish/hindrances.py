"""Hindrances and facilitators as data (L1293-1383), each row citing its seed line.

Only effects the seed states mechanically are applied by the engine:

* per-stunt dice and difficulty: Reliable, Unpredictable, Just Wing It, Easy (facilitators,
  L1323-1329), Erratic and Difficult (hindrances, L1373, L1383) — the seed prints no die
  icon, so the dice are campaign options holding the digest's restorations (§7.12-7.13);
* per-stunt recharge: Frequent -1, Prolonged +3, Infrequent +1 (L1317, L1319, L1379);
* Contemplative / Impetuous: stance gate and SR extra dice converted (L1331, L1333);
* Ogrish: +1 Str, +1 To, +1 Soak, -1 Ag to rating and maximum (L1363);
  Monstrous Looking: +1 Psyche (L1361);
* Overconfident / Timid stance-step stress (L1349-1351, applied in ``decide.shift_stance``).

Stunt costs (Tireless, Stress-less, Effortless, Tiring, Stressful, Occasional) change a
card's printed Cost, charged when the stunt is used (``stunt_costs.py``, L508).
"""

from __future__ import annotations

from typing import Final

import msgspec


class HindranceRow(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    points: int  # 0: the points are stated when taken (Anathema, L1355)
    line: int
    per_stunt: bool = False  # "applied to a different Stunt each time"
    needs_detail: bool = False  # the object of the obsession or the anathema


def _h(name: str, points: int, line: int, **kw: bool) -> HindranceRow:
    return HindranceRow(name=name, points=points, line=line, **kw)


HINDRANCES: Final[dict[str, HindranceRow]] = {r.name: r for r in (
    _h("Overconfident", 4, 1349),
    _h("Timid", 4, 1351),
    _h("Obsessed", 5, 1353, needs_detail=True),
    _h("Anathema", 0, 1355, needs_detail=True),
    _h("Bizarre Looking", 1, 1357),
    _h("Scary Looking", 2, 1359),
    _h("Monstrous Looking", 6, 1361),
    _h("Ogrish", 1, 1363),
    _h("Secret Id", 3, 1365),
    _h("Alter Ego", 3, 1367),  # 6 if the GM controls the alter ego (L1367)
    _h("Dark Past", 1, 1369),
    _h("Stuck On", 1, 1371, per_stunt=True),
    _h("Erratic", 1, 1373, per_stunt=True),
    _h("Tiring", 1, 1375, per_stunt=True),
    _h("Stressful", 1, 1377, per_stunt=True),
    _h("Infrequent", 1, 1379, per_stunt=True),
    _h("Occasional", 1, 1381, per_stunt=True),
    _h("Difficult", 2, 1383, per_stunt=True),
    # a stunt made a Device: "a 1 point Hindrance per Stunt" (L328)
    _h("Device", 1, 328, per_stunt=True),
)}  # fmt: skip

ALTER_EGO_GM_POINTS: Final = 6  # L1367
SCRUTINY_POINTS: Final = 5  # "more than 5 advances worth of hindrances" (L1343)

# Per-stunt facilitators (L1313-1333): name -> seed line.
STUNT_FACILITATORS: Final[dict[str, int]] = {
    "Tireless": 1313, "Stress-less": 1315, "Frequent": 1317, "Prolonged": 1319,
    "Effortless": 1321, "Easy": 1323, "Reliable": 1325, "Just Wing It": 1327,
    "Unpredictable": 1329, "Contemplative": 1331, "Impetuous": 1333,
}  # fmt: skip

# Recharge changes (L1317, L1319, L1379).
RECHARGE: Final[dict[str, int]] = {"Frequent": -1, "Prolonged": 3, "Infrequent": 1}
PROLONGED_TRAIT: Final = "Ongoing"  # Prolonged needs an Ongoing stunt (L1319)

# Characteristic and mitigation changes, rating and maximum together (L1361, L1363).
STAT_CHANGES: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "Ogrish": (("str", 1), ("to", 1), ("ag", -1), ("soak", 1)),
    "Monstrous Looking": (("psyche", 1),),
}


def recharge_rating(rating: int, facilitators: list[str], hindrances: list[str]) -> int:
    """A stunt's Recharge after Frequent, Prolonged and Infrequent (L1317, L1319, L1379)."""
    delta = sum(RECHARGE.get(n, 0) for n in (*facilitators, *hindrances))
    return max(0, rating + delta)
