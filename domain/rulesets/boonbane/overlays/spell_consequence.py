"""Spell Consequence (L413-L417): 1d6 + 1 per earlier triggering cast this scene."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.boonbane.overlays import CastSpell, SpellCast
from domain.dice import Dice
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import exposure, figures, thresholds
from domain.rulesets.boonbane.state import BoonbaneSheet

RANK_TRIGGER: Final = 3  # L415
CLAMP: Final = 6  # a result above 6 counts as 6 (digest D-56)


def outcome(result: int) -> str:
    """1 no effect; 2-3 minor anomaly; 4-5 Exposure +1; 6 Corruption +1 and anomaly (L416)."""
    if result <= 1:
        return "no effect L416"
    if result <= 3:
        return "minor anomaly L416"
    if result <= 5:
        return "Exposure +1 L416"
    return "Corruption +1 and anomaly L416"


def cast(sheet: BoonbaneSheet, cmd: CastSpell, dice: Dice, opts: BoonbaneOptions) -> SpellCast:
    """Trigger on Rank 3+, a forbidden tradition, or repeated casting in the scene (L415);
    roll 1d6 + the earlier triggering casts this scene (L417)."""
    triggers = ([f"rank {cmd.rank} L415"] if cmd.rank >= RANK_TRIGGER else []) + (
        ["forbidden tradition L415"] if cmd.forbidden_tradition else []) + (
        ["repeated casting L415"] if cmd.spell in sheet.scene_casts else [])
    before = figures.of(sheet)
    if not triggers:
        return SpellCast(character_id=cmd.character_id, spell=cmd.spell, triggers=[],
                         outcome="no Spell Consequence roll", before=before, after=before)
    d6 = dice.roll(6)
    six = cmd.fortune_six and d6 < CLAMP  # Fortune: the d6 read as a 6 (L47)
    result = min(CLAMP, (CLAMP if six else d6) + sheet.triggering_casts)
    text = outcome(result)
    after, effects = before, list[str]()
    if 4 <= result <= 5:
        after, effects = exposure.shift(before, 1, "Spell Consequence", opts.exposure_max_tier)
    elif result == 6:
        after, effects = thresholds.change_corruption(before, 1, opts.threshold_rearm)
    return SpellCast(character_id=cmd.character_id, spell=cmd.spell, triggers=triggers, d6=d6,
                     bonus=sheet.triggering_casts, fortune_six=six, result=result,
                     outcome=text, before=before, after=after, effects=effects)
