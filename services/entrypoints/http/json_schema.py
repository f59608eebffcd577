"""msgspec's JSON Schema as Litestar's OpenAPI ``Schema`` objects, one keyword at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from litestar.openapi.spec import OpenAPIType, Reference, Schema

# JSON Schema keywords and the Schema fields that hold them, where the names differ.
RENAMED = {"anyOf": "any_of", "oneOf": "one_of", "allOf": "all_of", "minLength": "min_length",
           "maxLength": "max_length", "minItems": "min_items", "maxItems": "max_items",
           "additionalProperties": "additional_properties", "exclusiveMinimum": "exclusive_minimum",
           "exclusiveMaximum": "exclusive_maximum"}
PLAIN = {"enum", "const", "minimum", "maximum", "pattern", "required", "title", "description",
         "default", "format"}


def to_openapi(node: dict[str, Any], ref: Callable[[str], Schema | Reference], *,
               open_objects: bool = False) -> Schema | Reference:
    """``node`` as a Litestar Schema; ``ref`` gives what a ``$ref`` to a definition (by its
    name) becomes. ``open_objects`` leaves out ``additionalProperties: false``, so a client
    keeps reading when a later version adds a field."""
    if "$ref" in node:
        return ref(node["$ref"].rsplit("/", 1)[-1])

    def sub(value: dict[str, Any]) -> Schema | Reference:
        return to_openapi(value, ref, open_objects=open_objects)

    fields: dict[str, Any] = {}
    for key, value in node.items():
        if key == "type":
            types = value if isinstance(value, list) else [value]
            converted = [OpenAPIType(t) for t in types]
            fields["type"] = converted if len(converted) > 1 else converted[0]
        elif key == "properties":
            fields["properties"] = {name: sub(v) for name, v in value.items()}
        elif key == "items":
            fields["items"] = sub(value)
        elif key in ("anyOf", "oneOf", "allOf"):
            fields[RENAMED[key]] = [sub(v) for v in value]
        elif key == "additionalProperties":
            if value is not False or not open_objects:
                fields["additional_properties"] = value if isinstance(value, bool) else sub(value)
        elif key in RENAMED:
            fields[RENAMED[key]] = value
        elif key in PLAIN:
            fields[key] = value
    return Schema(**fields)
