"""The keys Golden Heroes' rules name for the maps of its sheet, each with its name in words
(``domain.sheet_keys``)."""

from __future__ import annotations

from typing import Final

from domain.rulesets.golden_heroes.campaign import RATING_RANGES
from domain.rulesets.golden_heroes.generation import ATTRIBUTES
from domain.words import words

Keys = tuple[tuple[str, str], ...]  # (key, its name in words)

# the attributes, rolled "in turn" (L3), and the Personal Status ratings (L351-L365)
ATTRIBUTE_NAMES: Final[Keys] = tuple((a, words(a)) for a in ATTRIBUTES)
RATING_NAMES: Final[Keys] = tuple((r, words(r)) for r in RATING_RANGES)

SHEET_KEYS: Final[dict[str, Keys]] = {
    "attributes": ATTRIBUTE_NAMES, "base_attributes": ATTRIBUTE_NAMES, "ratings": RATING_NAMES}
REQUIRED: Final[frozenset[str]] = frozenset()  # the generation command rolls every attribute
