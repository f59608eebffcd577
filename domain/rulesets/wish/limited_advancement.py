"""Limited Advancement, a Wielder's hindrance (L923): "When a Wielder gains experience points and
spends advances, all Archetype advances except "Open" advances are considered to be Wielded
Abilities. Non-Archetype advances and "Open" Archetype advances are unaffected. This Hindrance
costs 5 creation points or advances to overcome completely."
"""

from __future__ import annotations

from domain.rulesets.wish.state import WishSheet


def wielded_raise(sheet: WishSheet, archetype_raise: bool, slot: str | None) -> bool:
    """Limited Advancement (L923): an Archetype advance counted in a category other than "Open"
    is a Wielded Ability while the hindrance stands; a stunt so bought is the item of power's
    (usable only with it, L921, and counted by Limited Charges, L924)."""
    stands = sheet.origin == "Wielder" and "Limited Advancement" not in sheet.overcome
    return stands and archetype_raise and slot is not None and slot != "open"
