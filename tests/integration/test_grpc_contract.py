"""The gRPC contract: the checked-in ``.proto`` and its compiled module against the contract
Structs, and field numbers that never change or come back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from google.protobuf import descriptor_pb2

from services.entrypoints.grpc import protogen
from services.entrypoints.grpc.generated import skald_pb2


def test_checked_in_proto_matches_the_structs() -> None:
    """Drift: regenerate in memory from the Structs and compare with the checked-in files."""
    proto, lock = protogen.generate(write=False)
    assert proto == protogen.PROTO_FILE.read_text(), (
        "contracts/proto/skald/v1/skald.proto is stale: run `skald proto generate`")
    assert lock == protogen.LOCK_FILE.read_text(), "skald.lock.json is stale: run `skald proto generate`"


def test_the_drift_test_fails_when_a_struct_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    from contracts import commands

    changed = msgspec.defstruct("RollDice", [("campaign_id", str), ("expression", str),
                                             ("advantage", bool, False)],
                                kw_only=True, frozen=True, module="contracts.commands")
    monkeypatch.setitem(commands.ENVELOPES, "RollDice", commands._envelope("RollDice", changed))
    proto, _ = protogen.generate(write=False)
    assert proto != protogen.PROTO_FILE.read_text()
    assert "optional bool advantage = " in proto


def test_field_numbers_are_stable_and_never_reused() -> None:
    lock = protogen.read_lock()
    schema = protogen.build(lock)
    roll = schema.messages["RollDice"].by_name()
    assert roll["campaign_id"].number == lock["RollDice"]["fields"]["campaign_id"]
    # A field removed from a Struct is reserved; a new one takes a fresh number.
    edited = {**lock, "RollDice": {"fields": {**lock["RollDice"]["fields"], "gone": 99}}}
    again = protogen.build(edited)
    assert again.messages["RollDice"].reserved == {"gone": 99}
    assert 'reserved "gone";' in protogen.render(again)


def test_generated_python_matches_the_checked_in_proto(tmp_path: Path) -> None:
    """The compiled module the server uses is the checked-in .proto, compiled."""
    protogen.protoc(protogen.PROTO_ROOT, tmp_path)
    fresh = descriptor_pb2.FileDescriptorProto.FromString(
        _load(tmp_path / "skald" / "v1" / "skald_pb2.py").DESCRIPTOR.serialized_pb)
    shipped = descriptor_pb2.FileDescriptorProto.FromString(skald_pb2.DESCRIPTOR.serialized_pb)
    assert fresh == shipped, "services/entrypoints/grpc/generated is stale: run `skald proto generate`"


def _load(path: Path) -> Any:
    """Read a generated module's serialized descriptor without registering it twice."""
    text = path.read_text()
    start = text.index("AddSerializedFile(b'") + len("AddSerializedFile(")
    end = text.index("')\n", start) + 1
    serialized = eval(text[start:end])  # noqa: S307 - a bytes literal protoc wrote
    return type("Module", (), {"DESCRIPTOR": type("D", (), {"serialized_pb": serialized})})
