"""The Alien's 10 (L776) and the Wielder's 40 (L921) points: spent only on what the seed names."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ChooseOrigin, FinishCreation, Purchase, SpendAdvance
from contracts.rulesets.wish.origin import ChooseOriginGrants, OvercomeOriginHindrance
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, options or {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def buy(currency: str, kind: str, target: str = "", **kw: Any) -> SpendAdvance:
    return SpendAdvance(campaign_id="c", character_id="hero", currency=currency,  # type: ignore[arg-type]
                        purchase=Purchase(kind=kind, target=target, **kw))  # type: ignore[arg-type]


ALIEN_PICKS = {"str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1}


def alien(options: dict[str, Any] | None = None) -> dict[str, Any]:
    st = states(hero=build_sheet(phase="creation", creation_points=60))
    st = run(st, ChooseOrigin(campaign_id="c", character_id="hero", origin="Alien",
                              picks=ALIEN_PICKS), options)
    # Alien Traits: "Choose any one SFX" (L775)
    return run(st, ChooseOriginGrants(campaign_id="c", character_id="hero", sfx="Feral"), options)


def wielder() -> dict[str, Any]:
    # a Brick: Might is an Archetype SFX, so Might stunts cost the normal price (L277)
    st = states(hero=build_sheet(phase="creation", creation_points=60,
                                 archetype_tiers=[{"archetype": "Brick"}]))
    return run(st, ChooseOrigin(campaign_id="c", character_id="hero", origin="Wielder"))


def test_alien_advantages_are_10_points_apart_from_creation_points_L776() -> None:
    hero = alien()["character:hero"]
    assert hero["creation_points"] == 60 and hero["restricted_points"] == {"alien": 10}
    assert hero["origin_sfx"] == ["Feral"]  # Alien Traits: "Choose any one SFX" (L775)


def test_alien_points_buy_skills_and_stunts_of_the_alien_traits_sfx_only_L776() -> None:
    st = alien()
    st = run(st, buy("alien", "acquire_skill", "Medicine"))
    st = run(st, buy("alien", "skill_rank", "Medicine"))
    st = run(st, buy("alien", "stunt", "Claws", sfx="Feral"))
    st = run(st, buy("alien", "stunt_rating", "Claws"))
    hero = st["character:hero"]
    assert hero["restricted_points"] == {"alien": 10 - 4} and hero["creation_points"] == 60
    assert hero["stunts"]["Claws"]["rating"] == 2 and hero["skills"]["Medicine"]["ranks"] == 1
    for cmd, field in ((buy("alien", "characteristic", "str"), "purchase.kind"),
                       (buy("alien", "stunt", "Zap", sfx="Electric"), "purchase.sfx"),
                       (buy("alien", "fortune"), "purchase.kind")):
        with pytest.raises(DomainError) as err:
            WISH.decide(cmd, st, {}, ScriptedDice([]))
        assert (err.value.field, err.value.rule) == (field, "wish.origin.alien L776")


def test_restricted_points_must_be_spent_before_play_L581() -> None:
    st = alien()
    st["character:hero"] = {**st["character:hero"], "creation_points": 0}
    with pytest.raises(StateConflict) as err:
        WISH.decide(FinishCreation(campaign_id="c", character_id="hero"), st, {}, ScriptedDice([]))
    assert err.value.field == "restricted_points"


def test_wielded_abilities_buy_stunts_marked_wielded_devices_L920_L921() -> None:
    st = wielder()
    assert st["character:hero"]["restricted_points"] == {"wielded": 40}
    assert st["character:hero"]["creation_points"] == 60
    st = run(st, buy("wielded", "stunt", "Hammer Throw", sfx="Might"))
    st = run(st, buy("wielded", "stunt_rating", "Hammer Throw"))
    st = run(st, buy("creation", "stunt", "Punch"))
    stunt = st["character:hero"]["stunts"]["Hammer Throw"]
    assert stunt["wielded"] is True and stunt["justification"] == "device" and stunt["rating"] == 2
    assert st["character:hero"]["stunts"]["Punch"]["wielded"] is False
    assert st["character:hero"]["restricted_points"] == {"wielded": 38}
    for cmd, field in ((buy("wielded", "skill_rank", "Athletics"), "purchase.kind"),
                       (buy("wielded", "stunt_rating", "Punch"), "purchase.target")):
        with pytest.raises(DomainError) as err:
            WISH.decide(cmd, st, {}, ScriptedDice([]))
        assert (err.value.field, err.value.rule) == (field, "wish.origin.wielder L921")
    with pytest.raises(StateConflict):  # points of another origin
        WISH.decide(buy("alien", "stunt", "Zap"), st, {}, ScriptedDice([]))


def test_option_off_spends_origin_points_as_creation_points_D16() -> None:
    hero = alien({"origin_points_restricted": False})["character:hero"]
    assert hero["creation_points"] == 70 and hero["restricted_points"] == {}


def test_an_old_origin_event_without_the_restriction_folds_as_recorded() -> None:
    st = states(hero=build_sheet(phase="creation", creation_points=60))
    old = WISH.evolve(st["character:hero"], "wish.OriginChosen",
                      {"origin": "Wielder", "picks": {}, "talent": None})
    assert old["creation_points"] == 100 and old["restricted_points"] == {}


def test_wielded_points_pay_off_limited_advancement_and_charges_L922() -> None:
    """'the +40 points granted by Wielded Abilities can be used to pay off either or both of the
    Limited Advancement and Limited Charges Hindrances' (L922), each overcome for 5 (L923-924)."""
    st = wielder()
    pay = OvercomeOriginHindrance(campaign_id="c", character_id="hero", name="Limited Charges",
                                  wielded=True)
    st = run(st, pay)
    hero = st["character:hero"]
    assert "Limited Charges" in hero["overcome"]
    assert hero["restricted_points"] == {"wielded": 35} and hero["creation_points"] == 60
    alien_st = alien()
    with pytest.raises(DomainError) as err:  # an Alien has no Wielded Abilities points
        WISH.decide(OvercomeOriginHindrance(campaign_id="c", character_id="hero", name="Xeno",
                                            wielded=True), alien_st, {}, ScriptedDice([]))
    assert err.value.rule == "wish.origin.wielder L922"
