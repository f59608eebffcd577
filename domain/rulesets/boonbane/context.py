"""The context boon/bane's command handlers decide in (``Ctx``), and the one way they record:
the rule functions return (character id, or None for the encounter; event), and ``record`` adds
what the command's successful rolls do (L11, ``success``) and emits each event to the stream it
names. Every rule function reads the states the command was decided against: ``record`` emits
only once the whole command is decided."""

from __future__ import annotations

from typing import TypeAlias

from domain.errors import NotFound
from domain.rulesets.base import character_key, encounter_key
from domain.rulesets.boonbane import success
from domain.rulesets.boonbane.decide_play import Decided, Load
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet
from domain.rulesets.seam import Working

State: TypeAlias = BoonbaneSheet | BoonbaneEncounter
Ctx: TypeAlias = Working[State, BoonbaneEvent, BoonbaneOptions]


def loader(ctx: Ctx) -> Load:
    """A character's sheet as the command found it; refused naming ``field`` when there is none."""
    def load(cid: str, field: str) -> BoonbaneSheet:
        state = ctx.states.get(character_key(cid))
        if not isinstance(state, BoonbaneSheet):
            raise NotFound(field, "boonbane.character", f"no boonbane character {cid!r}")
        return state
    return load


def encounter(ctx: Ctx, encounter_id: str | None) -> BoonbaneEncounter | None:
    """The running encounter a command names, if any."""
    if encounter_id is None:
        return None
    state = ctx.states.get(encounter_key(encounter_id))
    return state if isinstance(state, BoonbaneEncounter) else None


def record(ctx: Ctx, campaign_id: str, encounter_id: str | None, decided: Decided) -> None:
    """Emit a decided command's events, then what each of its rolls that succeeded does (L11):
    a character's to its sheet's stream, the others to the encounter's."""
    follows = success.follow(decided, campaign_id, loader(ctx), ctx.dice, ctx.options)
    for cid, body in [*decided, *follows]:
        ctx.emit(character_key(cid) if cid is not None else encounter_key(str(encounter_id)),
                 body)
