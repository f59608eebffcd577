"""The streams each WISH command declares as data (``streams.STREAMS``) are the streams the
former ``getattr`` walk found (``streams_reference``): for every command type, with every
optional field filled (each text a distinct id, lists of two, maps of two keys) and with only
its required fields. No I/O."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from domain.rulesets.wish import WISH
from domain.rulesets.wish.streams import STREAMS
from tests.unit.wish.streams_reference import streams_for

COMMANDS = sorted(WISH.command_types.items())


def _value(t: mi.Type, ids: Iterator[str]) -> Any:
    """A valid value of type ``t``: every text a fresh id, every collection of two."""
    if isinstance(t, mi.UnionType):
        return _value(next(x for x in t.types if not isinstance(x, mi.NoneType)), ids)
    if isinstance(t, mi.StrType):
        return next(ids)
    if isinstance(t, mi.BoolType):
        return True
    if isinstance(t, mi.IntType):
        low = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else 1)
        return low if t.le is None else min(low, t.le)
    if isinstance(t, mi.FloatType):
        return 1.0
    if isinstance(t, mi.LiteralType):
        return t.values[0]
    if isinstance(t, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        return [_value(t.item_type, ids) for _ in range(2)]
    if isinstance(t, mi.DictType):
        return {_value(t.key_type, ids): _value(t.value_type, ids) for _ in range(2)}
    if isinstance(t, mi.StructType):
        return _payload(t, ids, full=True)
    raise AssertionError(f"no sample value for {t!r}")


def _payload(t: mi.StructType, ids: Iterator[str], *, full: bool) -> dict[str, Any]:
    return {f.encode_name: _value(f.type, ids) for f in t.fields if full or f.required}


def _command(cls: type[msgspec.Struct], *, full: bool) -> msgspec.Struct:
    ids = (f"id{n}" for n in itertools.count())
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return msgspec.convert(_payload(info, ids, full=full), cls)


def test_every_command_declares_its_streams() -> None:
    assert set(STREAMS) == set(WISH.command_types.values())
    assert len(STREAMS) >= 54


@pytest.mark.parametrize("full", [True, False], ids=["every-field", "required-only"])
@pytest.mark.parametrize(("tag", "cls"), COMMANDS, ids=[t for t, _ in COMMANDS])
def test_declared_streams_are_the_former_ones(tag: str, cls: type[msgspec.Struct],
                                              full: bool) -> None:
    cmd = _command(cls, full=full)
    declared = WISH.streams_for(cmd)
    assert declared == streams_for(cmd), tag  # the same streams, in the same order
    if full:  # the payload named characters, so the comparison is not of two empty lists
        assert any(s.startswith("character:") for s in declared), tag


def test_a_character_field_a_command_only_reads_is_not_a_stream() -> None:
    """An ally's Assist (L382-388) is checked, not written: ``assisted_by`` is no stream."""
    cmd = _command(next(cls for tag, cls in COMMANDS if tag == "wish.RollCheck"), full=True)
    assert getattr(cmd, "assisted_by", None)
    assert not {f"character:{a}" for a in cmd.assisted_by} & set(WISH.streams_for(cmd))  # type: ignore[attr-defined]
