"""The keys a ruleset's rules name for the maps of its character sheet, each with its name in
the rulebook's words, so a form offers the ruleset's own names rather than asking for codes.

``REQUIRED`` lists the maps whose every key must be given (a WISH sheet without one of its six
characteristics is refused, L105-L133)."""

from __future__ import annotations

from typing import Final

from domain.rulesets.golden_heroes.campaign import RATING_RANGES
from domain.rulesets.golden_heroes.generation import ATTRIBUTES
from domain.rulesets.wish.characteristics import CHARACTERISTICS, MITIGATION
from domain.rulesets.wish.restricted_points import RESTRICTIONS
from domain.words import words

Keys = tuple[tuple[str, str], ...]  # (key, its name in words)

# WISH's six characteristics (L103-L133, sheet.check refuses any other and a missing one)
WISH_CHARACTERISTICS: Final[Keys] = tuple(zip(CHARACTERISTICS, (
    "Strength", "Agility", "Toughness", "Intelligence", "Willpower", "Fellowship"), strict=True))
# the mitigation ratings whose maxima a sheet may raise (L181)
WISH_MITIGATION: Final[Keys] = tuple((m, words(m)) for m in MITIGATION)
# origin points spendable only as the seed restricts them (L776 Alien, L921 Wielder)
WISH_RESTRICTED: Final[Keys] = tuple((c, f"{r.origin} points") for c, r in RESTRICTIONS.items())
# Golden Heroes' attributes, rolled "in turn" (L3), and Personal Status ratings (L351-L365)
GH_ATTRIBUTES: Final[Keys] = tuple((a, words(a)) for a in ATTRIBUTES)
GH_RATINGS: Final[Keys] = tuple((r, words(r)) for r in RATING_RANGES)

SHEET_KEYS: Final[dict[str, dict[str, Keys]]] = {
    "wish": {"characteristics": WISH_CHARACTERISTICS, "maxima": WISH_CHARACTERISTICS,
             "mitigation_maxima": WISH_MITIGATION, "restricted_points": WISH_RESTRICTED},
    "golden-heroes": {"attributes": GH_ATTRIBUTES, "base_attributes": GH_ATTRIBUTES,
                      "ratings": GH_RATINGS},
}
REQUIRED: Final[dict[str, frozenset[str]]] = {"wish": frozenset({"characteristics"})}


def sheet_keys(ruleset_id: str) -> dict[str, Keys]:
    """The named keys of the ruleset's sheet maps, by field (empty when it names none)."""
    return SHEET_KEYS.get(ruleset_id, {})
