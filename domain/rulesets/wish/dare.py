"""Dare (L450): 'Allows a character to encourage opponents to attack them (rather than
others); moves a character automatically one step closer to Offensive'.

The seed's write-up is missing (L435; digest G-2) and the digest records no decision beyond the
step. This module's decision, campaign option ``dare_basic_action`` (default ``"taunt"``): the
darer names the ``opponents`` it dares (none named: every other participant, or every one of
another superteam where sides are recorded); until the darer's next Turn begins, an attack by one of
them on anyone but the darer adds ``dare_dice`` dice of ``dare_die`` (default 1 challenge die,
the seed's mark of a harder task, L37) to its pool. ``"stance_only"``: the step only, whom the
opponents attack is the GM's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from domain.errors import DomainError
from domain.rulesets.wish.state_encounter import DareRecord

RULE = "wish.basic_action.dare L450"


def dared(actor_id: str, opponents: list[str], participants: list[str],
          sides: Mapping[str, str]) -> list[str]:
    """The opponents a Dare taunts (L450): those it names, each another participant once; none
    named, every participant of another superteam where the initiative tracker records sides
    (G-7), else every other participant."""
    if not opponents:
        return [p for p in participants if p != actor_id
                and (p not in sides or sides.get(p) != sides.get(actor_id))]
    if len(set(opponents)) != len(opponents):
        raise DomainError("opponents", RULE, "name each opponent once")
    for o in opponents:
        if o == actor_id:
            raise DomainError("opponents", RULE, "a character does not dare itself")
        if o not in participants:
            raise DomainError("opponents", RULE, f"{o} is not in the encounter")
    return opponents


def darers(attacker_id: str, target_id: str, dares: Iterable[DareRecord]) -> list[str]:
    """The characters who dared this attacker and are not its target (L450): each makes the
    attack on someone else harder. ``dares`` is the encounter's record."""
    return sorted(d.character_id for d in dares
                  if d.character_id not in (attacker_id, target_id)
                  and attacker_id in d.opponents)
