"""Potential's stream states are the domain's own classes, and their views are the wire's: every
sheet and combat order the recorded logs fold to (after each of their events) loads as the
domain's state, maps to a view that encodes exactly as it is stored, and no state class is a
contract class."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import contracts
from contracts.rulesets import potential as c
from domain.decider import evolve, initial_state
from domain.rulesets.potential import state as s
from domain.rulesets.potential import views
from domain.rulesets.potential.codec import CODEC
from tests import recorded_events as rec

EXPORTS = [path for path in rec.EXPORTS
           if any(e["type"] == "CampaignCreated" and e["data"]["ruleset"] == "potential"
                  for e in rec.events_of(path))]


STATE_CLASSES = ("Advantage", "Tokens", "TurnState", "StatusEffect", "AidOffer", "Ruling", "Cost",
                 "AidUse", "PendingAttack", "PotentialSheet", "Bid", "Auction", "CombatState")


def _stored_states(path: Path) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(stream, kind, stored state) after each event of each character and combat stream."""
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
    """JSON with keys sorted: a sheet just created is stored as its event's sheet, whose keys
    keep the order they were sent in."""
    return msgspec.json.encode(value, order="sorted")


def _all_states() -> list[tuple[str, str, dict[str, Any]]]:
    return [row for path in EXPORTS for row in _stored_states(path)]


def test_the_recorded_logs_hold_sheets_and_combats_with_every_nested_state() -> None:
    rows = _all_states()
    assert len(EXPORTS) >= 2 and {kind for _, kind, _ in rows} == {"character", "encounter"}
    sheets = [st for _, kind, st in rows if kind == "character"]
    combats = [st for _, kind, st in rows if kind == "encounter"]
    # each nested state class is exercised by at least one recorded state
    assert any(st.get("pending_attacks") for st in sheets)
    assert any(st.get("statuses") for st in sheets)
    assert any(st.get("turn") for st in sheets)
    assert any(st.get("aid_offer") for st in sheets)
    assert any(st.get("rulings") for st in sheets)
    assert any(st.get("auction") for st in combats)


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: p.stem[:50])
def test_each_recorded_state_loads_as_the_domain_and_its_view_encodes_as_stored(
        path: Path) -> None:
    for stream, kind, stored in _stored_states(path):
        loaded = CODEC.load("character" if kind == "character" else "encounter", stored)
        view: msgspec.Struct
        if kind == "character":
            assert type(loaded) is s.PotentialSheet, stream
            view = views.sheet_view(loaded)
            assert type(view) is c.PotentialSheet
        else:
            assert type(loaded) is s.CombatState, stream
            view = views.encounter_view(loaded)
            assert type(view) is c.CombatState
        assert _json(view) == _json(stored), stream
        assert _json(loaded) == _json(stored), stream
        assert CODEC.dump(loaded) == stored, stream


def test_a_pending_attack_crosses_from_its_event_into_the_sheet_and_back_unchanged() -> None:
    wire = c.PendingAttack(
        attacker_id="y", focus="cut", sources=["cut", "x/help"], modifier=2,
        cost=c.Cost(dynamic=1), rerolls=[2, 0],
        aid=[c.AidUse(character_id="x", advantage="help", cost=c.Cost(static=1))],
        statuses=[c.StatusEffect(name="Dazed", source_id="y", advantage="cut", degree=0)],
        hindrances=1, approved_by=["gm"], approval="gm")
    held = views.pending_attack(wire)
    assert type(held) is s.PendingAttack and type(held.cost) is s.Cost
    assert type(held.aid[0]) is s.AidUse and type(held.aid[0].cost) is s.Cost
    assert type(held.statuses[0]) is s.StatusEffect
    back = views.pending_attack_view(held)
    assert type(back) is c.PendingAttack and type(back.aid[0].cost) is c.Cost
    assert back == wire and _json(held) == _json(wire)


def test_a_status_and_an_auctions_bids_cross_by_their_converters() -> None:
    effect = c.StatusEffect(name="Slowed", source_id="y", advantage="net", degree=3)
    held = views.status(effect)
    assert type(held) is s.StatusEffect and _json(held) == _json(effect)
    bids = views.bids_view([s.Bid(character_id="y", tokens=1), s.Bid(character_id="z", tokens=2)])
    assert [type(b) for b in bids] == [c.Bid, c.Bid]
    assert [(b.character_id, b.tokens) for b in bids] == [("y", 1), ("z", 2)]


def test_a_view_is_a_copy_a_later_change_of_state_does_not_reach() -> None:
    sheet = s.PotentialSheet(anticipated=["parry"])
    view = views.sheet_view(sheet)
    sheet.anticipated.append("dodge")
    assert view.anticipated == ["parry"]


def _contract_classes() -> set[type]:
    found: set[type] = set()
    for info in pkgutil.walk_packages(contracts.__path__, "contracts."):
        module = importlib.import_module(info.name)
        found |= {v for v in vars(module).values()
                  if inspect.isclass(v) and v.__module__.startswith("contracts")}
    return found


def test_no_domain_state_class_is_or_subclasses_a_contract_class() -> None:
    wire = _contract_classes()
    own = [v for v in vars(s).values() if inspect.isclass(v) and v.__module__ == s.__name__]
    assert {cls.__name__ for cls in own} == set(STATE_CLASSES)
    for cls in own:
        assert cls not in wire, cls
        assert not any(base.__module__.startswith("contracts") for base in cls.__mro__), cls


def test_the_domain_states_keep_the_stored_forms_fields_defaults_and_options() -> None:
    """The stored form must not change: each state class has the fields (in order), types,
    constraints, defaults and encoding options of the contract class of the same name."""
    for name in STATE_CLASSES:
        own, wire = getattr(s, name), getattr(c, name)
        assert own.__struct_fields__ == wire.__struct_fields__, name
        assert _shape(msgspec.json.schema(own)) == _shape(msgspec.json.schema(wire)), name
        mine, theirs = own.__struct_config__, wire.__struct_config__
        for option in ("frozen", "forbid_unknown_fields", "omit_defaults", "array_like", "tag",
                       "tag_field"):
            assert getattr(mine, option) == getattr(theirs, option), (name, option)


def _shape(schema: Any) -> Any:
    """A JSON schema without its descriptions (the docstrings, which may differ)."""
    if isinstance(schema, dict):
        return {k: _shape(v) for k, v in schema.items() if k != "description"}
    if isinstance(schema, list):
        return [_shape(v) for v in schema]
    return schema
