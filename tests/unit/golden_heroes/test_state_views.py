"""The domain owns Golden Heroes' stream states (``state.py``); ``views.py`` maps them to the
wire. Every sheet and fight the recorded logs pass through (``tests/fixtures``, folded event by
event) shows as exactly its stored form, and no state class is a contract class."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import contracts
from contracts.rulesets import golden_heroes as c
from domain.decider import evolve, initial_state
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes import views
from domain.rulesets.golden_heroes.codec import GoldenHeroesCodec
from tests import recorded_events as rec

CODEC = GoldenHeroesCodec()


def _golden_heroes_exports() -> list[Path]:
    return [p for p in rec.EXPORTS if any(
        e["type"] == "CampaignCreated" and e["data"].get("ruleset") == "golden-heroes"
        for e in rec.events_of(p))]


def _stored_states(path: Path) -> Iterator[tuple[str, str, Any]]:
    """Each Golden Heroes stream's stored state after each of its events: (kind, where, state)."""
    events = rec.events_of(path)
    ours = {e["campaign_id"] for e in events if e["type"] == "CampaignCreated"
            and e["data"].get("ruleset") == "golden-heroes"}
    states: dict[str, Any] = defaultdict(lambda: None)
    for e in events:
        stream = e["stream_id"]
        kind = stream.split("/", 1)[0]
        if e["campaign_id"] not in ours or kind not in ("character", "encounter"):
            continue
        if stream not in states:
            states[stream] = initial_state(stream)
        states[stream] = evolve(stream, states[stream], e["type"], e["data"])
        where = f"{path.name}@{e['position']}"
        if kind == "character" and states[stream].sheet:
            yield "character", where, states[stream].sheet
        elif kind == "encounter" and states[stream] is not None:
            yield "encounter", where, states[stream]


def _json(value: Any) -> str:
    """JSON with sorted keys, as ``fold_digest`` compares states (the store's JSONB keeps no
    key order)."""
    return json.dumps(msgspec.to_builtins(value), sort_keys=True)


EXPORTS = _golden_heroes_exports()


def test_the_recorded_logs_hold_golden_heroes_sheets_and_fights() -> None:
    assert len(EXPORTS) == 7  # six Golden Heroes tests' exports and one of the parity suite's


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: p.stem[:50])
def test_each_recorded_state_shows_as_exactly_its_stored_form(path: Path) -> None:
    for kind, where, stored in _stored_states(path):
        loaded = CODEC.load(kind, stored)
        if kind == "character":
            assert isinstance(loaded, st.GoldenHeroesSheet), where
            view: msgspec.Struct = views.sheet_view(loaded)
            assert type(view) is c.GoldenHeroesSheet
        else:
            assert isinstance(loaded, st.EncounterState), where
            view = views.encounter_view(loaded)
            assert type(view) is c.EncounterState
        assert _json(view) == _json(stored), where
        assert _json(CODEC.dump(loaded)) == _json(stored), where


def test_the_recorded_states_carry_every_nested_value_the_views_map() -> None:
    """The check above is only as good as what the logs hold: they hold each nested value but
    an Energy Attack pool, which the sheet of the next test holds."""
    seen: set[str] = set()
    for path in EXPORTS:
        for _, _, stored in _stored_states(path):
            seen |= {k for k, v in stored.items() if v not in (None, [], {})}
    assert {"powers", "pending_attack", "last_strike", "declared_attack", "grip",
            "combatants", "fields"} <= seen


def test_a_sheet_with_every_nested_value_shows_as_its_stored_form() -> None:
    attack = st.PendingAttack(attacker_id="foe", encounter_id="fight", attack="weapon",
                              weapon_class=3, frames=2, parry_row="melee_ws", htc_dice=2,
                              htc_plus=1, htk_dice=1, htk_plus=0, tags=["knife"],
                              critical_die=7, obstruction_metres=2, obstruction_htk=10)
    sheet = st.GoldenHeroesSheet(
        powers=[st.PowerHeld(power="strength", grade=2, rolled={"strength": 17})],
        energy_pool=st.EnergyPool(encounter_id="fight", from_round=1, spent=4, size=9),
        pending_attack=attack,
        declared_attack=st.DeclaredAttack(attacker_id="foe", attack="fist", melee=True),
        grip=st.Grip(holder_id="foe", hands=["left"], hold="hypothetical", hypothetical_htc=3),
        last_strike=st.LastStrike(number=2, target_id="foe", natural=14, total=17, hit=True,
                                  attack=attack))
    stored = msgspec.to_builtins(sheet)
    assert msgspec.json.encode(views.sheet_view(sheet)) == msgspec.json.encode(stored)  # in order
    assert CODEC.load("character", json.loads(msgspec.json.encode(stored))) == sheet


