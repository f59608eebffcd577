"""Finishing touches on the generated OpenAPI document, so a standard generator can build a
client from it: one name per schema, discriminators on the unions, the right request bodies.

* Several rulesets have a command of the same name (``Attack``, ``StartTurn``, ...): each
  ruleset's payloads and views are named with the ruleset as prefix (``WishAttack``,
  ``PotentialAttack``, ``GoldenHeroesOddsView``); the wire JSON does not change.
* The command body is a ``oneOf`` discriminated by ``type``; the check-odds body one
  discriminated by ``ruleset`` (each ruleset's check spec is a component).
* ``POST /v1/verify`` takes the export as ``application/x-ndjson``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import msgspec
from litestar.openapi.spec import (
    Discriminator,
    Example,
    OpenAPIMediaType,
    OpenAPIType,
    Reference,
    RequestBody,
    Schema,
)

from contracts.commands import ENVELOPES
from services.application.contract_modules import pascal, ruleset_struct
from services.entrypoints.http.check_odds_docs import CHECK_ODDS_PATH, check_spec_schema, from_json_schema
from services.entrypoints.http.openapi_events import ANY_EVENT, add_event_components
from services.entrypoints.http.openapi_rulesets import type_ruleset_answers
from services.entrypoints.http.openapi_views import live_components

COMMANDS_PATH = "/v1/commands"
VERIFY_PATH = "/v1/verify"
_REF = "#/components/schemas/"


def package_version() -> str:
    """The installed package's version (``pyproject.toml``), the document's ``info.version``."""
    try:
        return metadata.version("skald")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        import tomllib

        pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text())["project"]["version"])


def qualify_names() -> None:
    """Name each ruleset's command payloads and views with the ruleset's prefix (Litestar
    reads ``__schema_name__`` as a schema's title); platform commands keep their own names."""
    for tag, envelope in ENVELOPES.items():
        ruleset, dot, _ = tag.rpartition(".")
        if not dot:
            continue
        payload = msgspec.structs.fields(envelope)[-1].type
        name = f"{pascal(ruleset)}{payload.__name__}"
        if getattr(payload, "__schema_name__", name) != name:
            raise ValueError(f"{payload.__name__} is registered by two rulesets")
        payload.__schema_name__ = name
    from domain.rulesets import RULESETS

    for ruleset_id in RULESETS:
        for view in ("OddsView", "EncounterState"):
            found = ruleset_struct(ruleset_id, view)
            if found is not None:
                found.__schema_name__ = f"{pascal(ruleset_id)}{view}"  # type: ignore[attr-defined]


def _objects(node: Any, seen: set[int]) -> Iterator[Any]:
    """Every OpenAPI object under ``node`` (dataclasses, dicts and lists walked)."""
    if id(node) in seen:
        return
    seen.add(id(node))
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        yield node
        for f in dataclasses.fields(node):
            yield from _objects(getattr(node, f.name), seen)
    elif isinstance(node, dict):
        for value in node.values():
            yield from _objects(value, seen)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _objects(value, seen)


def name_components_by_title(doc: Any) -> None:
    """Key each component by its title where Litestar had to qualify the key by module path
    (``potential_commands_Attack`` titled ``PotentialAttack`` becomes ``PotentialAttack``)."""
    schemas: dict[str, Any] = doc.components.schemas
    titles = [s.title for s in schemas.values() if isinstance(s, Schema) and s.title]
    renames = {key: s.title for key, s in schemas.items()
               if isinstance(s, Schema) and s.title and s.title != key and "[" not in s.title
               and titles.count(s.title) == 1 and s.title not in schemas}
    if not renames:
        return
    doc.components.schemas = dict(sorted(
        ((renames.get(key, key), s) for key, s in schemas.items()), key=lambda kv: kv[0]))
    for obj in _objects(doc, set()):
        if isinstance(obj, Reference) and obj.ref.startswith(_REF):
            obj.ref = _REF + renames.get(obj.ref[len(_REF):], obj.ref[len(_REF):])


def _operation(doc: Any, path: str, method: str) -> Any:
    return getattr(doc.paths[path], method)


def discriminate_commands(doc: Any) -> None:
    """The command body's ``oneOf``: discriminated by ``type``, with a few examples."""
    media = _operation(doc, COMMANDS_PATH, "post").request_body.content["application/json"]
    union = media.schema
    schemas = doc.components.schemas
    mapping: dict[str, str] = {}
    for ref in union.one_of:
        tag = schemas[ref.ref[len(_REF):]].properties["type"].const
        mapping[tag] = ref.ref
    union.discriminator = Discriminator(property_name="type", mapping=mapping)
    media.examples = {name: Example(summary=summary, value=value) for name, summary, value in (
        ("CreateCampaign", "Create a campaign", {
            "command_id": "create-1", "type": "CreateCampaign",
            "payload": {"name": "The Long Road", "ruleset": "wish", "campaign_id": "c-7f3a"}}),
        ("AddMember", "Add a player", {
            "command_id": "add-bob", "type": "AddMember",
            "payload": {"campaign_id": "c-7f3a", "user": "bob", "role": "player"}}),
        ("RollDice", "Roll dice", {
            "command_id": "roll-1", "type": "RollDice",
            "payload": {"campaign_id": "c-7f3a", "expression": "2d6+1"}}),
    )}


def discriminate_check_odds(doc: Any) -> None:
    """Each ruleset's check spec as a component with a ``ruleset`` constant, discriminated."""
    from domain.rulesets import RULESETS
    from domain.rulesets.base import RulesetWithCheckOdds

    media = _operation(doc, CHECK_ODDS_PATH, "post").request_body.content["application/json"]
    refs: list[Reference] = []
    mapping: dict[str, str] = {}
    for ruleset in RULESETS.values():
        if not isinstance(ruleset, RulesetWithCheckOdds):
            continue
        name = f"{pascal(ruleset.id)}CheckOddsRequest"
        spec = check_spec_schema(ruleset.id, ruleset.check_spec_type)
        spec.title = name
        spec.properties = {"ruleset": Schema(type=OpenAPIType.STRING, const=ruleset.id,
                                             description="the campaign's ruleset"),
                           **(spec.properties or {})}
        spec.required = sorted({"ruleset", *(spec.required or [])})
        doc.components.schemas[name] = spec
        refs.append(Reference(ref=_REF + name))
        mapping[ruleset.id] = _REF + name
    media.schema = Schema(one_of=refs, discriminator=Discriminator(property_name="ruleset",
                                                                   mapping=mapping))
    doc.components.schemas = dict(sorted(doc.components.schemas.items()))


def verify_body(doc: Any) -> None:
    """``POST /v1/verify`` reads the export as JSON Lines."""
    _operation(doc, VERIFY_PATH, "post").request_body = RequestBody(
        required=True, description="A campaign export (`GET .../export`), byte for byte",
        content={"application/x-ndjson": OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING))})


