"""Public Status (L314-L330) and its uses (L376-L377): Backing + Heroism + Identification +
Public Relations + Practice, the Public Status Table and the 3 x PS % chance of co-operation."""

from __future__ import annotations

from typing import Final

from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes import tables

# component -> (lowest, highest, initial) (L314-L329; digest §6.6)
COMPONENTS: Final = {"backing": (1, 5, 3),  # L314-L317
                     "heroism": (1, 5, 3),  # L317-L320
                     "identification": (1, 5, 3),  # L320-L323
                     "public_relations": (1, 5, 3),  # L323-L326
                     "practice": (1, 10, 1)}  # "all characters start with Practice 1" (L329)
# PUBLIC STATUS TABLE (L330): total -> public reaction
REACTIONS: Final = (tables.Band(0, 10, 0, "L330"), tables.Band(11, 15, 1, "L330"),
                    tables.Band(16, 20, 2, "L330"), tables.Band(21, 25, 3, "L330"),
                    tables.Band(26, 29, 4, "L330"), tables.Band(30, 30, 5, "L330"))
REACTION_NAMES: Final = ("Who?", "Disliked/Resented", "Accepted/tolerated", "Popular",
                         "National Figure", "Legendary")


def rating(sheet: st.GoldenHeroesSheet, name: str) -> int:
    return sheet.ratings.get(name, COMPONENTS[name][2])


def public_status(sheet: st.GoldenHeroesSheet) -> int:
    """Public Status: the five component ratings added, 5-30 (L330; 13 to begin with)."""
    return sum(rating(sheet, k) for k in COMPONENTS)


def reaction(total: int) -> str:
    """The Public Status Table's public reaction (L330)."""
    return REACTION_NAMES[tables.band(REACTIONS, total)]


def co_operation_percent(total: int) -> int:
    """Orders or advice accepted, and Thugs surrendering or fleeing: 3 x Public Status %
    (L376; PS 23 gives 69%)."""
    return 3 * total


def derived(sheet: st.GoldenHeroesSheet) -> dict[str, object]:
    total = public_status(sheet)
    return {"public_status": total, "public_reaction": reaction(total),
            "co_operation_percent": co_operation_percent(total)}
