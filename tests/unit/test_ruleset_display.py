"""Each ruleset's ``display`` declaration names fields its character read model really has:
lists for conditions, numbers for health tracks, flags or texts for states, each citing a seed
line. A renamed field in a sheet or in ``derived`` fails here, not silently at the table."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithDisplay
from tests.integration.test_wish_http import HERO

SHEETS: dict[str, dict[str, Any]] = {
    "wish": HERO,
    "boonbane": {"strength": 13, "afflictions": [{"name": "frightened"}]},
    "golden-heroes": {"generated": True, "max_htk": 30, "htk": 2, "max_htc": 30, "htc": 5,
                      "attributes": {"strength": 12, "dexterity": 11, "vigour": 10}},
    "potential": {"advantages": [{"id": "body", "title": "Body", "cp": 25, "keywords": ["Life"]}]},
}


def read_model(ruleset_id: str) -> dict[str, Any]:
    ruleset = RULESETS[ruleset_id]
    options = ruleset.validate_options({})
    sheet = ruleset.validate_sheet(SHEETS[ruleset_id], options)
    return {"sheet": sheet, "derived": ruleset.derived(sheet, options)}  # type: ignore[attr-defined]


def at(model: dict[str, Any], path: str) -> Any:
    value: Any = model
    for key in path.split("."):
        assert isinstance(value, dict) and key in value, f"{path}: no {key!r} in the read model"
        value = value[key]
    return value


def test_every_ruleset_with_rules_declares_its_display() -> None:
    declared = {r.id for r in RULESETS.values() if isinstance(r, RulesetWithDisplay)}
    assert declared == set(SHEETS)  # all but the generic ruleset, which has no rules


@pytest.mark.parametrize("ruleset_id", sorted(SHEETS))
def test_declared_fields_exist_with_their_shapes(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, RulesetWithDisplay)
    display, model = ruleset.display, read_model(ruleset_id)
    assert display.health, "a ruleset tracks some health"
    for shown in display.conditions:
        assert isinstance(at(model, shown.path), list), shown.path
    for track in display.health:
        assert type(at(model, track.value)) is int, track.value
        assert not track.max or type(at(model, track.max)) is int, track.max
    for shown in display.states:
        assert isinstance(at(model, shown.path), (bool, str)), shown.path
    for row in (*display.conditions, *display.health, *display.states):
        assert row.rule.startswith("L"), f"{row} cites no seed line"


def test_wish_wounds_and_grit_read_their_thresholds() -> None:
    """A fresh WISH hero (Toughness 2, Willpower 2) has 12 Wounds and 12 Grit (L201-202)."""
    display, model = RULESETS["wish"].display, read_model("wish")  # type: ignore[attr-defined]
    tracks = {t.label: (at(model, t.value), at(model, t.max) if t.max else None) for t in display.health}
    assert tracks["Wounds"] == (12, 12) and tracks["Grit"] == (12, 12)


def test_golden_heroes_states_name_the_htc_and_htk_conditions() -> None:
    """HTC 5 of 30 is at most a fifth: staggered; HTK 2 of 30 at most a tenth: hospitalised
    (L9); "fine" and "none" are the absence of a condition and are not shown."""
    display, model = RULESETS["golden-heroes"].display, read_model("golden-heroes")  # type: ignore[attr-defined]
    texts = {s.label: (at(model, s.path), s.unless) for s in display.states if s.unless}
    assert texts == {"HTC condition": ("staggered", ("fine",)), "HTK condition": ("hospitalised", ("none",))}
