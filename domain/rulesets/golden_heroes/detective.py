"""Detective Points and contacts (L331-L349) and their use (L374-L375): Methods + Publicity +
Approachability + Power Use + Contacts, the Detective Points Table and the 3 x DP % chance of
hearing of a lead."""

from __future__ import annotations

from typing import Final

from domain.rulesets.golden_heroes import public_status, tables
from domain.rulesets.golden_heroes import state as st

# component -> (lowest, highest, initial); Approachability starts at Identification (L338)
COMPONENTS: Final = {"methods": (1, 5, 3),  # L331-L334
                     "publicity": (1, 5, 3),  # L334-L336
                     "approachability": (1, 5, 3),  # L336-L339
                     "power_use": (1, 5, 1),  # "most characters start low" (L340)
                     "contacts": (1, 10, 5)}  # L345; 10 from a Contacts background (L17)
CONTACTS_BACKGROUNDS: Final = frozenset({"contacts_government", "contacts_criminal"})  # L17
# CONTACTS ratings 1-10 (L342)
CONTACTS: Final = (
    "No contacts whatsoever", "Occasionally gets minor tips from one unreliable source",
    "Few minor contacts of variable degrees of reliability", "Few reliable minor sources",
    "Average - several reliable sources of minor information",
    "Sources for almost all minor information and occasional major source",
    "Complete sources for minor information and several major contacts of varying reliability",
    "Several reliable major sources",
    "Many reliable major contacts within authorities or criminal world",
    "Has a total 'in' with either authorities or criminal world")
# DETECTIVE POINTS TABLE (L343-L344): points -> standing, effect
STANDINGS: Final = (tables.Band(0, 10, 0, "L344"), tables.Band(11, 15, 1, "L344"),
                    tables.Band(16, 20, 2, "L344"), tables.Band(21, 25, 3, "L344"),
                    tables.Band(26, 29, 4, "L344"), tables.Band(30, 30, 5, "L344"))
STANDING_NAMES: Final = (
    ("Streets?", "Waits for villains to come to them"),
    ("Above it all", "Depends on the media for information"),
    ("Average", "Follows up the odd lead"),
    ("Worldly", "Usually knows what's going on in the underworld"),
    ("Streetwise", "Usually one step ahead"),
    ("One of the gang", "Knows who's who and what's what in the underworld"))


def rating(sheet: st.GoldenHeroesSheet, name: str) -> int:
    if name in sheet.ratings:
        return sheet.ratings[name]
    if name == "contacts" and CONTACTS_BACKGROUNDS & set(sheet.backgrounds):
        return 10
    if name == "approachability":  # starts at the Public Identification rating (L338)
        return public_status.rating(sheet, "identification")
    return COMPONENTS[name][2]


def detective_points(sheet: st.GoldenHeroesSheet) -> int:
    """Detective Points: the five component ratings added, 5-30 (L349)."""
    return sum(rating(sheet, k) for k in COMPONENTS)


def standing(total: int) -> tuple[str, str]:
    """The Detective Points Table's standing and effect (L343-L344)."""
    return STANDING_NAMES[tables.band(STANDINGS, total)]


def lead_percent(total: int) -> int:
    """Each character's chance of hearing of each of the week's leads: 3 x DP % (L374)."""
    return 3 * total


def derived(sheet: st.GoldenHeroesSheet) -> dict[str, object]:
    total = detective_points(sheet)
    name, effect = standing(total)
    contacts = rating(sheet, "contacts")
    return {"detective_points": total, "detective_standing": name,
            "detective_effect": effect, "lead_percent": lead_percent(total),
            "contacts": contacts, "contacts_description": CONTACTS[contacts - 1]}
