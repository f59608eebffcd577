"""A grab ends at once when its grabber can no longer use actions (L181: "The grab ends if you
cannot use actions or can no longer reach the target."): the command whose events leave the
grabber unable to act (damage that disables, kills or knocks it out, a Fate roll that leaves it
dying or dead, an affliction such as Stunned, Dazed or Unconscious) also ends its grabs, on both
sheets, so the grabbed creature's sheet stops showing Grabbed with that command."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import msgspec

from domain.rulesets.boonbane import grabs
from domain.rulesets.boonbane import sheet as sheets
from domain.rulesets.boonbane.decide_play import Decided

CAUSE: Final = "the grabber cannot use actions L181"
Fold = Callable[[Any, str, Mapping[str, Any]], Any]


def released(decided: Decided, before: Mapping[str, Any], fold: Fold) -> Decided:
    """Grab ends (L181) for every grabber among the decided events' characters that holds a
    grab after them and can no longer use actions. ``before`` maps a character id to its sheet
    as loaded for the command; ``fold`` is the ruleset's evolve."""
    out: Decided = []
    touched = dict.fromkeys(cid for cid, _, _ in decided if cid is not None and cid in before)
    for cid in touched:
        state = before[cid]
        for ecid, kind, body in decided:
            if ecid == cid:
                state = fold(state, f"boonbane.{kind}", msgspec.to_builtins(body))
        after = sheets.load(state)
        if grabs.can_hold(after):
            continue
        for target_id in grabs.holds(after):
            out.extend(grabs.ended(cid, target_id, CAUSE))
    return out
