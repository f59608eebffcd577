"""Taking one maneuver in an encounter (L380): its fatigue suffered first, then the maneuver
recorded with whether it was one of the turn's free ones (L380, L448, L1481). Every maneuver
command (TakeManeuver, Move, Grandstand) takes its maneuvers here."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import encounter, health
from domain.rulesets.wish.decide_context import Ctx, char, enc


def spend(ctx: Ctx, encounter_id: str, cid: str, kind: str, *,
          ally_id: str | None | UnsetType = UNSET, stunt: str | None | UnsetType = UNSET) -> int:
    """Take one maneuver of ``kind`` for ``cid`` on its turn (L380): "The character suffers
    fatigue first and then performs the additional maneuver"; returns the fatigue suffered."""
    s = ctx.sheet(cid)
    cost, free = encounter.maneuver_cost(ctx.encounter(encounter_id), s, kind, ctx.options)
    fatigue = health.fatigue_suffered(s, cost)
    if fatigue:
        ctx.emit(char(cid), ev.Exerted(fatigue=fatigue, cause="maneuver"))
    ctx.emit(enc(encounter_id), ev.ManeuverTaken(character_id=cid, kind=kind, fatigue=fatigue,
                                                 free=free, ally_id=ally_id, stunt=stunt))
    return fatigue
