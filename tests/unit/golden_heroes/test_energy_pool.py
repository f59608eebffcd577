"""Golden Heroes Energy Attack dice pool (L178, L180): 15d6 over 5 Rounds of a fight, +1d10
dice at grade 2, recharged after 5 Rounds; a malfunction wastes a further die (L93) (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import attacks
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
FIGHT = {"campaign_id": CID, "encounter_id": "fight"}


def next_round(w: World) -> int:
    """End the round's parts, then roll initiative: the heroes win by 6 (3 frames, L44)."""
    while w.states.get("encounter:fight", {}).get("phase", 0) not in (0,):
        w.run(c.EndPhase(**FIGHT))
    ev = w.run(c.RollInitiative(**FIGHT), [8, 2])[0]
    return int(ev.data["round"])


def blast(w: World, htc: int, htk: int, natural: int = 5) -> st.EnergyPool | None:
    ev = w.run(c.Strike(campaign_id=CID, encounter_id="fight", character_id="hero",
                        target_id="foe", attack="energy_attack", energy_htc_dice=htc,
                        energy_htk_dice=htk), [natural])[0]
    return w.sheet("hero").energy_pool if ev.data["energy_pool"] else None


def refused(w: World, htc: int, htk: int) -> DomainError:
    with pytest.raises(DomainError) as err:
        blast(w, htc, htk)
    return err.value


def test_15_dice_over_5_rounds_then_recharged() -> None:
    w = World(hero=sheet(powers=[{"power": "energy_attack"}]), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["hero"], villains=["foe"]))
    assert next_round(w) == 1
    pool = blast(w, 5, 5)  # natural 5 misses: 5 + 3 + 6 = 14 (L79); the dice are spent
    assert pool is not None and (pool.from_round, pool.spent, pool.size) == (1, 10, 15)
    assert next_round(w) == 2
    err = refused(w, 3, 3)  # 10 + 6 > 15
    assert (err.field, err.rule) == ("energy_htc_dice", "golden-heroes.energy-attack L178")
    pool = blast(w, 3, 2)
    assert pool is not None and pool.spent == 15
    for expected in (3, 4, 5):
        assert next_round(w) == expected
        assert refused(w, 1, 0).rule == "golden-heroes.energy-attack L178"
    assert next_round(w) == 6  # after 5 Rounds the pool is full again
    pool = blast(w, 6, 4)
    assert pool is not None and (pool.from_round, pool.spent) == (6, 10)


def test_grade_2_adds_its_d10_dice_and_a_malfunction_wastes_one() -> None:
    ea = {"power": "energy_attack", "grade": 2, "rolled": {"energy_dice": 7}}
    w = World(hero=sheet(powers=[ea]), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["hero"], villains=["foe"]))
    next_round(w)
    # natural 1: a critical miss; its d10 3 is the malfunction, 1d6 more wasted (L93)
    ev = w.run(c.Strike(campaign_id=CID, encounter_id="fight", character_id="hero",
                        target_id="foe", attack="energy_attack", energy_htc_dice=5,
                        energy_htk_dice=5), [1, 3])[0]
    assert ev.data["critical_die"] == 3
    pool = w.sheet("hero").energy_pool
    assert pool is not None and (pool.spent, pool.size) == (11, 22)


def test_grade_3_gimmicks_the_engine_applies() -> None:
    """L179-L194: Improved Damage cuts the dividers by 3, Improved Weapon Class is WC4, Quick
    Blast fires 7 dice or fewer in a Frame, Hi-Power Blast up to 15 dice, Push Back at a
    threshold 15 lower; one gimmick a grade from grade 3."""
    def ea(choice: str, grade: int = 3) -> st.GoldenHeroesSheet:
        w = World(hero=sheet(powers=[{"power": "energy_attack", "grade": grade,
                                      "choice": choice}]))
        return w.sheet("hero")

    def form(choice: str, h: int = 3, k: int = 3) -> attacks.AttackForm:
        return attacks.form(ea(choice), c.Strike(campaign_id=CID, character_id="hero",
                                                 target_id="foe", attack="energy_attack",
                                                 energy_htc_dice=h, energy_htk_dice=k))

    assert (form("").weapon_class, form("").divider_reduction, form("").frames) == (3, 2, 2)
    assert form("improved_damage").divider_reduction == 3
    assert form("improved_weapon_class").weapon_class == 4
    assert (form("quick_blast", 4, 3).frames, form("quick_blast", 4, 4).frames) == (1, 2)
    assert form("hi_power_blast", 8, 7).htc_dice == 8
    with pytest.raises(DomainError):
        form("", 6, 5)
    assert "push_back_gimmick" in form("push_back").tags
    # a grade 2 Energy Attack has no gimmick to use
    assert attacks.form(ea("improved_damage", 2), c.StrikeSpec(attack="energy_attack")) \
        .divider_reduction == 2
    w = World(hero=sheet(powers=[{"power": "energy_attack", "grade": 3}]))
    with pytest.raises(DomainError) as err:
        w.run(c.ChoosePowerOption(campaign_id=CID, character_id="hero", power="energy_attack",
                                  choice="quick_blast,push_back"))
    assert err.value.rule == "golden-heroes.energy-attack L179"


def test_a_push_back_blast_pushes_at_a_threshold_15_lower() -> None:
    w = World(hero=sheet(powers=[{"power": "energy_attack", "grade": 3,
                                  "choice": "push_back"}]), foe=sheet())
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                   attack="energy_attack", energy_htc_dice=3, energy_htk_dice=3), [15])
    # 18 HTC against a threshold of 20 - 15 = 5: 13 over, 2 m for each 5 or part (L119, L183)
    res = w.run(c.Respond(campaign_id=CID, character_id="foe"), [6, 6, 6, 1, 1, 1, 10])[0].data
    assert (res["pushback_threshold"], res["pushback_metres"]) == (5, 6)
