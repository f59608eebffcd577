"""The Wielder's Item of Power (L920): its Soak and Wounds, computed here only, for both the
device it is (``devices``) and the origin's figures in character reads (``origin_abilities``)."""

from __future__ import annotations

from typing import Final

SOAK_BASE: Final = 15  # "Soak equal to (15 + Character Rank)" (L920)
WOUNDS_PER_RANK: Final = 5  # "(Character Rank x 5) Wounds" (L920)


def soak_and_wounds(rank: int) -> tuple[int, int]:
    """Item of Power (L920): Soak 15 + Character Rank and Wounds Character Rank x 5."""
    return SOAK_BASE + rank, WOUNDS_PER_RANK * rank
