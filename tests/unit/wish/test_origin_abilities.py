"""Origin abilities (L767-924): every one is data with its seed line; the free skills, the
player's free choices, a Robot's repairs and the derived figures, without I/O."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ChooseOrigin, ChooseOriginGrants, Heal, Repair
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.origin_abilities import ABILITIES, BY_ORIGIN
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def origin(name: str, **kw: Any) -> dict[str, Any]:
    st = states(hero=build_sheet(phase="creation", creation_points=60))
    return run(st, ChooseOrigin(campaign_id="c", character_id="hero", origin=name, **kw))


# Every named modifier bullet of the seed's Origins (L767-924), as the seed prints it, with its
# line; Cosmic's unnamed "+5 creation points" bullet (L805) is listed as "Cosmic Points".
SEED_BULLETS = {
    "Alien": {773: "Alien Exposition", 774: "Alien Anatomy", 775: "Alien Traits",
              776: "Alien Advantages", 777: "Xeno"},
    "Anthropomorphic": {785: "Animal Anatomy", 786: "Animal Magnetism", 787: "Animal Instincts",
                        788: "Animal Recovery", 789: "Animal Ferocity", 790: "No Dogs Allowed"},
    "Cosmic": {798: "Cosmic Capabilities", 799: "Cosmic Winds", 805: "Cosmic Points",
               806: "Cosmic Power", 807: "Nexus"},
    "Freak": {815: "Superfreaky"},
    "Mutant": {823: "Mutant Superiority", 824: "Mutant Powers", 828: "Mutant Brotherhood",
               829: "Dirty Mutie!"},
    "Mystic": {837: "Mystical Reality", 838: "Mystical Advantage", 839: "Mystical Mystery",
               840: "Mystical Talent"},
    "Natural": {877: "Natural Competence", 878: "Natural Talent", 879: "Natural Grace",
                880: "Natural Advantage"},
    "Robot": {888: "Robotic Design", 889: "Robotic Resistance", 890: "Robotic Mind",
              891: "Robotic Personality", 892: "Robotic Fate", 893: "Robotic Gadgets",
              894: "Robotic Systems", 895: "Out of Warranty", 896: "Engineered Limits",
              897: "Critical Intolerance"},
    "Technologist": {905: "Tech Skills", 906: "Tech Edge", 907: "Tech Savvy",
                     908: "Tech Advantage"},
    "Wielder": {920: "Item of Power", 921: "Wielded Abilities", 923: "Limited Advancement",
                924: "Limited Charges"},
}


def test_every_origin_bullet_of_the_seed_is_a_row_citing_its_line() -> None:
    """Each named modifier of each Origin (L767-924) is one row, at the seed line naming it."""
    assert {o: {a.line: a.name for a in rows} for o, rows in BY_ORIGIN.items()} == SEED_BULLETS
    assert len(ABILITIES) == sum(len(v) for v in SEED_BULLETS.values()) == 47
    assert all(a.applied_by for a in ABILITIES)


def test_animal_instincts_train_four_skills_free_L787() -> None:
    """L787: 'Trailsmarts, Observation, Intuition, and Animal Handling are always considered to
    be Archetype Skills. Train all 4 for free'."""
    hero = origin("Anthropomorphic", picks={"str": 1, "ag": 1, "to": 1})["character:hero"]
    for name in ("Trailsmarts", "Observation", "Intuition", "Animalsmarts"):
        assert hero["skills"][name]["ranks"] == 1
    assert hero["creation_points"] == 60  # free: no points spent
    d = WISH.derived(hero, {})["origin"]
    assert d["archetype_skills"] == ["Trailsmarts", "Observation", "Intuition", "Animalsmarts"]
    assert d["archetype_sfx"] == ["Feral"]  # L789
    assert d["end_of_turn_recovery"] == {"wounds": 1}  # L788
    assert [a["name"] for a in d["abilities"]][:3] == [
        "Animal Anatomy", "Animal Magnetism", "Animal Instincts"]


def test_tech_skills_and_mystical_talents_train_their_skills_L840_L905() -> None:
    """L905: 'Technology, Engineering, Science, and Repair ... train all 4 for free'; L840:
    'Granted skills start trained'; L845 Trickster: Skulduggery and Guile; L861 Force Mastery."""
    tech = origin("Technologist")["character:hero"]
    assert {n: (s["ranks"], s["acquired"]) for n, s in tech["skills"].items()} == {
        "Technology": (1, True), "Engineering": (1, True), "Science": (1, True),
        "Repair": (1, True)}
    assert WISH.derived(tech, {})["origin"]["archetype_sfx"] == ["Gear"]  # L907
    trick = origin("Mystic", talent="Trickster")["character:hero"]
    assert sorted(trick["skills"]) == ["Guile", "Skulduggery"]
    assert WISH.derived(trick, {})["origin"]["archetype_sfx"] == ["Beguile"]  # L846
    air = origin("Mystic", talent="Elemental Air")["character:hero"]
    assert air["skills"]["Force Mastery"]["characteristic"] == "wp"  # digest G-14
    assert WISH.derived(air, {})["origin"]["archetype_sfx"] == ["Force"]  # L862


