"""Dying (L196, L206-208; digest G-3): the seed says a character at 0 Wounds is "unconscious
and in danger of dying" but gives no bleed-out. Default (option ``dying`` = "no_bleed_out"):
further damage becomes criticals and death comes at criticals above Toughness; "bleed_out"
adds the option's criticals at each Round's end until first aid stabilizes the character
(``decide_initiative.bleed_out``, ``wish.Stabilize``)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet


def derived(sheet: WishSheet, options: WishOptions) -> dict[str, Any]:
    """A dying character's state: in danger of dying at 0 Wounds (L196) until dead (L208) or
    healed; bleeding when the campaign's option bleeds and no first aid has stabilized it."""
    dying = sheets.is_unconscious(sheet, options) and not sheets.is_dead(sheet, options)
    return {
        "dying": dying,
        "stabilized": dying and sheet.stabilized,
        "bleeding": dying and options.dying == "bleed_out" and not sheet.stabilized,
        "criticals_to_death": max(0, sheets._key(sheet, "to", options) + 1 - len(sheet.criticals)),
    }
