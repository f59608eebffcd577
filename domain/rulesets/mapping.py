"""Mapping between a ruleset's state types and their wire namesakes (``views.py`` of each
ruleset): Structs of the same shape, converted through their plain data."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import msgspec

T = TypeVar("T", bound=msgspec.Struct)


def as_struct(value: msgspec.Struct, into: type[T]) -> T:
    """``value`` as the same-shaped Struct ``into``, through its plain data."""
    return msgspec.convert(msgspec.to_builtins(value), into)


def as_structs(values: Iterable[msgspec.Struct], into: type[T]) -> list[T]:
    """Each of ``values`` as ``into`` (``as_struct``)."""
    return [as_struct(value, into) for value in values]
