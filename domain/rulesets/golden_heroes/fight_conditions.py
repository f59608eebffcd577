"""A fighter's condition, told to its fight whichever way it changed (L123).

Stunned characters "have only 2 Frames per round until they have recovered" (L123) and the
helpless act not at all, so the fight must know when a combatant's HTC or HTK crosses a
threshold. It does not matter how: a blow, a fall, recovery, aid, a coup de grace. Instead of
each rule remembering to say so, every decision is read after the fact (the decider's
``settle`` step): each character whose events change its condition while it is in a fight gets
a ``ConditionNoted`` on that fight; and a fight read together with one of its fighters whose
condition it has wrong (a fight begun before conditions were noted, a retcon) is set right.
"""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.base import character_key, encounter_key
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes import states
from domain.rulesets.golden_heroes.events import Ctx, Out, States, event

CHARACTER = character_key("")
ENCOUNTER = encounter_key("")


def _note(fight: str, cid: str, condition: str) -> Out:
    return event(encounter_key(fight), c.ConditionNoted(
        encounter_id=fight, character_id=cid, condition=condition))  # type: ignore[arg-type]


def settle(ctx: Ctx, before: States) -> None:
    """After a command's events, a ``ConditionNoted`` for each fighter whose condition they
    change (stunned, helpless, recovered: L123) or whose fight, read here, has it wrong.

    ``before`` holds the states the command was decided in; ``ctx.states`` those its events
    left. Only the characters and fights the command read are looked at."""
    chars = [s for s, v in before.items() if s.startswith(CHARACTER) and v is not None]
    fights = [s for s, v in before.items() if s.startswith(ENCOUNTER) and v is not None]
    changed = {e.stream for e in ctx.events} & set(chars)
    out: list[Out] = []
    told: set[tuple[str, str]] = set()
    for stream in sorted(changed):
        was, now = before[stream], ctx.states[stream]
        if not isinstance(was, st.GoldenHeroesSheet) or not isinstance(now, st.GoldenHeroesSheet):
            continue
        condition = states.fight_condition(now)
        if now.fight is not None and condition != states.fight_condition(was):
            cid = stream[len(CHARACTER):]
            out.append(_note(now.fight, cid, condition))
            told.add((now.fight, cid))
    for stream in fights:
        fight = ctx.states[stream]
        if not isinstance(fight, st.EncounterState) or not fight.active:
            continue
        for x in fight.combatants:
            sheet = ctx.states.get(character_key(x.character_id))
            if character_key(x.character_id) not in chars or not isinstance(
                    sheet, st.GoldenHeroesSheet) or (fight.encounter_id, x.character_id) in told:
                continue
            condition = states.fight_condition(sheet)
            if condition != x.condition:
                out.append(_note(fight.encounter_id, x.character_id, condition))
    for e in out:
        ctx.emit(e.stream, e.event, e.visibility)
