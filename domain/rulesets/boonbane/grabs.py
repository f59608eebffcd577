"""Grabs (L175-L181, L292-L295) and the size rules of Knock Down and Shove (L194, L231): who
holds whom, when a grab has ended, and how the sheets record it."""

from __future__ import annotations

import math
from typing import Final

import msgspec

from contracts.rulesets.boonbane import SourceLine
from contracts.rulesets.boonbane.grabs import GrabEnded, GrabStarted
from domain.rulesets.boonbane import afflictions
from domain.rulesets.boonbane.rolls import modifier
from domain.rulesets.boonbane.sheet import effective_speed
from domain.rulesets.boonbane.state import AfflictionInstance, BoonbaneSheet, RoundEffect

GRAB_ROUNDS: Final = 2  # "until the end of the next round" (L180): this round's end and the next's


def holds(sheet: BoonbaneSheet) -> list[str]:
    """The creatures this one's sheet says it is grabbing (its ``grabbing`` round effects)."""
    return [e.target_id for e in sheet.round_effects
            if e.kind == "grabbing" and e.target_id is not None]


def can_hold(sheet: BoonbaneSheet) -> bool:
    """A grab ends if the grabber cannot use actions (L181): dead, or under an affliction that
    forbids actions (disabled creatures are defenseless, dying ones unconscious, L33, L41)."""
    return sheet.life_state != "dead" and not (
        afflictions.active(sheet.afflictions) & afflictions.NO_ACTIONS.keys())


def holding(grabber: BoonbaneSheet, target_id: str) -> bool:
    """The grabber still holds ``target_id``: recorded and still able to use actions (L181)."""
    return target_id in holds(grabber) and can_hold(grabber)


def grabbed_by(sheet: BoonbaneSheet) -> list[str]:
    """The grabbers named by this creature's Grabbed instances (their ``source``)."""
    return [a.source for a in sheet.afflictions if a.name == "grabbed" and a.source is not None]


def started(grabber_id: str, target_id: str, until_round: int,
            renewed: bool = False) -> list[tuple[str, GrabStarted]]:
    """The grab recorded on both sheets (L180; renewed by an automatic success, L179)."""
    return [(cid, GrabStarted(character_id=cid, grabber_id=grabber_id,
                                             target_id=target_id, until_round=until_round,
                                             renewed=renewed))
            for cid in (grabber_id, target_id)]


def ended(grabber_id: str, target_id: str, cause: str, yards: int | None = None
          ) -> list[tuple[str, GrabEnded]]:
    """The grab's end recorded on both sheets (L167, L181, L295)."""
    return [(cid, GrabEnded(character_id=cid, grabber_id=grabber_id,
                                         target_id=target_id, cause=cause, yards=yards))
            for cid in (grabber_id, target_id)]


def fold_started(sheet: BoonbaneSheet, ev: GrabStarted) -> BoonbaneSheet:
    """The grabber's ``grabbing`` effect, or the grabbed creature's Grabbed instance, replacing
    the one this grab had before (a renewal, L179)."""
    sheet = fold_ended(sheet, GrabEnded(character_id=ev.character_id, grabber_id=ev.grabber_id,
                                        target_id=ev.target_id, cause="renewed"))
    if ev.character_id == ev.grabber_id:
        effect = RoundEffect(kind="grabbing", source="grab L180", target_id=ev.target_id,
                             until_round=ev.until_round)
        return msgspec.structs.replace(sheet, round_effects=[*sheet.round_effects, effect])
    grabbed = AfflictionInstance(name="grabbed", source=ev.grabber_id, rounds=GRAB_ROUNDS)
    return msgspec.structs.replace(sheet, afflictions=[*sheet.afflictions, grabbed])


def fold_ended(sheet: BoonbaneSheet, ev: GrabEnded) -> BoonbaneSheet:
    if ev.character_id == ev.grabber_id:
        return msgspec.structs.replace(sheet, round_effects=[
            e for e in sheet.round_effects
            if not (e.kind == "grabbing" and e.target_id == ev.target_id)])
    return msgspec.structs.replace(sheet, afflictions=[
        a for a in sheet.afflictions if not (a.name == "grabbed" and a.source == ev.grabber_id)])


def size_rank(size: float) -> int:
    """A Size's step on the size ladder: 1, 2, 3, ... are themselves; 1/2, 1/4, 1/8 are one step
    below the one before (the seed counts "size difference" without a scale, digest D-26)."""
    return math.floor(size) if size >= 1 else 1 - math.ceil(math.log2(1 / size))


def size_source(actor: BoonbaneSheet, target: BoonbaneSheet, line: str,
                mode: str = "as_written") -> SourceLine | None:
    """Knock Down (L194) and Shove (L231): "If you are larger, take 1 bane per size difference;
    if smaller, take 1 boon per difference." ``mode`` "favor_larger" swaps them (digest D-26)."""
    steps = size_rank(actor.size) - size_rank(target.size)
    if steps == 0:
        return None
    larger = steps > 0
    banes = larger if mode == "as_written" else not larger
    count = abs(steps)
    return SourceLine(source=f"{'larger' if larger else 'smaller'} than the target by {count}",
                      line=line, boons=0 if banes else count, banes=count if banes else 0)


def shove_yards(actor: BoonbaneSheet) -> int:
    """Shove (L232): the target moves 1 + the shover's Str modifier yards, minimum 1."""
    return max(1, 1 + modifier(actor.strength))


def half_speed(sheet: BoonbaneSheet) -> int:
    """Half Speed rounded down (Escape L167, Pull L212; half rounded down, L30)."""
    return effective_speed(sheet) // 2
