"""A recorded event as a line a person reads at the table (``domain.narration``)."""

from __future__ import annotations

from typing import Literal

import msgspec

Outcome = Literal["success", "failure", "partial"]


class EventLine(msgspec.Struct, kw_only=True):
    """An event in words, in its ruleset's own terms. Characters appear in ``text`` as
    ``{character:<id>}`` tokens for the reader to replace with their names; ``outcome`` is
    ``success``, ``failure`` or ``partial`` for a roll with an outcome, else null."""

    text: str
    outcome: Outcome | None = None
