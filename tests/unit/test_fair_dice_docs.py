"""The worked example of docs/fair-dice.md is what the service derives."""

from __future__ import annotations

import re
from pathlib import Path

from domain.fair_dice import commitment, derive_face

DOC = (Path(__file__).resolve().parents[2] / "docs" / "fair-dice.md").read_text()
SEED = bytes(range(32))


def test_the_documented_commitment_and_faces_are_the_services() -> None:
    assert f"# {commitment(SEED)}  (the commitment)" in DOC
    documented = [int(m.group(2)) for m in re.finditer(r"^# (\d) (\d)\s+HMAC", DOC, re.M)]
    assert documented == [derive_face(SEED, "cmp_example", "cmd-1", i, 6) for i in range(3)]
    assert sum(documented) == 10 and "its total is 10" in DOC
    assert derive_face(SEED, "cmp_example", "cmd-2", 0, 20, "abc") == 10
    assert "is a 10" in DOC
