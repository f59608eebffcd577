"""A grab ends at once when its grabber can no longer use actions (L181: "The grab ends if you
cannot use actions or can no longer reach the target."): the command whose events leave the
grabber unable to act (damage that disables, kills or knocks it out, a Fate roll that leaves it
dying or dead, an affliction such as Stunned, Dazed or Unconscious) also ends its grabs, on both
sheets, so the grabbed creature's sheet stops showing Grabbed with that command. It is the
decider's ``settle`` step: it follows every command, however its events were decided."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.boonbane.grabs import GrabEnded
from domain.rulesets.base import character_key
from domain.rulesets.boonbane import grabs
from domain.rulesets.boonbane.context import Ctx
from domain.rulesets.boonbane.state import BoonbaneSheet

CAUSE: Final = "the grabber cannot use actions L181"


def released(ctx: Ctx) -> None:
    """Grab ends (L181) for every grabber among the command's characters that holds a grab
    after its events and can no longer use actions (each grabber as the command's events left
    it; the ends are emitted once all are found)."""
    touched = dict.fromkeys(e.stream for e in ctx.events if e.stream.startswith("character:"))
    ends: list[tuple[str, GrabEnded]] = []
    for stream in touched:
        after = ctx.states.get(stream)
        if not isinstance(after, BoonbaneSheet) or grabs.can_hold(after):
            continue
        cid = stream.removeprefix("character:")
        ends.extend((character_key(ecid), body) for target_id in grabs.holds(after)
                    for ecid, body in grabs.ended(cid, target_id, CAUSE))
    for stream, body in ends:
        ctx.emit(stream, body)
