"""WISH justification line payloads (L338-368): the option lines an Arcane, Psychic or Karmic
stunt adds to its card, triggered on a recorded check like the card's own lines (L520)."""

from __future__ import annotations

from typing import Literal

import msgspec


class ChooseJustificationLine(msgspec.Struct, frozen=True, kw_only=True,
                              forbid_unknown_fields=True):
    """The acting character's beneficial lines: Arcane ``!`` +1 SR (L340), Psychic ``+`` the
    target suffers 1 stress (L353), Karmic ``!`` regain 1 Fortune (L366) and ``fortune`` 1
    Fortune for 1 success (L367)."""

    campaign_id: str
    character_id: str
    check_id: str
    line: Literal["!", "+", "fortune"]
    times: int = 1  # Arcane "!" and Karmic "fortune" may be used more than once
    target_id: str | None = None  # Psychic "+": the check's target


class ImposeJustificationLine(msgspec.Struct, frozen=True, kw_only=True,
                              forbid_unknown_fields=True):
    """The GM's detrimental lines: Arcane ``?`` -1 SR (L341), Psychic ``-`` the character
    suffers 1 stress (L354), Karmic ``?`` lose 1 Fortune, or 1 Grit and 3 stress (L368)."""

    campaign_id: str
    character_id: str
    check_id: str
    line: Literal["?", "-"]
    times: int = 1  # Arcane "?" may be used many times
