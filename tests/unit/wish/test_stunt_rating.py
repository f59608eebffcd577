"""Stunt Rating conditions (Spiked L1447, Sapped L1466, Buffed L1498, Boosted L1511),
Frightened (L1445), and the per-stunt dice of Reliable / Unpredictable / Erratic."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import AddCondition, ExposeToFear, RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(faces or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def add(name: str, stunt: str | None = None) -> AddCondition:
    return AddCondition(campaign_id="c1", character_id="hero", name=name, tokens=2, stunt=stunt)


def use(stunt: str) -> RollCheck:
    return RollCheck(campaign_id="c1", character_id="hero", characteristic="str", stunt=stunt)


STUNTS = {
    "Blast": {"rating": 1},
    "Aura": {"rating": 1, "traits": ["Passive"]},
    "Gadget": {"rating": 1, "sfx": "Gear"},
    "Beam": {"rating": 3},
}


def hero() -> dict[str, Any]:
    return states(hero=build_sheet(stunts=STUNTS))


def sr(st: dict[str, Any], stunt: str) -> int:
    rating: int = WISH.decide(use(stunt), st, {}, ScriptedDice([1, 1]))[0].data["stunt_rating"]
    return rating


def test_spiked_lowers_one_stunt_and_at_0_it_stops_functioning_L1447() -> None:
    st = run(hero(), add("Spiked", "Blast"))
    assert sr(st, "Beam") == 3  # only the named stunt
    with pytest.raises(DomainError) as e:  # "reduced to 0 or less it stops functioning"
        WISH.decide(use("Blast"), st, {}, ScriptedDice([1, 1]))
    assert e.value.field == "stunt" and "L1447" in e.value.rule


def test_sapped_lowers_all_but_passive_floor_at_1_and_gear_is_unaffected_L1466() -> None:
    st = run(hero(), add("Sapped"))
    assert sr(st, "Beam") == 2
    assert sr(st, "Aura") == 1  # "Passive Stunts cannot be reduced to less than SR1"
    assert sr(st, "Gadget") == 1  # "Gear Stunts are not affected"
    with pytest.raises(DomainError):
        WISH.decide(use("Blast"), st, {}, ScriptedDice([1, 1]))


def test_buffed_raises_one_stunt_and_boosted_all_L1498_L1511() -> None:
    st = run(hero(), add("Buffed", "Beam"))
    assert (sr(st, "Beam"), sr(st, "Blast")) == (4, 1)
    st = run(st, add("Boosted"))
    assert (sr(st, "Beam"), sr(st, "Blast")) == (5, 2)


def test_only_spiked_and_buffed_name_a_stunt_and_it_must_exist() -> None:
    with pytest.raises(DomainError) as e:
        WISH.decide(add("Sapped", "Blast"), hero(), {}, ScriptedDice([]))
    assert e.value.field == "stunt"
    with pytest.raises(DomainError) as e:
        WISH.decide(add("Spiked", "Nope"), hero(), {}, ScriptedDice([]))
    assert e.value.field == "stunt"


def test_buffed_sr_feeds_a_contemplative_conversion_L1331_L1498() -> None:
    # 6 Willpower at Defensive (2), Contemplative Rating 3 (L1331) Buffed to 4: all 6 convert
    sheet = build_sheet(characteristics={"wp": 6}, stance={"position": -2},
                        stunts={"Calm": {"rating": 3, "facilitators": ["Contemplative"]}})
    st = run(states(hero=sheet), add("Buffed", "Calm"))
    cmd = RollCheck(campaign_id="c1", character_id="hero", characteristic="wp", stunt="Calm")
    ev = WISH.decide(cmd, st, {}, ScriptedDice([1] * 6))[0]
    assert ev.data["check"]["pool"] == {"DFN": 6}


def fear(rating: int) -> ExposeToFear:
    return ExposeToFear(campaign_id="c1", character_id="hero", rating=rating)


def test_frightened_fear_effect_costs_stress_and_moves_towards_neutral_L1445() -> None:
    # "suffer an amount of stress and move a number of steps towards neutral stance equal to
    # the Fear rating of the effect"
    st = states(hero=build_sheet(stance={"offensive": 3, "position": 3}))
    assert WISH.decide(fear(2), st, {}, ScriptedDice([])) == []  # not Frightened: no effect
    st = run(st, add("Frightened"))
    h = run(st, fear(2))["character:hero"]
    assert (h["stress"], h["stance"]["position"]) == (2, 1)
    h = run(st, fear(5))["character:hero"]
    assert (h["stress"], h["stance"]["position"]) == (5, 0)  # never past neutral


def test_reliable_unpredictable_and_erratic_add_a_die_each() -> None:
    # the seed prints no icon (L1325, L1329, L1373); the dice are the digest's, as options
    sheet = build_sheet(stunts={"Bolt": {"rating": 1, "facilitators": ["Reliable", "Unpredictable"],
                                         "hindrances": ["Erratic"]}})
    ev = WISH.decide(use("Bolt"), states(hero=sheet), {}, ScriptedDice([1] * 5))[0]
    assert ev.data["check"]["pool"] == {"CHR": 2, "OFF": 1, "DFN": 1, "MIS": 1}
    ev = WISH.decide(use("Bolt"), states(hero=sheet), {"erratic_die": "CHL"},
                     ScriptedDice([1] * 5))[0]
    assert ev.data["check"]["pool"] == {"CHR": 2, "OFF": 1, "DFN": 1, "CHL": 1}


def test_derived_view_shows_effective_stunt_ratings() -> None:
    st = run(hero(), add("Sapped"))
    view = WISH.derived(st["character:hero"], {})
    assert view["stunt_ratings"] == {"Blast": 0, "Aura": 1, "Gadget": 1, "Beam": 2}