def test_natural_talent_takes_five_basic_skills_with_specializations_L878() -> None:
    """L878: 'Select any 5 Basic skills and train them (select specializations)'."""
    st = origin("Natural")
    five = ["Athletics", "Stealth", "Charm", "Drive", "Observation"]
    for skills, field in ((five[:4], "skills"), ([*five[:4], "Medicine"], "skills"),
                          ([*five[:4], "Athletics"], "skills")):
        with pytest.raises(DomainError) as err:
            run(st, ChooseOriginGrants(campaign_id="c", character_id="hero", skills=skills))
        assert (err.value.field, err.value.rule) == (field, "wish.origin.natural L878")
    done = run(st, ChooseOriginGrants(campaign_id="c", character_id="hero", skills=five,
                                      specializations={"Stealth": "rooftops"}))["character:hero"]
    assert all(done["skills"][n]["ranks"] == 1 for n in five)
    assert done["specializations"] == [{"name": "rooftops", "target": "Stealth", "level": 1}]
    assert WISH.derived(done, {})["origin"]["archetype_skills"] == five
    with pytest.raises(DomainError) as again:
        run({"character:hero": done}, ChooseOriginGrants(campaign_id="c", character_id="hero",
                                                         skills=five))
    assert again.value.rule == "wish.origin L753"


def test_mutant_powers_one_stunt_at_4_or_two_at_2_L825_L827() -> None:
    """L825: 'Apply three free raises to the Stunt to make it Rating 4'; L826: two stunts 'from
    the same SFX set ... Rating 2'; L827: that SFX 'is always considered to be an Archetype SFX'."""
    st = origin("Mutant", picks={"str": 1, "ag": 1, "to": 1, "int": 1})
    one = run(st, ChooseOriginGrants(campaign_id="c", character_id="hero", stunts=["Blast"],
                                     stunt_sfx="Energy"))["character:hero"]
    assert one["stunts"]["Blast"]["rating"] == 4 and one["stunts"]["Blast"]["sfx"] == "Energy"
    two = run(st, ChooseOriginGrants(campaign_id="c", character_id="hero",
                                     stunts=["Blast", "Flare"], stunt_sfx="Energy"))
    assert [s["rating"] for s in two["character:hero"]["stunts"].values()] == [2, 2]
    assert WISH.derived(two["character:hero"], {})["origin"]["archetype_sfx"] == ["Energy"]
    with pytest.raises(DomainError) as err:
        run(st, ChooseOriginGrants(campaign_id="c", character_id="hero",
                                   stunts=["A", "B", "C"], stunt_sfx="Energy"))
    assert err.value.rule == "wish.origin.mutant L824-827"


def test_alien_traits_sfx_and_nothing_to_choose_for_a_freak_L775_L815() -> None:
    """L775: 'Alien Traits: Choose any one SFX ... always considered to be an Archetype SFX'."""
    alien = origin("Alien", picks={"str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1})
    done = run(alien, ChooseOriginGrants(campaign_id="c", character_id="hero", sfx="Psionics"))
    assert WISH.derived(done["character:hero"], {})["origin"]["archetype_sfx"] == ["Psionics"]
    with pytest.raises(DomainError) as err:
        run(origin("Freak"), ChooseOriginGrants(campaign_id="c", character_id="hero",
                                               sfx="Psionics"))
    assert (err.value.field, err.value.rule) == ("sfx", "wish.origin.alien L775")


def test_a_robot_is_repaired_not_healed_L895() -> None:
    """L895: 'Robots cannot heal damage, they must be be Repaired, though the effect is
    ultimately similar. Healing abilities do not work on a Robot'."""
    robot = build_sheet(origin="Robot", wounds_lost=4)
    st = states(robot=robot)
    with pytest.raises(DomainError) as err:
        run(st, Heal(campaign_id="c", character_id="robot", wounds=2))
    assert err.value.rule == "wish.origin.robot.out_of_warranty L895"
    fixed = run(st, Repair(campaign_id="c", character_id="robot", wounds=3))["character:robot"]
    assert fixed["wounds_lost"] == 1
    human = states(robot=build_sheet(wounds_lost=4))
    assert run(human, Heal(campaign_id="c", character_id="robot", wounds=2))[
        "character:robot"]["wounds_lost"] == 2
    with pytest.raises(DomainError):
        run(human, Repair(campaign_id="c", character_id="robot", wounds=2))


def test_wielder_item_of_power_and_limited_charges_scale_with_rank_L920_L924() -> None:
    """L920: 'Items of Power have Soak equal to (15 + Character Rank), and (Character Rank x 5)
    Wounds'; L924: '(Character Rank x 25) Rounds per day'."""
    d = WISH.derived(build_sheet(origin="Wielder", experience=20), {})["origin"]  # Rank 2
    assert d["item_of_power"] == {"soak": 17, "wounds": 10}
    assert d["limited_charges_rounds"] == 50
    assert WISH.derived(build_sheet(origin="Robot"), {})["origin"]["immunities"] == [
        "poison", "disease"]  # L894
