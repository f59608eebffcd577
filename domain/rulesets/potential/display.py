"""How a table shows a Potential character: statuses, damage still to cover with Life CP,
dynamic and static potential left, and combat and consciousness. Each row names a read-model
field and its seed line."""

from __future__ import annotations

from typing import Final

from domain.rulesets.base import Display, Shown, Track

DISPLAY: Final = Display(
    conditions=(Shown(path="sheet.statuses", label="statuses", rule="L67"),
                # attackers waiting for this character's own resistance action (L50)
                Shown(path="derived.attacks_to_resist", label="to resist", rule="L50")),
    health=(
        Track(label="damage to cover", value="sheet.pending_damage",
              max="derived.life_cp_available", rule="L57"),
        # the tokens left in the bank, out of the character's potential (L5)
        Track(label="dynamic potential", value="sheet.dynamic.bank", max="derived.dynamic_max",
              rule="L5"),
        Track(label="static potential", value="sheet.static.bank", max="derived.static_max",
              rule="L5"),
    ),
    states=(
        # by the GM's decision or while an "Unconscious" status lasts (L53, L67)
        Shown(path="derived.conscious", label="conscious", rule="L53"),
        Shown(path="sheet.in_combat", label="in combat", rule="L30"),
    ),
)
