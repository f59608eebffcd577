"""Packaging: ``python3 skald.py --help`` lists every command of the ``skald`` CLI and its own;
the runtime install has no test tools; requirements.lock (what ``skald.py`` installs) pins every
tool the tests and the docs need."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from pathlib import Path

from services.entrypoints.cli import parser

ROOT = Path(__file__).resolve().parents[2]


def _commands(top: argparse.ArgumentParser, prefix: str = "") -> list[str]:
    """Every command path of a parser: ``serve``, ``token create``, ``projections rebuild``."""
    found: list[str] = []
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = _commands(sub, f"{prefix}{name} ")
                found += nested or [f"{prefix}{name}"]
    return found


def test_help_lists_every_command() -> None:
    shown = subprocess.run([sys.executable, str(ROOT / "skald.py"), "--help"], capture_output=True,
                           text=True, check=True).stdout
    lines = [line.strip() for line in shown.splitlines()]
    commands = _commands(parser())
    assert {"serve", "token create", "token revoke", "projections rebuild", "verify"} <= set(commands)
    for command in [*commands, "test", "fuzz"]:
        name, *sub = command.split()
        listed = [line for line in lines if line.split(" ", 1)[0].split("|")[0] == name]
        assert listed, f"{command!r} is not listed by skald.py --help"
        if sub:
            assert any(sub[0] in line.split("  ", 1)[0] for line in listed), command


TOOLS = {"pytest", "pytest-asyncio", "mypy", "ruff", "playwright", "testcontainers",
         "openapi-python-client", "mkdocs-material", "schemathesis", "hypothesis", "grpcio-tools"}


def _name(requirement: str) -> str:
    name = requirement.split("==")[0].split("[")[0].split(">")[0].split("<")[0].strip().lower()
    return name.replace("_", "-").replace(".", "-")  # as pip compares names (PEP 503)


def test_the_runtime_install_has_no_test_tools_and_the_lock_has_them_all() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {_name(r) for r in project["dependencies"]}
    assert runtime.isdisjoint(TOOLS), runtime & TOOLS
    extras = project["optional-dependencies"]
    assert set(extras) >= {"test", "browser", "docs", "bench", "fuzz", "dev"}
    in_extras = {_name(r) for name, reqs in extras.items() for r in reqs if name != "dev"}
    assert in_extras >= TOOLS
    locked = {_name(line) for line in (ROOT / "requirements.lock").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    assert extras["dev"] == ["skald[test,browser,docs]"]
    for name in ("test", "browser", "docs"):
        for requirement in extras[name]:
            assert _name(requirement) in locked, f"{requirement} (extra {name}) is not in the lock"
    assert runtime <= locked


def test_the_package_data_ships_every_sql_file() -> None:
    """Migrations and the SQL function files they include are read from the installed package:
    pyproject's package data must name every .sql file under services/."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]
    services = ROOT / "services"
    shipped = {path for package, patterns in data.items() for pattern in patterns
               for path in (ROOT / package.replace(".", "/")).glob(pattern)}
    every = set(services.rglob("*.sql"))
    assert {p.name for p in every} >= {"0010_functions_in_files.sql", "skald_append_item.sql"}
    assert every <= shipped, sorted(str(p.relative_to(services)) for p in every - shipped)
