"""The WISH layout other rulesets copy: small modules, and imports that form no circle
(data types in contracts, rules below the deciders)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = (ROOT / "domain" / "rulesets" / "wish", ROOT / "contracts" / "rulesets" / "wish")
MAX_LINES = 400


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        dotted = ".".join(package.relative_to(ROOT).parts)
        for path in package.glob("*.py"):
            out[dotted if path.stem == "__init__" else f"{dotted}.{path.stem}"] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                target = f"{node.module}.{alias.name}"
                out.add(target if target in known else node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in known and m != name}


def test_no_wish_module_is_over_400_lines() -> None:
    long = {n: len(p.read_text().splitlines()) for n, p in modules().items()}
    assert {n: k for n, k in long.items() if k > MAX_LINES} == {}


def test_wish_modules_import_no_circle() -> None:
    known = modules()
    graph = {n: imports(n, p, known) for n, p in known.items()}
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            raise AssertionError(" -> ".join([*path[path.index(node):], node]))
        if node in done:
            return
        for nxt in sorted(graph[node]):
            visit(nxt, [*path, node])
        done.add(node)

    for name in sorted(graph):
        visit(name, [])
