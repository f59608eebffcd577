"""Golden Heroes' streams declared as data (``streams.py``) are the streams the getattr-based
``streams_for`` found (``streams_reference``), for every command type, with every optional
character-valued field given (lists with two items, maps with two keys), each id distinct."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import msgspec
import msgspec.inspect as mi
import pytest

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from domain.rulesets.golden_heroes.ruleset import COMMAND_TYPES
from domain.rulesets.golden_heroes.streams import STREAMS
from tests.unit.golden_heroes.streams_reference import streams_for


def _value(t: mi.Type, ids: Iterator[str]) -> object:
    """A valid value of a wire type with every optional part given: each text a distinct id."""
    if isinstance(t, mi.UnionType):
        given = [u for u in t.types if not isinstance(u, mi.NoneType)]
        return _value(given[0], ids)
    if isinstance(t, mi.LiteralType):
        return t.values[0]
    if isinstance(t, mi.BoolType):
        return False
    if isinstance(t, mi.IntType):
        return max(1, t.ge or 0, (t.gt or 0) + 1)
    if isinstance(t, mi.FloatType):
        return 1.0
    if isinstance(t, mi.StrType):
        return next(ids)
    if isinstance(t, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        return [_value(t.item_type, ids) for _ in range(2)]
    if isinstance(t, mi.DictType):
        return {str(_value(t.key_type, ids)): _value(t.value_type, ids) for _ in range(2)}
    if isinstance(t, mi.StructType):
        return {f.encode_name: _value(f.type, ids) for f in t.fields}
    raise AssertionError(f"no value for {t!r}")


def _filled(kind: type[msgspec.Struct]) -> msgspec.Struct:
    info = mi.type_info(kind)
    assert isinstance(info, mi.StructType)
    ids = (f"id{i}" for i in itertools.count())
    return msgspec.convert(_value(info, ids), kind)


@pytest.mark.parametrize("name", sorted(COMMAND_TYPES))
def test_the_declared_streams_are_the_ones_found_by_field_name(name: str) -> None:
    command = _filled(COMMAND_TYPES[name])
    declared = GOLDEN_HEROES.streams_for(command)
    found = streams_for(command)
    assert len(found) >= 1, name
    assert set(declared) == set(found), name
    # the characters in the same order (the declaration puts the fight first, as every
    # ruleset on the seam does; the oracle put it last)
    assert [s for s in declared if s.startswith("character:")] == \
        [s for s in found if s.startswith("character:")], name


def test_a_character_field_left_empty_names_no_stream() -> None:
    lift = c.Lift(campaign_id="c", character_id="a")
    assert GOLDEN_HEROES.streams_for(lift) == streams_for(lift) == ["character:a"]


def test_every_command_declares_its_streams() -> None:
    assert set(STREAMS) == set(COMMAND_TYPES.values())
