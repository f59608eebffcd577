"""The six characteristics and the mitigation ratings of a WISH sheet, and their bounds (L105-181)."""

from __future__ import annotations

from typing import Final

CHARACTERISTICS: Final = ("str", "ag", "to", "int", "wp", "fel")
PHYSICAL: Final = frozenset({"str", "ag", "to"})  # affected by fatigue (L105, L119)
MENTAL: Final = frozenset({"int", "wp", "fel"})  # affected by stress (L107, L129)
MITIGATION: Final = ("defense", "soak", "psyche")
NORMAL_MAXIMUM: Final = 5  # L111, L159, L181
MAX_SKILL_RANKS: Final = 5  # L994
