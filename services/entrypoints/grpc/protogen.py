"""Generate ``skald.v1`` (a ``.proto`` file) from the msgspec Structs of ``contracts/``.

Everything on the wire is derived from Structs: every registered command
payload (the envelope's tagged union becomes ``Command.payload``, a
``oneof``), ``CommandResult``, every event body (``Event.data``, a ``oneof``
with a free-form ``other`` for event types without a Struct), every Struct of
every ruleset's contract module (sheets, views) and the service's own
requests and replies (``schema.py``).

Type mapping: ``str``/``Literal[str]`` → ``string`` (the allowed values in a
comment), ``int`` → ``int64``, ``float`` → ``double``, ``bool``, ``bytes``;
``list[X]`` → ``repeated``; ``dict[str, X]`` → ``map<string, X>``; a Struct →
its message; ``X | None`` → explicit presence (``optional`` for scalars);
a field with a default → ``optional`` too, so "unset" means "the default";
``dict[str, Any]`` → ``google.protobuf.Struct`` (free-form in the contract);
anything without a faithful proto shape (other unions, nested lists) →
``google.protobuf.Value``.

Field numbers never change: ``skald.lock.json`` beside the ``.proto`` records
each message's numbers; new fields take the next free number and removed
ones become ``reserved``. ``skald proto generate`` rewrites both files and
compiles the Python module; the drift test regenerates in memory and compares.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from services.entrypoints.grpc.proto_model import (
    GENERATED,
    LOCK_FILE,
    PACKAGE,
    PROTO_FILE,
    PROTO_ROOT,
    ROOT,
    SERVICE,
    FieldDef,
    Schema,
    build,
    read_lock,
)

# --------------------------------------------------------------------------- rendering


def render_lock(schema: Schema) -> str:
    out: dict[str, Any] = {}
    for name, msg in schema.messages.items():
        entry: dict[str, Any] = {"fields": {f.name: f.number for f in msg.fields}}
        if msg.reserved:
            entry["reserved"] = dict(sorted(msg.reserved.items()))
        out[name] = entry
    return json.dumps(out, indent=1) + "\n"


def _field_line(f: FieldDef, indent: str) -> str:
    if f.label == "map":
        decl = f"map<string, {f.type}> {f.name} = {f.number};"
    else:
        label = f"{f.label} " if f.label and not f.oneof else ""
        decl = f"{label}{f.type} {f.name} = {f.number};"
    return f"{indent}{decl}" + (f"  // {f.comment}" if f.comment else "")


def render(schema: Schema) -> str:
    lines = [
        "// Generated from the msgspec Structs of contracts/ by `skald proto generate`.",
        "// Do not edit: change the Structs and regenerate (a test fails on drift).",
        "// Field numbers are kept in skald.lock.json and never reused.",
        'syntax = "proto3";',
        "",
        f"package {PACKAGE};",
        "",
        'import "google/protobuf/struct.proto";',
        "",
        'option go_package = "skald.dev/gen/skald/v1;skaldv1";',
        'option csharp_namespace = "Skald.V1";',
        'option java_multiple_files = true;',
        'option java_package = "dev.skald.v1";',
        "",
        "// Bearer token in the `authorization` metadata (\"Bearer <token>\") on every call but Echo.",
        f"service {SERVICE} {{",
    ]
    for rpc in schema.rpcs:
        req = rpc.request if isinstance(rpc.request, str) else schema.structs[rpc.request]
        rep = schema.structs[rpc.reply]
        stream = "stream " if rpc.streaming else ""
        lines.append(f"  // {rpc.doc}")
        lines.append(f"  rpc {rpc.name}({req}) returns ({stream}{rep});")
    lines.append("}")
    for msg in schema.messages.values():
        lines.append("")
        if msg.doc:
            lines.append(f"// {msg.doc}")
        lines.append(f"message {msg.name} {{")
        if msg.reserved:
            nums = sorted(msg.reserved.values())
            lines.append(f"  reserved {', '.join(str(n) for n in nums)};")
            lines.append("  reserved " + ", ".join(f'"{n}"' for n in sorted(msg.reserved)) + ";")
        oneofs_done: set[str] = set()
        for f in msg.fields:
            if f.oneof:
                if f.oneof in oneofs_done:
                    continue
                oneofs_done.add(f.oneof)
                lines.append(f"  oneof {f.oneof} {{")
                lines.extend(_field_line(g, "    ") for g in msg.fields if g.oneof == f.oneof)
                lines.append("  }")
            else:
                lines.append(_field_line(f, "  "))
        lines.append("}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- files


def generate(write: bool = True) -> tuple[str, str]:
    """Regenerate the ``.proto`` and the lock (written unless ``write`` is false)."""
    schema = build()
    proto, lock = render(schema), render_lock(schema)
    if write:
        PROTO_FILE.parent.mkdir(parents=True, exist_ok=True)
        PROTO_FILE.write_text(proto)
        LOCK_FILE.write_text(lock)
    return proto, lock


def protoc(proto_root: Path, out: Path, *, grpc_stubs: bool = False) -> None:
    """Compile ``skald/v1/skald.proto`` under ``proto_root`` into Python modules under ``out``."""
    import grpc_tools
    from grpc_tools import protoc as tool

    include = Path(grpc_tools.__file__).parent / "_proto"
    args = ["protoc", f"-I{proto_root}", f"-I{include}", f"--python_out={out}", f"--pyi_out={out}"]
    if grpc_stubs:
        args.append(f"--grpc_python_out={out}")
    args.append(str(proto_root / "skald" / "v1" / "skald.proto"))
    if tool.main(args) != 0:
        raise RuntimeError("protoc failed on skald.proto")


def compile_python(target: Path = GENERATED) -> None:
    """Compile the checked-in ``.proto`` into ``generated/skald_pb2.py`` (and ``.pyi``)."""
    with tempfile.TemporaryDirectory() as tmp:
        protoc(PROTO_ROOT, Path(tmp))
        target.mkdir(parents=True, exist_ok=True)
        for suffix in (".py", ".pyi"):
            src = Path(tmp) / "skald" / "v1" / f"skald_pb2{suffix}"
            text = src.read_text()
            header = "# Generated by `skald proto generate` from contracts/proto; do not edit.\n"
            if suffix == ".py":
                header += "# ruff: noqa\n# mypy: ignore-errors\n"
            (target / f"skald_pb2{suffix}").write_text(header + text)
        init = target / "__init__.py"
        if not init.exists():
            init.write_text('"""Python messages compiled from contracts/proto (generated)."""\n')


def main() -> int:
    generate(write=True)
    compile_python()
    print(f"wrote {PROTO_FILE.relative_to(ROOT)}, {LOCK_FILE.relative_to(ROOT)} and "
          f"{(GENERATED / 'skald_pb2.py').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "LOCK_FILE",
    "PROTO_FILE",
    "PROTO_ROOT",
    "ROOT",
    "Schema",
    "build",
    "generate",
    "main",
    "read_lock",
    "render",
    "render_lock",
]
