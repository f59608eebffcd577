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

from services.application.contract_modules import pascal
from services.entrypoints.http.json_schema import to_openapi

_REF = "#/components/schemas/"
ANY_EVENT = "AnyEvent"


def event_types() -> dict[str, type[msgspec.Struct]]:
    """Every event type with its ``data`` Struct: the platform's, then each ruleset's registry."""
    from contracts.events import EVENT_TYPES
    from domain.rulesets import RULESETS
    from domain.rulesets.base import RulesetWithCommands

    out: dict[str, type[msgspec.Struct]] = dict(EVENT_TYPES)
    for ruleset in RULESETS.values():
        if isinstance(ruleset, RulesetWithCommands):
            out.update(sorted(ruleset.event_types.items()))
    return out


def data_name(event_type: str) -> str:
    """``wish.CheckRolled`` -> ``WishCheckRolled``; a platform event keeps its name."""
    ruleset, dot, name = event_type.rpartition(".")
    return f"{pascal(ruleset)}{name}" if dot else name


def _schema(node: dict[str, Any], names: dict[str, str]) -> Schema | Reference:
    """A msgspec JSON Schema node as a Litestar one, each ``$ref`` to the component ``names``
    gives its definition; objects stay open to fields a later version adds."""
    return to_openapi(node, lambda name: Reference(ref=_REF + names[name]), open_objects=True)


def add_struct_components(doc: Any, classes: dict[str, type[msgspec.Struct]], prefix: str,
                          drop: str = "") -> None:
    """Each Struct of ``classes`` as the component its key names, and every Struct they hold
    as ``<prefix><Name>`` (a component of that name already there, the ruleset's Struct of that
    name, is reused); ``drop`` names a property left out of the top-level ones (a tag the wire
    carries elsewhere)."""
    schemas: dict[str, Any] = doc.components.schemas
    refs, defs = msgspec.json.schema_components(list(classes.values()),
                                                ref_template="#/$defs/{name}")
    top = {ref["$ref"].rsplit("/", 1)[-1]: name for name, ref in zip(classes, refs, strict=True)}
    names = {key: top.get(key) or (key if key.startswith(prefix) else prefix + key)
             for key in defs}
    names = {key: "".join(ch for ch in name if ch.isalnum()) for key, name in names.items()}
    for key, definition in defs.items():
        body = dict(definition)
        if key in top and drop:
            body["properties"] = {k: v for k, v in body.get("properties", {}).items() if k != drop}
            body["required"] = [k for k in body.get("required", []) if k != drop]
            if not body["required"]:
                del body["required"]
        known = schemas.get(names[key])
        if known is not None:  # the same ruleset's Struct of that name, there already
            if key in top or set(known.properties or {}) != set(body.get("properties", {})):
                raise ValueError(f"the schema name {names[key]!r} is taken")
            continue
        body["title"] = names[key]
        schemas[names[key]] = _schema(body, names)


def add_event_components(doc: Any) -> None:
    """Each event type's data and envelope, and ``AnyEvent``, added to the components."""
    schemas: dict[str, Any] = doc.components.schemas
    wire: Schema = schemas["WireEvent"]
    types = event_types()
    groups: dict[str, dict[str, type[msgspec.Struct]]] = {}
    for event_type, cls in types.items():
        groups.setdefault(event_type.rpartition(".")[0], {})[data_name(event_type)] = cls
    for ruleset, classes in groups.items():
        add_struct_components(doc, classes, pascal(ruleset), drop="type" if ruleset else "")
    variants: list[Reference | Schema] = []
    mapping: dict[str, str] = {}
    for event_type in types:
        name = data_name(event_type)
        envelope = f"{name}Event"
        if envelope in schemas:
            raise ValueError(f"the schema name {envelope!r} of {event_type} is taken")
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
