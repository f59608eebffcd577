"""Boons and banes (L12-L16) and every source of them a roll can have (digest §4.11).

Each row is data citing its seed line; ``collect`` lists each source that holds with its count,
so the roll event can show why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from contracts.rulesets.boonbane import SourceLine
from domain.rulesets.boonbane import afflictions
from domain.rulesets.boonbane.state import BoonbaneSheet

# situational sources a roll declares: key -> (boons, banes, seed line)
SITUATIONS: Final[dict[str, tuple[int, int, str]]] = {
    "totally_obscured": (0, 3, "L1"),
    "worn_object": (0, 2, "L2"),
    "partially_obscured": (0, 1, "L77"),
    "heavily_obscured": (0, 2, "L78"),
    "cumbersome": (0, 1, "L125"),
    "charged": (0, 1, "L143"),
    "defended_target": (0, 1, "L150"),
    "defending_resist": (1, 0, "L150"),
    "disarm_unarmed": (0, 2, "L156"),
    "distracted": (0, 2, "L160"),
    "feinted": (2, 0, "L171"),
    "helped": (1, 0, "L184"),
    "hidden": (1, 0, "L189"),
    "guessed_location": (0, 3, "L190"),
    "driving": (0, 1, "L199"),
    "guarded": (0, 1, "L200"),
    "lunging": (0, 1, "L201"),
    "shifting": (0, 1, "L202"),
    "unbalancing": (0, 1, "L203"),
    "guarded_target": (0, 1, "L200"),
    "prepared": (1, 0, "L207"),
    "called_shot": (0, 2, "L216"),
    "distant_shot": (0, 1, "L217"),
    "staggering_shot": (0, 2, "L218"),
    "stabilize_dying": (0, 1, "L236"),
    "two_weapons_same_target": (0, 2, "L242"),
    "two_weapons_different_targets": (0, 3, "L243"),
}


def net(boons: int, banes: int) -> int:
    """Boons and banes cancel one-for-one (L16): positive is net boons, negative net banes."""
    return boons - banes


def collect(actor: BoonbaneSheet, *, kind: str, stat: str, target: BoonbaneSheet | None,
            against: str | None, situations: Sequence[str], situational_banes: int,
            in_reach: bool, task_key: str | None, interaction: str | None) -> list[SourceLine]:
    """Every source of boons, banes and flat modifiers on one roll (digest §4.11)."""
    out: list[SourceLine] = []
    own = afflictions.active(actor.afflictions)
    for name, line in afflictions.OWN_BANE.items():
        if name in own:
            out.append(SourceLine(source=name, line=line, banes=1))
    if "prone" in own and stat in ("strength", "agility"):
        out.append(SourceLine(source="prone", line="L314", banes=1))
    if kind == "attack" and "blinded" in own:
        # a blinded attacker treats its surroundings as totally obscured (L256, L1)
        out.append(SourceLine(source="blinded attacker: totally obscured", line="L256 L1", banes=3))
    if kind == "attack" and target is not None:
        theirs = afflictions.active(target.afflictions)
        if "blinded" in theirs and against in ("defense", "agility"):
            out.append(SourceLine(source="target blinded", line="L257", boons=1))
        for name, line in afflictions.ATTACKED_WITH_BOON.items():
            if name in theirs:
                out.append(SourceLine(source=f"target {name}", line=line, boons=1))
        if "prone" in theirs:
            if in_reach:
                out.append(SourceLine(source="target prone, in reach", line="L315", boons=1))
            elif against == "defense":
                out.append(SourceLine(source="target prone, out of reach", line="L316", banes=1))
    for key in dict.fromkeys(situations):
        boons, banes, line = SITUATIONS[key]
        out.append(SourceLine(source=key, line=line, boons=boons, banes=banes))
    if situational_banes:
        out.append(SourceLine(source="weather or firing conditions", line="L3",
                              banes=situational_banes))
    out.extend(_round_effects(actor, kind=kind, target=target))
    out.extend(_overlays(actor, kind=kind, stat=stat, task_key=task_key, interaction=interaction))
    return out


# round effects on the roller: (source, seed line, boons, banes); helped and distracted are used
# up by the roll (L160, L184)
OWN_ROUND_EFFECTS: Final[dict[str, tuple[str, str, int, int]]] = {
    "charging": ("charging", "L143", 0, 1),
    "helped": ("helped", "L184", 1, 0),
    "distracted": ("distracted", "L160", 0, 2),
    "fortune_boons": ("fortune_boons", "L46", 2, 0),  # another player's Fortune (L46)
}
USED_UP: Final = ("helped", "distracted", "prepared", "feinting", "fortune_boons")
# Prepare's boon (L207) holds only for the prepared, triggered roll: decide_rolls adds it


def _round_effects(actor: BoonbaneSheet, *, kind: str, target: BoonbaneSheet | None
                   ) -> list[SourceLine]:
    """Sources from actions this round: the roller's own effects, and a defending target's
    1 bane on attacks against it while it can use actions (L150-L151)."""
    out = []
    for name in dict.fromkeys(e.kind for e in actor.round_effects):
        if name in OWN_ROUND_EFFECTS:
            source, line, b, n = OWN_ROUND_EFFECTS[name]
            out.append(SourceLine(source=f"{source} (this round)", line=line, boons=b, banes=n))
    if kind == "attack" and target is not None and any(
            e.kind == "defending" for e in target.round_effects) and not (
            afflictions.active(target.afflictions) & afflictions.NO_ACTIONS.keys()):
        out.append(SourceLine(source="target defending (this round)", line="L150", banes=1))
    return out


def _overlays(actor: BoonbaneSheet, *, kind: str, stat: str, task_key: str | None,
              interaction: str | None) -> list[SourceLine]:
    """Overlay sources: Death State, Escalation, Exposure, Insanity, Corruption."""
    out: list[SourceLine] = []
    if actor.marked_dead:
        out.append(SourceLine(source="death state", line="L355", banes=1))
    tokens = actor.escalation.get(task_key, 0) if task_key is not None else 0
    if tokens:
        out.append(SourceLine(source=f"escalation {task_key}", line="L360", banes=tokens))
    # tier 1: Perception challenge rolls; tier 2: Perception and Intellect rolls, once (L370-L371)
    if actor.exposure_tier >= 2 and stat in ("perception", "intellect"):
        out.append(SourceLine(source="exposure tier 2", line="L371", banes=1))
    elif actor.exposure_tier >= 1 and stat == "perception" and kind == "challenge":
        out.append(SourceLine(source="exposure tier 1", line="L370", banes=1))
    if kind == "challenge" and stat == "will" and actor.insanity >= 3:
        out.append(SourceLine(source="insanity", line="L387", modifier=-(actor.insanity // 3)))
    steps = actor.corruption // 2
    if steps and interaction == "corrupted":
        out.append(SourceLine(source="corruption, corrupted entity", line="L345", boons=steps))
    elif steps and interaction == "non_corrupted":
        out.append(SourceLine(source="corruption, non-corrupted NPC", line="L346", banes=steps))
    return out
