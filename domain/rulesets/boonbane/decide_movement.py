"""Deciding the turn's move (L121-L122): standing up from prone (L313) and what moving away
from a creature does to a grab (L181, L294-L295). Distances are not modelled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contracts.rulesets.boonbane_play import Move
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import afflictions, grabs
from domain.rulesets.boonbane.decide_play import Decided, Load, spend


def move(cmd: Move, enc: Mapping[str, Any] | None, load: Load) -> Decided:
    """The move: a prone creature may use it to stand, which ends every Prone instance (L313).
    Moving away from a grabber the mover's Size or larger is refused (L294); from a smaller one
    the grabber clings on (L295; it may let go with ReleaseGrab). A grabber moving away from the
    creature it grabs can no longer reach it: the grab ends (L181). A grab whose grabber can no
    longer use actions has ended (L181) and is recorded as ended here."""
    mover = load(cmd.character_id, "character_id")
    if len(set(cmd.away_from)) != len(cmd.away_from) or cmd.character_id in cmd.away_from:
        raise DomainError("away_from", "boonbane.move L121", "name each other creature once")
    out = spend(cmd.encounter_id, enc, mover, cmd.character_id, "move", "Move")
    if cmd.stand:
        prone = [a for a in mover.afflictions if a.name == "prone"]
        if not prone:
            raise StateConflict("stand", "boonbane.prone L313", "the creature is not prone")
        for inst in prone:
            ev = afflictions.remove(mover, cmd.character_id, "prone", inst.source, "stood up L313")
            mover = afflictions.fold_removed(mover, ev)
            out.append((cmd.character_id, "AfflictionRemoved", ev))
    for i, other_id in enumerate(cmd.away_from):
        other = load(other_id, f"away_from[{i}]")
        if other_id in grabs.grabbed_by(mover):
            if not grabs.holding(other, cmd.character_id):
                out.extend(grabs.ended(other_id, cmd.character_id,
                                       "the grabber cannot use actions L181"))
            elif mover.size <= other.size:
                raise StateConflict("away_from", "boonbane.grabbed L294",
                                    f"grabbed by {other_id!r}, whose Size is not smaller: it "
                                    f"cannot move away from its grabber")
        if other_id in grabs.holds(mover):
            out.extend(grabs.ended(cmd.character_id, other_id, "out of reach L181"))
    return out
