"""A fighter's condition, told to its fight whichever way it changed (L123).

Stunned characters "have only 2 Frames per round until they have recovered" (L123) and the
helpless act not at all, so the fight must know when a combatant's HTC or HTK crosses a
threshold. It does not matter how: a blow, a fall, recovery, aid, a coup de grace. Instead of
each rule remembering to say so, every decision is read after the fact: each character whose
events change its condition while it is in a fight gets a ``ConditionNoted`` on that fight.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.base import RulesetEvent, character_key, encounter_key
from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes import states
from domain.rulesets.golden_heroes.evolve import evolve

RID = c.RULESET_ID
PREFIX = character_key("")


def noted(events: list[RulesetEvent], states_: Mapping[str, Any]) -> list[RulesetEvent]:
    """``events`` followed by a ``ConditionNoted`` for each fighter whose condition they change
    (stunned, helpless, recovered: L123)."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for ev in events:
        if not ev.stream.startswith(PREFIX) or states_.get(ev.stream) is None:
            continue
        if ev.stream not in before:
            before[ev.stream] = states_[ev.stream]
        after[ev.stream] = evolve(after.get(ev.stream, before[ev.stream]), ev.type, ev.data)
    out = list(events)
    for stream, state in after.items():
        was, now = sheets.load(before[stream]), sheets.load(state)
        fight = now.fight
        condition = states.fight_condition(now)
        if fight is None or condition == states.fight_condition(was):
            continue
        cid = stream[len(PREFIX):]
        out.append(RulesetEvent(
            stream=encounter_key(fight), type=f"{RID}.ConditionNoted",
            data=msgspec.to_builtins(c.ConditionNoted(
                encounter_id=fight, character_id=cid,
                condition=condition))))  # type: ignore[arg-type]
    return out
