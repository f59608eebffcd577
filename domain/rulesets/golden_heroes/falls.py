"""Falls (L133-L134): 1d6 HTC and 1d6 HTK for each complete 5 m, at most 20d6 + 20d6; DC 1-2
take dividers x3, DC 3 x2; no dodge or parry."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.rulesets.golden_heroes import damage, powers, states
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.damage import Damage
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

METRES_A_DIE: Final = 5
MAX_DICE: Final = 20  # terminal velocity (L133)
SAFE_JUMP: Final = 5  # the superpowered jump down 5 m safely (L133)
FALL_DIVIDER_TIMES: Final = {1: 3, 2: 3, 3: 2}  # "survive planetfall" (L133)


def dice_for(metres: int, jump: bool, superpowered: bool) -> int:
    """Complete 5 m stretches fallen, counting only those beyond 5 m for a superpowered jump."""
    counted = max(metres - SAFE_JUMP, 0) if jump and superpowered else metres
    return min(counted // METRES_A_DIE, MAX_DICE)


def fall(cmd: c.Fall, sheet: st.GoldenHeroesSheet, dice: Dice,
         hospitalised_at: str = "tenth_or_less") -> list[Out]:
    """The fall's dice through the dividers into the pools (digest §3.7, §3.11)."""
    n = dice_for(cmd.metres, cmd.jump, sheet.character_type != "non_superpowered")
    htc_faces = [dice.roll(6) for _ in range(n)]
    htk_faces = [dice.roll(6) for _ in range(n)]
    d = Damage(sum(htc_faces), sum(htk_faces))
    steps = [damage.step(f"fall of {cmd.metres} m: {n}d6 + {n}d6 (L133)", d)]
    dc = powers.defence_class(sheet)
    times = FALL_DIVIDER_TIMES.get(dc, 1)
    by = damage.dividers(sheet, dc, 0)
    by = Damage(by.htc * times, by.htk * times)
    d = damage.divide(d, by)
    steps.append(damage.step(f"dividers HTC/{by.htc} HTK/{by.htk} (L119, L133)", d))
    htc, htk, overflow = damage.into_pools(sheet, d)
    after = msgspec.structs.replace(sheet, htc=htc, htk=htk)
    after = msgspec.structs.replace(after, unconscious=states.latch_unconscious(after))
    ev = c.AttackResolved(character_id=cmd.character_id, attacker_id="", attack="fall",
                          response="none", htc_dice=htc_faces, htk_dice=htk_faces, steps=steps,
                          htc_taken=d.htc, htk_taken=d.htk, overflow_htk=overflow, htc=htc,
                          htk=htk, condition=states.htc_condition(after),
                          injury=states.htk_condition(after, hospitalised_at))
    return [event(char(cmd.character_id), ev)]
