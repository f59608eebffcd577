"""The streams each Potential command reads and may write, as data: every character its
authority declares (``authority.py``) and, for a command of a combat's order, the combat's own
stream (its ``combat_id``)."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.potential.authority import AUTHORITY
from domain.rulesets.seam import Streams, touches


def _characters(cls: type[msgspec.Struct], skip: tuple[str, ...] = ()) -> Streams:
    return touches(AUTHORITY[cls], encounter=None, skip=skip)


def _in_combat(cls: type[msgspec.Struct], skip: tuple[str, ...] = ()) -> Streams:
    return touches(AUTHORITY[cls], encounter="combat_id", skip=skip)


STREAMS: Final[dict[type[msgspec.Struct], Streams]] = {
    c.TakeAction: _characters(c.TakeAction),  # the actor and its aiding allies (L63)
    c.Attack: _characters(c.Attack),  # the attacker, its target and allies (L49-50, L63)
    c.Resist: _characters(c.Resist),  # the defender, its attacker and allies (L50, L64)
    c.DiscardLife: _characters(c.DiscardLife),
    # the participants; the readiness map and the first nominee name participants only (L33)
    c.StartCombat: _in_combat(c.StartCombat, skip=("readiness{}", "first")),
    c.EndCombat: _in_combat(c.EndCombat),
    c.StartTurn: _in_combat(c.StartTurn),
    c.Recoup: _characters(c.Recoup),
    c.Move: _characters(c.Move),
    c.EndTurn: _in_combat(c.EndTurn),  # the actor and its nominee (L37)
    c.SeizeInitiative: _in_combat(c.SeizeInitiative),
    c.YieldInitiative: _in_combat(c.YieldInitiative),  # the yielder and the high bidder
    c.NewRound: _in_combat(c.NewRound),
    c.RecoverAdvantage: _characters(c.RecoverAdvantage),
    c.OfferAid: _characters(c.OfferAid),  # the helper and the ally it offers to (L63-64)
    c.SetConscious: _characters(c.SetConscious),
    c.ChallengeCombination: _characters(c.ChallengeCombination),
    c.RuleOnCombination: _characters(c.RuleOnCombination),
    c.StartRetraining: _characters(c.StartRetraining),
    c.CompleteRetraining: _characters(c.CompleteRetraining),
    c.MinorAction: _characters(c.MinorAction),
}
