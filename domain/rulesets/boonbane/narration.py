"""Events in words (``domain.narration``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from contracts.narration import EventLine

Data = Mapping[str, Any]

LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {}
