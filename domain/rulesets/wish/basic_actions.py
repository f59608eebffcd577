"""Basic Actions as data (L432-456): their group, characteristic and stance step.

Basic Actions have no rating and one effect, not stance-specific sides (L433). The seed
gives only summaries (the full write-ups are missing, digest G-2); where it is silent, the
digest's decision is named beside the row (``decision``).
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

Group = Literal["React", "Delay", "Push", "Standard"]


class BasicAction(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    group: Group
    line: int
    characteristic: str | None = None  # "Toughness based" ... (L438-441)
    step: int = 0  # +1 towards Offensive (Push), -1 towards Defensive (Delay)
    decision: str = ""  # the digest's decision where the seed is silent


def _a(name: str, group: Group, line: int, **kw: object) -> BasicAction:
    step = {"Delay": -1, "Push": 1}.get(group, 0)
    return BasicAction(name=name, group=group, line=line, step=step, **kw)  # type: ignore[arg-type]


BASIC_ACTIONS: Final[dict[str, BasicAction]] = {a.name: a for a in (
    _a("Brace", "React", 438, characteristic="to", decision="G-2: +2 Soak vs one physical attack"),
    _a("Parry", "React", 439, characteristic="str"),
    _a("Dodge", "React", 440, characteristic="ag"),
    _a("Riposte", "React", 441, characteristic="ag", decision="G-2: Challenging = +1 CHL"),
    _a("Recover", "Delay", 443, decision="option recover_basic_action: 1 stress and 1 "
       "fatigue back, Exposed until the next turn (basic_action_effects.py)"),
    _a("Observe", "Delay", 444, characteristic="int",
       decision="G-2: the mild bonus is +1 FRT (option observe_bonus_die)"),
    _a("Ward", "Delay", 445, decision="option ward_basic_action: the warder and engaged "
       "allies Protected until their next turn (basic_action_effects.py)"),
    _a("Pin", "Delay", 446, decision="played with wish.PlayPinned, lost at the next turn"),
    _a("Reposition", "Push", 448, decision="the seed's own: one more free maneuver"),
    _a("Shift", "Push", 449, decision="G-7: moves the turn's slot to the top of a rolled tracker"),
    _a("Dare", "Push", 450, decision="option dare_basic_action: the dared opponents' attacks on "
       "others add a challenge die until the darer's next turn (dare.py)"),
    _a("Charge", "Push", 451, decision="G-2: 1 fatigue and an extra movement maneuver "
       "(wish.Charge)"),
    _a("Melee", "Standard", 453),
    _a("Ranged", "Standard", 454),
    _a("Check", "Standard", 455),
    _a("Improvise", "Standard", 456),
)}

# Played through other commands: Melee and Ranged are wish.Attack (mode), Check is
# wish.RollCheck, Improvise is wish.RollCheck tagged "improvise" (L1068).
THROUGH: Final[dict[str, str]] = {
    "Melee": "wish.Attack with mode melee",
    "Ranged": "wish.Attack with mode ranged",
    "Check": "wish.RollCheck",
    "Improvise": "wish.RollCheck tagged improvise",
}


def stance_after(position: int, defensive: int, offensive: int, action: BasicAction) -> int:
    """The automatic step of a Delay or Push (L443-451), never past the meter (L89)."""
    return max(-defensive, min(offensive, position + action.step))
