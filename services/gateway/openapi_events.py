"""The recorded events in the OpenAPI document: every event type's ``data`` as a named schema,
and an envelope per type, in one union discriminated by ``type``.

* ``<Prefix><Name>`` is an event's ``data`` (``WishCheckRolled``, ``GoldenHeroesCombatStarted``;
  the platform's events keep their names: ``DiceRolled``), from the Struct the platform or the
  event's ruleset registers for the type (``contracts.events``, ``Ruleset.event_types``);
* ``<Prefix><Name>Event`` is the whole event as the API shows it (a ``WireEvent`` whose ``type``
  is that one and whose ``data`` is that schema);
* ``AnyEvent`` is the ``oneOf`` of them all, discriminated by ``type``: what each event frame of
  the live stream carries, and each event of ``GET .../events`` and of an export.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.openapi.spec import Discriminator, OpenAPIType, Reference, Schema

from services.gateway.check_odds_docs import from_json_schema
from services.gateway.openapi_views import pascal

_REF = "#/components/schemas/"
ANY_EVENT = "AnyEvent"


def event_types() -> dict[str, type[msgspec.Struct]]:
    """Every event type with its ``data`` Struct: the platform's, then each ruleset's registry."""
    from contracts.events import EVENT_TYPES
    from domain.rulesets import RULESETS

    out: dict[str, type[msgspec.Struct]] = dict(EVENT_TYPES)
    for ruleset in RULESETS.values():
        out.update(sorted(getattr(ruleset, "event_types", {}).items()))
    return out


def data_name(event_type: str) -> str:
    """``wish.CheckRolled`` -> ``WishCheckRolled``; a platform event keeps its name."""
    ruleset, dot, name = event_type.rpartition(".")
    return f"{pascal(ruleset)}{name}" if dot else name


def _data_schema(event_type: str, cls: type[msgspec.Struct], ref: dict[str, Any],
                 defs: dict[str, Any]) -> Schema:
    body = dict(defs[ref["$ref"].rsplit("/", 1)[-1]])
    if "." in event_type:  # a ruleset event's tag is its ``type``, never in its data
        body["properties"] = {k: v for k, v in body.get("properties", {}).items() if k != "type"}
        body["required"] = [k for k in body.get("required", []) if k != "type"]
        if not body["required"]:
            del body["required"]
    body["title"] = data_name(event_type)
    body["description"] = (cls.__doc__ or f"The data of a `{event_type}` event.").strip()
    return from_json_schema(body, defs)


def add_event_components(doc: Any) -> None:
    """Each event type's data and envelope, and ``AnyEvent``, added to the components."""
    schemas: dict[str, Any] = doc.components.schemas
    wire: Schema = schemas["WireEvent"]
    types = event_types()
    refs, defs = msgspec.json.schema_components(list(types.values()),
                                                ref_template="#/$defs/{name}")
    for definition in defs.values():  # a client keeps reading when a later version adds a field
        if definition.get("additionalProperties") is False:
            del definition["additionalProperties"]
    variants: list[Reference | Schema] = []
    mapping: dict[str, str] = {}
    for (event_type, cls), ref in zip(types.items(), refs, strict=True):
        name = data_name(event_type)
        envelope = f"{name}Event"
        if name in schemas or envelope in schemas:
            raise ValueError(f"the schema name {name!r} of {event_type} is taken")
        schemas[name] = _data_schema(event_type, cls, ref, defs)
        schemas[envelope] = Schema(
            type=OpenAPIType.OBJECT, title=envelope,
            description=f"A recorded `{event_type}` event: a `WireEvent` with this `data`.",
            properties={**(wire.properties or {}),
                        "type": Schema(type=OpenAPIType.STRING, const=event_type),
                        "data": Reference(ref=_REF + name)},
            required=wire.required)
        variants.append(Reference(ref=_REF + envelope))
        mapping[event_type] = _REF + envelope
    schemas[ANY_EVENT] = Schema(
        title=ANY_EVENT, one_of=variants,
        discriminator=Discriminator(property_name="type", mapping=mapping),
        description="Any recorded event, by its `type`: each type's `data` is a named schema.")
    doc.components.schemas = dict(sorted(schemas.items()))
