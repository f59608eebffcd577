"""Deciding X Turns Extended effects (L259, L261): BeginExtended, and what the turn phases and
damage do to an effect under way (called from the encounter and health deciders)."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import encounter, extended, hindrances
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.state import WishSheet


def begin_extended(ctx: Ctx, cmd: c.BeginExtended) -> None:
    """BeginExtended: an "N Turns" stunt takes this entire Turn, the first of its N (L261)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    assert e.turn is not None  # on_turn: the turn is running
    n = extended.can_begin(s, cmd.stunt, e.turn)
    encounter.may_act(e, s)
    ctx.emit(enc(cmd.encounter_id), ev.ActionTaken(
        character_id=cmd.character_id, kind=f"extended {cmd.stunt}", whole_turn=True))
    ctx.emit(char(cmd.character_id), ev.ExtendedBegun(stunt=cmd.stunt, turns=n))


def occupy_turn(ctx: Ctx, encounter_id: str, cid: str, s: WishSheet) -> None:
    """Beginning of Turn: an effect under way takes this entire Turn too (L261)."""
    if s.extended is not None:
        ctx.emit(enc(encounter_id), ev.ActionTaken(
            character_id=cid, kind=f"extended {s.extended.stunt}", whole_turn=True))


def progress(ctx: Ctx, cid: str) -> None:
    """End of Turn, first step (digest D-22): one more Turn spent; after the last the effect
    resolves and its Recharge begins (L259, L261)."""
    s = ctx.sheet(cid)
    x = s.extended
    if x is None:
        return
    ctx.emit(char(cid), ev.ExtendedProgressed(stunt=x.stunt, done=x.done + 1))
    if x.done + 1 < x.turns:
        return
    ctx.emit(char(cid), ev.ExtendedResolved(stunt=x.stunt, turns=x.turns))
    stunt = s.stunts.get(x.stunt)
    if stunt is not None:
        tokens = hindrances.recharge_rating(stunt.recharge_rating, stunt.facilitators,
                                            stunt.hindrances)
        if tokens > 0:
            ctx.emit(char(cid), ev.RechargeTokensAdded(
                stunts={x.stunt: tokens}, cause="Extended window elapsed L259"))


def interrupted(ctx: Ctx, cid: str, hurt: int) -> None:
    """Damage dealt to the character (after Soak) makes an effect under way fail, its turns
    wasted (L261)."""
    x = ctx.sheet(cid).extended
    if x is not None and hurt > 0:
        ctx.emit(char(cid), ev.ExtendedFailed(stunt=x.stunt, turns_wasted=x.done, cause="damaged L261"))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.BeginExtended, begin_extended)
