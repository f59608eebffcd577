"""Sheet and state builders for WISH unit tests."""

from __future__ import annotations

from typing import Any

from domain.rulesets.wish import WISH


def build_sheet(**over: Any) -> dict[str, Any]:
    """A valid sheet: every characteristic 2 (the starting value, L111) unless overridden."""
    chars = {"str": 2, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2}
    chars.update(over.pop("characteristics", {}))
    raw: dict[str, Any] = {"characteristics": chars, "phase": "play"}
    if any(v > 5 for v in chars.values()):
        raw["maxima"] = {k: max(5, v) for k, v in chars.items()}
    raw.update(over)
    return WISH.validate_sheet(raw, {})


def states(**sheets: dict[str, Any]) -> dict[str, Any]:
    """Stream states keyed ``character:<id>``."""
    return {f"character:{k}": v for k, v in sheets.items()}
