"""Fortune on a Fate roll (L47 "treat any d6 roll as a 6"; digest Appendix C: the life-saver at
the end of the round): the latest Fate roll read again with a 6 (L36, L42), while its result
still stands."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane.play import FateAmended
from domain.dice import ScriptedDice
from domain.errors import StateConflict
from domain.rulesets.boonbane import dying, fortune, views
from domain.rulesets.boonbane.damage import DISABLED_DEFENSELESS, DYING_UNCONSCIOUS
from domain.rulesets.boonbane.state import AfflictionInstance, BoonbaneSheet

# the instance a state links, which its Fate roll may have ended (L33, L41)
LINKED_BY_STATE = {"disabled": AfflictionInstance(name="defenseless", source=DISABLED_DEFENSELESS),
                   "dying": AfflictionInstance(name="unconscious", source=DYING_UNCONSCIOUS)}


def amend(sheet: BoonbaneSheet, character_id: str, rounds_per_minute: int) -> FateAmended:
    """Spend 1 Fortune to treat the latest Fate roll's d6 as a 6: refused with no such roll, a
    6 already, or a result changed since (damage, healing or another Fate roll came after)."""
    fortune.require(sheet, "use", "fate_six")
    last = sheet.last_fate
    if last is None or last.d6 is None:
        raise StateConflict("use", "boonbane.fortune L47", "this character has no Fate roll to "
                            "treat as a 6")
    if last.d6 == 6:
        raise StateConflict("use", "boonbane.fortune L47", "the Fate roll is already a 6")
    stands = sheet.damage == last.damage and (
        sheet.marked_dead if last.marked_dead else sheet.life_state == last.life_state)
    if not stands:
        raise StateConflict("use", "boonbane.fortune L47",
                            "the Fate roll's result no longer stands: something came after it")
    kept = list(sheet.afflictions)
    for inst in last.added:
        if inst in kept:
            kept.remove(inst)
    linked = LINKED_BY_STATE[last.was]
    if linked.source in last.removed_sources:
        kept.append(linked)
    before = msgspec.structs.replace(sheet, life_state=last.was, damage=last.damage + last.healed,
                                     afflictions=kept, marked_dead=False)
    six = dying.fate(before, character_id, ScriptedDice([6]), rounds_per_minute=rounds_per_minute)
    after = dying.fold(before, six)
    return FateAmended(character_id=character_id, rolled=last.d6, fate=six,
                       afflictions=views.wire_afflictions(after.afflictions),
                       fortune=sheet.fortune - 1)


def fold(sheet: BoonbaneSheet, ev: FateAmended) -> BoonbaneSheet:
    """The sheet after a Fate roll amended to a 6."""
    return msgspec.structs.replace(
        sheet, life_state=ev.fate.life_state, damage=ev.fate.damage,
        disabled_rounds=ev.fate.disabled_rounds, afflictions=views.afflictions(ev.afflictions),
        fortune=max(0, ev.fortune), last_fate=None,
        marked_dead=False if sheet.last_fate and sheet.last_fate.marked_dead else
        sheet.marked_dead,
        death_condition=None if sheet.last_fate and sheet.last_fate.marked_dead else
        sheet.death_condition)
