"""Justifications (L283-376): a stunt's source, with its own rules. Innate by default (L295);
some SFX make their stunts Device, Arcane or Psychic (L326, L345, L356), some Archetypes make
all their stunts Psychic, Arcane or Karmic (L287, L370), and otherwise a justification is
chosen only by characters the seed lets choose it (L328, L345, L356, L370)."""

from __future__ import annotations

from typing import Final

from domain.errors import StateConflict
from domain.rulesets.wish import archetypes
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import Stunt, WishSheet

JUSTIFICATIONS: Final[dict[str, int]] = {
    "innate": 291, "device": 299, "arcane": 334, "psychic": 347, "karmic": 358,
    "temporary": 372,
}  # fmt: skip

# SFX whose stunts have a justification of their own: (justification, Passive stunts too, line)
INTRINSIC: Final[dict[str, tuple[str, bool, int]]] = {
    "Gear": ("device", True, 326),  # "All of the Stunts in the Gear SFX"
    "Magic": ("arcane", False, 345),  # "All of the non-Passive Stunts in the Magic SFX"
    "Mind": ("psychic", False, 356),  # "All of the non-Passive Stunts in the Mind SFX"
}
# Who may choose a justification (L328, L345, L356, L370): origins, trained skills, SFX
# access, Archetype Tiers.
CHOOSERS: Final[dict[str, tuple[frozenset[str], frozenset[str], frozenset[str], str, int]]] = {
    "device": (frozenset({"Technologist", "Natural", "Wielder"}),
               frozenset({"Technology", "Science", "Engineering"}), frozenset({"Gear"}), "", 328),
    "arcane": (frozenset({"Mystic"}), frozenset({"Arts Arcane"}), frozenset({"Magic"}), "", 345),
    "psychic": (frozenset(), frozenset(), frozenset({"Mind"}), "", 356),
    "karmic": (frozenset({"Cosmic", "Natural"}), frozenset(), frozenset(), "Savant", 370),
}
# Archetypes whose every stunt has one justification (L287, L370)
ARCHETYPE_WIDE: Final[dict[str, str]] = {"Mentalist": "psychic", "Arcanist": "arcane"}
# SFX an origin always counts as an Archetype SFX (L775, L789, L806, L893, L907)
ORIGIN_SFX: Final[dict[str, str]] = {
    "Anthropomorphic": "Feral", "Cosmic": "Force", "Robot": "Gear", "Technologist": "Gear",
}


def sfx_access(sheet: WishSheet, options: WishOptions) -> set[str]:
    """SFX a character has access to: its current Archetype's and its origin's (L474, L1212)."""
    out: set[str] = set()
    if sheet.archetype_tiers:
        catalogue = options.archetypes or archetypes.ARCHETYPES
        current = catalogue.get(sheet.archetype_tiers[-1].archetype)
        out |= set(current.sfx) if current else set()
    if sheet.origin in ORIGIN_SFX:
        out.add(ORIGIN_SFX[sheet.origin])
    out |= set(sheet.origin_sfx)  # chosen with the origin's grants (Alien Traits, L775)
    return out


def sfx_available(sheet: WishSheet, sfx: str, options: WishOptions) -> bool:
    """Open stunts are for anyone (L470); an SFX stunt needs the SFX from the current Archetype
    or the origin (L474, L1212)."""
    return sfx == "Open" or sfx in sfx_access(sheet, options)


def intrinsic(stunt: Stunt) -> str | None:
    """The justification a stunt's SFX gives it (L326, L345, L356), if any."""
    row = INTRINSIC.get(stunt.sfx)
    if row is None or ("Passive" in stunt.traits and not row[1]):
        return None
    return row[0]


def may_choose(sheet: WishSheet, justification: str, options: WishOptions) -> bool:
    """Whether a character may designate a stunt with ``justification`` (L328, L345, L356,
    L370); innate and GM-granted temporary stunts need nothing (L295, L374)."""
    if justification not in CHOOSERS:
        return True
    origins, trained, sfx, tier, _line = CHOOSERS[justification]
    return (sheet.origin in origins
            or any(sheet.skills[s].ranks > 0 for s in trained if s in sheet.skills)
            or bool(sfx & sfx_access(sheet, options))
            or any(t.archetype == tier for t in sheet.archetype_tiers))


def problems(name: str, stunt: Stunt, sheet: WishSheet,
             options: WishOptions) -> list[tuple[str, str, str]]:
    """A stunt's justification is one of L291-376, and one its SFX, its Archetype, the item of
    power or the character's own eligibility allows."""
    j, field = stunt.justification, f"sheet.stunts.{name}.justification"
    if j not in JUSTIFICATIONS:
        return [(field, "wish.justification L283", f"{j!r}: one of {sorted(JUSTIFICATIONS)}")]
    wide = {ARCHETYPE_WIDE.get(t.archetype) for t in sheet.archetype_tiers[-1:]}
    if j == intrinsic(stunt) or j in wide or (j == "device" and stunt.wielded):
        return []
    if not may_choose(sheet, j, options):
        line = CHOOSERS[j][4]
        return [(field, f"wish.justification.{j} L{line}",
                 f"this character may not make a stunt {j.title()}")]
    return []


def effective(sheet: WishSheet, stunt: Stunt) -> str:
    """A stunt's justification in play: the one recorded, except that a stunt left Innate by
    default takes its SFX's (L326, L345, L356; an intrinsic Device made Innate by the Innate
    facilitator stays Innate, L330) or its Archetype's (L287)."""
    if stunt.justification != "innate" or "Innate" in stunt.facilitators:
        return stunt.justification
    wide = ARCHETYPE_WIDE.get(sheet.archetype_tiers[-1].archetype) if sheet.archetype_tiers else None
    return intrinsic(stunt) or wide or "innate"


def usable(sheet: WishSheet, name: str, stunt: Stunt) -> None:
    """Karmic stunts 'cannot be used while a character has less than 1 current fortune point'
    (L362)."""
    if effective(sheet, stunt) == "karmic" and sheet.fortune < 1:
        raise StateConflict("stunt", "wish.justification.karmic L362",
                            f"{name} is Karmic: it needs at least 1 current Fortune")
