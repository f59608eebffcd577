"""Repetition (L406-L412): repeating the same action consecutively is penalized."""

from __future__ import annotations

from collections.abc import Sequence

from contracts.rulesets.boonbane import SourceLine
from domain.rulesets.boonbane.state import BoonbaneSheet

MAX_BANES = 3  # fourth time and later (L411)


def count(sheet: BoonbaneSheet, key: str | None) -> int:
    """This use's place in the chain: the same key as the last action extends it (L408), a
    different one resets it (L412)."""
    if key is None:
        return 0
    return sheet.repetition_count + 1 if key == sheet.repetition_key else 1


def source(sheet: BoonbaneSheet, key: str | None, exempt: Sequence[str]) -> SourceLine | None:
    """Second time 1 bane, third 2, fourth and later 3 (L409-L411); exempt keys (D-55) none."""
    if key is None or key in exempt:
        return None
    banes = min(MAX_BANES, count(sheet, key) - 1)
    return (SourceLine(source=f"repetition {key}", line="L409-L411", banes=banes)
            if banes > 0 else None)
