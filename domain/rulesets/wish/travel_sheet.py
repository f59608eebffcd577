"""Travel skills on a new sheet (L1084-1198): a Travel skill is acquired in a mode, written
``Superflight (Winged)``, each mode its own skill (L1084); its characteristic is the skill's own
(Superflight Ag, L1096) or the one its mode names (Winged: "your Superflight is Strength based",
L1104). A mode not listed is a GM-approved custom mode (L1092) on the skill's own."""

from __future__ import annotations

from domain.rulesets.wish import travel_modes
from domain.rulesets.wish.skills import TRAVEL
from domain.rulesets.wish.state import Skill

RULE = "wish.travel L1084"


def problems(name: str, sk: Skill) -> list[tuple[str, str, str]]:
    """Travel mode checks (L1084-1198) for one sheet skill, as (field, rule, message)."""
    field = f"sheet.skills.{name}"
    base, named_mode = travel_modes.split(name)
    if sk.kind != "travel":
        if base in TRAVEL:
            return [(f"{field}.kind", RULE, f"{base} is a Travel skill (L{TRAVEL[base][1]})")]
        return []
    if base not in TRAVEL:
        return [(field, "wish.travel L1076", f"{base!r} is not a Travel skill: {sorted(TRAVEL)}")]
    if sk.mode is None:
        return [(f"{field}.mode", RULE, "a Travel skill is acquired in a mode: "
                 f"{travel_modes.modes(base)} or a GM-approved one (L1092)")]
    if named_mode != sk.mode:
        return [(field, RULE, f"one mode is one skill: name it "
                 f"{travel_modes.skill_name(base, sk.mode)!r}")]
    own = TRAVEL[base][0]
    allowed = {own, travel_modes.characteristic(base, sk.mode, own)}
    if sk.characteristic not in allowed:
        line = travel_modes.MODES.get((base, sk.mode), (None, TRAVEL[base][1]))[1]
        return [(f"{field}.characteristic", f"wish.travel L{line}",
                 f"{name} is based on {' or '.join(sorted(allowed))}")]
    return []
