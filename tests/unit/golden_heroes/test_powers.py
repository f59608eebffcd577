"""Golden Heroes superpowers as data and the Power Roll economy against the seed (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import power_table, powers
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
# The SUPERPOWER GENERATION TABLE as L14 prints it: (range, power, mark)
SEED_ROWS = [((1, 3), "agility", "*"), ((4, 7), "armour", "**"), ((13, 20), "energy_attack", "**"),
             ((24, 28), "flight", "***"), ((42, 43), "magic", "**+"),
             ((44, 49), "martial_arts", "***"), ((55, 56), "psi_powers", "**+"),
             ((71, 76), "strength", "***"), ((81, 84), "tough_skin", "***"),
             ((89, 94), "weapon_skill", "**"), ((95, 95), "weather_control", "**")]


def hero(rolls: int = 8, **kw: object) -> World:
    return World(hero=sheet(power_rolls_left=rolls, **kw))


def roll(w: World, faces: list[int]) -> c.PowerGained:
    return c.PowerGained(**w.run(c.RollPower(campaign_id=CID, character_id="hero"), faces)[0].data)


def test_the_table_covers_01_to_00_once_with_the_seeds_rows() -> None:
    covered = [n for r in power_table.ROWS for n in range(r.low, r.high + 1)]
    covered += list(range(power_table.CHOOSE[0], power_table.CHOOSE[1] + 1))
    assert sorted(covered) == list(range(1, 101))
    assert len(power_table.ROWS) == 44  # 44 powers, then 96-00
    for (low, high), power, mark in SEED_ROWS:
        row = power_table.BY_ID[power]
        assert (row.low, row.high, row.mark) == (low, high, mark)
        assert row.text.startswith("L")


@pytest.mark.parametrize(("mark", "top"), [("*", 2), ("**", 3)])
def test_marks_give_the_extra_grades(mark: str, top: int) -> None:
    # L15: * one additional grade, ** two additional grades
    assert all(r.max_grade == top for r in power_table.ROWS if r.mark.rstrip("+") == mark)


def test_a_roll_gives_grade_1_then_one_more_grade_each_time() -> None:
    w = hero()
    ev = roll(w, [15])  # 13-20: Energy Attack (L14)
    assert (ev.power, ev.grade, ev.cost) == ("energy_attack", 1, 1)
    ev = roll(w, [19, 7])  # again: grade 2, and its +1d10 dice (L180)
    assert (ev.grade, ev.rolled) == (2, {"energy_dice": 7})
    assert w.sheet("hero").power_rolls_left == 6


def test_magic_and_psi_cost_an_extra_roll_or_are_declined_and_rolled_again() -> None:
    w = hero()
    ev = roll(w, [42])
    assert (ev.power, ev.cost) == ("magic", 2)  # L15: "+" costs one more Power Roll
    w = hero(rolls=1)
    ev = roll(w, [55, 77])  # Psi with one roll left: declined, rolled again (decision #26)
    assert (ev.d100, ev.power, ev.cost) == ([55, 77], "stretch", 1)


def test_a_maxed_power_is_rolled_again_free() -> None:
    w = hero(powers=[{"power": "agility", "grade": 2}])
    ev = roll(w, [2, 9])  # Agility has no grade 3: the roll is ignored (L12-L13)
    assert (ev.d100, ev.power, ev.grade) == ([2, 9], "claws", 1)


def test_96_00_is_a_choice() -> None:
    w = hero()
    ev = roll(w, [97])
    assert ev.power == "" and w.sheet("hero").choices_pending == 1
    w.run(c.ChoosePower(campaign_id=CID, character_id="hero", power="tough_skin"))
    s = w.sheet("hero")
    assert s.choices_pending == 0 and powers.grade(s, "tough_skin") == 1
    with pytest.raises(DomainError) as err:
        w.run(c.ChoosePower(campaign_id=CID, character_id="hero", power="flight"))
    assert err.value.rule == "golden-heroes.choose L14"


def test_upgrades_cost_1_then_2_then_3_and_strength_adds_1d10_plus_10() -> None:
    # L13's example: grade 2 from two rolls; grade 3 costs 1, grade 4 costs 2, grade 5 3 more
    w = hero(rolls=10)
    roll(w, [71, 4])
    roll(w, [72, 6])
    costs = []
    for face in (1, 10, 5):
        ev = c.PowerGained(**w.run(c.UpgradePower(campaign_id=CID, character_id="hero",
                                                  power="strength"), [face])[0].data)
        costs.append(ev.cost)
    assert costs == [1, 2, 3]
    s = w.sheet("hero")
    assert powers.grade(s, "strength") == 5 and s.power_rolls_left == 10 - 2 - 6
    # +1d10+10 a grade (L271): 14 + 16 + 11 + 20 + 15 on Strength 10
    assert s.attributes["strength"] == 10 + 14 + 16 + 11 + 20 + 15
    with pytest.raises(DomainError) as err:
        w.run(c.UpgradePower(campaign_id=CID, character_id="hero", power="strength"))
    assert err.value.rule == "golden-heroes.power-rolls L11-L13"  # a 4th upgrade costs 4


def test_vigour_adds_1d6_plus_6_and_a_d6_of_htc_and_htk_a_point() -> None:
    w = hero()
    faces = [2] + [3] * 8 + [4] * 8  # 1d6 = 2: +8 Vigour, 8d6 HTC, 8d6 HTK (L279)
    roll(w, [86, *faces])
    s = w.sheet("hero")
    assert s.attributes["vigour"] == 18 and (s.max_htc, s.max_htk) == (40 + 24, 40 + 32)


def test_power_rolls_become_dups_and_backgrounds_cost_a_roll() -> None:
    w = hero()
    w.run(c.ConvertPowerRolls(campaign_id=CID, character_id="hero", count=2))
    assert (w.sheet("hero").dups, w.sheet("hero").power_rolls_left) == (20, 6)  # L13
    w.run(c.TakeBackground(campaign_id=CID, character_id="hero", background="previous_training",
                           training={"dexterity": 2}))
    w.run(c.TakeBackground(campaign_id=CID, character_id="hero", background="previous_training",
                           training={"strength": 1, "vigour": 1}), [5, 6])
    s = w.sheet("hero")
    assert s.attributes["dexterity"] == 12 and s.base_attributes["strength"] == 11  # L10, L17
    assert (s.max_htc, s.max_htk, s.power_rolls_left) == (45, 46, 4)
    w.run(c.TakeBackground(campaign_id=CID, character_id="hero", background="immortal"))
    with pytest.raises(DomainError) as err:
        w.run(c.TakeBackground(campaign_id=CID, character_id="hero", background="immortal"))
    assert err.value.rule == "golden-heroes.backgrounds L17"
    with pytest.raises(DomainError) as err:
        w.run(c.TakeBackground(campaign_id=CID, character_id="hero",
                               background="previous_training", training={"ego": 1}))
    assert err.value.rule == "golden-heroes.previous-training L17"


def test_power_effects_the_engine_applies() -> None:
    armoured = st.GoldenHeroesSheet(powers=[st.PowerHeld(power="armour", grade=2)])
    skin = st.GoldenHeroesSheet(powers=[st.PowerHeld(power="tough_skin", grade=4)])
    assert (powers.defence_class(armoured), powers.defence_class(skin)) == (3, 1)  # L174, L278
    w = World(hero=sheet(powers=[{"power": "weapon_skill", "grade": 2,
                                  "choice": "two_handed_penetrative"}]), foe=sheet())
    ev = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe", attack="weapon",
                        weapon="two_handed_penetrative"), [3])[0].data
    assert ev["weapon_class"] == 4  # Weapon Skill: WC4 (L279)
    w = World(hero=sheet(powers=[{"power": "precision"}]), foe=sheet())
    ev = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [19, 4])[0].data
    assert ev["critical"] == "hit"  # criticals on 19-20 (L242)
    w = World(hero=sheet(powers=[{"power": "martial_arts", "grade": 3}]), foe=sheet())
    ev = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                        attack="martial_arts"), [3])[0].data
    assert ev["weapon_class"] == 4  # Oriental grade 3: WC4 (L239)
    with pytest.raises(DomainError) as err:
        w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe", attack="stunner"))
    assert err.value.rule == "golden-heroes.stunner L272"
