"""Golden Heroes Energy Attack dice pool (L178, L180): 15d6 over 5 Rounds of a fight, +1d10
dice at grade 2, recharged after 5 Rounds; a malfunction wastes a further die (L93) (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from tests.unit.golden_heroes_world import World, sheet

CID = "camp"
FIGHT = {"campaign_id": CID, "encounter_id": "fight"}


def next_round(w: World) -> int:
    """End the round's parts, then roll initiative: the heroes win by 6 (3 frames, L44)."""
    while w.states.get("encounter:fight", {}).get("phase", 0) not in (0,):
        w.run(c.EndPhase(**FIGHT))
    ev = w.run(c.RollInitiative(**FIGHT), [8, 2])[0]
    return int(ev.data["round"])


def blast(w: World, htc: int, htk: int, natural: int = 5) -> c.EnergyPool | None:
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
