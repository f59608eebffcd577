"""Golden Heroes generation and strike rules against the seed's numbers (no I/O)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.golden_heroes import generation, strike
from domain.rulesets.golden_heroes.odds import need, strike_odds

# Digest §3.3 to-hit matrix: rows WC 0..5, columns DC 1-5, 6, 7, 8, 9, 10, 11, 12.
MATRIX = [
    [13, 12, 11, 10, 9, 8, 7, 6],
    [12, 11, 10, 9, 8, 7, 6, 5],
    [11, 10, 9, 8, 7, 6, 5, 4],
    [10, 9, 8, 7, 6, 5, 4, 3],
    [9, 8, 7, 6, 5, 4, 3, 2],
    [8, 7, 6, 5, 4, 3, 2, 2],
]
COLUMNS = [5, 6, 7, 8, 9, 10, 11, 12]


@pytest.mark.parametrize("wc", range(6))
@pytest.mark.parametrize("dc", range(1, 13))
def test_to_hit_matrix_every_pair(wc: int, dc: int) -> None:
    expected = MATRIX[wc][COLUMNS.index(max(dc, 5))]  # DC 1-4 count as 5 (L79)
    assert need(wc, dc) == expected
    view = strike_odds(wc, dc)
    assert view.p_success == str(Fraction(21 - expected, 20))
    assert view.p_critical_hit == "1/20" and view.p_critical_miss == "1/20"


def test_natural_twenty_always_hits_and_one_always_misses() -> None:
    assert strike_odds(0, 12, -40).p_success == "1/20"
    assert strike_odds(5, 12, 40).p_success == "19/20"


def test_dexterity_18_behind_unaware_is_plus_7() -> None:
    """L82's worked example: Dexterity 18, behind an unaware foe: +7."""
    lines = strike.modifier_lines(18, ["behind", "unaware"])
    assert sum(m.value for m in lines) == 7
    assert [m.value for m in lines] == [3, 2, 2]


def test_behind_and_above_are_exclusive() -> None:
    with pytest.raises(DomainError) as err:
        strike.check_circumstances(["behind", "above"])
    assert err.value.field == "circumstances"


def test_strike_total_and_critical_tables() -> None:
    # d20 10 + WC 2 + DC 3 (adds 5) + 0 = 17 < 18: a miss.
    ev = strike.resolve(ScriptedDice([10]), character_id="a", target_id="b", weapon_class=2,
                        defence_class=3, modifiers=[], attacker_superpowered=True,
                        target_superpowered=True)
    assert (ev.total, ev.hit, ev.defence_added) == (17, False, 5)
    ev = strike.resolve(ScriptedDice([20, 6]), character_id="a", target_id="b", weapon_class=0,
                        defence_class=1, modifiers=[], attacker_superpowered=True,
                        target_superpowered=True)
    assert ev.hit and ev.critical == "hit" and ev.critical_die == 6
    assert ev.critical_effect is not None and "+1d6 HTC" in ev.critical_effect
    ev = strike.resolve(ScriptedDice([1, 5]), character_id="a", target_id="b", weapon_class=5,
                        defence_class=12, modifiers=[], attacker_superpowered=True,
                        target_superpowered=True)
    assert not ev.hit and ev.critical == "miss" and ev.critical_effect is not None
    assert "left open" in ev.critical_effect


def test_generation_3d6_and_4d6_keep_3_and_htc_htk() -> None:
    faces = [1, 2, 3, 6, 6, 6, 4, 4, 4, 1, 1, 1]  # ego 6, str 18, dex 12, vig 3
    faces += [6, 5, 4] + [1, 2, 3]  # HTC then HTK: 1d6 per point of Vigour each (L9)
    ev = generation.generate("x", "superpowered", ScriptedDice(faces), "3d6")
    assert [a.value for a in ev.attributes] == [6, 18, 12, 3]
    assert (ev.max_htc, ev.max_htk) == (15, 6)
    four = generation.roll_attribute("ego", ScriptedDice([1, 6, 5, 4]), "4d6k3")
    assert four.value == 15 and four.kept == [6, 5, 4]


def test_effect_tables_movement_and_frames() -> None:
    assert generation.strength_damage_modifier(20) == 5  # +1 per point above 15 (L4-L6)
    assert generation.strength_damage_modifier(3) == -3
    assert generation.strength_divider_bonus(45) == {"htk": 1, "htc": 2}
    assert generation.movement(10, 10, 10) == 5  # 30/6
    assert generation.movement(10, 10, 13) == 6  # 5.5 rounds up (L10)
    assert generation.thresholds(47, 39) == {"staggered_htc": 9, "stunned_htc": 4,
                                             "hospitalised_htk": 3}
    assert [generation.frames_per_round(t) for t in
            ("superpowered", "minor_villain", "non_superpowered")] == [4, 3, 2]
