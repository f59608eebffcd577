"""Deciding WISH origin grants and repairs: ChooseOriginGrants, Repair, and the fixed grants
of ChooseOrigin (L775, L787, L824-827, L840, L878, L895, L905)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import WishSheet
from contracts.rulesets.wish.origin import ChooseOriginGrants, Repair
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import health, origin_grants
from domain.rulesets.wish.decide_context import Ctx, Handler, char

OUT_OF_WARRANTY = "wish.origin.robot.out_of_warranty L895"


def grant_fixed(ctx: Ctx, character_id: str) -> None:
    """After ChooseOrigin: the skills the Origin trains for free (L787, L840, L905)."""
    granted = origin_grants.fixed_skills(ctx.sheet(character_id))
    if granted:
        ctx.emit(char(character_id), "wish.OriginSkillsGranted",
                 {"skills": msgspec.to_builtins(granted)})


def choose_origin_grants(ctx: Ctx, cmd: ChooseOriginGrants) -> None:
    """ChooseOriginGrants: Natural Talent (L878), Alien Traits (L775), Mutant Powers (L824-827)
    and the specializations of the skills an Origin trains (L787, L840, L878, L905)."""
    body = origin_grants.choose(ctx.sheet(cmd.character_id), cmd)
    ctx.emit(char(cmd.character_id), "wish.OriginGrantsChosen", body)


def refuse_healing(s: WishSheet, wounds: int, treat: list[str]) -> None:
    """Out of Warranty: "Robots cannot heal damage, they must be Repaired ... Healing abilities
    do not work on a Robot" (L895). Grit and schisms are not damage to the machine."""
    criticals = {x.id for x in s.criticals}
    if s.origin == "Robot" and (wounds or criticals & set(treat)):
        raise StateConflict("wounds", OUT_OF_WARRANTY,
                            "a Robot's Wounds and criticals are Repaired (wish.Repair), not healed")


def repair(ctx: Ctx, cmd: Repair) -> None:
    """Repair: a Robot's Wounds and criticals come back by repair, "the effect is ultimately
    similar" to healing (L895): never past the threshold less criticals (L1417)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.device is not None:
        if cmd.device not in s.travel_broken:
            raise StateConflict("device", "wish.travel.unreliable L1110",
                                f"{cmd.device!r} is not a broken travel device")
        ctx.emit(char(cmd.character_id), "wish.TravelDeviceRepaired", {"skill": cmd.device})
        if not (cmd.wounds or cmd.treat):
            return
    if s.origin != "Robot":
        raise StateConflict("character_id", OUT_OF_WARRANTY, "only a Robot is Repaired")
    not_critical = [i for i in cmd.treat if i not in {x.id for x in s.criticals}]
    if not_critical:
        raise DomainError("treat", OUT_OF_WARRANTY, f"not criticals of this Robot: {not_critical}")
    r = health.heal(s, cmd.wounds, 0, cmd.treat)
    ctx.emit(char(cmd.character_id), "wish.Restored", {**msgspec.to_builtins(r), "cause": "repair"})


HANDLERS: dict[type[msgspec.Struct], Handler] = {
    ChooseOriginGrants: choose_origin_grants,
    Repair: repair,
}
