"""End to end: the Potential walkthrough block of docs/rulesets/potential.md, after the README
walkthrough's first block, run as written against `skald serve`."""

from __future__ import annotations

import json
import re
import subprocess

from tests.e2e.test_walkthrough import README_URL, ROOT
from tests.e2e.test_walkthrough import service as service  # the same served fixture


def potential_script() -> str:
    """The walkthrough's first block (tokens and the ``command`` helper), then the Potential one."""
    text = (ROOT / "README.md").read_text()
    main = text.split("<!-- walkthrough -->", 1)[1].split("<!-- /walkthrough -->", 1)[0]
    page = (ROOT / "docs" / "rulesets" / "potential.md").read_text()
    block = page.split("<!-- potential-walkthrough -->", 1)[1].split(
        "<!-- /potential-walkthrough -->", 1)[0]
    first = re.findall(r"```bash\n(.*?)```", main, re.S)[0]
    (mine,) = re.findall(r"```bash\n(.*?)```", block, re.S)
    return first + "\n" + mine


def test_the_readme_potential_walkthrough_works_verbatim(
        service: tuple[str, dict[str, str]]) -> None:
    base, env = service
    script = potential_script().replace(README_URL, base)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(ln) for ln in done.stdout.splitlines() if ln.startswith("{")]
    assert not [ln for ln in lines if "rule" in ln], done.stdout  # no problem document
    assert lines[0]["p_success"] == "575/1296"  # 4d6 beats 14 (the digest's table, section 2.2)
    events = {e["type"]: e["data"] for ln in lines if "events" in ln for e in ln["events"]}
    assert events["potential.AttackDeclared"]["cost"] == {"dynamic": 2, "static": 0}
    attack = events["potential.AttackResolved"]  # rolled when Bob answered for his hero (L50)
    assert attack["hit"] and 6 <= attack["degree"] <= 21
    assert attack["defence"]["cost"] == {"dynamic": 0, "static": 0}  # the free resist (L52)
    assert events["potential.InitiativeSeized"]["character_id"] == "foe"  # the hero yielded
    assert events["potential.InitiativeSeized"]["cost"] == {"dynamic": 1, "static": 0}
    hero, combat = lines[-2]["sheet"], lines[-1]
    assert hero["dynamic"] == {"bank": 2, "spent": 1} and hero["anticipated"] == ["parry"]
    assert [a["id"] for a in hero["advantages"] if a["discarded"]] == ["body"]
    assert combat["had_turn"] == ["foe", "hero"] and combat["current"] is None
