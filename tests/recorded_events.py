"""Reading the recorded logs of ``tests/fixtures``: each export folded per stream, and every event
body checked against the Struct its type is registered with."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec

FIXTURES = Path(__file__).parent / "fixtures"
EXPORTS = sorted((FIXTURES / "exports").glob("*.jsonl"))
SAMPLES = FIXTURES / "wish_event_samples.jsonl"
FOLDS = FIXTURES / "export_folds.json"


def events_of(path: Path) -> list[dict[str, Any]]:
    """The events of an export, header left out."""
    lines = [json.loads(line) for line in path.read_bytes().splitlines() if line.strip()]
    return [line for line in lines if "position" in line]


def fold_digest(path: Path) -> str:
    """SHA-256 of every stream's folded state (``domain.decider.fold``), streams in order, each
    state as sorted JSON: the same digest means the same states."""
    from domain.decider import fold

    streams: dict[str, list[tuple[int, str, dict[str, Any]]]] = defaultdict(list)
    for event in events_of(path):
        streams[event["stream_id"]].append((event["position"], event["type"], event["data"]))
    digest = hashlib.sha256()
    for stream_id in sorted(streams):
        state = fold(stream_id, streams[stream_id])
        body = json.dumps(msgspec.to_builtins(state), sort_keys=True, default=str)
        digest.update(f"{stream_id}\n{body}\n".encode())
    return digest.hexdigest()


def registered(event_type: str) -> type[msgspec.Struct] | None:
    """The Struct an event type's data is: the platform's, or its ruleset's registry."""
    from contracts.events import EVENT_TYPES
    from domain.rulesets import RULESETS

    if event_type in EVENT_TYPES:
        return EVENT_TYPES[event_type]
    ruleset = RULESETS.get(event_type.split(".", 1)[0])
    types = getattr(ruleset, "event_types", {})
    return types.get(event_type)


def reencoded(event_type: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` decoded strictly (JSON, no coercion) into its registered Struct and encoded
    again, as the store keeps it (a ruleset event's tag is its ``type``, not in its data)."""
    cls = registered(event_type)
    if cls is None:
        raise LookupError(f"{event_type} has no registered Struct")
    decoded = msgspec.json.decode(msgspec.json.encode(data), type=cls, strict=True)
    out: dict[str, Any] = msgspec.to_builtins(decoded)
    if "." in event_type:
        out.pop("type", None)
    return out


def check_registered(event_type: str, data: dict[str, Any]) -> None:
    """An event a ruleset decided: its type is in the ruleset's registry and its data is exactly
    that Struct (raises AssertionError naming the type otherwise)."""
    try:
        again = reencoded(event_type, data)
    except (LookupError, msgspec.ValidationError) as err:
        raise AssertionError(f"{event_type}: {err}") from None
    assert again == data, f"{event_type}: {data} is not its Struct ({again})"
