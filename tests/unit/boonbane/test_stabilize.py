"""Stabilize (L233-L237), decided and folded without I/O."""

from __future__ import annotations

from typing import Any, Final

import pytest

from contracts.rulesets.boonbane import Stabilize
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"


def _states(target: dict[str, Any]) -> dict[str, Any]:
    return {"character:medic": BOONBANE.validate_sheet({"intellect": 12}, {}),
            "character:x": BOONBANE.validate_sheet(target, {})}


def test_stabilize_heals_1_on_success_and_a_dying_target_gives_1_bane() -> None:
    states = _states({"health": 6, "damage": 6, "life_state": "disabled"})
    dice = ScriptedDice([8])
    roll, healed = BOONBANE.decide(Stabilize(campaign_id=C, character_id="medic", target_id="x"),
                                   states, {}, dice)
    # Int challenge: 8 + 2 >= 10 succeeds (L235, L22); it heals 1 damage (L237)
    assert roll.data["stat"] == "intellect" and roll.data["success"] is True
    assert healed.stream == "character:x" and healed.data["healed"] == 1
    assert BOONBANE.evolve(states["character:x"], healed.type, healed.data)["damage"] == 5
    dying = _states({"health": 6, "damage": 6, "life_state": "dying"})
    [roll] = BOONBANE.decide(Stabilize(campaign_id=C, character_id="medic", target_id="x"),
                             dying, {}, ScriptedDice([8, 1]))
    assert roll.data["banes"] == 1 and roll.data["total"] == 9 and roll.data["success"] is False


def test_stabilize_needs_an_incapacitated_target() -> None:
    with pytest.raises(DomainError) as err:
        BOONBANE.decide(Stabilize(campaign_id=C, character_id="medic", target_id="x"),
                        _states({"health": 6, "damage": 5}), {}, ScriptedDice([]))
    assert err.value.rule == "boonbane.stabilize L235"
