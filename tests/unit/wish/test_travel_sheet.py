"""Travel modes on a sheet (L1084-1198), without I/O."""

from __future__ import annotations

from domain.rulesets.wish.state import Skill
from domain.rulesets.wish.travel_sheet import problems


def test_mode_characteristics_and_names_L1084_L1104_L1166() -> None:
    """L1166 Strider: 'Your Superrunning is Strength based' (Superrunning is Ag, L1156)."""
    def sk(ch: str, mode: str | None, kind: str = "travel") -> Skill:
        return Skill(characteristic=ch, kind=kind, mode=mode)  # type: ignore[arg-type]

    assert problems("Superrunning (Strider)", sk("str", "Strider")) == []
    assert problems("Superrunning (Strider)", sk("ag", "Strider")) == []
    assert problems("Superrunning (Strider)", sk("wp", "Strider"))[0][1] == "wish.travel L1166"
    assert problems("Superrunning (Tesseract)", sk("int", "Tesseract")) == []  # L1170
    assert problems("Superrunning (Fleet)", sk("int", "Fleet"))[0][1] == "wish.travel L1164"
    assert problems("Superrunning", sk("ag", "Fleet"))[0][0] == "sheet.skills.Superrunning"
    assert problems("Athletics", sk("str", None, "basic")) == []
