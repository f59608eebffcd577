"""Deciding WISH range and movement: SetSeparation, Move (L380, L402-419)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import EncounterState, Move, SetSeparation
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import encounter, health, range_bands
from domain.rulesets.wish.decide_context import Ctx, Handler, able, char, enc

RULE = "wish.range L402-419"


def _pair(e: EncounterState, a: str, b: str) -> str:
    for field, cid in (("character_id", a), ("target_id", b)):
        if cid not in e.participants:
            raise StateConflict(field, "wish.encounter L378", f"{cid} is not a participant")
    if a == b:
        raise DomainError("target_id", RULE, "a character is no distance from itself")
    return range_bands.pair(a, b)


def set_separation(ctx: Ctx, cmd: SetSeparation) -> None:
    """SetSeparation: place two participants so many movement maneuvers apart, or at the outer
    edge of a band (L404-413)."""
    e = ctx.encounter(cmd.encounter_id)
    key = _pair(e, cmd.character_id, cmd.target_id)
    if (cmd.maneuvers is None) == (cmd.band is None):
        raise DomainError("maneuvers", RULE, "give either maneuvers or band")
    if cmd.band is not None:
        if cmd.band == "Plot":
            n = range_bands.PLOT_FROM
        elif cmd.band in range_bands.OUTER_EDGE:
            n = range_bands.maneuvers_to_engage(cmd.band)
        else:
            names = [b.name for b in range_bands.BANDS]
            raise DomainError("band", RULE, f"a band is one of {names}")
    else:
        n = cmd.maneuvers if cmd.maneuvers is not None else 0
        if n < 0:
            raise DomainError("maneuvers", RULE, "a separation is never negative")
    ctx.emit(enc(cmd.encounter_id), "wish.SeparationSet",
             {"pair": key, "maneuvers": n, "band": range_bands.band(n)})


def move(ctx: Ctx, cmd: Move) -> None:
    """Move: movement maneuvers towards (+) or away from (-) another participant; each is a
    maneuver, the first free and each extra 1 fatigue suffered first (L380); engaging and
    disengaging take one each (L404); Plot range is narrative, crossed by no maneuver (L409)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    key = _pair(e, cmd.character_id, cmd.target_id)
    able(ctx.sheet(cmd.character_id), ctx.options)
    if cmd.maneuvers == 0:
        raise DomainError("maneuvers", RULE, "a move takes at least one maneuver")
    if key not in e.separations:
        raise StateConflict("target_id", RULE, "no separation set: wish.SetSeparation first")
    before = e.separations[key]
    after = before - cmd.maneuvers
    if after < 0:
        raise StateConflict("maneuvers", RULE,
                            f"{before} maneuvers from engaged; {cmd.maneuvers} overshoots")
    if max(before, after) >= range_bands.PLOT_FROM:
        raise StateConflict("maneuvers", "wish.range.plot L409",
                            "Plot range is narrative: no movement maneuvers cross it")
    for _ in range(abs(cmd.maneuvers)):
        s = ctx.sheet(cmd.character_id)
        cost = encounter.maneuver_fatigue(ctx.encounter(cmd.encounter_id), s, "movement",
                                          ctx.options)
        fatigue = health.fatigue_suffered(s, cost)
        if fatigue:
            ctx.emit(char(cmd.character_id), "wish.Exerted",
                     {"fatigue": fatigue, "cause": "maneuver"})
        ctx.emit(enc(cmd.encounter_id), "wish.ManeuverTaken",
                 {"character_id": cmd.character_id, "kind": "movement", "fatigue": fatigue})
    ctx.emit(enc(cmd.encounter_id), "wish.SeparationSet",
             {"pair": key, "maneuvers": after, "band": range_bands.band(after)})


HANDLERS: dict[type[msgspec.Struct], Handler] = {
    SetSeparation: set_separation,
    Move: move,
}
