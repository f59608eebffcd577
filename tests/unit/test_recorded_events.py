"""Logs recorded before WISH's events became Structs still load, fold and verify, and every event
body in them is exactly its registered Struct (tests/fixtures/README.md)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from contracts.events import PLATFORM_EVENTS
from contracts.rulesets.wish.events import EVENT_TYPES as WISH_EVENT_TYPES
from contracts.rulesets.wish.events import WISH_EVENTS
from domain.audit import verify_export
from domain.rulesets import RULESETS
from tests import recorded_events as rec


def _samples() -> list[dict[str, Any]]:
    return [json.loads(line) for line in rec.SAMPLES.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("path", rec.EXPORTS, ids=lambda p: p.stem[:50])
def test_a_recorded_export_verifies_and_folds_to_the_states_it_folded_to_then(path: Any) -> None:
    report = verify_export(path.read_bytes().splitlines())
    # Before, a command that rolls several checks (initiative for each participant, a contest)
    # was reported: its first check was compared with the draws of the whole command.
    assert report.failures == []
    assert report.events == len(rec.events_of(path))
    recorded = json.loads(rec.FOLDS.read_text())
    assert rec.fold_digest(path) == recorded[path.name]


@pytest.mark.parametrize("path", rec.EXPORTS, ids=lambda p: p.stem[:50])
def test_every_body_in_a_recorded_export_is_exactly_its_registered_struct(path: Any) -> None:
    for event in rec.events_of(path):
        assert rec.reencoded(event["type"], event["data"]) == event["data"], event["position"]


def test_the_recorded_logs_hold_every_wish_event_type_and_every_platform_one() -> None:
    seen = {e["type"] for p in rec.EXPORTS for e in rec.events_of(p)}
    assert {cls.__name__ for cls in PLATFORM_EVENTS} <= seen
    assert set(WISH_EVENT_TYPES) <= seen | {s["type"] for s in _samples()}


def test_every_recorded_wish_body_decodes_strictly_and_encodes_back_the_same() -> None:
    samples = _samples()
    assert len(samples) > 500
    for sample in samples:
        assert rec.reencoded(sample["type"], sample["data"]) == sample["data"], sample


def test_a_wish_body_with_an_unknown_field_is_refused() -> None:
    data = {"stress": 1, "cause": "x", "strees": 2}
    with pytest.raises(msgspec.ValidationError, match="strees"):
        rec.reencoded("wish.Exerted", data)


def test_each_wish_event_is_tagged_with_its_wire_name_and_registered_once() -> None:
    assert len(set(WISH_EVENTS)) == len(WISH_EVENTS) == len(WISH_EVENT_TYPES)
    for tag, cls in WISH_EVENT_TYPES.items():
        assert cls.__struct_config__.tag == tag == f"wish.{cls.__name__}"
        assert cls.__struct_config__.frozen and cls.__struct_config__.forbid_unknown_fields


def test_every_ruleset_with_commands_has_a_registry_of_its_events() -> None:
    for ruleset in RULESETS.values():
        types = getattr(ruleset, "event_types", None)
        if hasattr(ruleset, "decide"):
            assert types, ruleset.id
            assert all(tag.startswith(f"{ruleset.id}.") for tag in types), ruleset.id


def test_every_recorded_encounter_folds_to_the_schema_its_ruleset_documents() -> None:
    from domain.decider import fold
    from services.entrypoints.http.openapi_rulesets import encounter_types

    types = encounter_types()
    seen: set[str] = set()
    for path in rec.EXPORTS:
        events = rec.events_of(path)
        ruleset = next(e["data"]["ruleset"] for e in events if e["type"] == "CampaignCreated")
        streams = {e["stream_id"] for e in events if e["stream_id"].startswith("encounter/")}
        for stream in streams:
            state = fold(stream, [(e["position"], e["type"], e["data"])
                                  for e in events if e["stream_id"] == stream])
            if state is None:  # an encounter stream of a ruleset that folds none (generic)
                continue
            body = msgspec.to_builtins(state)
            decoded = msgspec.json.decode(msgspec.json.encode(body), type=types[ruleset],
                                          strict=True)
            assert msgspec.to_builtins(decoded) == body, (path.name, stream)
            seen.add(ruleset)
    assert seen == set(types)


INITIATIVE = next(p for p in rec.EXPORTS if p.name.startswith("wish_initiative_http--rolled"))


def _tampered(change: Any) -> list[Any]:
    lines = INITIATIVE.read_bytes().splitlines()
    events = [json.loads(line) for line in lines]
    change(events)
    return verify_export([json.dumps(e).encode() for e in events]).failures


def _second_check(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The second participant's initiative check: a roll of a command whose draws the first
    participant's check carries."""
    first = next(e for e in events if (e.get("metadata") or {}).get("dice")
                 and e["type"] == "wish.CheckRolled" and e["data"].get("kind") == "initiative")
    command = first["metadata"]["command_id"]
    return next(e for e in events if e.get("position", 0) > first["position"]
                and e["type"] == "wish.CheckRolled" and e["metadata"]["command_id"] == command)


def test_each_check_of_a_command_that_rolls_several_is_read_against_its_own_draws() -> None:
    assert _tampered(lambda events: None) == []

    def lie(events: list[dict[str, Any]]) -> None:  # a die of the second check shown otherwise
        die = _second_check(events)["data"]["check"]["dice"][0]
        die["face"] = die["face"] % 8 + 1

    found = _tampered(lie)
    assert found and all(f.check == "outcome" and "are not the draws" in f.detail for f in found)

    def hide(events: list[dict[str, Any]]) -> None:  # the second check shows one die fewer
        check = _second_check(events)["data"]["check"]
        check["dice"] = check["dice"][:-1]

    assert any("shown by none of its rolls" in f.detail for f in _tampered(hide))
