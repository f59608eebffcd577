"""The ``skald.v1`` schema as data, built from the msgspec Structs of ``contracts/``.

``build`` walks every registered command payload, event body, ruleset contract Struct and the
service's own requests and replies into messages and fields; ``protogen`` renders the result
as a ``.proto`` file and its lock. The type mapping and the lock's rules are described there.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from services.application.contract_modules import (
    event_types,
    load_contracts,
    ruleset_id,
    ruleset_modules,
    wire_module_name,
)

ROOT = Path(__file__).resolve().parents[3]
PROTO_ROOT = ROOT / "contracts" / "proto"
PROTO_FILE = PROTO_ROOT / "skald" / "v1" / "skald.proto"
LOCK_FILE = PROTO_ROOT / "skald" / "v1" / "skald.lock.json"
GENERATED = Path(__file__).resolve().parent / "generated"
PACKAGE = "skald.v1"
SERVICE = "Skald"
STRUCT = "google.protobuf.Struct"
VALUE = "google.protobuf.Value"
OTHER_EVENT = "other"
_SCALARS = {"string", "int64", "double", "bool", "bytes"}


@dataclass
class FieldDef:
    name: str  # proto field name, also the JSON key
    type: str  # scalar, message name, STRUCT or VALUE
    label: str  # "" (implicit presence) | "optional" | "repeated" | "map"
    conv: str  # "scalar" | "message" | "struct" | "value" | "event_data"
    required: bool = True
    nullable: bool = False  # the Struct allows None
    none_default: bool = False  # unset reads back as None (required nullable, or default None)
    number: int = 0
    oneof: str | None = None
    tag: str | None = None  # oneof variant: the command tag, event type or ruleset it carries
    comment: str = ""
    key: str = ""  # the JSON key it carries, when not its name (a ruleset-typed variant)


@dataclass
class MessageDef:
    name: str
    fields: list[FieldDef]
    doc: str = ""
    struct: type[msgspec.Struct] | None = None
    tag_field: str | None = None
    tag: str | None = None
    reserved: dict[str, int] = field(default_factory=dict)

    def by_name(self) -> dict[str, FieldDef]:
        return {f.name: f for f in self.fields}


@dataclass
class Schema:
    messages: dict[str, MessageDef]
    structs: dict[type[msgspec.Struct], str]
    commands: dict[str, str]  # command tag -> Command oneof field name
    events: dict[str, str]  # event type -> Event.data oneof field name
    rpcs: list[Any]


def snake(name: str) -> str:
    """``wish.RollCheck`` → ``wish_roll_check``: a valid proto field name."""
    out = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    out = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", out)
    return re.sub(r"[^A-Za-z0-9_]", "_", out).lower()


def camel(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^A-Za-z0-9]+", name) if p)


class _Builder:
    def __init__(self, lock: dict[str, Any]) -> None:
        from services.entrypoints import schema

        self.schema = schema
        self.lock = lock
        self.messages: dict[str, MessageDef] = {}
        self.structs: dict[type[msgspec.Struct], str] = {}
        self.pending: list[type[msgspec.Struct]] = []

    # ----------------------------------------------------------------- naming

    def name_of(self, cls: type[msgspec.Struct]) -> str:
        if cls in self.structs:
            return self.structs[cls]
        name = self.schema.RENAMES.get(cls) or cls.__name__
        module = cls.__module__ or ""
        if module.startswith("contracts.rulesets."):
            # the ruleset's id, also for a contracts package split into modules
            prefix = camel(wire_module_name(module))
            if not name.startswith(prefix):
                name = prefix + name
        taken = [c for c, n in self.structs.items() if n == name]
        if taken:
            raise ValueError(f"two Structs map to message {name!r}: {taken[0].__module__}."
                             f"{taken[0].__qualname__} and {module}.{cls.__qualname__}; "
                             "rename one or add it to schema.RENAMES")
        self.structs[cls] = name
        self.pending.append(cls)
        return name

    # ----------------------------------------------------------------- types

    def wire(self, t: mi.Type) -> tuple[str, str, str]:
        """(label, type, conv) for a msgspec type; label "" means a single value."""
        if isinstance(t, mi.StructType):
            return "", self.name_of(t.cls), "message"
        if isinstance(t, mi.StrType | mi.DateTimeType | mi.DateType | mi.TimeType | mi.UUIDType
                      | mi.DecimalType | mi.TimeDeltaType):
            return "", "string", "scalar"
        if isinstance(t, mi.BoolType):
            return "", "bool", "scalar"
        if isinstance(t, mi.IntType):
            return "", "int64", "scalar"
        if isinstance(t, mi.FloatType):
            return "", "double", "scalar"
        if isinstance(t, mi.BytesType | mi.ByteArrayType | mi.MemoryViewType):
            return "", "bytes", "scalar"
        if isinstance(t, mi.LiteralType):
            kinds = {type(v) for v in t.values}
            if kinds == {str}:
                return "", "string", "scalar"
            if kinds == {int}:
                return "", "int64", "scalar"
            return "", VALUE, "value"
        if isinstance(t, mi.EnumType):
            kinds = {type(m.value) for m in t.cls}
            return "", "int64" if kinds == {int} else "string", "scalar"
        if isinstance(t, mi.UnionType):
            rest = [u for u in t.types if not isinstance(u, mi.NoneType)]
            if len(rest) == 1:
                label, typ, conv = self.wire(rest[0])
                return ("optional" if label == "" and conv == "scalar" else label), typ, conv
            return "", VALUE, "value"
        if isinstance(t, mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType):
            label, typ, conv = self.wire(t.item_type)
            if label == "" and conv != "value":
                return "repeated", typ, conv
            return "", VALUE, "value"
        if isinstance(t, mi.DictType):
            if isinstance(t.value_type, mi.AnyType):
                return "", STRUCT, "struct"
            if isinstance(t.key_type, mi.StrType | mi.LiteralType):
                label, typ, conv = self.wire(t.value_type)
                if label == "" and conv in ("scalar", "message"):
                    return "map", typ, conv
            return "", STRUCT, "struct"
        return "", VALUE, "value"

    @staticmethod
    def literal_comment(t: mi.Type) -> str:
        if isinstance(t, mi.UnionType):
            rest = [u for u in t.types if not isinstance(u, mi.NoneType)]
            t = rest[0] if len(rest) == 1 else t
        if isinstance(t, mi.LiteralType):
            return "one of: " + ", ".join(json.dumps(v) for v in t.values)
        return ""

    # ----------------------------------------------------------------- messages

    def struct_message(self, cls: type[msgspec.Struct]) -> MessageDef:
        info = mi.type_info(cls)
        assert isinstance(info, mi.StructType)
        oneof = getattr(cls, "__proto_oneof__", None)
        fields: list[FieldDef] = []
        view = getattr(cls, "__proto_ruleset_view__", "")
        if view:
            fields.extend(self.ruleset_view_fields(view))
        for f in info.fields:
            override = self.schema.OVERRIDES.get((cls, f.name))
            t = mi.type_info(override) if override is not None else f.type
            name = f.encode_name
            if (cls, f.name) == self.schema.EVENT_DATA:
                fields.extend(self.event_data_fields())
                continue
            suffix = self.schema.RULESET_FIELDS.get((cls, f.name))
            if suffix:
                fields.extend(self.ruleset_field(name, suffix))
                continue
            label, typ, conv = self.wire(t)
            nullable = isinstance(t, mi.UnionType) and any(
                isinstance(u, mi.NoneType) for u in t.types)
            if not f.required and label == "" and conv == "scalar":
                label = "optional"
            if oneof:
                label = "" if label == "optional" else label
            fields.append(FieldDef(name=name, type=typ, label=label, conv=conv,
                                   required=f.required, nullable=nullable,
                                   none_default=nullable and (f.required or f.default is None),
                                   oneof=oneof, comment=self.literal_comment(t)))
        extra = getattr(cls, "__proto_extra__", "")
        if extra:
            fields.append(FieldDef(name=extra, type=STRUCT, label="", conv="extra",
                                   required=False,
                                   comment="keys the view adds beyond these fields, as they are"))
        return MessageDef(name=self.structs[cls], fields=fields, doc=_doc(cls), struct=cls,
                          tag_field=info.tag_field, tag=info.tag if isinstance(info.tag, str) else None)

    def event_data_fields(self) -> list[FieldDef]:
        out = [FieldDef(name=snake(tag), type=self.name_of(cls), label="", conv="event_data",
                        oneof="data", tag=tag) for tag, cls in sorted(event_types().items())]
        out.append(FieldDef(name=OTHER_EVENT, type=STRUCT, label="", conv="event_data",
                            oneof="data", comment="an event type without a Struct: its body as is"))
        return out

    def ruleset_field(self, name: str, suffix: str) -> list[FieldDef]:
        """A free-form field that each ruleset types: a oneof of the free-form value (under the
        field's own name) and, per ruleset whose contract module has ``<Ruleset><suffix>``, that
        Struct (as ``<ruleset>_<name>``)."""
        group = f"{name}_kind"
        out = [FieldDef(name=name, type=STRUCT, label="", conv="struct", oneof=group,
                        required=False, comment="as is, for a ruleset without a typed one")]
        for mod in ruleset_modules():
            ruleset = ruleset_id(mod)
            cls = getattr(mod, camel(ruleset) + suffix, None)
            if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
                out.append(FieldDef(name=f"{snake(ruleset)}_{name}", type=self.name_of(cls),
                                    label="", conv="ruleset_field", oneof=group, tag=ruleset,
                                    key=name, required=False,
                                    comment=f"in a campaign of ruleset {ruleset!r}"))
        return out

    def ruleset_view_fields(self, struct_name: str) -> list[FieldDef]:
        out = []
        for mod in ruleset_modules():
            cls = getattr(mod, struct_name, None)
            if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
                ruleset = ruleset_id(mod)
                out.append(FieldDef(name=snake(ruleset), type=self.name_of(cls), label="",
                                    conv="ruleset_view", oneof="view", tag=ruleset))
        out.append(FieldDef(name=OTHER_EVENT, type=STRUCT, label="", conv="ruleset_view",
                            oneof="view", comment="a ruleset without a typed view: as is"))
        return out

    def command_message(self) -> MessageDef:
        from contracts.commands import ENVELOPES, CommandEnvelope

        info = mi.type_info(CommandEnvelope)
        assert isinstance(info, mi.StructType)
        fields = []
        for f in info.fields:
            label, typ, conv = self.wire(f.type)
            if not f.required and label == "":
                label = "optional" if conv == "scalar" else label
            fields.append(FieldDef(name=f.encode_name, type=typ, label=label, conv=conv,
                                   required=f.required, nullable=True))
        for tag, env in sorted(ENVELOPES.items()):
            payload = msgspec.structs.fields(env)[-1].type
            fields.append(FieldDef(name=snake(tag), type=self.name_of(payload), label="",
                                   conv="message", oneof="payload", tag=tag,
                                   comment=f'"type": "{tag}"'))
        return MessageDef(name=self.schema.COMMAND, fields=fields, tag_field="type",
                          doc="A command: its idempotency key (command_id) and one payload.")

    def build(self) -> Schema:
        load_contracts()
        from contracts.commands import CommandResult

        roots: list[type[msgspec.Struct]] = [CommandResult]
        for mod in ruleset_modules():
            roots.extend(v for v in vars(mod).values() if isinstance(v, type)
                         and issubclass(v, msgspec.Struct)
                         and (v.__module__ == mod.__name__
                              or v.__module__.startswith(mod.__name__ + ".")))
        command = self.command_message()
        self.messages[command.name] = command
        for rpc in self.schema.RPCS:
            for cls in (rpc.request, rpc.reply):
                if isinstance(cls, type):
                    roots.append(cls)
        roots.append(self.schema.ErrorDetail)
        for cls in roots:
            self.name_of(cls)
        while self.pending:
            cls = self.pending.pop(0)
            msg = self.struct_message(cls)
            self.messages[msg.name] = msg
        for msg in self.messages.values():
            self.number(msg)
        commands = {f.tag: f.name for f in command.fields if f.tag}
        events = {f.tag: f.name for f in self.event_data_fields() if f.tag}
        return Schema(messages=dict(sorted(self.messages.items())), structs=self.structs,
                      commands=commands, events=events, rpcs=list(self.schema.RPCS))

    def number(self, msg: MessageDef) -> None:
        """Numbers from the lock; new fields take the next free one; dropped ones are reserved."""
        entry = self.lock.get(msg.name, {})
        known: dict[str, int] = dict(entry.get("fields", {}))
        reserved: dict[str, int] = dict(entry.get("reserved", {}))
        present = {f.name for f in msg.fields}
        for name, num in known.items():
            if name not in present:
                reserved[name] = num
        used = set(known.values()) | set(reserved.values())
        nxt = max(used, default=0) + 1
        for f in msg.fields:
            if f.name in known:
                f.number = known[f.name]
            elif f.name in reserved:
                f.number = reserved.pop(f.name)  # a field that comes back keeps its number
            else:
                while nxt in used or 19000 <= nxt <= 19999:
                    nxt += 1
                f.number = nxt
                used.add(nxt)
        msg.reserved = reserved


def _doc(cls: type) -> str:
    doc = (cls.__doc__ or "").strip()
    if not doc or doc.startswith(cls.__name__ + "("):
        return ""
    return " ".join(doc.split("\n\n", 1)[0].split())


def read_lock(path: Path = LOCK_FILE) -> dict[str, Any]:
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def build(lock: dict[str, Any] | None = None) -> Schema:
    return _Builder(read_lock() if lock is None else lock).build()
