"""How a table shows a Boonbane character: afflictions, Damage against Health, Insanity and
Corruption, and the life states. Each row names a read-model field and its seed line."""

from __future__ import annotations

from typing import Final

from domain.rulesets.base import Display, Shown, Track

DISPLAY: Final = Display(
    conditions=(Shown(path="sheet.afflictions", label="afflictions", rule="L303-L306"),),
    health=(
        Track(label="damage", value="sheet.damage", max="sheet.health", rule="L26, L61"),
        Track(label="insanity", value="sheet.insanity", rule="L384-L387"),
        Track(label="corruption", value="sheet.corruption", rule="L342-L346"),
    ),
    states=(
        Shown(path="sheet.life_state", label="life state", rule="L31-L42, L64"),
        Shown(path="derived.injured", label="injured", rule="L68"),
        Shown(path="derived.incapacitated", label="incapacitated", rule="L26, L61"),
        Shown(path="sheet.marked_dead", label="Death State", rule="L351-L356"),
    ),
)
