"""Creation tables of WISH: power levels (L609-635), the Rank table (L641-649) and origins
(L751-924), and the creation points they grant."""

from __future__ import annotations

import math
from typing import Final

import msgspec

from domain.errors import DomainError

# Power levels: starting creation points (L609-635).
POWER_LEVELS: Final[dict[str, tuple[int, int]]] = {
    "Paranormal": (15, 615),
    "Gritty": (30, 619),
    "Noobs": (45, 623),
    "Classic": (60, 627),
    "Veteran": (75, 631),
    "Ultras90": (90, 635),
    "Ultras105": (105, 635),
    "Ultras120": (120, 635),
}

# Character Rank table (L641-649): (lowest XP, highest XP, Rank).
RANK_TABLE: Final = (
    (0, 15, 1, 645),
    (16, 30, 2, 646),
    (31, 45, 3, 647),
    (46, 60, 4, 648),
    (61, 75, 5, 649),
)
ADVANCES_PER_XP: Final = 1  # L605


def rank(experience: int) -> int:
    """Character Rank: 0-15 XP is Rank 1, 16-30 Rank 2, ... (L641-649, D-11)."""
    return max(1, math.ceil(experience / 15))
TRACK_SLOTS: Final = 15  # L739-741


class Origin(msgspec.Struct, frozen=True, kw_only=True):
    """An origin's fixed modifiers; free allocations are chosen by the player (L751-924)."""

    name: str
    line: int
    creation_points: int = 0
    fortune: int = 0
    free_bonuses: int = 0  # "+1" picks raising start and maximum (L774, L823, L867, L888)
    free_penalties: int = 0
    soak: int = 0
    psyche: int = 0
    offensive_steps: int = 0
    characteristics: tuple[tuple[str, int], ...] = ()  # fixed changes (rating and maximum)
    maxima: int | None = None  # every physical/mental/mitigation maximum set to this
    # where the free +1/-1 picks may go: "physical" characteristics only (Animal Anatomy,
    # L785), or "any" Physical or Mental characteristic or Mitigation attribute (L774, L823)
    pick_scope: str = "any"
    # points spendable only on what the seed names, under their own currency: Alien Advantages
    # (L776) and Wielded Abilities (L921)
    restricted_points: int = 0
    restricted_currency: str = ""


ORIGINS: Final[dict[str, Origin]] = {
    o.name: o
    for o in (
        Origin(
            name="Alien", line=767, free_bonuses=4, free_penalties=1, restricted_points=10,
            restricted_currency="alien",
        ),  # L774-776, D-16
        Origin(name="Anthropomorphic", line=779, free_bonuses=3, offensive_steps=1,
               pick_scope="physical"),  # L785-786
        Origin(name="Cosmic", line=792, creation_points=5, maxima=10),  # L798, L805
        Origin(name="Freak", line=809, creation_points=25),  # L815
        Origin(name="Mutant", line=817, free_bonuses=4),  # L823
        Origin(name="Mystic", line=831, creation_points=10, fortune=1),  # L838-839
        Origin(name="Natural", line=871, creation_points=15, fortune=1),  # L879-880
        Origin(
            name="Robot",
            line=882,
            free_bonuses=6,
            soak=3,
            psyche=3,
            fortune=-1,
            characteristics=(("fel", -1),),
        ),  # L888-892
        Origin(name="Technologist", line=899, creation_points=15),  # L908
        Origin(name="Wielder", line=910, restricted_points=40,
               restricted_currency="wielded"),  # L921: Wielded Abilities only
    )
}



class Talent(msgspec.Struct, frozen=True, kw_only=True):
    """A Mystic's Mystical Talent (L840-869): one is chosen with the origin."""

    name: str
    line: int
    free_bonuses: int = 0  # Primeval: four +1 picks, as Alien Anatomy's (L867)
    forgoes_advantage: bool = False  # Primeval: no Mystical Advantage points (L867)
    fortune: int = 0  # Destined: +5 Fortune points (L869)


MYSTIC_TALENTS: Final[dict[str, Talent]] = {
    t.name: t
    for t in (
        Talent(name="Spellcaster", line=841),
        Talent(name="Trickster", line=844),
        Talent(name="Seer", line=847),
        Talent(name="Fortunata", line=850),
        Talent(name="Elemental Fire", line=854),
        Talent(name="Elemental Water", line=857),
        Talent(name="Elemental Air", line=860),
        Talent(name="Elemental Earth", line=863),
        Talent(name="Primeval", line=866, free_bonuses=4, forgoes_advantage=True),
        Talent(name="Destined", line=868, fortune=5),
    )
}
MYSTICAL_ADVANTAGE: Final = 10  # L838: the creation points Primeval gives up


def creation_points(power_level: str, origin: str | None) -> int:
    """Starting creation points: power level (L609-635) plus the origin's grant (L753)."""
    if power_level not in POWER_LEVELS:
        raise DomainError("power_level", "wish.creation.power_level L609", "unknown power level")
    bonus = ORIGINS[origin].creation_points if origin in ORIGINS else 0
    return POWER_LEVELS[power_level][0] + bonus
