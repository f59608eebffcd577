"""The services' layers point one way: the entrypoints wire adapters to the application, the
adapters implement the application's ports, and the application knows no driver, no framework
and neither transport. Both transports are entrypoints and neither imports the other."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICES = Path(__file__).resolve().parents[2] / "services"

# package -> the modules (and their submodules) nothing in it may import
RULES: dict[str, tuple[str, ...]] = {
    "application": ("litestar", "grpc", "asyncpg", "redis", "services.adapters",
                    "services.entrypoints"),
    "adapters": ("litestar", "grpc", "services.entrypoints"),
    "entrypoints/http": ("services.entrypoints.grpc",),
    "entrypoints/grpc": ("services.entrypoints.http",),
}


def imported_modules(source: str) -> list[str]:
    """Every module an ``import`` or ``from ... import`` names, at any depth (functions,
    TYPE_CHECKING blocks); ``from pkg import mod`` names ``pkg.mod`` too."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def forbidden(source: str, banned: tuple[str, ...]) -> list[str]:
    return sorted({name for name in imported_modules(source)
                   for ban in banned if name == ban or name.startswith(ban + ".")})


def test_each_layer_imports_only_what_it_may() -> None:
    found: dict[str, list[str]] = {}
    for package, banned in RULES.items():
        files = sorted((SERVICES / package).rglob("*.py"))
        assert len(files) > 5, package  # the walk sees the package, not an empty folder
        for path in files:
            if "generated" in path.parts:
                continue
            names = forbidden(path.read_text(encoding="utf-8"), banned)
            if names:
                found[str(path.relative_to(SERVICES))] = names
    assert found == {}


def test_the_application_defines_the_ports_it_is_written_against() -> None:
    ports = (SERVICES / "application" / "ports.py").read_text(encoding="utf-8")
    for port in ("class EventStore(", "class ReadModels(", "class LiveChannel(", "class Clock("):
        assert port in ports, port


def test_the_check_sees_every_form_of_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import redis.asyncio as aioredis\n"
        "from litestar.channels import ChannelsPlugin\n"
        "from services.entrypoints import grpc\n"
        "if TYPE_CHECKING:\n"
        "    import asyncpg\n"
        "def f() -> None:\n"
        "    from grpc import aio\n"
        "from services.application.ports import EventStore\n"
        "import litestarish\n"
    )
    assert forbidden(source, RULES["application"]) == [
        "asyncpg", "grpc", "grpc.aio", "litestar.channels", "litestar.channels.ChannelsPlugin",
        "redis.asyncio", "services.entrypoints", "services.entrypoints.grpc"]
    assert forbidden(source, RULES["entrypoints/http"]) == ["services.entrypoints.grpc"]
