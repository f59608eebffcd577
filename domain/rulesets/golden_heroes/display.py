"""How a table shows a Golden Heroes character: Hits to Kill and Hits to Coma against their
normal totals, and the states they leave. Each row names a read-model field and its seed line."""

from __future__ import annotations

from typing import Final

from domain.rulesets.base import Display, Shown, Track

DISPLAY: Final = Display(
    health=(
        Track(label="HTK", value="sheet.htk", max="sheet.max_htk", rule="L9"),
        Track(label="HTC", value="sheet.htc", max="sheet.max_htc", rule="L9"),
    ),
    states=(
        # the worst HTC and HTK conditions (staggered, stunned; hospitalised, technically dead)
        Shown(path="derived.condition", label="HTC condition", rule="L9, L122-L123", unless=("fine",)),
        Shown(path="derived.injury", label="HTK condition", rule="L9, L128", unless=("none",)),
        Shown(path="sheet.unconscious", label="unconscious", rule="L9, L123"),
        Shown(path="sheet.wake_roll_pending", label="wake roll each round", rule="L123"),
        Shown(path="sheet.prone", label="prone", rule="L92, L120, L133"),
        Shown(path="sheet.left_open", label="left open", rule="L98"),
    ),
)
