"""Weapon properties on the sheet (L123-L134) and Reload (L219-L221), decided and folded without
I/O."""

from __future__ import annotations

from contracts.rulesets.boonbane import AttackRoll
from contracts.rulesets.boonbane.weapons import Reload
from domain.rulesets.boonbane import BOONBANE
from tests.unit.boonbane.test_turns import Table

C = "c"
ARMS = {"maul": {"cumbersome": True, "min_size": 1},
        "crossbow": {"kind": "ranged", "reload": True, "ammunition": 1},
        "pistol": {"kind": "ranged", "misfire": True},
        "giant axe": {"min_size": 2}}


def test_cumbersome_gives_a_bane_and_a_defensive_shield_adds_to_defense() -> None:
    t = Table(hero={"weapons": ARMS}, foe={"defense": 11, "weapons": {
        "shield": {"defensive": 2}, "spare shield": {"defensive": 1, "wielded": False}}})
    assert BOONBANE.derived(t.sheet("foe"), {})["defense"] == 13  # 11 + 2 wielded (L126)
    # d20 15, bane die 2: 13 meets Defense 13 (L125)
    [roll] = t.send(AttackRoll(campaign_id=C, character_id="hero", target_id="foe",
                               weapon="maul"), [15, 2])
    assert [(s["line"], s["banes"]) for s in roll.data["sources"]] == [("L125", 1)]
    assert (roll.data["target_number"], roll.data["success"]) == (13, True)
    t.refused(AttackRoll(campaign_id=C, character_id="hero", target_id="foe",
                         weapon="giant axe"), "boonbane.size L132")


def test_a_reload_weapon_fires_once_then_needs_reloading_and_ammunition_runs_out() -> None:
    t = Table(hero={"weapons": ARMS}, foe={})
    shot = AttackRoll(campaign_id=C, character_id="hero", target_id="foe", attribute="agility",
                      weapon="crossbow")
    events = t.send(shot, [12])
    assert events[-1].type == "boonbane.WeaponChanged"
    assert t.sheet("hero")["weapons"]["crossbow"] == {
        **t.sheet("hero")["weapons"]["crossbow"], "loaded": False, "ammunition": 0}
    t.refused(shot, "boonbane.reload L131")
    t.send(Reload(campaign_id=C, character_id="hero", weapon="crossbow"))
    assert t.sheet("hero")["weapons"]["crossbow"]["loaded"] is True
    t.refused(Reload(campaign_id=C, character_id="hero", weapon="crossbow"),
              "boonbane.reload L221")
    t.refused(shot, "boonbane.ammunition L133")


def test_a_misfire_weapon_rolls_the_misfire_d6_by_itself() -> None:
    t = Table(hero={"agility": 0, "weapons": ARMS}, foe={})
    # Agi 0 (-10): d20 5 totals -5, at or below 0: the misfire d6, 4 even jams the pistol (L128)
    [roll] = t.send(AttackRoll(campaign_id=C, character_id="hero", target_id="foe",
                               attribute="agility", weapon="pistol"), [5, 4])
    assert roll.data["misfire"] == [4] and roll.data["jammed"] is True
    assert t.sheet("hero")["jammed_weapons"] == ["pistol"]


def test_two_weapons_never_cumbersome_and_a_shield_attacked_with_loses_its_defense() -> None:
    arms = {"sword": {}, "shield": {"defensive": 2}, "maul": {"cumbersome": True}}
    t = Table(hero={"weapons": arms, "defense": 10}, foe={})
    two = {"campaign_id": C, "character_id": "hero", "target_id": "foe", "weapon": "sword"}
    t.refused(AttackRoll(**two, off_hand="maul", situations=["two_weapons_same_target"]),
              "boonbane.two-weapons L240")
    t.refused(AttackRoll(**two, off_hand="shield"), "boonbane.two-weapons L242-L243")
    assert BOONBANE.derived(t.sheet("hero"), {})["defense"] == 12  # the shield's +2 (L126)
    # same target: 2 banes (L242): d20 14, bane dice 1 and 3: 11 hits Defense 10
    events = t.send(AttackRoll(**two, off_hand="shield", situations=["two_weapons_same_target"]),
                    [14, 1, 3])
    assert events[0].data["total"] == 11
    assert events[-1].data["effect"] == {"kind": "shield_used", "source": "shield",
                                         "target_id": None, "until_round": None}
    assert BOONBANE.derived(t.sheet("hero"), {})["defense"] == 10  # until the round ends (L241)
