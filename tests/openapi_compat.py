"""Incompatible changes between two OpenAPI documents, and the recorded one.

A change breaks a client written against the recorded document when it removes a path, an
operation, a parameter, a schema or a field; changes a field's type (its JSON type, the schema
it names, its items'); removes an enum value; or makes a request field or parameter required
that was not. Adding paths, operations, schemas, optional fields and enum values is compatible.

Each break has a subject (``GET /v1/campaigns``, ``WishAttack.mode``): CHANGELOG.md must name
it for the break to pass (``tests/unit/test_openapi_compat.py``).

    python3 -m tests.openapi_compat --record   # record the current document (a release)
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RECORDED = ROOT / "contracts" / "openapi" / "v1.json"
CHANGELOG = ROOT / "CHANGELOG.md"
METHODS = ("get", "put", "post", "delete", "patch", "options", "head")
_REF = "#/components/schemas/"


@dataclass(frozen=True)
class Break:
    subject: str  # what CHANGELOG.md must name
    why: str

    def __str__(self) -> str:
        return f"{self.subject}: {self.why}"


def current_document() -> dict[str, Any]:
    """The service's document as it serves it (the app is built, no server is needed)."""
    from services.application.settings import Settings
    from services.entrypoints.app import create_app

    app = create_app(Settings(database_url="postgresql://unused@127.0.0.1:1/unused",
                              redis_url="redis://127.0.0.1:1/0"))
    doc: dict[str, Any] = json.loads(json.dumps(app.openapi_schema.to_schema()))
    return doc


def _shape(schema: dict[str, Any]) -> Any:
    """What a client's type for a schema depends on: its JSON types, the schema it names, its
    items' shape and its variants (not descriptions, bounds or examples)."""
    if "$ref" in schema:
        return ("ref", schema["$ref"])
    types = schema.get("type")
    variants = schema.get("oneOf") or schema.get("anyOf")
    return (tuple(sorted(types)) if isinstance(types, list) else types,
            _shape(schema["items"]) if isinstance(schema.get("items"), dict) else None,
            tuple(sorted(map(repr, map(_shape, variants)))) if variants else None,
            schema.get("const"))


def _accepts_all(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a request schema still accepts every shape it did: the same shape, or a union
    that kept all its variants (a new command in the command union breaks no client)."""
    if _shape(old) == _shape(new):
        return True
    variants = [s.get("oneOf") or s.get("anyOf") for s in (old, new)]
    if not (variants[0] and variants[1]):
        return False
    bare = [{k: v for k, v in s.items() if k not in ("oneOf", "anyOf", "discriminator")}
            for s in (old, new)]
    kept = {repr(_shape(v)) for v in variants[0]} <= {repr(_shape(v)) for v in variants[1]}
    return kept and _shape(bare[0]) == _shape(bare[1])


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"][len(_REF):]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_refs(v) for k, v in node.items() if k != "$ref"))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def _reachable(doc: dict[str, Any], roots: set[str]) -> set[str]:
    schemas = doc.get("components", {}).get("schemas", {})
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo += _refs(schemas[name])
    return seen


def _request_schemas(doc: dict[str, Any]) -> set[str]:
    """Schemas a client sends: those reachable from request bodies."""
    bodies = [op.get("requestBody", {}) for item in doc.get("paths", {}).values()
              for method, op in item.items() if method in METHODS]
    return _reachable(doc, _refs(bodies))


def _compare_object(subject: str, old: dict[str, Any], new: dict[str, Any], sent: bool,
                    out: list[Break]) -> None:
    old_props, new_props = old.get("properties", {}), new.get("properties", {})
    for name, prop in old_props.items():
        if name not in new_props:
            out.append(Break(f"{subject}.{name}", "field removed"))
        elif _shape(prop) != _shape(new_props[name]):
            out.append(Break(f"{subject}.{name}", "type changed"))
        else:
            lost = set(map(repr, prop.get("enum", []))) - set(map(repr, new_props[name].get("enum", [])))
            if prop.get("enum") is not None and lost:
                out.append(Break(f"{subject}.{name}", f"enum values removed: {sorted(lost)}"))
    if sent:
        for name in sorted(set(new.get("required", [])) - set(old.get("required", []))):
            out.append(Break(f"{subject}.{name}", "newly required in a request"))


def breaking_changes(old: dict[str, Any], new: dict[str, Any]) -> list[Break]:
    """Every change from ``old`` to ``new`` that breaks a client of ``old``."""
    out: list[Break] = []
    for path, item in old.get("paths", {}).items():
        if path not in new.get("paths", {}):
            out.append(Break(path, "path removed"))
            continue
        for method, op in item.items():
            if method not in METHODS:
                continue
            subject = f"{method.upper()} {path}"
            new_op = new["paths"][path].get(method)
            if new_op is None:
                out.append(Break(subject, "operation removed"))
                continue
            _compare_operation(subject, op, new_op, out)
    old_schemas = old.get("components", {}).get("schemas", {})
    new_schemas = new.get("components", {}).get("schemas", {})
    sent = _request_schemas(new)
    for name, schema in old_schemas.items():
        if name not in new_schemas:
            out.append(Break(name, "schema removed"))
            continue
        if _shape(schema) != _shape(new_schemas[name]):
            out.append(Break(name, "type changed"))
        _compare_object(name, schema, new_schemas[name], name in sent, out)
    return out


def _compare_operation(subject: str, old: dict[str, Any], new: dict[str, Any],
                       out: list[Break]) -> None:
    def params(op: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(p["in"], p["name"]): p for p in op.get("parameters", [])}

    old_params, new_params = params(old), params(new)
    for key, param in old_params.items():
        if key not in new_params:
            out.append(Break(f"{subject} ?{key[1]}", "parameter removed"))
        elif _shape(param.get("schema", {})) != _shape(new_params[key].get("schema", {})):
            out.append(Break(f"{subject} ?{key[1]}", "parameter type changed"))
    for key, param in new_params.items():
        if param.get("required") and not old_params.get(key, {}).get("required"):
            out.append(Break(f"{subject} ?{key[1]}", "newly required parameter"))
    old_body = old.get("requestBody", {}).get("content", {})
    new_body = new.get("requestBody", {}).get("content", {})
    for media, content in old_body.items():
        if media not in new_body:
            out.append(Break(f"{subject} body", f"{media} no longer accepted"))
        elif not _accepts_all(content.get("schema", {}), new_body[media].get("schema", {})):
            out.append(Break(f"{subject} body", "type changed"))
    for status, response in old.get("responses", {}).items():
        if not status.startswith("2"):
            continue
        new_response = new.get("responses", {}).get(status)
        if new_response is None:
            out.append(Break(f"{subject} {status}", "response removed"))
            continue
        for media, content in response.get("content", {}).items():
            got = new_response.get("content", {}).get(media)
            if got is None:
                out.append(Break(f"{subject} {status}", f"{media} no longer sent"))
            elif _shape(content.get("schema", {})) != _shape(got.get("schema", {})):
                out.append(Break(f"{subject} {status}", "type changed"))


def unannounced(breaks: list[Break], changelog: str) -> list[Break]:
    """The breaks CHANGELOG.md does not name (each by its subject, in backquotes)."""
    return [b for b in breaks if f"`{b.subject}`" not in changelog]


def record(path: Path = RECORDED) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current_document(), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
        print(f"recorded {RECORDED.relative_to(ROOT)}")
    else:
        changes = breaking_changes(json.loads(RECORDED.read_text()), current_document())
        for change in changes:
            print(change)
        sys.exit(1 if unannounced(changes, CHANGELOG.read_text()) else 0)
