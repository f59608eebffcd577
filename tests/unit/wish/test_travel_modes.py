"""Travel skill modes (L1084-1198): picked on acquisition, each its own skill, some changing
the characteristic the skill is based on."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Purchase, RollCheck, SpendAdvance
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH, skills, travel_modes
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([1] * 20)):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def acquire(target: str, mode: str | None = None) -> SpendAdvance:
    return SpendAdvance(campaign_id="c", character_id="hero", currency="creation",
                        purchase=Purchase(kind="acquire_skill", target=target, mode=mode))


def test_modes_that_change_the_characteristic_L1104_L1190() -> None:
    changed = {(s, m): c for (s, m), (c, _) in travel_modes.MODES.items() if c}
    assert changed == {("Superflight", "Winged"): "str", ("Superflight", "Levitation"): "wp",
                       ("Superleap", "Strong Legs"): "str", ("Supercommuter", "Supersteed"): "fel",
                       ("Superrunning", "Strider"): "str", ("Superrunning", "Tesseract"): "int",
                       ("Teleportation", "Dimensional Hop"): "wp"}
    assert skills.catalogue("Superflight (Winged)") == ("str", "travel")
    assert skills.catalogue("Superflight (Up and away)") == ("ag", "travel")  # L1096, L1102
    assert skills.catalogue("Superflight (Jet Boots)") == ("ag", "travel")  # custom, L1092


def test_acquiring_a_mode_makes_its_own_skill_and_checks_use_its_characteristic_L1084() -> None:
    st = states(hero=build_sheet(phase="creation", creation_points=5,
                                 characteristics={"str": 4}))
    st = run(st, acquire("Superflight", "Winged"))
    st = run(st, acquire("Superflight (Levitation)"))
    sk = st["character:hero"]["skills"]
    assert sk["Superflight (Winged)"] == {"characteristic": "str", "kind": "travel", "ranks": 0,
                                          "acquired": True, "mode": "Winged"}
    assert sk["Superflight (Levitation)"]["characteristic"] == "wp"
    cmd = RollCheck(campaign_id="c", character_id="hero", skill="Superflight (Winged)")
    [rolled] = WISH.decide(cmd, st, {}, ScriptedDice([1] * 4))
    assert rolled.data["check"]["characteristic"] == "str"
    assert rolled.data["check"]["pool"] == {"CHR": 4}  # Str 4, not Ag 2


def test_a_travel_skill_is_acquired_with_a_mode_L1084() -> None:
    st = states(hero=build_sheet(phase="creation", creation_points=5))
    with pytest.raises(DomainError) as err:
        WISH.decide(acquire("Superflight"), st, {}, ScriptedDice([]))
    assert (err.value.field, err.value.rule) == ("purchase.mode", "wish.skill.travel L1084")
    with pytest.raises(DomainError) as err:
        WISH.decide(acquire("Medicine", "Winged"), st, {}, ScriptedDice([]))
    assert err.value.field == "purchase.mode"
