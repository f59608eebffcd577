"""Unknown fields in a submitted WISH sheet: a misspelt field is refused, never dropped.

Stored states are read leniently (``sheet.load``); only a sheet a client submits is checked
here, against the Struct types of ``contracts.rulesets.wish``."""

from __future__ import annotations

from typing import Any

import msgspec.inspect as mi


def unknown_field(raw: Any, kind: Any) -> str | None:
    """The dotted path of the first field in ``raw`` that ``kind`` does not have, if any."""
    return _walk(raw, mi.type_info(kind))


def _walk(raw: Any, info: mi.Type) -> str | None:
    if isinstance(info, mi.StructType) and isinstance(raw, dict):
        fields = {f.encode_name: f.type for f in info.fields}
        for key, value in raw.items():
            if key not in fields:
                return str(key)
            inner = _walk(value, fields[key])
            if inner is not None:
                return f"{key}.{inner}"
    elif isinstance(info, mi.DictType) and isinstance(raw, dict):
        for key, value in raw.items():
            inner = _walk(value, info.value_type)
            if inner is not None:
                return f"{key}.{inner}"
    elif isinstance(info, (mi.ListType, mi.VarTupleType)) and isinstance(raw, list):
        for i, value in enumerate(raw):
            inner = _walk(value, info.item_type)
            if inner is not None:
                return f"{i}.{inner}"
    elif isinstance(info, mi.UnionType):
        for option in info.types:
            if isinstance(option, mi.StructType) and isinstance(raw, dict):
                return _walk(raw, option)
    return None



