"""Between protobuf messages and the JSON-shaped values the HTTP gateway speaks.

Driven by the same model ``protogen`` renders the ``.proto`` from, so a value
crosses gRPC exactly as it crosses HTTP: a command becomes the same envelope
dict (then the same msgspec validation), a view the same dict. Unset fields
with presence come back absent (the Struct's default applies) or ``None``
where the Struct requires a nullable value. ``google.protobuf.Struct`` only
has doubles; whole numbers in free-form values come back as ints, as in JSON.
"""

from __future__ import annotations

import math
from typing import Any, cast

from google.protobuf import json_format, struct_pb2
from google.protobuf.message import Message

from services.entrypoints.grpc import proto_model
from services.entrypoints.grpc.generated import skald_pb2
from services.entrypoints.schema import COMMAND


class SchemaError(ValueError):
    """A message that cannot become a valid value (e.g. a command without a payload)."""

    def __init__(self, field: str, message: str, rule: str = "request.schema") -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.rule = rule


def _non_finite(value: Any, path: str) -> str | None:
    """Where a ``Struct``/``Value``/``ListValue`` holds an infinity or NaN (JSON has neither)."""
    kind = value.DESCRIPTOR.name
    if kind == "Struct":
        return next((p for k, v in sorted(value.fields.items())
                     if (p := _non_finite(v, f"{path}.{k}")) is not None), None)
    if kind == "ListValue":
        return next((p for i, v in enumerate(value.values)
                     if (p := _non_finite(v, f"{path}[{i}]")) is not None), None)
    which = value.WhichOneof("kind")
    if which == "number_value":
        return None if math.isfinite(value.number_value) else path
    if which in ("struct_value", "list_value"):
        return _non_finite(getattr(value, which), path)
    return None


