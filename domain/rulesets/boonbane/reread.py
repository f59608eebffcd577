"""How a recorded boonbane roll's reading differs from the rules applied to its draws (the audit's
``reread`` hook): attack and challenge rolls, Fate rolls, Spell Consequence, the end of a round,
area damage and the d3 of an unconscious creature."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from domain.rulesets.boonbane import rolls

RID = c.RULESET_ID


def reread(event_type: str, data: Mapping[str, Any],
           draws: Sequence[tuple[int, int]]) -> list[str]:
    """How a recorded roll's reading differs from the rules applied to its draws."""
    if event_type == f"{RID}.RollMade":
        return rolls.reread(msgspec.convert(dict(data), c.RollMade), draws)
    if event_type == f"{RID}.FateRolled":
        fate = msgspec.convert(dict(data), c.FateRolled)
        faces = [f for _, f in draws]
        expected = ([] if fate.d6 is None else [fate.d6]) + ([] if fate.d3 is None else [fate.d3])
        out = [] if faces == expected else ["recorded dice differ from the draws"]
        band = "1" if fate.d6 == 1 else "6" if fate.d6 == 6 else "2-5"
        if band == "1" and fate.life_state not in ("dying", "dead") and not fate.marked_dead:
            out.append(f"a Fate 1 leads to dying or death, not {fate.life_state}")
        return out
    if event_type == f"{RID}.SpellCast":
        cast = msgspec.convert(dict(data), o.SpellCast)
        faces = [f for _, f in draws]
        if faces != ([] if cast.d6 is None else [cast.d6]):
            return ["recorded d6 differs from the draws"]
        face = 6 if cast.fortune_six else cast.d6  # Fortune reads the d6 as a 6 (L47)
        if face is not None and cast.result != min(6, face + cast.bonus):
            return [f"1d6 {face} + {cast.bonus} gives {min(6, face + cast.bonus)}"]
        return []
    if event_type == f"{RID}.RoundEnded":
        faces = [f for _, f in draws]
        return [] if faces == list(data.get("dice", [])) else [
            "the round's recorded faces differ from the draws"]
    if event_type == f"{RID}.DamageRolled":
        rolled = msgspec.convert(dict(data), p.DamageRolled)
        head = [f for _, f in draws[:len(rolled.dice)]]
        out = [] if head == rolled.dice else ["recorded damage dice differ from the draws"]
        # the die Fortune treated as a 6 counts 6 (L47)
        given = sum(6 if i == rolled.fortune_die else f for i, f in enumerate(rolled.dice))
        if rolled.amount != given + rolled.bonus:
            out.append(f"the dice give {given + rolled.bonus}, not {rolled.amount}")
        return out
    if event_type == f"{RID}.DamageTaken":
        d3 = [f for s, f in draws if s == 3]
        recorded = data.get("d3")
        return [] if d3 == ([] if recorded is None else [recorded]) else [
            "recorded d3 differs from the draws"]
    return []

