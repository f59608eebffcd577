"""Deciding aid offers (L63-64), consciousness (L53) and appropriateness rulings (L21)."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import aid, appropriateness, turns
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.context import Ctx, char, sheet_of
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.OfferAid)
def offer_aid(ctx: Ctx, cmd: c.OfferAid) -> None:
    """L63-64: the helper's own player offers an Aid Other or Aid Resist advantage."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    sheet_of(ctx, cmd.to, "to")  # the ally it is offered to (L63)
    turns.check_may_act(sheet)
    aid.check_offer(sheet, cmd.character_id, cmd.to, cmd.advantage, cmd.kind)
    ctx.emit(char(cmd.character_id), c.AidOffered(character_id=cmd.character_id, to=cmd.to,
                                                  advantage=cmd.advantage, kind=cmd.kind))


@HANDLERS.on(c.SetConscious)
def set_conscious(ctx: Ctx, cmd: c.SetConscious) -> None:
    """L53, P-35: the seed never says how a character falls unconscious or wakes: the GM's
    recorded decision (or a Life exhaustion under the ``on_life_exhausted`` option)."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    if sheets.is_conscious(sheet) == cmd.conscious:
        raise StateConflict("payload.conscious", "potential.unconscious L53",
                            "the character is already " +
                            ("conscious" if cmd.conscious else "unconscious"))
    ctx.emit(char(cmd.character_id), c.ConsciousnessSet(
        character_id=cmd.character_id, conscious=cmd.conscious, reason=cmd.reason))


@HANDLERS.on(c.StartRetraining)
def start_retraining(ctx: Ctx, cmd: c.StartRetraining) -> None:
    """L52: a new free resist only with the GM's agreement, after a retraining period."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    adv = sheets.find(sheet, cmd.advantage)
    if adv is None:
        raise DomainError("payload.advantage", "potential.free-resist L52",
                          f"{cmd.advantage!r} is not an advantage on this sheet")
    if cmd.advantage == sheet.free_resist:
        raise DomainError("payload.advantage", "potential.free-resist L52",
                          f"{cmd.advantage!r} is already the free resist")
    ctx.emit(char(cmd.character_id), c.RetrainingStarted(
        character_id=cmd.character_id, advantage=cmd.advantage, reason=cmd.reason))


@HANDLERS.on(c.CompleteRetraining)
def complete_retraining(ctx: Ctx, cmd: c.CompleteRetraining) -> None:
    """L52: when the retraining period is over the new free resist applies."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    if sheet.retraining is None:
        raise StateConflict("payload.character_id", "potential.free-resist L52",
                            "no free-resist retraining is under way")
    ctx.emit(char(cmd.character_id), c.FreeResistChanged(
        character_id=cmd.character_id, advantage=sheet.retraining, previous=sheet.free_resist))


@HANDLERS.on(c.MinorAction)
def minor_action(ctx: Ctx, cmd: c.MinorAction) -> None:
    """L40: a minor action at the GM's discretion: no potential, and no break of a rest (P-28);
    in combat, during the own turn."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    if not sheets.is_conscious(sheet):
        raise StateConflict("payload.character_id", "potential.unconscious L53",
                            "an unconscious character takes no actions")
    turns.check_whose_turn(sheet, False)
    ctx.emit(char(cmd.character_id), c.MinorActionTaken(character_id=cmd.character_id,
                                                        description=cmd.description))


@HANDLERS.on(c.ChallengeCombination)
def challenge(ctx: Ctx, cmd: c.ChallengeCombination) -> None:
    """L21: anyone at the table may question a combination; it waits for the GM's ruling."""
    sheet = sheet_of(ctx, cmd.challenged_id, "challenged_id")
    appropriateness.check_named(sheet, cmd.advantages)
    ctx.emit(char(cmd.challenged_id), c.CombinationChallenged(
        character_id=cmd.challenged_id, advantages=appropriateness.key(cmd.advantages),
        reason=cmd.reason))


@HANDLERS.on(c.RuleOnCombination)
def rule(ctx: Ctx, cmd: c.RuleOnCombination) -> None:
    """L21, P-7: the GM approves a combination or vetoes it (a vetoed one is refused)."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    appropriateness.check_named(sheet, cmd.advantages)
    ctx.emit(char(cmd.character_id), c.CombinationRuled(
        character_id=cmd.character_id, advantages=appropriateness.key(cmd.advantages),
        approved=cmd.approved, reason=cmd.reason))
