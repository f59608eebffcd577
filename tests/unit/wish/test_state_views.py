"""WISH's states are the domain's own classes (issue 25): every character and encounter state
of the recorded logs maps through ``views.py`` to exactly its stored form, and no value inside
a state, folded event by event, is a class of the wire (``contracts``)."""

from __future__ import annotations

import inspect
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec
import pytest

import contracts.rulesets.wish as wire
from domain.decider import evolve, initial_state
from domain.rulesets import RULESETS
from domain.rulesets.wish import state, state_checks, state_effects, state_encounter, views
from domain.rulesets.wish.codec import WishCodec
from domain.rulesets.wish.decider import DECIDER
from tests import recorded_events as rec

WISH_EXPORTS = [p for p in rec.EXPORTS
                if any(e["type"].startswith("wish.") for e in rec.events_of(p))]
STATE_MODULES = (state, state_checks, state_effects, state_encounter)
CODEC = WishCodec()


def _streams(path: Path) -> dict[str, list[tuple[int, str, dict[str, Any]]]]:
    out: dict[str, list[tuple[int, str, dict[str, Any]]]] = defaultdict(list)
    for event in rec.events_of(path):
        out[event["stream_id"]].append((event["position"], event["type"], event["data"]))
    return out


def _wire_values(value: Any, where: str) -> list[str]:
    """Where inside ``value`` an instance of a ``contracts`` class sits."""
    if type(value).__module__.startswith("contracts"):
        return [f"{where}: {type(value).__module__}.{type(value).__qualname__}"]
    if isinstance(value, msgspec.Struct):
        return [w for f in value.__struct_fields__
                for w in _wire_values(getattr(value, f), f"{where}.{f}")]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in _wire_values(v, f"{where}[{k!r}]")]
    if isinstance(value, list | tuple):
        return [w for i, v in enumerate(value) for w in _wire_values(v, f"{where}[{i}]")]
    return []


def _wish_states(path: Path) -> list[tuple[str, Any]]:
    """Each WISH character sheet and encounter state the export folds to, stored form."""
    out = []
    for stream_id, rows in sorted(_streams(path).items()):
        if not any(type_.startswith("wish.") for _, type_, _ in rows):
            continue  # another ruleset's stream, or the platform's
        folded = initial_state(stream_id)
        for _, type_, data in rows:
            folded = evolve(stream_id, folded, type_, data)
        if stream_id.startswith("character/"):
            out.append((stream_id, msgspec.to_builtins(folded.sheet)))
        elif stream_id.startswith("encounter/"):
            out.append((stream_id, msgspec.to_builtins(folded)))
    return out


def test_the_recorded_logs_hold_wish_sheets_and_encounters() -> None:
    states = [s for p in WISH_EXPORTS for s in _wish_states(p)]
    assert sum(1 for sid, _ in states if sid.startswith("character/")) >= 10
    assert sum(1 for sid, _ in states if sid.startswith("encounter/")) >= 5


@pytest.mark.parametrize("path", WISH_EXPORTS, ids=lambda p: p.stem[:50])
def test_the_views_of_each_recorded_state_encode_to_its_stored_form(path: Path) -> None:
    for stream_id, stored in _wish_states(path):
        kind = "encounter" if stream_id.startswith("encounter/") else "character"
        typed = CODEC.load(kind, stored)
        if isinstance(typed, state.WishSheet):
            view: msgspec.Struct = views.sheet_view(typed)
            assert type(view) is wire.WishSheet
        else:
            assert isinstance(typed, state_encounter.EncounterState), stream_id
            view = views.encounter_view(typed)
            assert type(view) is wire.EncounterState
        expected = json.dumps(stored, sort_keys=True)
        assert json.dumps(msgspec.to_builtins(view), sort_keys=True) == expected, stream_id
        assert msgspec.json.encode(view) == msgspec.json.encode(stored), stream_id
        assert msgspec.to_builtins(CODEC.dump(typed)) == stored, stream_id


@pytest.mark.parametrize("path", WISH_EXPORTS, ids=lambda p: p.stem[:50])
def test_no_folded_state_holds_a_wire_value(path: Path) -> None:
    """Each WISH event of the log folded into its stream's typed state: the fold converts what
    the event carries (a ``Lasting``, a ``ConditionInstance``, dice) into the state's classes."""
    ruleset = RULESETS["wish"]
    for stream_id, rows in sorted(_streams(path).items()):
        folded = initial_state(stream_id)
        for position, type_, data in rows:
            event = ruleset.events.decode(type_, data) if type_.startswith("wish.") else None
            kind = "character" if stream_id.startswith("character/") else "encounter"
            stored = folded.sheet if kind == "character" else folded
            # as the seam does, an event folds only into a stream of its kind, once it has a state
            if event is not None and stored and DECIDER.kind_of(event) == kind:
                typed = CODEC.load(kind, msgspec.to_builtins(stored))
                after = DECIDER.evolve(typed, event)
                assert _wire_values(after, type_) == [], (stream_id, position)
            folded = evolve(stream_id, folded, type_, data)


def test_no_state_class_is_or_subclasses_a_contract_class() -> None:
    classes = [cls for module in STATE_MODULES for _, cls in inspect.getmembers(module, inspect.isclass)
               if cls.__module__ == module.__name__]
    assert len(classes) >= 25
    for cls in classes:
        assert issubclass(cls, msgspec.Struct)
        assert all(not base.__module__.startswith("contracts") for base in cls.__mro__), cls


def test_each_state_class_has_the_fields_and_options_of_its_wire_namesake() -> None:
    """Same fields, defaults, order and options: the stored form does not move."""
    for module in STATE_MODULES:
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            other = getattr(wire, name)
            assert cls is not other
            assert cls.__struct_fields__ == other.__struct_fields__, name
            assert cls.__struct_defaults__ == other.__struct_defaults__ or all(
                type(a) is type(b) for a, b in zip(cls.__struct_defaults__, other.__struct_defaults__,
                                                    strict=True)), name
            assert cls.__struct_encode_fields__ == other.__struct_encode_fields__, name
            for option in ("frozen", "forbid_unknown_fields", "omit_defaults", "tag", "array_like"):
                assert getattr(cls.__struct_config__, option) == getattr(
                    other.__struct_config__, option), (name, option)
