"""Incapacitation (L59-L65) and its end, by whatever path Damage or Health changed.

"A creature becomes incapacitated when its Damage equals its Health." (L61): damage taken
(L25-L27), a lower Health (a GM award), or a sheet created so. Every such path asks ``settle``
for the life state it leads to, so each gets the same consequences: prone (L62), a player
character disabled and so defenseless (L65, L33), a non-player creature dead or unconscious 1d3
hours at the GM's choice (L64). A Damage total back below Health (healing, a higher Health) ends
the disabled and dying states and the afflictions linked to them (digest D-7, D-9).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import msgspec

from contracts.rulesets.boonbane import AfflictionInstance
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import state as s
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.state import BoonbaneSheet

# afflictions linked to a life state; they end with it (digest D-9)
DISABLED_DEFENSELESS = "disabled L33"
DYING_UNCONSCIOUS = "dying L40"
NPC_UNCONSCIOUS = "incapacitated L64"
INCAPACITATED_PRONE = "incapacitated L62"
# the life states an incapacitated creature is in until its Damage drops below Health
INCAPACITATED_STATES = ("disabled", "dying")
NpcOutcome = Literal["die", "unconscious"]


# the affliction each incapacitated life state carries while it lasts (L33, L41)
LINKED_TO: dict[str, s.AfflictionInstance] = {
    "disabled": s.AfflictionInstance(name="defenseless", source=DISABLED_DEFENSELESS),
    "dying": s.AfflictionInstance(name="unconscious", source=DYING_UNCONSCIOUS),
}


class LifeChange(NamedTuple):
    """The life state after a change of Damage or Health, and what it adds or ends (as the
    event recording it carries them)."""

    life_state: str
    cause: str | None = None
    added: list[AfflictionInstance] = []
    removed_sources: list[str] = []
    d3: int | None = None


def settle(sheet: BoonbaneSheet, damage: int, health: int, *, npc_outcome: NpcOutcome | None,
           dice: Dice | None) -> LifeChange:
    """The life state once Damage is ``damage`` and Health ``health`` (L61-L65), from the
    sheet's: reaching Health incapacitates an active creature, which falls prone (L62); a player
    character becomes disabled (L65), defenseless while so (L33); a non-player creature dies or
    falls unconscious 1d3 hours, the GM's ``npc_outcome`` (L64). Below Health again, a disabled
    or dying creature is no longer incapacitated: active, its linked afflictions ended (D-9).
    The dead and the creature marked dead (L353) stay as they are."""
    state = sheet.life_state
    if state == "dead" or sheet.marked_dead:
        return LifeChange(state)
    if damage < health:
        if state in INCAPACITATED_STATES:
            return LifeChange("active", "no longer incapacitated L61",
                              removed_sources=[DISABLED_DEFENSELESS, DYING_UNCONSCIOUS])
        return LifeChange(state)
    if state != "active":
        return LifeChange(state)  # already disabled, dying or unconscious (L64)
    prone = AfflictionInstance(name="prone", source=INCAPACITATED_PRONE)
    if sheet.kind == "pc":
        return LifeChange("disabled", "disabled L65", [prone, AfflictionInstance(
            name="defenseless", source=DISABLED_DEFENSELESS)])
    if npc_outcome is None:
        raise DomainError("npc_outcome", "boonbane.incapacitated L64",
                          "this incapacitates a non-player creature: the GM chooses "
                          "npc_outcome 'die' or 'unconscious'")
    if npc_outcome == "die":
        return LifeChange("dead", "died L64", [prone])
    assert dice is not None
    hours = dice.roll(3)
    return LifeChange("unconscious", "unconscious L64", [prone, AfflictionInstance(
        name="unconscious", source=NPC_UNCONSCIOUS, hours=hours)], d3=hours)


def fold(sheet: BoonbaneSheet, *, damage: int, life_state: str, cause: str | None,
         added: list[AfflictionInstance], removed_sources: list[str],
         marked_dead: bool = False, **changes: Any) -> BoonbaneSheet:
    """The sheet after a recorded change of life state: linked afflictions ended, new ones added,
    the consecutive disabled rounds counted again from a new disablement (L38)."""
    kept = [a for a in sheet.afflictions if a.source not in removed_sources]
    new = views.afflictions(a for a in added if a.source not in removed_sources)
    rounds = 0 if cause == "disabled L65" or life_state == "active" else sheet.disabled_rounds
    return msgspec.structs.replace(
        sheet, damage=damage, life_state=life_state, disabled_rounds=rounds,
        afflictions=kept + new, marked_dead=sheet.marked_dead or marked_dead,
        death_condition=cause if marked_dead else sheet.death_condition, **changes)


def consistent(sheet: BoonbaneSheet) -> str | None:
    """Why a sheet's life state disagrees with its Damage and Health, or None: Damage at Health
    is incapacitated (L61), so not active, unless dead or marked dead; disabled and dying are
    incapacitated states (L31-L42), so need Damage at Health."""
    if sheet.life_state == "dead" or sheet.marked_dead:
        return None
    if sheet.damage >= sheet.health and sheet.life_state == "active":
        return "Damage equals Health: incapacitated (L61), so not active"
    if sheet.damage < sheet.health and sheet.life_state in INCAPACITATED_STATES:
        return f"{sheet.life_state} is incapacitated: Damage must equal Health (L61)"
    return None


def on_creation(sheet: BoonbaneSheet) -> BoonbaneSheet:
    """A sheet created incapacitated gets the same state as damage would give it (L61-L65): a
    player character at Damage equal to Health is disabled, prone and defenseless; a non-player
    creature there must say whether it is dead or unconscious (L64); a disabled or dying sheet
    carries its linked Defenseless or Unconscious (L33, L41) and needs Damage at Health."""
    if sheet.damage >= sheet.health and sheet.life_state == "active" and not sheet.marked_dead:
        if sheet.kind != "pc":
            raise DomainError("sheet.life_state", "boonbane.incapacitated L64",
                              "a non-player creature at Damage equal to Health is 'dead' or "
                              "'unconscious' (the GM's choice)")
        change = settle(sheet, sheet.damage, sheet.health, npc_outcome=None, dice=None)
        sheet = fold(sheet, damage=sheet.damage, life_state=change.life_state,
                     cause=change.cause, added=change.added, removed_sources=[])
    problem = consistent(sheet)
    if problem is not None:
        raise DomainError("sheet.life_state", "boonbane.incapacitated L61", problem)
    need = LINKED_TO.get(sheet.life_state)
    if need is not None and need.source not in {a.source for a in sheet.afflictions}:
        sheet = msgspec.structs.replace(sheet, afflictions=[*sheet.afflictions, need])
    return sheet


def reconcile(sheet: BoonbaneSheet) -> BoonbaneSheet:
    """The sheet with its life state agreeing with its Damage and Health, after any folded event
    (a retcon can remove the event that led to a state while keeping those after it): disabled
    or dying below Health is active again (L61); a player character active at Health is disabled
    (L65); a life state carries its linked affliction (L33, L41) and no other state's. Nothing
    changes for the dead, the marked dead, or a sheet already consistent."""
    if sheet.life_state == "dead" or sheet.marked_dead:
        return sheet
    state = sheet.life_state
    if sheet.damage < sheet.health and state in INCAPACITATED_STATES:
        state = "active"
    elif sheet.damage >= sheet.health and state == "active" and sheet.kind == "pc":
        state = "disabled"
    wanted = LINKED_TO.get(state)
    kept = [a for a in sheet.afflictions if a.source not in (DISABLED_DEFENSELESS,
                                                              DYING_UNCONSCIOUS)
            or (wanted is not None and a.source == wanted.source)]
    if wanted is not None and wanted.source not in {a.source for a in kept}:
        kept.append(wanted)
    if state == sheet.life_state and kept == sheet.afflictions:
        return sheet
    return msgspec.structs.replace(sheet, life_state=state, afflictions=kept,
                                   disabled_rounds=sheet.disabled_rounds if state == "disabled"
                                   else 0)
