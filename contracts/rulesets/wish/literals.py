"""The value sets of WISH's wire types: characteristics, dice, skill kinds, durations (L3-69, L105-133)."""

from __future__ import annotations

from typing import Literal

Characteristic = Literal["str", "ag", "to", "int", "wp", "fel"]


Die = Literal["CHR", "OFF", "DFN", "CHL", "EXP", "FRT", "MIS"]


SkillKind = Literal["basic", "advanced", "travel"]


Duration = Literal["brief", "encounter", "contingent"]


DamageKind = Literal["physical", "nonphysical", "direct_wounds", "direct_grit"]


# "alien" and "wielded": the Alien Advantages (L776) and Wielded Abilities (L921) points,
# spent only on what the seed restricts them to
Currency = Literal["creation", "advance", "hindrance", "alien", "wielded"]


Phase = Literal["creation", "play"]
