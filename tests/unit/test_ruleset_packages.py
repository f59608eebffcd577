"""One package shape per ruleset, registered in one place: every name in
``contracts.rulesets.PACKAGES`` is a package under ``contracts/rulesets/`` with a ``contract``
module and one under ``domain/rulesets/`` exporting its ``RULESET``; the platform's code outside
those packages names no ruleset package. No I/O."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from contracts.ruleset_contract import RulesetContract
from contracts.rulesets import PACKAGES, contracts
from domain.rulesets import RULESETS, part
from domain.rulesets.base import RulesetWithCommands

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_ruleset_has_both_packages_and_they_agree(package: str) -> None:
    assert (ROOT / "contracts" / "rulesets" / package / "__init__.py").is_file()
    assert (ROOT / "contracts" / "rulesets" / package / "contract.py").is_file()
    assert (ROOT / "domain" / "rulesets" / package / "__init__.py").is_file()
    contract = importlib.import_module(f"contracts.rulesets.{package}.contract").CONTRACT
    assert isinstance(contract, RulesetContract)
    ruleset = importlib.import_module(f"domain.rulesets.{package}").RULESET
    assert RULESETS[contract.id] is ruleset
    assert isinstance(ruleset, RulesetWithCommands)
    assert dict(ruleset.command_types) == dict(contract.commands)
    assert dict(ruleset.event_types) == dict(contract.events)
    assert part(contract.id, "narration") is not None  # every ruleset words its events


def test_the_registry_is_the_list_in_order() -> None:
    assert [c.id for c in contracts()] == [i for i in RULESETS if i != "generic"]


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def test_the_platform_names_no_ruleset_package() -> None:
    """Outside its own packages, no module of the domain, the contracts or the services imports
    a ruleset's package: the platform reaches rulesets through the registry alone."""
    named = {f"{layer}.rulesets.{p}" for layer in ("domain", "contracts") for p in PACKAGES}
    offenders = []
    for layer in ("domain", "contracts", "services"):
        for path in (ROOT / layer).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if rel.parts[1] == "rulesets" and len(rel.parts) > 3 and rel.parts[2] in PACKAGES:
                continue  # the ruleset's own package
            for module in _imports(path):
                if any(module == n or module.startswith(f"{n}.") for n in named):
                    offenders.append(f"{rel}: {module}")
    assert offenders == []
