"""The wire points one way: nothing in ``contracts/`` imports ``domain`` or ``services``."""

from __future__ import annotations

import ast
from pathlib import Path

CONTRACTS = Path(__file__).resolve().parents[2] / "contracts"
FORBIDDEN = ("domain", "services")


def _imported_modules(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from ... import`` names, at any depth (functions, TYPE_CHECKING)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def upward_imports(source: str) -> list[str]:
    return [name for name in _imported_modules(ast.parse(source))
            if name.split(".")[0] in FORBIDDEN]


def test_no_module_in_contracts_imports_domain_or_services() -> None:
    files = sorted(CONTRACTS.rglob("*.py"))
    assert len(files) > 10  # the walk sees the package, not an empty folder
    found = {str(path.relative_to(CONTRACTS)): upward_imports(path.read_text(encoding="utf-8"))
             for path in files}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_check_sees_every_form_of_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import msgspec\n"
        "from domain.dice_notation import RolledTerm\n"
        "import services.http_gateway as gw\n"
        "if TYPE_CHECKING:\n"
        "    from domain import errors\n"
        "def f() -> None:\n"
        "    import services\n"
        "from contracts.events import Event\n"
    )
    assert upward_imports(source) == ["domain.dice_notation", "services.http_gateway", "domain", "services"]
