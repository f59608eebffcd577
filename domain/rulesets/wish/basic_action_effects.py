"""What Recover, Ward and Reposition do beyond their stance step (L443, L445, L448).

The seed gives one-line summaries only (its "full write ups", L435, are missing; digest G-2)
and the digest names no decision for these three. Reposition's is in the seed itself: "use
their Action for an extra maneuver" (L448). Recover's and Ward's are this module's decisions,
each a named campaign option with a documented default:

- ``recover_basic_action`` (default ``"breather"``): "catch their breath but leaves them
  slightly vulnerable" (L443) recovers 1 stress and 1 fatigue, as Refreshed does (L1479), and
  makes the character Exposed (L1439, the mildest malign condition: attackers add a die) until
  their next Turn begins; ``"stance_only"``: the step towards Defensive only.
- ``ward_basic_action`` (default ``"protected"``): "hunker down ... to protect themselves and
  nearby allies" (L445) makes the character and the allies it names, engaged with it, Protected
  (L1501: opponents targeting them add a challenge die) until each one's next Turn begins, as a
  Grandstand does (L550); ``"stance_only"``: the step towards Defensive only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import range_bands
from domain.rulesets.wish.grandstand import until_next_turn
from domain.rulesets.wish.state import ConditionInstance, WishSheet

RECOVERED: Final = {"stress": 1, "fatigue": 1}  # as Refreshed (L1479)
REPOSITION_MANEUVERS: Final = 1  # "use their Action for an extra maneuver" (L448)


def recover_condition(sheet: WishSheet) -> ConditionInstance:
    """Recover's vulnerability (L443): Exposed (L1439) until the next Turn begins."""
    return ConditionInstance(id=f"cond-{sheet.serial + 1}", name="Exposed",
                             duration="contingent", note=until_next_turn("Recover L443"))


def ward_condition(sheet: WishSheet) -> ConditionInstance:
    """Ward's guard (L445): Protected (L1501) until the next Turn begins."""
    return ConditionInstance(id=f"cond-{sheet.serial + 1}", name="Protected",
                             duration="contingent", note=until_next_turn("Ward L445"))


def warded_allies(actor_id: str, allies: list[str], participants: list[str],
                  separations: Mapping[str, int]) -> list[str]:
    """The allies a Ward protects (L445): each another participant, named once, engaged with
    the actor where the encounter records their separation (L402)."""
    rule = "wish.basic_action.ward L445"
    if len(set(allies)) != len(allies):
        raise DomainError("allies", rule, "name each ally once")
    for ally in allies:
        if ally == actor_id:
            raise DomainError("allies", rule, "the warding character is protected anyway")
        if ally not in participants:
            raise DomainError("allies", rule, f"{ally} is not in the encounter")
        apart = separations.get(range_bands.pair(actor_id, ally))
        if apart:
            raise StateConflict("allies", rule,
                                f"{ally} is {range_bands.band(apart)}, not engaged (nearby)")
    return allies
