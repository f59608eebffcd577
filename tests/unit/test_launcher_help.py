"""``python3 skald.py --help`` lists every command of the ``skald`` CLI, and its own."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from services.cli import parser

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
