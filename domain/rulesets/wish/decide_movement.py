"""Deciding WISH range and movement: SetSeparation, Move (L380, L402-419)."""

from __future__ import annotations

from contracts.rulesets.wish import Move, SetSeparation
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import decide_maneuver, encounter, range_bands
from domain.rulesets.wish.decide_context import Ctx, able, enc
from domain.rulesets.wish.state_encounter import EncounterState

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
    if (cmd.maneuvers is None) == (cmd.band is None):
        raise DomainError("maneuvers", RULE, "give either maneuvers or band")
    if cmd.maneuvers is not None and cmd.maneuvers < 0:
        raise DomainError("maneuvers", RULE, "a separation is never negative")
    if cmd.character_id == cmd.target_id:
        raise DomainError("target_id", RULE, "a character is no distance from itself")
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
    key = _pair(ctx.encounter(cmd.encounter_id), cmd.character_id, cmd.target_id)
    ctx.emit(enc(cmd.encounter_id), ev.SeparationSet(pair=key, maneuvers=n, band=range_bands.band(n)))


def move(ctx: Ctx, cmd: Move) -> None:
    """Move: movement maneuvers towards (+) or away from (-) another participant; each is a
    maneuver, the first free and each extra 1 fatigue suffered first (L380); engaging and
    disengaging take one each (L404); Plot range is narrative, crossed by no maneuver (L409)."""
    if cmd.maneuvers == 0:  # the payload's own fault, refused before any state is read
        raise DomainError("maneuvers", RULE, "a move takes at least one maneuver: give a "
                          "count towards (+) or away from (-) the target")
    if cmd.character_id == cmd.target_id:
        raise DomainError("target_id", RULE, "a character is no distance from itself")
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    key = _pair(e, cmd.character_id, cmd.target_id)
    able(ctx.sheet(cmd.character_id), ctx.options)
    if key not in e.separations:
        raise StateConflict("target_id", RULE, "no separation set: wish.SetSeparation first")
    before = e.separations[key]
    after = before - cmd.maneuvers
    if after < 0:
        raise StateConflict("maneuvers", RULE,
                            f"{before} maneuvers from engaged; {cmd.maneuvers} overshoots")
    if max(before, after) >= range_bands.PLOT_FROM:
        where = (f"{cmd.target_id} is at Plot range" if before >= range_bands.PLOT_FROM
                 else f"{cmd.maneuvers} maneuvers away would reach Plot range")
        raise StateConflict("maneuvers", "wish.range.plot L409",
                            f"Plot range is narrative: no movement maneuvers cross it ({where})")
    for _ in range(abs(cmd.maneuvers)):
        decide_maneuver.spend(ctx, cmd.encounter_id, cmd.character_id, "movement")
    ctx.emit(enc(cmd.encounter_id), ev.SeparationSet(pair=key, maneuvers=after, band=range_bands.band(after)))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(SetSeparation, set_separation)
HANDLERS.add(Move, move)
