"""How a table shows a WISH character: conditions, Wounds and Grit, and the states they imply.

Each row names a field of the character read model (``sheet.*`` or ``derived.*``) and the seed
line that makes it a condition, a health track or a state.
"""

from __future__ import annotations

from typing import Final

from domain.rulesets.base import Display, Shown, Track

DISPLAY: Final = Display(
    conditions=(
        Shown(path="sheet.conditions", label="conditions", rule="L1385-1399"),
        Shown(path="sheet.criticals", label="criticals", rule="L206, L1417"),
        Shown(path="sheet.schisms", label="schisms", rule="L206, L1419"),
    ),
    health=(
        Track(label="Wounds", value="derived.current_wounds", max="derived.wounds_threshold",
              rule="L194, L201"),
        Track(label="Grit", value="derived.current_grit", max="derived.grit_threshold",
              rule="L194, L202"),
        Track(label="fatigue", value="sheet.fatigue", rule="L119"),
        Track(label="stress", value="sheet.stress", rule="L129"),
    ),
    states=(
        Shown(path="derived.unconscious", label="unconscious", rule="L196"),
        Shown(path="derived.mentally_incapacitated", label="incapacitated (0 Grit)", rule="L198"),
        Shown(path="derived.dying", label="dying", rule="L196, L206-208"),
        Shown(path="derived.bleeding", label="bleeding", rule="L196 (digest G-3)"),
        Shown(path="derived.stabilized", label="stabilized", rule="L196 (digest G-3)"),
        Shown(path="derived.dead", label="dead", rule="L208"),
        Shown(path="derived.broken", label="permanently unplayable", rule="L210"),
    ),
)