def _plain(value: Any) -> Any:
    """Struct/Value numbers are doubles: give whole ones back as ints, like JSON does."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, dict):  # map order is not kept on the wire: make it canonical
        return {k: _plain(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class Codec:
    def __init__(self, schema: proto_model.Schema | None = None, module: Any = skald_pb2) -> None:
        self.schema = schema or proto_model.build()
        self.module = module
        self.classes: dict[str, type[Message]] = {
            name: getattr(module, name) for name in self.schema.messages if hasattr(module, name)}
        self.fields = {name: msg.by_name() for name, msg in self.schema.messages.items()}
        self.command_tags = {v: k for k, v in self.schema.commands.items()}
        self.event_tags = {v: k for k, v in self.schema.events.items()}
        self._ruleset: str | None = None

    def cls(self, name: str) -> type[Message]:
        return self.classes[name]

    def name_of(self, struct: Any) -> str:
        return struct if isinstance(struct, str) else self.schema.structs[struct]

    # ------------------------------------------------------------------ to protobuf

    def to_proto(self, name: str, data: Any, ruleset: str | None = None) -> Message:
        """``data`` as message ``name``; ``ruleset`` types the fields each ruleset types."""
        out = self.cls(name)()
        self._ruleset = ruleset  # read by _fill; conversion is synchronous
        try:
            self._fill(out, data)
        finally:
            self._ruleset = None
        return out

    def ruleset_view(self, name: str, ruleset: str, data: dict[str, Any]) -> Message:
        """A ruleset-shaped view (``schema.RulesetView``) as its ruleset's typed variant."""
        out = self.cls(name)()
        self._view_into(out, ruleset, data)
        return out

    def _view_into(self, out: Message, ruleset: str, data: dict[str, Any]) -> None:
        """Fill a ruleset-shaped view (also one nested in a reply, e.g. an as-of read's
        encounters) with its ruleset's typed variant, or ``other`` when it is not its shape."""
        fields = self.fields[out.DESCRIPTOR.name]
        own = {k: v for k, v in data.items() if k in fields and fields[k].conv != "ruleset_view"}
        if own:  # the view's own fields (an encounter's ``ruleset``) sit beside the variant
            self._fill(out, own)
            data = {k: v for k, v in data.items() if k not in own}
        variant = next((f for f in fields.values() if f.tag == ruleset), None)
        if variant is not None:
            try:
                sub = getattr(out, variant.name)
                sub.SetInParent()
                self._fill(sub, data)
                return
            except (TypeError, ValueError, AttributeError):
                out.ClearField(variant.name)  # not the ruleset's shape after all: send it as is
        other = getattr(out, proto_model.OTHER_EVENT)
        other.SetInParent()
        other.update(data)

    def command(self, envelope: dict[str, Any]) -> Message:
        """A command envelope dict (``{"command_id", "type", "payload"}``) as a ``Command``."""
        out = self.cls(COMMAND)()
        for key, f in self.fields[COMMAND].items():
            if not f.oneof and envelope.get(key) is not None:
                setattr(out, key, envelope[key])
        variant = self.schema.commands.get(envelope.get("type", ""))
        if variant is None:
            raise SchemaError("type", f"unknown command type {envelope.get('type')!r}")
        sub = getattr(out, variant)
        sub.SetInParent()
        self._fill(sub, envelope.get("payload") or {})
        return out

    def _fill(self, out: Message, data: Any) -> None:
        try:
            self._fill_fields(out, data)
        except (TypeError, ValueError) as err:
            raise TypeError(f"{out.DESCRIPTOR.name}: {err} (from {str(data)[:300]})") from err

    def _fill_fields(self, out: Message, data: Any) -> None:
        fields = self.fields[out.DESCRIPTOR.name]
        descriptor_fields = out.DESCRIPTOR.fields_by_name
        event_type = data.get("type") if isinstance(data, dict) else None
        typed: set[str] = set()  # keys sent as their ruleset's typed variant
        for f in fields.values():
            wanted = f.conv == "ruleset_field" and f.tag == self._ruleset
            if wanted and data.get(f.key) is not None and self._typed(out, f, data[f.key]):
                typed.add(f.key)
        for name, f in fields.items():
            if name not in descriptor_fields or f.conv == "ruleset_field" or name in typed:
                continue
            if f.conv == "event_data":
                if f.name == self.schema.events.get(event_type or "") or (
                        f.name == proto_model.OTHER_EVENT and event_type not in self.schema.events):
                    body = data.get("data")
                    if body is not None:
                        self._single(out, f, body)
                continue
            if f.conv == "extra":
                rest = {k: v for k, v in data.items() if k not in fields and k != "data"}
                if rest:
                    self._single(out, f, rest)
                continue
            value = data.get(name)
            if value is None:
                continue
            if f.label == "repeated":
                target = getattr(out, name)
                if f.conv == "scalar":
                    target.extend(value)
                else:
                    for item in value:
                        self._into(target.add(), f, item)
            elif f.label == "map":
                target = getattr(out, name)
                if f.conv == "scalar":
                    target.update(value)
                else:
                    for key, item in value.items():
                        self._into(target[key], f, item)
            else:
                self._single(out, f, value)

    def _typed(self, out: Message, f: proto_model.FieldDef, value: Any) -> bool:
        """Send ``value`` as its ruleset's typed message if that loses nothing."""
        sub = getattr(out, f.name)
        try:
            sub.SetInParent()
            self._fill(sub, value)
            if self.from_proto(sub) == value:
                return True
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        out.ClearField(f.name)
        return False

    def _single(self, out: Message, f: proto_model.FieldDef, value: Any) -> None:
        if f.conv == "scalar":
            setattr(out, f.name, value)
            return
        sub = getattr(out, f.name)
        sub.SetInParent()
        self._into(sub, f, value)

    def _into(self, sub: Message, f: proto_model.FieldDef, value: Any) -> None:
        if f.type == proto_model.STRUCT:
            cast(struct_pb2.Struct, sub).update(value)  # the field's message is a Struct
        elif f.type == proto_model.VALUE:
            json_format.ParseDict(value, sub)
        elif self._is_view(sub.DESCRIPTOR.name):
            ruleset = self._ruleset or ""
            saved, self._ruleset = self._ruleset, None  # the view's own fields are its variant's
            try:
                self._view_into(sub, ruleset, value)
            finally:
                self._ruleset = saved
        else:
            self._fill(sub, value)

    def _is_view(self, name: str) -> bool:
        return any(f.conv == "ruleset_view" for f in self.fields[name].values())

    # ------------------------------------------------------------------ from protobuf

    def from_proto(self, msg: Message) -> dict[str, Any]:
        name = msg.DESCRIPTOR.name
        model = self.schema.messages[name]
        out: dict[str, Any] = {}
        if model.tag_field and model.tag:
            out[model.tag_field] = model.tag
        for fname, f in self.fields[name].items():
            if f.conv in ("event_data", "ruleset_view"):
                continue
            if f.conv == "extra":
                if msg.HasField(fname):
                    out.update(self._value(f, getattr(msg, fname)))
                continue
            if f.oneof:
                if msg.WhichOneof(f.oneof) == fname:
                    out[f.key or fname] = self._value(f, getattr(msg, fname))
                continue
            if f.label == "repeated":
                out[fname] = [self._value(f, v) for v in getattr(msg, fname)]
            elif f.label == "map":
                out[fname] = {k: self._value(f, v) for k, v in getattr(msg, fname).items()}
            elif f.label == "optional" or f.conv != "scalar":
                if msg.HasField(fname):
                    out[fname] = self._value(f, getattr(msg, fname))
                elif f.none_default:
                    out[fname] = None
                elif f.required and f.conv == "struct":
                    out[fname] = {}
            else:
                out[fname] = getattr(msg, fname)
        if any(f.conv == "ruleset_view" for f in self.fields[name].values()):
            which = msg.WhichOneof("view")
            if not which:
                return out
            sub = getattr(msg, which)
            if which == proto_model.OTHER_EVENT:
                return {**out, **_plain(json_format.MessageToDict(sub))}
            return {**out, **self.from_proto(sub)}
        if "data" in {f.oneof for f in self.fields[name].values() if f.conv == "event_data"}:
            which = msg.WhichOneof("data")
            if which == proto_model.OTHER_EVENT:
                out["data"] = _plain(json_format.MessageToDict(getattr(msg, which)))
            elif which:
                out["data"] = self.from_proto(getattr(msg, which))
        return out

    def _value(self, f: proto_model.FieldDef, value: Any) -> Any:
        if f.conv == "scalar":
            return value
        if f.type in (proto_model.STRUCT, proto_model.VALUE):
            where = _non_finite(value, f.name)
            if where is not None:  # MessageToDict would fail on it (a bare ValueError)
                raise SchemaError(where, f"{where}: numbers must be finite", "request.finite-number")
            return _plain(json_format.MessageToDict(value))
        return self.from_proto(value)

    def envelope(self, msg: Message) -> dict[str, Any]:
        """A ``Command`` as the envelope dict HTTP clients send (validated by the caller)."""
        which = msg.WhichOneof("payload")
        if which is None:
            raise SchemaError("payload", "a command needs one payload (the oneof 'payload')")
        out: dict[str, Any] = {"type": self.command_tags[which]}
        for key, f in self.fields[COMMAND].items():
            if f.oneof:
                continue
            if f.label != "optional" or msg.HasField(key):
                out[key] = getattr(msg, key)
        try:
            out["payload"] = self.from_proto(getattr(msg, which))
        except SchemaError as err:
            raise SchemaError(f"payload.{err.field}", f"payload.{err.message}", err.rule) from None
        return out
