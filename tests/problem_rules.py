"""Every problem ``rule`` the code can raise, read from the source (no import, no run).

A refusal is a ``DomainError`` (or a subclass: ``Forbidden``, ``NotFound``, ``StateConflict``,
...) or a gateway ``Problem``; its rule is the second argument (or ``rule=``). Where the rule is
a string literal, an f-string or a module constant, it is listed here: an f-string's
placeholders read as ``{...}`` (``wish.dice {...}``). Rules built any other way (from a rule
table, passed through a variable) are counted as ``computed`` with where they are raised.

``python3 -m tests.problem_rules`` prints the catalogue as docs/problems.md lists it.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("domain", "services", "contracts")
BASES = {"DomainError", "Problem"}
# Rules the gateway gives without naming them at a raise (problems.py's handlers and tables).
HANDLER_RULES = {"auth.bearer-token": "401", "request.size": "413", "request.json": "400",
                 "request.route": "404", "request.method": "405", "request.http": "4xx",
                 "service.dependency-available": "503", "server.internal": "500",
                 "request.schema": "400, 422", "service.ready": "503"}


def _files() -> list[Path]:
    return sorted(p for d in SOURCES for p in (ROOT / d).rglob("*.py")
                  if "generated" not in p.parts)


_STATUS = {"invalid": 422, "forbidden": 403, "not_found": 404, "conflict": 409,
           "unavailable": 503}


def error_classes(trees: dict[Path, ast.Module]) -> dict[str, int]:
    """``DomainError``, ``Problem`` and every class deriving from them, by name, with the status
    their ``kind`` answers with (0 for ``Problem``: its status is its first argument)."""
    statuses = {"DomainError": 422, "Problem": 0}
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if not isinstance(node, ast.ClassDef) or node.name in statuses:
                    continue
                base = next((_name(b) for b in node.bases if _name(b) in statuses), None)
                if base is None:
                    continue
                kind = next((v.value.value for v in node.body if isinstance(v, ast.Assign)
                             and any(_name(t) == "kind" for t in v.targets)
                             and isinstance(v.value, ast.Constant)), None)
                statuses[node.name] = _STATUS.get(str(kind), statuses[base]) if kind else statuses[base]
                changed = True
    return statuses


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _assignments(body: list[ast.stmt] | ast.AST) -> dict[str, list[ast.expr]]:
    """Names assigned (``X = ...``, ``X: Final = ...``) in a module or a function body."""
    out: dict[str, list[ast.expr]] = defaultdict(list)
    nodes = ast.walk(body) if isinstance(body, ast.AST) else body
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id].append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            out[node.target.id].append(node.value)
    return out


def _module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _texts(node: ast.AST, scopes: list[dict[str, list[ast.expr]]]) -> list[str] | None:
    """The rule texts an argument can be (None when it is computed some other way)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(v.value if isinstance(v, ast.Constant) else "{...}" for v in node.values)]
    if isinstance(node, ast.IfExp):
        a, b = _texts(node.body, scopes), _texts(node.orelse, scopes)
        return a + b if a is not None and b is not None else None
    if isinstance(node, ast.Name):
        for scope in scopes:
            if node.id in scope:
                found = [_texts(v, scopes) for v in scope[node.id]]
                if all(f is not None for f in found):
                    return [t for f in found for t in f or []]
                return None
    return None


def rules() -> tuple[dict[str, set[str]], list[str]]:
    """Each rule and where it is raised (``path`` and the status: ``path (409)``); and where a
    rule is computed."""
    trees = {p: ast.parse(p.read_text(), str(p)) for p in _files()}
    classes = error_classes(trees)
    found: dict[str, set[str]] = defaultdict(set)
    computed: list[str] = []
    modules = {_module_of(p): _assignments(t.body) for p, t in trees.items()}
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        module = dict(modules[_module_of(path)])
        for imp in tree.body:  # constants imported by name from another module of ours
            if isinstance(imp, ast.ImportFrom) and imp.module in modules:
                for alias in imp.names:
                    if alias.name in modules[imp.module]:
                        module[alias.asname or alias.name] = modules[imp.module][alias.name]
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        inside = [(n, _assignments(f)) for f in functions for n in ast.walk(f)]
        seen = {id(n) for n, _ in inside}
        for node, local in inside + [(n, {}) for n in ast.walk(tree) if id(n) not in seen]:
            if not (isinstance(node, ast.Call) and _name(node.func) in classes):
                continue
            status = classes[_name(node.func)]
            if not status and node.args and isinstance(node.args[0], ast.Constant):
                status = int(node.args[0].value)
            arg = next((k.value for k in node.keywords if k.arg == "rule"), None)
            if arg is None:
                offset = 1 if _name(node.func) != "Problem" else 2
                if len(node.args) <= offset:
                    continue
                arg = node.args[offset]
            texts = _texts(arg, [local, module])
            if texts is None:
                if f"{where}:{node.lineno}" not in computed:
                    computed.append(f"{where}:{node.lineno}")
            else:
                for text in texts:
                    found[text].add(f"{where} ({status})" if status else where)
    for rule, status in HANDLER_RULES.items():
        found[rule].add(f"services/entrypoints/http/problems.py ({status})")
    return found, computed


DOC = ROOT / "docs" / "http.md"
BEGIN, END = "<!-- rules -->", "<!-- /rules -->"


def catalogue() -> str:
    """The catalogue as docs/http.md holds it between its markers."""
    found, computed = rules()
    rows = [f"| `{rule}` | {', '.join(sorted(found[rule]))} |" for rule in sorted(found)]
    return "\n".join([
        BEGIN, "", f"{len(found)} rules (`{{...}}` stands for a part filled in at the raise: a "
        "name, a seed line from a rule table).", "", "| rule | raised in (status) |",
        "| --- | --- |", *rows, "", f"The rule is computed from a table or passed on at "
        f"{len(computed)} raises: " + ", ".join(f"`{c}`" for c in computed) + ".", "", END])


def written(doc: str) -> str:
    """``doc`` with its catalogue replaced by the current one."""
    head, _, rest = doc.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + catalogue() + tail


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(written(DOC.read_text()))
        print(f"wrote the rule catalogue into {DOC.relative_to(ROOT)}")
    else:
        print(catalogue())
