"""Sheet validation (each invalid field named) and campaign options."""

from __future__ import annotations

import pytest

from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.sheet import SheetInvalid
from tests.unit.wish.builders import build_sheet


def test_valid_sheet_is_normalized_with_default_maxima_L159_L181() -> None:
    s = build_sheet()
    assert s["maxima"] == {c: 5 for c in ("str", "ag", "to", "int", "wp", "fel")}
    assert s["mitigation_maxima"] == {"defense": 5, "soak": 5, "psyche": 5}
    assert s["fortune_rating"] == 2  # L216


def test_every_invalid_field_is_named() -> None:
    raw = {
        "characteristics": {"str": 6, "ag": 2, "to": 2, "int": 2, "wp": 2},
        "soak": 7,
        "fortune": 3,
        "stance": {"defensive": 1, "offensive": 1, "position": 2},
    }
    with pytest.raises(SheetInvalid) as e:
        WISH.validate_sheet(raw, {})
    fields = {p[0] for p in e.value.problems}
    assert {
        "sheet.characteristics.str",
        "sheet.characteristics.fel",
        "sheet.soak",
        "sheet.fortune",
        "sheet.stance.position",
    } <= fields
    assert any("L153" in p[1] for p in e.value.problems)


def test_schema_errors_name_the_field() -> None:
    with pytest.raises(DomainError) as e:
        WISH.validate_sheet({"characteristics": {"str": "strong"}}, {})
    assert e.value.field.startswith("sheet.characteristics")


def test_options_defaults_and_unknown_option() -> None:
    opts = WISH.validate_options({})
    assert opts["benign_100"] == "roll_twice" and opts["exertion_once_per_check"] is False
    with pytest.raises(DomainError) as e:
        WISH.validate_options({"no_such_rule": True})
    assert e.value.field == "options.no_such_rule"