def add_live_components(doc: Any) -> None:
    """The live stream's ``ready`` frame, named so a client can type it."""
    for struct in live_components():
        if struct.__name__ in doc.components.schemas:
            continue
        (ref,), defs = msgspec.json.schema_components([struct], ref_template="#/$defs/{name}")
        doc.components.schemas[struct.__name__] = from_json_schema(defs[ref["$ref"].rsplit("/", 1)[-1]], defs)
    doc.components.schemas = dict(sorted(doc.components.schemas.items()))


def describe_live_frames(doc: Any) -> None:
    """``/live`` sends server-sent events: the ``ready`` frame's data is a ``LiveReady``, each
    event frame's an ``AnyEvent`` (discriminated by ``type``, as its ``event:`` line is), and
    the ``lagged`` frame's a ``LiveLagged``."""
    for item in (doc.paths or {}).values():
        operation = getattr(item, "get", None)
        if operation is None or operation.operation_id != "streamLive":
            continue
        media = operation.responses["200"].content["text/event-stream"]
        media.schema = Schema(
            one_of=[Reference(ref=_REF + "LiveReady"), Reference(ref=_REF + ANY_EVENT),
                    Reference(ref=_REF + "LiveLagged")],
            description="The `data:` of a frame: a `LiveReady` in the `ready` frame, a "
                        "`LiveLagged` in the `lagged` frame, the event (an `AnyEvent`) in "
                        "every other")


def unwrap_absent_fields(doc: Any) -> None:
    """A view field that is left out when it has no value (``msgspec.UNSET``, e.g. a
    character's ``derived``) is documented as its type, as an optional field: Litestar gives
    it as a ``oneOf`` of that one type."""
    for spec in (doc.components.schemas or {}).values():
        for name, prop in (getattr(spec, "properties", None) or {}).items():
            if isinstance(prop, Schema) and prop.one_of and len(prop.one_of) == 1 \
                    and prop == Schema(one_of=prop.one_of):
                spec.properties[name] = prop.one_of[0]


def finish(doc: Any) -> None:
    """Every touch above, in order (names first: the discriminators map the final names)."""
    unwrap_absent_fields(doc)
    name_components_by_title(doc)
    discriminate_commands(doc)
    discriminate_check_odds(doc)
    verify_body(doc)
    add_live_components(doc)
    add_event_components(doc)
    describe_live_frames(doc)
    type_ruleset_answers(doc)
