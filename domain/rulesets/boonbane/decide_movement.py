"""Deciding the turn's move (L121-L122): standing up from prone (L313) and what moving away
from a creature does to a grab (L181, L294-L295); the actions that move, Rush (L227) and Retreat
(L224). Positions are not modelled: a movement names the creatures it leaves."""

from __future__ import annotations

from contracts.rulesets.boonbane import RoundEffect
from contracts.rulesets.boonbane.grabs import Moved
from contracts.rulesets.boonbane.movement import Retreat, Rush
from contracts.rulesets.boonbane.play import Move, RoundEffectAdded, RoundEffectUsed
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import afflictions, grabs, views
from domain.rulesets.boonbane.decide_play import Decided, Load, spend
from domain.rulesets.boonbane.sheet import effective_speed
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet


def move(cmd: Move, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """The move: a prone creature may use it to stand, which ends every Prone instance (L313).
    Moving away from a grabber the mover's Size or larger is refused (L294); from a smaller one
    the grabber clings on (L295; it may let go with ReleaseGrab). A grabber moving away from the
    creature it grabs can no longer reach it: the grab ends (L181). A grab whose grabber can no
    longer use actions has ended (L181) and is recorded as ended here. A move after a Retreat
    is not the Retreat's: free attacks apply to it again (L224)."""
    mover = load(cmd.character_id, "character_id")
    _distinct(cmd.character_id, cmd.away_from)
    out = spend(cmd.encounter_id, enc, mover, cmd.character_id, "move", "Move")
    out.extend((cmd.character_id, RoundEffectUsed(character_id=cmd.character_id,
                                                         effect=views.wire_round_effect(e)))
               for e in mover.round_effects if e.kind == "retreating")
    if cmd.stand:
        prone = [a for a in mover.afflictions if a.name == "prone"]
        if not prone:
            raise StateConflict("stand", "boonbane.prone L313", "the creature is not prone")
        for inst in prone:
            ev = afflictions.remove(mover, cmd.character_id, "prone", inst.source, "stood up L313")
            mover = afflictions.fold_removed(mover, ev)
            out.append((cmd.character_id, ev))
    return [*out, *_away(cmd.character_id, mover, cmd.away_from, load)]


def rush_or_retreat(cmd: Rush | Retreat, enc: BoonbaneEncounter | None, load: Load) -> Decided:
    """Rush, "Move up to twice your Speed." (L227), or Retreat, "Move up to half your Speed
    without triggering free attacks." (L224): the turn's action (digest D-23), moving the yards
    the creature's effective Speed gives (immobilized 0, slowed halved, L298, L320), with the
    grab rules of any move (L181, L294-L295); a Retreat keeps free attacks off it (L224)."""
    mover = load(cmd.character_id, "character_id")
    _distinct(cmd.character_id, cmd.away_from)
    name = type(cmd).__name__
    out = spend(cmd.encounter_id, enc, mover, cmd.character_id, cmd.use, name)
    out.extend(_away(cmd.character_id, mover, cmd.away_from, load))
    speed = effective_speed(mover)
    yards, line = (speed * 2, "L227") if isinstance(cmd, Rush) else (speed // 2, "L224")
    out.append((cmd.character_id, Moved(character_id=cmd.character_id,
                                                 by=cmd.character_id, yards=yards,
                                                 cause=f"{name.lower()} {line}")))
    if isinstance(cmd, Retreat):
        out.append((cmd.character_id, RoundEffectAdded(
            character_id=cmd.character_id,
            effect=RoundEffect(kind="retreating", source="retreat L224"))))
    return out


def _distinct(cid: str, away_from: list[str]) -> None:
    if len(set(away_from)) != len(away_from) or cid in away_from:
        raise DomainError("away_from", "boonbane.move L121", "name each other creature once")


def _away(cid: str, mover: BoonbaneSheet, away_from: list[str], load: Load) -> Decided:
    out: Decided = []
    for i, other_id in enumerate(away_from):
        other = load(other_id, f"away_from[{i}]")
        if other_id in grabs.grabbed_by(mover):
            if not grabs.holding(other, cid):
                out.extend(grabs.ended(other_id, cid, "the grabber cannot use actions L181"))
            elif mover.size <= other.size:
                raise StateConflict("away_from", "boonbane.grabbed L294",
                                    f"grabbed by {other_id!r}, whose Size is not smaller: it "
                                    f"cannot move away from its grabber")
        if other_id in grabs.holds(mover):
            out.extend(grabs.ended(cid, other_id, "out of reach L181"))
    return out
