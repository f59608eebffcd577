"""The documentation: the site builds with ``mkdocs build --strict`` (a broken link fails it),
the problem-rule catalogue in docs/http.md is the one the code raises, each ruleset's page names
its rulebook, and the README and docs say what the code does."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.problem_rules import DOC, written

ROOT = Path(__file__).resolve().parents[2]


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(config), "--site-dir", str(site)], capture_output=True, text=True,
                          check=False, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})


def test_the_site_builds_strictly_and_a_broken_link_fails_it(tmp_path: Path) -> None:
    built = _build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "http" / "index.html").exists()
    assert (tmp_path / "site" / "rulesets" / "wish" / "index.html").exists()
    # The same docs with one broken link do not build.
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "docs", copy / "docs")
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    page = copy / "docs" / "clients.md"
    page.write_text(page.read_text() + "\nSee [the missing page](missing.md).\n")
    broken = _build(copy / "mkdocs.yml", tmp_path / "broken")
    assert broken.returncode != 0 and "missing.md" in broken.stdout + broken.stderr


def test_the_rule_catalogue_is_the_codes() -> None:
    doc = DOC.read_text()
    assert written(doc) == doc, (
        "docs/http.md's rule catalogue is out of date: .venv/bin/python -m tests.problem_rules --write")
    for rule in ("command.idempotency-key", "request.media-type", "auth.bearer-token",
                 "boonbane.fortune L45", "boonbane.one-{...} L121-L122",
                 "check-odds.ruleset"):
        assert f"| `{rule}` |" in doc, rule


def test_each_ruleset_page_names_its_seed() -> None:
    seeds = {"wish": "000_", "boonbane": "001_", "golden-heroes": "002_", "potential": "003_"}
    for ruleset, seed in seeds.items():
        page = (ROOT / "docs" / "rulesets" / f"{ruleset}.md").read_text()
        assert re.search(rf"`{seed}[0-9a-f]{{16}}\.txt`", page), ruleset
        assert page.startswith("# "), ruleset


def test_the_readme_is_short_and_the_false_statements_are_gone() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 260
    for gone in ("Every endpoint but `/healthz` and `/readyz`", "one database function call (`skald_append`)",
                 "{campaign_id:str}"):
        for text in (readme, *(p.read_text() for p in (ROOT / "docs").rglob("*.md"))):
            assert gone not in text, gone
    architecture = (ROOT / "docs" / "architecture.md").read_text()
    sql = "".join(p.read_text() for p in (ROOT / "services" / "adapters" / "migrations").glob("*.sql"))
    for function in ("skald_append_item", "skald_append_batch"):
        assert f"`{function}`" in architecture and f"FUNCTION {function}" in sql, function
    for page in ("http.md", "clients.md", "architecture.md", "rulesets/wish.md"):
        assert f"docs/{page}" in readme, page
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert (ROOT / "CONTRIBUTING.md").exists()
