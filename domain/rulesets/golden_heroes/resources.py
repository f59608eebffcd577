"""Financial and Material Resource Levels (L290-L313): the tables, initial levels from the
Advantageous Backgrounds, and the Personal Status effects on them."""

from __future__ import annotations

from typing import Final, NamedTuple

from contracts.rulesets import golden_heroes as c
from domain.errors import StateConflict
from domain.rulesets.golden_heroes import state as st


class FinancialLevel(NamedTuple):
    description: str  # L295
    dwelling: str  # L297
    transport: str  # L306
    wardrobe: str  # L306
    line: str


# FINANCIAL RESOURCE LEVEL TABLE, levels 1-10 (L295-L306; digest §6.4)
FINANCIAL: Final = (
    FinancialLevel("Starving - always in debt", "Gutter/Doss House", "Foot", "Rags", "L295"),
    FinancialLevel("On the breadline", "Hostel", "Public Transport", "What They Stand Up In",
                   "L295"),
    FinancialLevel("Marginal", "Shared Rented Room", "Bicycle", "Cheap Working Clothes", "L295"),
    FinancialLevel("Average", "Own Rented Room", "Moped", "Casual", "L295"),
    FinancialLevel("Comfortable", "Rented Flat", "Motorbike/Second Hand Car", "Suits Off The Peg",
                   "L295"),
    FinancialLevel("Well-to-do", "Private Flat/Small House", "Average New Car/Taxis",
                   "Superior Suits", "L295"),
    FinancialLevel("Eminent", "Large Private House", "Limousine", "Made To Measure Suits",
                   "L295"),
    FinancialLevel("Affluent", "Large Private Town House", "Chauffeur Driven Limousine",
                   "Special Design", "L295"),
    FinancialLevel("Wealthy", "Mansion", "Private Jet", "Haute Couture", "L295"),
    FinancialLevel("Tycoon", "Private Estate(s)", "Private Yacht, Helicopter etc.",
                   "Personal Designer", "L295"),
)

# MATERIAL RESOURCE LEVEL TABLE, levels 1-10 (L311)
MATERIAL: Final = (
    "None", "A few simple tools (e.g., screwdriver, hammer)", "Complete basic tool set",
    "Specialist (electric drill, electric saw, etc.)", "Basic scientific, in one area",
    "Basic scientific, in several areas", "Elaborate scientific, in one area",
    "Elaborate scientific, in several areas", "Institutional resources (e.g. a power station)",
    "Multinational (e.g. the NATO early-warning system)")

# Initial levels an Advantageous Background sets (L16)
BACKGROUND_FRL: Final = {"rich_industrialist": 8, "rich_inherited": 8, "position_of_power": 6}
# the Chemical scientist's text gives no level (L16-L17), though the digest says 8
BACKGROUND_MRL: Final = {"scientist_mechanical": 8}
DEFAULT_FRL: Final = 4  # "someone with a steady job for years 4-5" (L292): the referee resets it
NOBODY_ABOVE: Final = 5  # without a background nobody starts above 5 (L292)


def initial_frl(backgrounds: list[str]) -> int:
    """Initial Financial Resource Level: the background's, else the referee's 1-5 (L292)."""
    return max([BACKGROUND_FRL[b] for b in backgrounds if b in BACKGROUND_FRL],
               default=DEFAULT_FRL)


def initial_mrl(backgrounds: list[str], frl: int) -> int:
    """Initial Material Resource Level: the background's, else 4 with FRL 4 or more, else 3
    (L310)."""
    return max([BACKGROUND_MRL[b] for b in backgrounds if b in BACKGROUND_MRL],
               default=4 if frl >= 4 else 3)


def frl(sheet: st.GoldenHeroesSheet) -> int:
    """The sheet's Financial Resource Level (1-10, L294)."""
    return sheet.ratings.get("frl", initial_frl(sheet.backgrounds))


def effective_frl(level: int, state_of_mind: str) -> int:
    """The level in use: Confident and above +1 while it lasts, Jinxed one lower (L370-L371),
    within 1-10."""
    shift = {"jinxed": -1, "confident": 1, "total_confidence": 1, "egomaniac": 1}
    return min(max(level + shift.get(state_of_mind, 0), 1), 10)


def hire_level(level: int, *, extra_dup: bool, knows_how: bool) -> int:
    """The Material Resource Level a character can hire one-off: FRL-2, FRL-1 for a DUP spent
    raising resources, one lower again without the know-how (technical support) (L309)."""
    return max(level - (1 if extra_dup else 2) - (0 if knows_how else 1), 0)


def use(cmd: c.UseResources, sheet: st.GoldenHeroesSheet, state_of_mind: str) -> c.ResourcesUsed:
    """A one-off purchase or hire (L295, L309): the level reached from the level in use;
    refused above it, or when a DUP is to be spent and none is left."""
    if cmd.spend_dup and sheet.dups < 1:
        raise StateConflict("spend_dup", "golden-heroes.frl L295", "no DUP left to spend")
    level = effective_frl(frl(sheet), state_of_mind)
    if cmd.kind == "purchase":
        reach, line = min(level + int(cmd.spend_dup), 10), "L295"  # FRL+1 for a DUP
    else:
        reach, line = hire_level(level, extra_dup=cmd.spend_dup, knows_how=cmd.knows_how), "L309"
    if cmd.level_needed > reach:
        raise StateConflict("level_needed", f"golden-heroes.frl {line}",
                            f"{cmd.what!r} needs level {cmd.level_needed}; a {cmd.kind} "
                            f"reaches {reach}")
    return c.ResourcesUsed(character_id=cmd.character_id, kind=cmd.kind, what=cmd.what,
                           level_needed=cmd.level_needed, level=reach, dups=int(cmd.spend_dup))


def derived(sheet: st.GoldenHeroesSheet, state_of_mind: str) -> dict[str, object]:
    level = frl(sheet)
    use = effective_frl(level, state_of_mind)
    row = FINANCIAL[use - 1]
    knowledge = sheet.ratings.get("mrl_knowledge", initial_mrl(sheet.backgrounds, level))
    facilities = sheet.ratings.get("mrl_facilities", knowledge)
    return {"frl": level, "frl_in_use": use, "frl_description": row.description,
            "dwelling": row.dwelling, "transport": row.transport, "wardrobe": row.wardrobe,
            "may_raise_resources": state_of_mind != "uncertain",  # L370
            "hire_mrl": hire_level(use, extra_dup=False, knows_how=True),
            "mrl_knowledge": knowledge, "mrl_facilities": facilities,
            "mrl_description": MATERIAL[facilities - 1]}
