"""A fighter's condition, told to its fight whichever way it changed (L123).

Stunned characters "have only 2 Frames per round until they have recovered" (L123) and the
helpless act not at all, so the fight must know when a combatant's HTC or HTK crosses a
threshold. It does not matter how: a blow, a fall, recovery, aid, a coup de grace. Instead of
each rule remembering to say so, every decision is read after the fact: each character whose
events change its condition while it is in a fight gets a ``ConditionNoted`` on that fight;
and a fight read together with one of its fighters whose condition it has wrong (a fight begun
before conditions were noted, a retcon) is set right.
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
CHARACTER = character_key("")
ENCOUNTER = encounter_key("")


def _note(fight: str, cid: str, condition: str) -> RulesetEvent:
    return RulesetEvent(stream=encounter_key(fight), type=f"{RID}.ConditionNoted",
                        data=msgspec.to_builtins(c.ConditionNoted(
                            encounter_id=fight, character_id=cid,
                            condition=condition)))  # type: ignore[arg-type]


def noted(events: list[RulesetEvent], states_: Mapping[str, Any]) -> list[RulesetEvent]:
    """``events`` followed by a ``ConditionNoted`` for each fighter whose condition they change
    (stunned, helpless, recovered: L123) or whose fight, read here, has it wrong."""
    after = {s: v for s, v in states_.items() if s.startswith(CHARACTER) and v is not None}
    fights = {s: v for s, v in states_.items() if s.startswith(ENCOUNTER) and v is not None}
    changed: set[str] = set()
    for ev in events:
        if ev.stream in after:
            after[ev.stream] = evolve(after[ev.stream], ev.type, ev.data)
            changed.add(ev.stream)
        elif ev.stream in fights:
            fights[ev.stream] = evolve(fights[ev.stream], ev.type, ev.data)
    out = list(events)
    told: set[tuple[str, str]] = set()
    for stream in sorted(changed):
        was, now = sheets.load(states_[stream]), sheets.load(after[stream])
        condition = states.fight_condition(now)
        if now.fight is not None and condition != states.fight_condition(was):
            cid = stream[len(CHARACTER):]
            out.append(_note(now.fight, cid, condition))
            told.add((now.fight, cid))
    for raw in fights.values():
        fight = msgspec.convert(raw, c.EncounterState)
        if not fight.active:
            continue
        for x in fight.combatants:
            stream = character_key(x.character_id)
            if stream not in after or (fight.encounter_id, x.character_id) in told:
                continue
            condition = states.fight_condition(sheets.load(after[stream]))
            if condition != x.condition:
                out.append(_note(fight.encounter_id, x.character_id, condition))
    return out
