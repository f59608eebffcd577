"""Boon/bane's stream states are the domain's own classes, and their views are the wire's: every
sheet and encounter state the recorded logs fold to (after each of their events) maps to a view
that encodes exactly as the state is stored, and no state class is a contract class."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import contracts
from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import play as p
from domain.decider import evolve, initial_state
from domain.rulesets.boonbane import state as s
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.codec import BoonbaneCodec
from tests import recorded_events as rec

EXPORTS = [path for path in rec.EXPORTS
           if any(e["type"] == "CampaignCreated" and e["data"]["ruleset"] == "boonbane"
                  for e in rec.events_of(path))]


def _stored_states(path: Path) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(stream, kind, stored state) after each event of each character and encounter stream."""
    states: dict[str, Any] = {}
    for event in rec.events_of(path):
        stream = event["stream_id"]
        kind = stream.split("/", 1)[0]
        if kind not in ("character", "encounter"):
            continue
        state = states.get(stream, initial_state(stream))
        state = states[stream] = evolve(stream, state, event["type"], event["data"])
        stored = state.sheet if kind == "character" else state
        if stored:
            yield stream, kind, stored


def _json(value: object) -> bytes:
    """JSON with keys sorted: a state just created is stored as its event's sheet, whose keys the
    store orders its own way (and whose int defaults of float fields, ``min_size: 0``, read back
    as floats)."""
    return msgspec.json.encode(value, order="sorted")


def test_the_recorded_logs_hold_boonbane_sheets_and_encounters() -> None:
    kinds = {kind for path in EXPORTS for _, kind, _ in _stored_states(path)}
    assert len(EXPORTS) >= 7 and kinds == {"character", "encounter"}


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: p.stem[:50])
def test_each_recorded_state_loads_as_the_domain_and_its_view_encodes_as_stored(
        path: Path) -> None:
    codec = BoonbaneCodec()
    for stream, kind, stored in _stored_states(path):
        state = codec.load("encounter" if kind == "encounter" else "character", stored)
        view: msgspec.Struct
        if kind == "character":
            assert type(state) is s.BoonbaneSheet, stream
            view = views.sheet_view(state)
            assert type(view) is c.BoonbaneSheet
        else:
            assert type(state) is s.BoonbaneEncounter, stream
            view = views.encounter_view(state)
            assert type(view) is p.BoonbaneEncounter
        # what the wire showed before: the stored form decoded into the contract's class
        before = _json(msgspec.convert(stored, type(view)))
        assert _json(view) == before == _json(state), stream
        assert msgspec.json.encode(view) == msgspec.json.encode(state), stream  # field order
        assert msgspec.to_builtins(view) == stored == codec.dump(state), stream
        assert not [v for v in _values(state) if type(v).__module__.startswith("contracts")]


def _values(value: object) -> Iterator[object]:
    """Every value a state holds, nested ones included."""
    yield value
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from _values(getattr(value, name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _values(item)
    elif isinstance(value, list):
        for item in value:
            yield from _values(item)


def test_a_nested_value_crosses_between_wire_and_state_by_its_converter() -> None:
    wire = c.AfflictionInstance(name="impaired", source="1 minute from waking L38",
                                starts_on_waking=True)
    own = views.affliction(wire)
    assert type(own) is s.AfflictionInstance and views.wire_affliction(own) == wire
    assert own != wire  # two classes: a state never holds the wire's by mistake
    effect = c.RoundEffect(kind="grabbing", source="grab L180", target_id="orc", until_round=3)
    assert views.wire_round_effect(views.round_effect(effect)) == effect
    fate = c.FateRolled(character_id="hero", d6=1, was="disabled", life_state="dying",
                        outcome="dying L35", disabled_rounds=0, damage=10, added=[wire])
    kept = views.last_fate(fate)
    assert type(kept.added[0]) is s.AfflictionInstance and views.wire_fate(kept) == fate
    done = [c.OnSuccess(action="grab", target_id="orc", until_round=2)]
    assert views.wire_on_success(views.on_success(done)) == done


def test_a_view_is_a_copy_a_later_change_of_state_does_not_reach() -> None:
    sheet = s.BoonbaneSheet(strength=14, escalation={"door": 1})
    view = views.sheet_view(sheet)
    sheet.escalation["door"] = 2
    assert view.strength == 14 and view.escalation == {"door": 1}


PAIRS = [(s.BoonbaneSheet, c.BoonbaneSheet), (s.BoonbaneEncounter, p.BoonbaneEncounter),
         (s.LastRoll, c.LastRoll), (s.Weapon, c.Weapon),
         (s.AfflictionInstance, c.AfflictionInstance), (s.RoundEffect, c.RoundEffect),
         (s.OnSuccess, c.OnSuccess), (s.LastFate, c.FateRolled)]


def _config(cls: type[msgspec.Struct]) -> dict[str, Any]:
    conf = cls.__struct_config__
    return {name: getattr(conf, name) for name in dir(conf) if not name.startswith("_")}


def _shape(cls: type[msgspec.Struct]) -> dict[str, Any]:
    """A class's JSON schema, each nested class by its fields and their constraints (the
    sheet's ``LastFate`` is the wire's ``FateRolled`` body, with a docstring of its own)."""
    text = msgspec.json.encode(msgspec.json.schema(cls)).replace(b"LastFate", b"FateRolled")
    defs = msgspec.json.decode(text)["$defs"]
    return {name: (d["properties"], d.get("required")) for name, d in defs.items()}


def _defaults(cls: type[msgspec.Struct]) -> list[Any]:
    """Each default, a factory's by what it makes (two classes' factories are two objects)."""
    return [(type(d).__name__, d.factory()) if hasattr(d, "factory") else d
            for d in cls.__struct_defaults__]


@pytest.mark.parametrize(("own", "wire"), PAIRS, ids=lambda cls: cls.__name__)
def test_a_state_class_has_its_wire_classs_fields_defaults_and_options(
        own: type[msgspec.Struct], wire: type[msgspec.Struct]) -> None:
    assert own is not wire
    assert own.__struct_fields__ == wire.__struct_fields__
    assert _defaults(own) == _defaults(wire)
    assert _config(own) == _config(wire)
    assert _shape(own) == _shape(wire)


def _contract_classes() -> set[type]:
    import importlib
    import pkgutil

    found: set[type] = set()
    for info in pkgutil.walk_packages(contracts.__path__, "contracts."):
        module = importlib.import_module(info.name)
        found |= {v for v in vars(module).values()
                  if inspect.isclass(v) and v.__module__.startswith("contracts")}
    return found


def test_no_domain_state_class_is_or_subclasses_a_contract_class() -> None:
    wire = _contract_classes()
    own = [v for v in vars(s).values() if inspect.isclass(v) and v.__module__ == s.__name__]
    assert {cls.__name__ for cls in own} == {own.__name__ for own, _ in PAIRS}
    for cls in own:
        assert not any(issubclass(cls, w) for w in wire), cls
        assert not any(base.__module__.startswith("contracts") for base in cls.__mro__), cls
