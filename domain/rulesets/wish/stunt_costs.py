"""Stunt costs (L508): a card's Cost is paid up front, before the stunt is put into play and
before any check, and changed by per-stunt facilitators and hindrances (L1313-1321,
L1375-1381). Tables are data, each row citing its seed line."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.wish.events import StuntCostPaid
from domain.errors import StateConflict
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import Stunt, WishSheet

# Per-stunt marks that change a cost: (name, statistic, change, seed line).
COST_CHANGES: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("Tireless", "fatigue", -1, 1313),
    ("Stress-less", "stress", -1, 1315),
    ("Effortless", "fortune", -1, 1321),
    ("Tiring", "fatigue", 1, 1375),
    ("Stressful", "stress", 1, 1377),
    ("Occasional", "fortune", 1, 1381),
)
COSTS: Final = ("stress", "fatigue", "fortune", "wounds", "grit")


def paid(name: str, due: dict[str, int]) -> StuntCostPaid:
    """The ``wish.StuntCostPaid`` of a stunt's cost (L508): only its non-zero parts listed."""
    return StuntCostPaid(stunt=name, **{k: due[k] for k in COSTS if k in due})


def cost(stunt: Stunt) -> dict[str, int]:
    """Stunt cost (L508) after Tireless, Stress-less, Effortless (L1313-1321) and Tiring,
    Stressful, Occasional (L1375-1381); never below 0. Only the non-zero parts are listed."""
    marks = {*stunt.facilitators, *stunt.hindrances}
    out = {k: getattr(stunt.cost, k) for k in COSTS}
    for name, stat, delta, _line in COST_CHANGES:
        if name in marks:
            out[stat] += delta
    return {k: v for k, v in out.items() if v > 0}


def payable(sheet: WishSheet, name: str, due: dict[str, int], options: WishOptions) -> None:
    """Stunt cost (L508): stress and fatigue can always be suffered; Fortune, Wounds and Grit
    are lost from current points, so a stunt needing more than are left cannot be used."""
    have = {"fortune": sheet.fortune,
            "wounds": sheets.current_wounds(sheet, options),
            "grit": sheets.current_grit(sheet, options)}
    for stat, n in due.items():
        if stat in have and n > have[stat]:
            raise StateConflict("stunt", "wish.stunt.cost L508",
                                f"{name} costs {stat}: {n}; {have[stat]} left")
