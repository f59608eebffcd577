"""Every boonbane wire command has a handler, registered by its class: none is refused as a
command without one."""

from __future__ import annotations

import msgspec
import msgspec.inspect as mi
import pytest

from domain.dice import ScriptedDice
from domain.rulesets.boonbane.decide import DECIDER, HANDLERS
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.ruleset import COMMAND_TYPES
from domain.rulesets.boonbane.state import BoonbaneEncounter
from domain.rulesets.seam import Working


def _value(t: mi.Type) -> object:
    """A valid value of a wire type: the first of a Literal, a minimal Struct, one list item."""
    if isinstance(t, mi.LiteralType):
        return t.values[0]
    if isinstance(t, mi.IntType):
        return max(1, t.ge or 0)
    if isinstance(t, mi.ListType):
        return [_value(t.item_type)]
    if isinstance(t, mi.StructType):
        return {f.name: _value(f.type) for f in t.fields if f.required}
    return "x"


def _minimal(kind: type[msgspec.Struct]) -> msgspec.Struct:
    info = mi.type_info(kind)
    assert isinstance(info, mi.StructType)
    return msgspec.convert(_value(info), kind)


@pytest.mark.parametrize("name", sorted(COMMAND_TYPES))
def test_every_command_reaches_its_decider(name: str) -> None:
    command = _minimal(COMMAND_TYPES[name])
    # no character is loaded: a handler that reads a sheet is refused for the missing creature
    ctx = Working({"encounter:x": BoonbaneEncounter(encounter_id="x", sides={"x": "players"})},
                  BoonbaneOptions(), ScriptedDice([]), DECIDER.evolve)
    try:
        HANDLERS.dispatch(ctx, command)
    except Exception as err:  # a refusal by the rules is fine; no handler is not
        assert getattr(err, "rule", "") != "ruleset.command", name


def test_the_handlers_are_the_wire_commands_each_once() -> None:
    assert sorted(c.__name__ for c in HANDLERS.commands()) == sorted(
        t.__name__ for t in COMMAND_TYPES.values())
