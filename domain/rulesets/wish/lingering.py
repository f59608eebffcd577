"""Effects kept in play turn by turn (L262-264): Lingering with a maneuver, Invested with the
turn's Action, Persisted with the whole turn.

L262 Lingering: 'takes effect immediately when used and remains in effect as long as a
character spends a maneuver each Turn to keep it on; as soon as a character is no longer able
or willing to expend a maneuver to maintain the effect it ends during the End of Turn phase.'
L263 Invested: 'as Lingering, but a character must spend their Action each Round to keep the
effect going. The character can take maneuvers ... and can still use Reacts.' L264 Persisted:
'as Invested and Lingering, but a character must spend their entire Turn each Round to keep
the effect going. The character cannot take maneuvers and cannot use Reacts without
terminating the effect.' The turn an effect is used counts as maintained (it 'takes effect
immediately'); the sheet's ``lingering`` lists every such effect in play.
"""

from __future__ import annotations

from typing import Final, Literal

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state import Stunt, WishSheet
from domain.rulesets.wish.state_encounter import TurnState

Upkeep = Literal["maneuver", "action", "turn"]

# trait: (what keeps it each turn, seed line)
SUSTAINED: Final[dict[str, tuple[Upkeep, int]]] = {
    "Lingering": ("maneuver", 262), "Invested": ("action", 263), "Persisted": ("turn", 264),
}


def sustained(stunt: Stunt) -> str | None:
    """The trait by which ``stunt`` stays in play once used (L262-264), if any."""
    return next((t for t in stunt.traits if t in SUSTAINED), None)


def maintainable(sheet: WishSheet, name: str | None, upkeep: Upkeep = "maneuver") -> str:
    """The upkeep that keeps an effect in play this turn (L262-264): the effect is in play, not
    yet kept this turn, and kept the way its trait asks; returns its trait."""
    rule = "wish.trait.lingering L262"
    if name is None:
        raise DomainError("stunt", rule, "name the Lingering stunt to maintain")
    stunt = sheet.stunts.get(name)
    trait = sustained(stunt) if stunt is not None else None
    if trait is not None:
        rule = f"wish.trait.{trait.lower()} L{SUSTAINED[trait][1]}"
    if name not in sheet.lingering or trait is None:
        raise StateConflict("stunt", rule, f"{name} is not an effect in play")
    if sheet.lingering[name]:
        raise StateConflict("stunt", rule, f"{name} is already maintained this turn")
    wanted = SUSTAINED[trait][0]
    if wanted != upkeep:
        how = {"maneuver": "a maneuver (TakeManeuver kind maintain)",
               "action": "the turn's Action (MaintainEffect)",
               "turn": "the whole turn (MaintainEffect)"}[wanted]
        raise StateConflict("stunt", rule, f"a {trait} effect is kept with {how}")
    return trait


def whole_turn_free(turn: TurnState) -> None:
    """A Persisted effect takes the entire Turn (L264): nothing else taken in it yet."""
    if turn.maneuvers or turn.actions:
        raise StateConflict("stunt", "wish.trait.persisted L264",
                            "keeping a Persisted effect takes the entire turn; "
                            "a maneuver or an Action was already taken")


def ended_by_react(sheet: WishSheet) -> list[str]:
    """The Persisted effects a React terminates (L264)."""
    return sorted(n for n in sheet.lingering
                  if n in sheet.stunts and sustained(sheet.stunts[n]) == "Persisted")
