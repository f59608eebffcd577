"""The keys WISH's rules name for the maps of its sheet, each with its name in the rulebook's
words, so a form offers those names rather than asking for codes (``domain.sheet_keys``)."""

from __future__ import annotations

from typing import Final

from domain.rulesets.wish.characteristics import CHARACTERISTICS, MITIGATION
from domain.rulesets.wish.restricted_points import RESTRICTIONS
from domain.words import words

Keys = tuple[tuple[str, str], ...]  # (key, its name in words)

# the six characteristics (L103-L133, sheet.check refuses any other and a missing one)
CHARACTERISTIC_NAMES: Final[Keys] = tuple(zip(CHARACTERISTICS, (
    "Strength", "Agility", "Toughness", "Intelligence", "Willpower", "Fellowship"), strict=True))
# the mitigation ratings whose maxima a sheet may raise (L181)
MITIGATION_NAMES: Final[Keys] = tuple((m, words(m)) for m in MITIGATION)
# origin points spendable only as the seed restricts them (L776 Alien, L921 Wielder)
RESTRICTED_NAMES: Final[Keys] = tuple((c, f"{r.origin} points") for c, r in RESTRICTIONS.items())

SHEET_KEYS: Final[dict[str, Keys]] = {
    "characteristics": CHARACTERISTIC_NAMES, "maxima": CHARACTERISTIC_NAMES,
    "mitigation_maxima": MITIGATION_NAMES, "restricted_points": RESTRICTED_NAMES}
# maps whose every key a sheet must give (a sheet without one of the six is refused, L105-L133)
REQUIRED: Final = frozenset({"characteristics"})
