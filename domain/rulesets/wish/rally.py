"""Rally abilities and the Rally Step (L257, L1405; digest G-8).

L257: 'Rally: a Trait that indicates an ability that can be used during Rally Steps. By
default an ability with this Trait can be used normally like other abilities and also in
Rally Steps as a kind of free Action, but some might indicate that they can only be used
during Rally steps and at no other time.' The seed has no other Rally procedure (gap G-8); the
digest's decision, campaign option ``rally_step`` (default ``"gm_called"``): 'A GM-called
pause between combat phases: Rally abilities usable, Encounter conditions end. No automatic
recovery.' Here the GM calls it between turns (``wish.RallyStep``) and it lasts until the next
Turn begins; ``"none"`` refuses Rally Steps (Rally abilities are then used normally only).
"""

from __future__ import annotations

from domain.errors import StateConflict
from domain.rulesets.wish.state import Stunt
from domain.rulesets.wish.state_encounter import EncounterState

RULE = "wish.trait.rally L257"


def free_use(e: EncounterState, cid: str, stunt: Stunt | None) -> bool:
    """Whether this use is a Rally ability's free Action in an open Rally Step (L257)."""
    if not e.rally_step or stunt is None or "Rally" not in stunt.traits:
        return False
    if cid not in e.participants:
        raise StateConflict("character_id", "wish.encounter L378", f"{cid} is not a participant")
    return True


def check_rally_only(name: str, stunt: Stunt, e: EncounterState | None) -> None:
    """A Rally-only ability 'can only be used during Rally steps and at no other time' (L257)."""
    if stunt.rally_only and (e is None or not e.rally_step):
        raise StateConflict("stunt", RULE, f"{name} can only be used during Rally Steps")


def can_call(e: EncounterState, option: str) -> None:
    """A Rally Step is called between turns, where the campaign has them (G-8)."""
    if option == "none":
        raise StateConflict("encounter_id", "wish.rally_step G-8",
                            "this campaign has no Rally Steps (option rally_step)")
    if e.turn is not None:
        raise StateConflict("encounter_id", "wish.rally_step G-8",
                            f"{e.turn.character_id}'s turn is still running")
    if e.rally_step:
        raise StateConflict("encounter_id", "wish.rally_step G-8", "a Rally Step is open")
