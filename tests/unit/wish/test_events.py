"""WISH's decider records only the events of its registry, each under its class's tag."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets.wish import events as ev
from domain.dice import ScriptedDice
from domain.rulesets.wish import WISH
from domain.rulesets.wish.decide_context import Ctx
from domain.rulesets.wish.decider import DECIDER
from domain.rulesets.wish.options import WishOptions


def test_emit_records_a_registered_event_under_its_tag_with_its_fields_as_data() -> None:
    ctx = Ctx({}, WishOptions(), ScriptedDice([]), DECIDER.evolve)
    ctx.emit("encounter:e", ev.InitiativeMoved(from_=3, to=0, cause="Shift L449"))
    ctx.emit("encounter:e", ev.ActionTaken(character_id="a", kind="check"))
    (moved, action) = (WISH.events.encode(e.event) for e in ctx.events)
    assert moved == ("wish.InitiativeMoved", {"from": 3, "to": 0, "cause": "Shift L449"})
    assert action == ("wish.ActionTaken", {"character_id": "a", "kind": "check"})


def test_emit_refuses_a_struct_that_is_not_a_registered_wish_event() -> None:
    class Stray(ev.WishEvent, frozen=True, kw_only=True, tag="wish.Stray"):
        note: str

    class Plain(msgspec.Struct, frozen=True):
        note: str

    ctx = Ctx({}, WishOptions(), ScriptedDice([]), DECIDER.evolve)
    for event in (Stray(note="x"), Plain(note="x")):
        with pytest.raises(TypeError, match="not a registered WISH event"):
            ctx.emit("character:a", event)  # type: ignore[arg-type]
    assert ctx.events == []
