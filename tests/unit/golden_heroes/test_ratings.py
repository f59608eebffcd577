"""Golden Heroes resource levels, Public Status and Detective Points against the seed (no I/O)."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import campaign, detective, public_status, resources
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
UNCERTAIN = {"conscience": 3, "expression": 3, "success_rate": 0, "public_response": 2,
             "security": 5}  # the initial 13 (digest §6.8)
CONFIDENT = {**UNCERTAIN, "success_rate": 5, "public_response": 4, "security": 6}  # 21


def gh(**kw: object) -> st.GoldenHeroesSheet:
    return msgspec.convert(sheet(**kw), st.GoldenHeroesSheet)


@pytest.mark.parametrize(("backgrounds", "frl", "mrl"), [
    ([], 4, 4),  # steady job 4-5 (L292); FRL 4 or more starts at MRL 4 (L310)
    (["rich_industrialist"], 8, 4), (["rich_inherited"], 8, 4),  # L16
    (["position_of_power"], 6, 4), (["scientist_mechanical"], 4, 8),  # L16
    (["scientist_chemical"], 4, 4)])  # its text names no Material Resource Level (L16-L17)
def test_initial_resource_levels_from_the_backgrounds(backgrounds: list[str], frl: int,
                                                      mrl: int) -> None:
    got = campaign.derived(gh(backgrounds=backgrounds))
    assert (got["frl"], got["mrl_knowledge"], got["mrl_facilities"]) == (frl, mrl, mrl)
    assert resources.initial_mrl([], 3) == 3  # "most characters ... 3" (L310)


def test_the_financial_resource_level_table() -> None:
    # L295-L306: level 1 Starving in the gutter on foot in rags; 10 a Tycoon on an estate
    assert resources.FINANCIAL[0][:4] == ("Starving - always in debt", "Gutter/Doss House",
                                          "Foot", "Rags")
    assert resources.FINANCIAL[9][:2] == ("Tycoon", "Private Estate(s)")
    assert resources.FINANCIAL[8].transport == "Private Jet"
    assert resources.MATERIAL[9].startswith("Multinational")  # L311


def test_personal_status_moves_the_level_in_use() -> None:
    # Confident: +1 while it lasts (L371); Jinxed: drops a level (L370)
    assert campaign.derived(gh(ratings={**CONFIDENT, "frl": 5}))["frl_in_use"] == 6
    jinxed = {k: 1 for k in UNCERTAIN} | {"success_rate": 0, "frl": 5}
    assert campaign.derived(gh(ratings=jinxed))["frl_in_use"] == 4
    assert campaign.derived(gh(ratings={**UNCERTAIN, "frl": 10}))["dwelling"] == \
        "Private Estate(s)"


def test_hiring_material_resources() -> None:
    # two levels under the FRL, one for a DUP, one lower again without the know-how (L309)
    assert resources.hire_level(6, extra_dup=False, knows_how=True) == 4
    assert resources.hire_level(6, extra_dup=True, knows_how=True) == 5
    assert resources.hire_level(6, extra_dup=True, knows_how=False) == 4


def test_the_uncertain_cannot_rise_in_resource_levels() -> None:
    w = World(hero=sheet(ratings=UNCERTAIN))
    with pytest.raises(DomainError) as err:
        w.run(c.SetRating(campaign_id=CID, character_id="hero", rating="frl", value=5))
    assert err.value.rule == "golden-heroes.personal-status L370"
    w.run(c.SetRating(campaign_id=CID, character_id="hero", rating="frl", value=3))  # a fall
    assert campaign.derived(w.sheet("hero"))["frl"] == 3
    ok = World(hero=sheet(ratings=CONFIDENT))
    ok.run(c.SetRating(campaign_id=CID, character_id="hero", rating="frl", value=7))
    assert campaign.derived(ok.sheet("hero"))["frl"] == 7


@pytest.mark.parametrize(("total", "reaction"), [
    (5, "Who?"), (10, "Who?"), (13, "Disliked/Resented"), (16, "Accepted/tolerated"),
    (23, "Popular"), (26, "National Figure"), (29, "National Figure"), (30, "Legendary")])
def test_the_public_status_table(total: int, reaction: str) -> None:
    assert public_status.reaction(total) == reaction  # L330


def test_public_status_begins_at_13_and_co_operation_is_3_times_it() -> None:
    got = campaign.derived(gh())
    assert (got["public_status"], got["public_reaction"]) == (13, "Disliked/Resented")
    # "a Public Status of 23 would have a 69% chance" (L376)
    ratings = {"backing": 5, "heroism": 5, "identification": 4, "public_relations": 4,
               "practice": 5}
    got = campaign.derived(gh(ratings={**UNCERTAIN, **ratings}))
    assert (got["public_status"], got["co_operation_percent"]) == (23, 69)


@pytest.mark.parametrize(("total", "name"), [
    (5, "Streets?"), (13, "Above it all"), (20, "Average"), (25, "Worldly"),
    (26, "Streetwise"), (30, "One of the gang")])
def test_the_detective_points_table(total: int, name: str) -> None:
    assert detective.standing(total)[0] == name  # L343-L344


def test_detective_points_and_contacts() -> None:
    got = campaign.derived(gh())
    # Methods 3, Publicity 3, Approachability = Identification 3, Power Use low, Contacts 5
    assert (got["detective_points"], got["contacts"]) == (15, 5)  # L331-L345
    assert str(got["contacts_description"]).startswith("Average")
    assert campaign.derived(gh(backgrounds=["contacts_criminal"]))["contacts"] == 10  # L17
    approach = campaign.derived(gh(ratings={**UNCERTAIN, "identification": 1}))
    assert approach["detective_points"] == 13  # Approachability follows Identification (L338)
    # "Stalker, who has 25 Detective Points, has a 75% chance" (L375)
    stalker = {"methods": 5, "publicity": 4, "approachability": 4, "power_use": 2,
               "contacts": 10}
    got = campaign.derived(gh(ratings={**UNCERTAIN, **stalker}))
    assert (got["detective_points"], got["detective_standing"], got["lead_percent"]) == \
        (25, "Worldly", 75)


def test_ratings_keep_their_scales() -> None:
    w = World(hero=sheet())
    bad: tuple[tuple[c.Rating, int], ...] = (("contacts", 11), ("backing", 6), ("frl", 0),
                                              ("practice", 11))
    for rating, value in bad:
        with pytest.raises(DomainError) as err:
            w.run(c.SetRating(campaign_id=CID, character_id="hero", rating=rating, value=value))
        assert err.value.field == "value"
    w.run(c.SetRating(campaign_id=CID, character_id="hero", rating="contacts", value=10))
    assert campaign.derived(w.sheet("hero"))["contacts"] == 10


def test_the_reason_for_a_change_is_for_the_referee_only() -> None:
    w = World(hero=sheet())
    changed, why = w.run(c.SetRating(campaign_id=CID, character_id="hero", rating="heroism",
                                     value=2, reason="took a bounty"))
    # "do not tell them why they gained or lost anything" (L288)
    assert (changed.visibility, changed.data["reason"]) == ("public", "")
    assert (why.visibility, why.data["reason"]) == ("gm", "took a bounty")
    assert public_status.public_status(w.sheet("hero")) == 12
    silent = w.run(c.SetRating(campaign_id=CID, character_id="hero", rating="heroism", value=3))
    assert len(silent) == 1  # no reason given, nothing to hide


def test_one_off_purchases_and_hiring_from_the_level_in_use() -> None:
    """L295: a one-off transaction at FRL+1 costs a DUP; L309: Material Resources hired at
    FRL-2, FRL-1 for a DUP, one lower again without the know-how."""
    w = World(hero=sheet(dups=1, ratings={"conscience": 3, "expression": 3, "success_rate": 0,
                                          "public_response": 2, "security": 5, "frl": 5}))

    def use(**kw: object) -> c.ResourcesUsed:
        cmd = c.UseResources(campaign_id="c", character_id="hero", what="a van", **kw)  # type: ignore[arg-type]
        return msgspec.convert(w.run(cmd)[0].data, c.ResourcesUsed)

    assert use(kind="purchase", level_needed=5).level == 5
    with pytest.raises(DomainError) as err:
        use(kind="purchase", level_needed=6)
    assert (err.value.field, err.value.rule) == ("level_needed", "golden-heroes.frl L295")
    assert use(kind="hire", level_needed=3).level == 3  # FRL 5 - 2
    with pytest.raises(DomainError) as err:
        use(kind="hire", level_needed=3, knows_how=False)  # technical support: one lower
    assert err.value.rule == "golden-heroes.frl L309"
    ev = use(kind="purchase", level_needed=6, spend_dup=True)
    assert (ev.level, ev.dups, w.sheet("hero").dups) == (6, 1, 0)
    with pytest.raises(DomainError) as err:
        use(kind="hire", level_needed=4, spend_dup=True)
    assert err.value.field == "spend_dup"
