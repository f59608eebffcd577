"""What WISH's folds share: one registry type for sheets and one for encounters, the copy
with changes every fold returns, and the value of an event field the event may leave out."""

from __future__ import annotations

from typing import TypeVar

import msgspec
from msgspec import UnsetType

from domain.rulesets.seam import Folds
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_encounter import EncounterState

T = TypeVar("T")

R = msgspec.structs.replace  # a fold never changes a state in place: it returns a changed copy

SheetFolds = Folds[WishSheet]
EncounterFolds = Folds[EncounterState]


def given(value: T | UnsetType, default: T) -> T:
    """An event field that is left out of its body when it does not apply (``UNSET``) read as
    ``default``, the value the fold gave an absent field before the events were Structs."""
    return default if isinstance(value, UnsetType) else value