def test_the_nested_values_cross_between_wire_and_state_unchanged() -> None:
    attack = c.PendingAttack(attacker_id="foe", attack="fist", weapon_class=2, frames=1,
                             parry_row="melee_other", htc_dice=1, htc_plus=0, htk_dice=1,
                             htk_plus=-4, tags=["grapple"])
    grip = c.Grip(holder_id="foe", hands=["left", "right"], hold="real", lifted=True)
    pool = c.EnergyPool(encounter_id="fight", from_round=3, spent=6, size=12)
    fighter = c.Combatant(character_id="hero", side="heroes", frames=4, dexterity=15,
                          speed=True, condition="stunned")
    pairs: list[tuple[msgspec.Struct, msgspec.Struct]] = [
        (attack, views.pending_attack(attack)), (grip, views.grip(grip)),
        (pool, views.energy_pool(pool)), (fighter, views.combatant(fighter))]
    for wire, state in pairs:
        assert type(state).__module__ == st.__name__
        assert msgspec.to_builtins(state) == msgspec.to_builtins(wire)
    assert views.pending_attack_view(views.pending_attack(attack)) == attack
    assert views.grip_view(views.grip(grip)) == grip
    assert views.energy_pool_view(views.energy_pool(pool)) == pool
    assert views.combatant_view(views.combatant(fighter)) == fighter
    assert views.grip(None) is None and views.pending_attack_view(None) is None


def _contract_classes() -> set[type]:
    """Every class defined in a module of ``contracts``."""
    out: set[type] = set()
    for info in pkgutil.walk_packages(contracts.__path__, "contracts."):
        module = importlib.import_module(info.name)
        out |= {v for _, v in inspect.getmembers(module, inspect.isclass)
                if v.__module__.startswith("contracts")}
    return out


def test_no_state_class_is_or_subclasses_a_contract_class() -> None:
    ours = [v for _, v in inspect.getmembers(st, inspect.isclass) if v.__module__ == st.__name__]
    assert {k.__name__ for k in ours} == {
        "GoldenHeroesSheet", "EncounterState", "PowerHeld", "PendingAttack", "DeclaredAttack",
        "Grip", "EnergyPool", "LastStrike", "Combatant", "GeneralField"}
    wire = _contract_classes()
    assert c.GoldenHeroesSheet in wire and c.EncounterState in wire
    for cls in ours:
        assert not any(base in wire for base in cls.__mro__), cls


def test_the_state_classes_have_the_views_fields_defaults_and_options() -> None:
    """Same fields in the same order, with the same types, constraints, defaults (the JSON
    schema shows them) and struct options: the stored form cannot tell them apart."""
    pairs = [(st.GoldenHeroesSheet, c.GoldenHeroesSheet), (st.EncounterState, c.EncounterState),
             (st.PowerHeld, c.PowerHeld), (st.PendingAttack, c.PendingAttack),
             (st.DeclaredAttack, c.DeclaredAttack), (st.Grip, c.Grip),
             (st.EnergyPool, c.EnergyPool), (st.LastStrike, c.LastStrike),
             (st.Combatant, c.Combatant), (st.GeneralField, c.GeneralField)]
    for ours, theirs in pairs:
        assert ours.__struct_fields__ == theirs.__struct_fields__, ours
        assert _config(ours) == _config(theirs), ours
        schema = msgspec.json.schema(ours)["$defs"][ours.__name__]
        assert schema == msgspec.json.schema(theirs)["$defs"][theirs.__name__] | {
            "title": ours.__name__, "description": schema.get("description")}, ours
    # the ratings' default is a factory, which the schema does not show
    assert st.GoldenHeroesSheet().ratings == c.GoldenHeroesSheet().ratings


def _config(cls: type[msgspec.Struct]) -> dict[str, object]:
    config = cls.__struct_config__
    return {k: getattr(config, k) for k in dir(config) if not k.startswith("_")}
