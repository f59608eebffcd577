"""Every boonbane wire command has a decider: none falls through to "not a boonbane command"."""

from __future__ import annotations

import msgspec
import msgspec.inspect as mi
import pytest

from domain.dice import ScriptedDice
from domain.rulesets.boonbane import dispatch
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.ruleset import COMMAND_TYPES


class Reached(Exception):
    """Raised by the sheet loader: the command reached a decider that reads a sheet."""


def _load(cid: str, field: str) -> object:
    raise Reached(field)


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
    try:
        dispatch.decide(command, {"encounter_id": "x", "sides": {"x": "players"}}, _load,  # type: ignore[arg-type]
                        ScriptedDice([]), BoonbaneOptions())
    except Reached:
        pass
    except Exception as err:  # a refusal by the rules is fine; falling through is not
        assert getattr(err, "rule", "") != "boonbane.command", name
