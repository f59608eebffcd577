"""The body checks' fast pass refuses exactly what the naming walk refuses (no I/O)."""

from __future__ import annotations

import json

import pytest

from services.entrypoints.body_limits import MAX_DEPTH, check_json
from services.entrypoints.refusals import Problem

JSON = "application/json"


def refusal(raw: bytes) -> tuple[int, str, str]:
    with pytest.raises(Problem) as caught:
        check_json(raw, JSON)
    return caught.value.status_code, caught.value.field, caught.value.rule


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_nesting_up_to_the_limit_passes_and_one_more_is_refused() -> None:
    check_json(nested(MAX_DEPTH), JSON)
    assert refusal(nested(MAX_DEPTH + 1)) == (422, "body", "request.depth")
    assert refusal(nested(30_000)) == (422, "body", "request.depth")  # the parser gives up
    deep_object = b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1)
    assert refusal(deep_object) == (422, "body", "request.depth")


def test_nul_and_surrogates_are_named_wherever_they_are() -> None:
    assert refusal(b'{"payload": {"sheet": {"n\\u0000": 1}}}') == (
        422, "payload.sheet.n\x00", "request.no-nul")
    assert refusal(b'{"payload": {"tags": ["ok", "x\\ud800"]}}') == (
        422, "payload.tags[1]", "request.unicode")
    assert refusal(b'{"payload": {"t": "\\uDFFF"}}')[2] == "request.unicode"
    # An escaped backslash before "u0000" is the text \u0000, not a NUL.
    check_json(json.dumps({"payload": {"note": "\\u0000 and \\ud800"}}).encode(), JSON)
    check_json('{"payload": {"name": "Zoë \\ud83d\\ude00"}}'.encode(), JSON)  # a valid pair


def test_numbers_must_be_int64_and_finite() -> None:
    check_json(b'{"payload": {"position": 9223372036854775807, "n": -9223372036854775808}}', JSON)
    assert refusal(b'{"payload": {"position": 9223372036854775808}}') == (
        422, "payload.position", "request.int64")
    assert refusal(b'{"payload": {"xs": [1, -9223372036854775809]}}')[1:] == (
        "payload.xs[1]", "request.int64")
    assert refusal(b'{"payload": {"x": 1e999}}') == (422, "payload.x", "request.finite-number")


def test_ids_follow_the_grammar_at_any_depth() -> None:
    check_json(json.dumps({"command_id": "c" * 100, "payload": {"campaign_id": "a-1"}}).encode(),
               JSON)
    assert refusal(json.dumps({"command_id": "c" * 101}).encode()) == (
        422, "command_id", "request.id-grammar")
    # Only the envelope's own command_id may be 100 long; any other id at most 64.
    assert refusal(json.dumps({"payload": {"command_id": "c" * 65}}).encode())[1] == (
        "payload.command_id")
    assert refusal(b'{"payload": {"targets": [{"character_id": "CON"}]}}')[1:] == (
        "payload.targets[0].character_id", "request.id-grammar")
    check_json(b'{"payload": {"correlation_id": "free text, any"}}', JSON)


def test_duplicate_keys_and_malformed_bodies() -> None:
    assert refusal(b'{"a": 1, "a": 2}') == (422, "a", "request.duplicate-key")
    assert refusal(b'{"a": ') == (400, "body", "request.json")
    assert refusal(b'"\\u0000"') == (422, "body", "request.no-nul")  # a bare string body
