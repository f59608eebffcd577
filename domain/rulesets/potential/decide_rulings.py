"""Deciding aid offers (L63-64), consciousness (L53) and appropriateness rulings (L21)."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import aid, appropriateness, turns
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.decide_actions import ev


def offer_aid(cmd: c.OfferAid, sheet: c.PotentialSheet,
              ally: c.PotentialSheet) -> list[RulesetEvent]:
    """L63-64: the helper's own player offers an Aid Other or Aid Resist advantage."""
    turns.check_may_act(sheet)
    aid.check_offer(sheet, cmd.character_id, cmd.to, cmd.advantage, cmd.kind)
    return [ev(cmd.character_id, c.AidOffered(character_id=cmd.character_id, to=cmd.to,
                                              advantage=cmd.advantage, kind=cmd.kind))]


def set_conscious(cmd: c.SetConscious, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L53, P-35: the seed never says how a character falls unconscious or wakes: the GM's
    recorded decision (or a Life exhaustion under the ``on_life_exhausted`` option)."""
    if sheets.is_conscious(sheet) == cmd.conscious:
        raise StateConflict("payload.conscious", "potential.unconscious L53",
                            "the character is already " +
                            ("conscious" if cmd.conscious else "unconscious"))
    return [ev(cmd.character_id, c.ConsciousnessSet(character_id=cmd.character_id,
                                                    conscious=cmd.conscious, reason=cmd.reason))]


def start_retraining(cmd: c.StartRetraining, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L52: a new free resist only with the GM's agreement, after a retraining period."""
    adv = sheets.find(sheet, cmd.advantage)
    if adv is None:
        raise DomainError("payload.advantage", "potential.free-resist L52",
                          f"{cmd.advantage!r} is not an advantage on this sheet")
    if cmd.advantage == sheet.free_resist:
        raise DomainError("payload.advantage", "potential.free-resist L52",
                          f"{cmd.advantage!r} is already the free resist")
    return [ev(cmd.character_id, c.RetrainingStarted(character_id=cmd.character_id,
                                                     advantage=cmd.advantage, reason=cmd.reason))]


def complete_retraining(cmd: c.CompleteRetraining,
                        sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L52: when the retraining period is over the new free resist applies."""
    if sheet.retraining is None:
        raise StateConflict("payload.character_id", "potential.free-resist L52",
                            "no free-resist retraining is under way")
    return [ev(cmd.character_id, c.FreeResistChanged(character_id=cmd.character_id,
                                                     advantage=sheet.retraining,
                                                     previous=sheet.free_resist))]


def minor_action(cmd: c.MinorAction, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L40: a minor action at the GM's discretion: no potential, and no break of a rest (P-28);
    in combat, during the own turn."""
    if not sheets.is_conscious(sheet):
        raise StateConflict("payload.character_id", "potential.unconscious L53",
                            "an unconscious character takes no actions")
    turns.check_whose_turn(sheet, False)
    return [ev(cmd.character_id, c.MinorActionTaken(character_id=cmd.character_id,
                                                    description=cmd.description))]


def challenge(cmd: c.ChallengeCombination, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L21: anyone at the table may question a combination; it waits for the GM's ruling."""
    appropriateness.check_named(sheet, cmd.advantages)
    return [ev(cmd.challenged_id, c.CombinationChallenged(
        character_id=cmd.challenged_id, advantages=appropriateness.key(cmd.advantages),
        reason=cmd.reason))]


def rule(cmd: c.RuleOnCombination, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """L21, P-7: the GM approves a combination or vetoes it (a vetoed one is refused)."""
    appropriateness.check_named(sheet, cmd.advantages)
    return [ev(cmd.character_id, c.CombinationRuled(
        character_id=cmd.character_id, advantages=appropriateness.key(cmd.advantages),
        approved=cmd.approved, reason=cmd.reason))]
