"""WISH Basic Action and Grandstand payloads (L433-456, L546-552)."""

from __future__ import annotations

from typing import Literal

import msgspec

BasicActionName = Literal["Recover", "Observe", "Ward", "Pin", "Reposition", "Shift", "Dare"]


class TakeBasicAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Delay or Push Basic Action on the actor's turn (L443-450): it takes the turn's Action
    and moves the stance one step (Delay towards Defensive, Push towards Offensive)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    action: BasicActionName
    trigger: str = ""  # Pin: the declared trigger event (L446)
    pinned_card: str = ""  # Pin: the Action card turned into a React (L446)
    difficulty: int = 0  # Observe: the Observation check's challenge dice (L444)
    allies: list[str] = []  # Ward: the engaged allies it also protects (L445)
    opponents: list[str] = []  # Dare: the opponents encouraged to attack the actor (L450)


class Grandstand(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Grandstand on the actor's turn (L546-552). With ``maneuver`` (the GM's call, L552) it
    takes a maneuver, counts as Prepare (L548) and grants Protected until the actor's next
    Turn begins (L550); without, it is roleplay concurrent with an action and changes nothing."""

    campaign_id: str
    encounter_id: str
    character_id: str
    maneuver: bool = True
