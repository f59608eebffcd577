"""Weapon range bands (L129, L86-L88), Distant Shot (L217) and Thrown weapons (L134), decided and
folded without I/O from the distance an attack declares and the weapon on the sheet."""

from __future__ import annotations

from typing import Any, Final

import pytest

from contracts.rulesets.boonbane import AttackRoll
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.boonbane.ranges import RANGE_YARDS
from tests.unit.boonbane.test_turns import Table

C: Final = "c"
BOW = {"kind": "ranged", "range": "long"}
SLING = {"kind": "ranged", "range": "short"}
CROSSBOW = {"kind": "ranged", "range": "medium"}
DAGGER = {"kind": "melee", "thrown": True, "range": "short"}


def _attack(**fields: Any) -> AttackRoll:
    return AttackRoll(campaign_id=C, character_id="hero", target_id="foe",
                      **{"attribute": "agility", **fields})


def _sources(events: list[Any]) -> dict[str, tuple[int, int]]:
    return {s["line"]: (s["boons"], s["banes"]) for s in events[0].data["sources"]}


def test_range_bands_are_the_seeds_yards() -> None:
    # "Short: 5 yards." (L86) "Medium: 20 yards." (L87) "Long: 100 yards." (L88)
    assert RANGE_YARDS == {"short": (5, "L86"), "medium": (20, "L87"), "long": (100, "L88")}


@pytest.mark.parametrize(("weapon", "band"), [(SLING, 5), (CROSSBOW, 20), (BOW, 100)])
def test_within_range_no_bane_beyond_it_distant_shot_beyond_double_refused(
        weapon: dict[str, Any], band: int) -> None:
    t = Table(hero={"weapons": {"w": weapon}}, foe={})
    # "Range (Short, Medium, Long): weapon range length." (L129): up to it, no source
    events = t.send(_attack(weapon="w", distance=band), [10])
    assert _sources(events) == {}
    # "Distant Shot: attack up to double your weapon's range with 1 bane." (L217), by itself
    events = t.send(_attack(weapon="w", distance=band + 1), [10, 3])
    assert _sources(events) == {"L217": (0, 1)}
    assert events[0].data["net"] == -1 and events[0].data["total"] == 10 - 3
    assert t.send(_attack(weapon="w", distance=2 * band), [10, 3])[0].data["banes"] == 1
    # beyond double the range, no attack at all, and nothing is appended
    t.refused(_attack(weapon="w", distance=2 * band + 1), "boonbane.range L129 L217")


def test_a_declared_distant_shot_counts_once_and_excludes_the_other_options() -> None:
    t = Table(hero={"weapons": {"bow": BOW}}, foe={})
    events = t.send(_attack(weapon="bow", distance=150, situations=["distant_shot"]), [10, 2])
    assert _sources(events) == {"L217": (0, 1)}
    # one option per attack (digest D-25): a Called Shot (L216) cannot also be a Distant Shot
    t.refused(_attack(weapon="bow", distance=150, situations=["called_shot"]),
              "boonbane.distant-shot L217")
    # within range a Called Shot is just its 2 banes (L216)
    events = t.send(_attack(weapon="bow", distance=90, situations=["called_shot"]), [10, 2, 5])
    assert _sources(events) == {"L216": (0, 2)}


def test_no_declared_distance_or_no_range_band_checks_nothing() -> None:
    t = Table(hero={"weapons": {"bow": BOW, "old bow": {"kind": "ranged"}}}, foe={})
    assert _sources(t.send(_attack(weapon="bow"), [10])) == {}
    assert _sources(t.send(_attack(weapon="old bow", distance=5000), [10])) == {}


def test_a_thrown_weapon_beyond_reach_is_thrown_within_its_range_and_leaves_the_hand() -> None:
    t = Table(hero={"weapons": {"dagger": DAGGER, "axe": {"kind": "melee"}}}, foe={})
    # within reach (1 yard, digest D-63) the dagger is a melee weapon: Str (L7), still in hand
    events = t.send(_attack(weapon="dagger", attribute="strength", distance=1), [10])
    assert [e.type for e in events] == ["boonbane.RollMade"] and _sources(events) == {}
    # "Thrown: weapon can be thrown as a ranged attack." (L134): beyond reach it is thrown,
    # with Agi as ranged attacks normally use (L8), and listed as the roll's source
    events = t.send(_attack(weapon="dagger", distance=4), [10])
    assert [e.type for e in events] == ["boonbane.RollMade", "boonbane.WeaponChanged"]
    assert [(s["source"], s["line"]) for s in events[0].data["sources"]] == [
        ("thrown dagger", "L134")]
    assert events[1].data["wielded"] is False and events[1].data["cause"] == "thrown L134"
    assert t.sheet("hero")["weapons"]["dagger"]["wielded"] is False
    # once thrown it is not in hand: no second attack with it
    t.refused(_attack(weapon="dagger", distance=4), "boonbane.weapon L123")


def test_a_thrown_weapon_takes_the_distant_shot_bane_and_its_range_limit() -> None:
    t = Table(hero={"weapons": {"dagger": DAGGER}}, foe={})
    # short range 5 yards (L86), doubled by a Distant Shot (L217)
    t.refused(_attack(weapon="dagger", distance=11), "boonbane.range L129 L217")
    events = t.send(_attack(weapon="dagger", distance=10), [12, 4])
    assert _sources(events) == {"L134": (0, 0), "L217": (0, 1)}
    assert events[0].data["total"] == 12 - 4


def test_a_melee_weapon_that_is_not_thrown_still_stops_at_reach() -> None:
    t = Table(hero={"weapons": {"axe": {"kind": "melee", "range": "short"}}}, foe={})
    t.refused(_attack(weapon="axe", attribute="strength", distance=3), "boonbane.reach L84")


def test_a_thrown_weapon_needs_a_range_on_the_sheet() -> None:
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_sheet({"weapons": {"dagger": {"thrown": True}}}, {})
    assert (err.value.field, err.value.rule) == ("sheet.weapons.dagger.range",
                                                 "boonbane.thrown L134 L129")
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_sheet({"weapons": {"bow": {"kind": "ranged", "range": "extreme"}}}, {})
    assert err.value.field == "sheet.weapons.bow.range"


def test_a_ranged_thrown_weapon_is_thrown_at_any_declared_distance() -> None:
    t = Table(hero={"weapons": {"javelin": {"kind": "ranged", "thrown": True,
                                            "range": "medium"}}}, foe={})
    # a ranged weapon that is Thrown (L134) leaves the hand with each attack, even in reach
    events = t.send(_attack(weapon="javelin", distance=1), [10])
    assert _sources(events) == {"L134": (0, 0)}
    assert t.sheet("hero")["weapons"]["javelin"]["wielded"] is False
    # with no declared distance nothing is decided about the throw
    t2 = Table(hero={"weapons": {"javelin": {"kind": "ranged", "thrown": True,
                                             "range": "medium"}}}, foe={})
    assert [e.type for e in t2.send(_attack(weapon="javelin"), [10])] == ["boonbane.RollMade"]
