"""Potential on the typed seam: its streams declared as data touch exactly the streams the
field-name lookup it replaced touched (``streams_reference``), every command has one handler,
every event one fold into the kind of stream it was always recorded on, and the registry the
platform reads is the seam's."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from contracts.rulesets import potential as c
from domain.dice import ScriptedDice
from domain.rulesets.potential import POTENTIAL, combat_order
from domain.rulesets.potential.context import Event
from domain.rulesets.potential.decide import DECIDER, HANDLERS
from domain.rulesets.potential.evolve import CHARACTERS
from tests.unit.potential.streams_reference import streams_for as reference


def _value(name: str, t: mi.Type) -> Any:
    """A value for a field: every text its own id, lists of two, maps of two keys."""
    if isinstance(t, mi.StrType):
        return f"{name}-1"
    if isinstance(t, mi.UnionType):
        return _value(name, next(a for a in t.types if not isinstance(a, mi.NoneType)))
    if isinstance(t, mi.ListType):
        return [_value(f"{name}-a", t.item_type), _value(f"{name}-b", t.item_type)]
    if isinstance(t, mi.DictType):
        return {f"{name}-x": _value(name, t.value_type), f"{name}-y": _value(name, t.value_type)}
    if isinstance(t, mi.LiteralType):
        return t.values[0]
    if isinstance(t, mi.BoolType):
        return True
    if isinstance(t, mi.IntType):
        return 1
    raise AssertionError(f"no value for {name}: {t}")


def _payload(cls: type[msgspec.Struct], *, every_field: bool) -> msgspec.Struct:
    fields = typing.cast(mi.StructType, mi.type_info(cls)).fields
    raw = {f.name: _value(f.name, f.type) for f in fields if every_field or f.required}
    return msgspec.convert(raw, cls)


@pytest.mark.parametrize("every_field", [True, False], ids=["every-field", "required-only"])
@pytest.mark.parametrize("cls", c.COMMANDS, ids=lambda t: t.__name__)
def test_each_command_touches_the_streams_the_field_lookup_did(cls: type[msgspec.Struct],
                                                               every_field: bool) -> None:
    cmd = _payload(cls, every_field=every_field)
    declared, oracle = POTENTIAL.streams_for(cmd), reference(cmd)
    assert set(declared) == set(oracle)
    assert len(declared) == len(set(declared))
    # the characters in the same order; the combat's stream comes first now, last before
    assert [s for s in declared if s.startswith("character:")] == \
        [s for s in oracle if s.startswith("character:")]


def test_streams_of_a_full_attack_name_each_character_once() -> None:
    cmd = c.Attack(campaign_id="c", character_id="a", target_id="t", focus="f",
                   aid_from=["x", "a", "y"])
    assert POTENTIAL.streams_for(cmd) == ["character:a", "character:t", "character:x",
                                          "character:y"]
    turn = c.EndTurn(campaign_id="c", character_id="a", nominate="b", combat_id="k")
    assert POTENTIAL.streams_for(turn) == ["encounter:k", "character:a", "character:b"]


def test_every_command_has_one_handler_and_every_event_one_fold() -> None:
    assert set(HANDLERS.commands()) == set(c.COMMANDS)
    assert set(CHARACTERS.events()) == set(c.EVENTS.values())
    assert set(combat_order.ENCOUNTERS.events()) == set(c.COMBAT_EVENTS.values())
    assert set(typing.get_args(Event)) == set(c.POTENTIAL_EVENTS)
    # the registry the platform reads: every event, tagged ``potential.<Name>``, as before
    assert dict(POTENTIAL.event_types) == {f"potential.{t.__name__}": t
                                           for t in c.POTENTIAL_EVENTS}
    # each event folds into the kind of stream it was always recorded on
    assert all(t in DECIDER.encounters and t not in DECIDER.characters
               for t in c.COMBAT_EVENTS.values())
    assert all(t in DECIDER.characters for t in c.EVENTS.values())


def test_a_combat_stream_opens_from_nothing_and_stores_every_field() -> None:
    opened = {"combat_id": "k", "participants": ["a", "b"], "first": "b"}
    state = POTENTIAL.evolve(None, "potential.CombatOpened", opened)
    assert state == {"combat_id": "k", "participants": ["a", "b"], "round": 1, "current": None,
                     "next": "b", "had_turn": [], "last": None, "active": True,
                     "auction": None, "seized": False}
    # a bid before any opening still folds into an empty order, as the stream always did
    bid = POTENTIAL.evolve({}, "potential.InitiativeBid",
                           {"combat_id": "k", "character_id": "a", "nominee": "b", "tokens": 2})
    assert bid["auction"] == {"nominee": "b", "bids": [{"character_id": "a", "tokens": 2}],
                              "pay_static": 0, "yielded": []}
    # a body that does not fit its Struct leaves the state as it was (folds stay total)
    assert POTENTIAL.evolve(state, "potential.RoundBegan", {"combat_id": "k"}) is state


def test_starting_combat_decides_each_sheet_and_the_combat_order_in_wire_form() -> None:
    """Starting combat spends readiness on each sheet (L33-35) and opens the combat's order;
    the events come out in wire form, each on its stream."""
    sheet = POTENTIAL.validate_sheet({"advantages": []}, {})
    events = POTENTIAL.decide(
        c.StartCombat(campaign_id="c", participants=["a", "b"], readiness={"a": 2},
                      combat_id="k"),
        {"character:a": sheet, "character:b": sheet, "encounter:k": None}, {}, ScriptedDice([]))
    assert [(e.stream, e.type) for e in events] == [
        ("character:a", "potential.CombatStarted"), ("character:b", "potential.CombatStarted"),
        ("encounter:k", "potential.CombatOpened")]
    assert events[0].data == {"character_id": "a", "readiness": 2, "combat_id": "k"}
    assert events[2].data == {"combat_id": "k", "participants": ["a", "b"], "first": None}
