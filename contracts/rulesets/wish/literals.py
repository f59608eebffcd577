"""The value sets of WISH's wire types: characteristics, dice, skill kinds, durations (L3-69, L105-133)."""

from __future__ import annotations

from typing import Literal

Characteristic = Literal["str", "ag", "to", "int", "wp", "fel"]


Die = Literal["CHR", "OFF", "DFN", "CHL", "EXP", "FRT", "MIS"]


SkillKind = Literal["basic", "advanced", "travel"]


Duration = Literal["brief", "encounter", "contingent"]


DamageKind = Literal["physical", "nonphysical", "direct_wounds", "direct_grit"]


Currency = Literal["creation", "advance", "hindrance"]


Phase = Literal["creation", "play"]
