"""Boonbane wire schema for hiding and finding (Hide L185-L190, Find L172-L174).

Seed: ``seeds/001``; ``L###`` points into it. The sheet keeps whether the creature is hidden
(``hidden``); whom it is hidden from is the GM's to judge (it is hidden from every creature)."""

from __future__ import annotations

from typing import Literal

import msgspec


class Hide(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Hide action (L185-L190): an Agi challenge roll; on a success the creature is hidden.
    That it is unobserved and heavily obscured or in three-quarters cover is the GM's to judge."""

    campaign_id: str
    character_id: str
    encounter_id: str | None = None
    use: Literal["action", "triggered"] = "action"


class Find(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Find action (L172-L174) against a hidden creature: a Perception attack roll against
    its Agi; on a success it is revealed."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    use: Literal["action", "triggered"] = "action"


class Reveal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hidden creature reveals its position (L188: shouting or otherwise exposing itself), or
    the conditions of its hiding end."""

    campaign_id: str
    character_id: str


class HiddenChanged(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    hidden: bool
    cause: str


COMMANDS: tuple[type[msgspec.Struct], ...] = (Hide, Find, Reveal)
