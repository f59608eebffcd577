"""Archetypes: campaign data under the seed's tier rules (L697-749, L926-972)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ChooseArchetype
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def choose(st: dict[str, Any], name: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    st = dict(st)
    cmd = ChooseArchetype(campaign_id="c", character_id="hero", archetype=name)
    for e in WISH.decide(cmd, st, options or {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def refused(st: dict[str, Any], name: str, options: dict[str, Any] | None = None) -> DomainError:
    with pytest.raises(DomainError) as err:
        choose(st, name, options)
    return err.value


def in_play(tier_raises: int, advances: int = 10, archetype: str = "Brick") -> dict[str, Any]:
    return states(hero=build_sheet(advances=advances, archetype_tiers=[
        {"archetype": archetype, "tier": 1, "advances": tier_raises}]))


def test_the_starting_archetype_adds_its_primary_characteristics_L149_L934() -> None:
    """L934: the Speedster lists Agility twice: +2 Ag."""
    st = choose(states(hero=build_sheet(phase="creation")), "Speedster")
    hero = st["character:hero"]
    assert hero["characteristics"]["ag"] == 4 and hero["characteristics"]["str"] == 2
    assert hero["archetype_tiers"] == [{"archetype": "Speedster", "tier": 1, "advances": 0,
                                       "raises": {}}]
    brick = choose(states(hero=build_sheet(phase="creation")), "Brick")["character:hero"]
    assert (brick["characteristics"]["str"], brick["characteristics"]["to"]) == (3, 3)


def test_leaving_an_archetype_costs_by_raises_in_the_tier_L726_L733() -> None:
    """'once they have completed 5, 10, or 15 advances ... It costs 3 advances, 2 advances,
    and 1 advance respectively'; 1-4: N/A."""
    for raises, cost in ((5, 3), (9, 3), (10, 2), (14, 2), (15, 1)):
        hero = choose(in_play(raises), "Speedster")["character:hero"]
        assert hero["advances"] == 10 - cost, raises
        assert [t["archetype"] for t in hero["archetype_tiers"]] == ["Brick", "Speedster"]
        assert hero["characteristics"]["ag"] == 2  # the Primary bonus is the starting one's
    for raises in (1, 4):
        assert refused(in_play(raises), "Speedster").rule == "wish.archetype.switch L726"
    assert refused(in_play(5, advances=2), "Speedster").rule == "wish.archetype.switch L726"


def test_staying_for_a_new_tier_is_free_once_the_track_is_full_L747() -> None:
    hero = choose(in_play(15), "Brick")["character:hero"]
    assert hero["advances"] == 10
    assert [(t["archetype"], t["tier"]) for t in hero["archetype_tiers"]] == [("Brick", 1),
                                                                              ("Brick", 2)]
    assert refused(in_play(7), "Brick").rule == "wish.archetype.tier L747"


def test_archetypes_are_campaign_data() -> None:
    custom = {"archetypes": {"Blaster": {"name": "Blaster", "primary": ["ag", "int"],
                                         "offensive_steps": 3, "defensive_steps": 1}}}
    options = WISH.validate_options(custom)
    st = choose(states(hero=build_sheet(phase="creation")), "Blaster", options)
    hero = st["character:hero"]
    assert (hero["characteristics"]["ag"], hero["characteristics"]["int"]) == (3, 3)
    assert (hero["stance"]["offensive"], hero["stance"]["defensive"]) == (3, 1)  # L673
    # the campaign's set replaces the sample one
    assert refused(states(hero=build_sheet(phase="creation")), "Brick", options).field == "archetype"
    with pytest.raises(DomainError) as err:
        WISH.validate_options({"archetypes": {"Odd": {"name": "Odd", "primary": ["str", "luck"]}}})
    assert err.value.field == "options.archetypes.Odd.primary[1]"


def test_the_starting_archetype_is_chosen_during_creation() -> None:
    assert refused(states(hero=build_sheet()), "Brick").rule == "wish.archetype L675"


def _buy(st: dict[str, Any], kind: str, target: str = "") -> dict[str, Any]:
    from contracts.rulesets.wish import Purchase, SpendAdvance

    cmd = SpendAdvance(campaign_id="c", character_id="hero",
                       purchase=Purchase(kind=kind, target=target, archetype_raise=True))  # type: ignore[arg-type]
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def test_per_tier_caps_then_open_advances_L697_L706() -> None:
    """The sample Brick allows 1 Fortune raise per Tier and 2 Open advances (sample data): the
    second and third Fortune raises use the Open ones, a fourth is refused."""
    st = in_play(0, advances=30)
    for _ in range(3):
        st = _buy(st, "fortune")
    tier = st["character:hero"]["archetype_tiers"][-1]
    assert tier["raises"] == {"fortune": 1, "open": 2} and tier["advances"] == 3
    with pytest.raises(DomainError) as err:
        _buy(st, "fortune")
    assert err.value.rule == "wish.archetype.caps L697"


def test_primary_characteristics_once_per_tier_L710_L712() -> None:
    """'A character can raise each of their Archetype's Primary Characteristics once per Tier'."""
    st = _buy(in_play(0, advances=30), "characteristic", "str")
    assert st["character:hero"]["characteristics"]["str"] == 3
    for target in ("str", "ag"):  # again, and a characteristic the Brick does not list
        with pytest.raises(DomainError) as err:
            _buy(st, "characteristic", target)
        assert err.value.rule == "wish.archetype.primary L712"
