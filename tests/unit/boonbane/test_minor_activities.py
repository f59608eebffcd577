"""Minor activities (L70-L74), decided and folded without I/O: the turn's allowance, the weapon
activities that change what is wielded, and who can do none."""

from __future__ import annotations

from typing import Any, Final

from contracts.rulesets.boonbane import AttackRoll
from contracts.rulesets.boonbane.minor import MinorActivity
from contracts.rulesets.boonbane.play import Move, Participant, StartEncounter, TakeTurn
from tests.unit.boonbane.test_turns import Table

C: Final = "c"
E: Final = "e"
DAGGER = {"kind": "melee", "thrown": True, "range": "short"}


def _minor(activity: str, enc: bool = True, **fields: Any) -> MinorActivity:
    return MinorActivity(campaign_id=C, character_id="hero", activity=activity,  # type: ignore[arg-type]
                         encounter_id=E if enc else None, **fields)


def _fight(**hero: Any) -> Table:
    t = Table(hero=hero, foe={"kind": "npc"})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="hero", side="players"),
        Participant(character_id="foe", side="enemies")]))
    return t


def _types(events: list[Any]) -> list[str]:
    return [e.type.removeprefix("boonbane.") for e in events]


def test_one_minor_activity_on_a_fast_turn_and_it_uses_no_move_or_action() -> None:
    t = _fight(weapons={"sword": {"wielded": False}})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    # "drawing or stowing a weapon" (L73): the sword is wielded after it
    events = t.send(_minor("draw_weapon", weapon="sword"))
    assert _types(events) == ["MinorActivityUsed", "MinorActivityDone"]
    assert (events[0].data["used"], events[0].data["allowed"]) == (1, 1)
    assert t.sheet("hero")["weapons"]["sword"]["wielded"] is True
    # "1 minor activity on a fast turn" (L74): a second is refused, nothing appended
    t.refused(_minor("open_door", what="the cellar door"), "boonbane.minor-activities L74")
    # "Minor activities do not use an action, triggered action, or move." (L72): the fast
    # turn's action is still there
    events = t.send(AttackRoll(campaign_id=C, character_id="hero", target_id="foe",
                               encounter_id=E, weapon="sword"), [10])
    assert _types(events) == ["ActionUsed", "RollMade"]


def test_two_minor_activities_on_a_slow_turn_and_the_count_restarts_each_turn() -> None:
    t = _fight()
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="slow"))
    t.send(Move(campaign_id=C, encounter_id=E, character_id="hero"))
    t.send(_minor("open_door"))
    assert t.send(_minor("pick_up_item", what="a torch"))[0].data["used"] == 2
    t.refused(_minor("close_door"), "boonbane.minor-activities L74")  # "2 on a slow turn"
    # not on another creature's turn
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="foe", turn="slow"))
    t.refused(_minor("open_door"), "boonbane.minor-activities L74")


def test_the_allowance_is_a_campaign_option() -> None:
    t = _fight()
    t.options = {"minor_activities_fast": 2}  # "usually" (L74; digest D-64)
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    t.send(_minor("open_door"))
    assert t.send(_minor("close_door"))[0].data["allowed"] == 2


def test_a_thrown_weapon_is_picked_up_again_and_a_stowed_one_cannot_attack() -> None:
    t = Table(hero={"weapons": {"dagger": DAGGER}}, foe={})
    t.send(AttackRoll(campaign_id=C, character_id="hero", target_id="foe", attribute="agility",
                      weapon="dagger", distance=4), [10])  # thrown (L134)
    t.refused(_minor("drop_weapon", enc=False, weapon="dagger"),
              "boonbane.minor-activities L73")  # not in hand
    assert _types(t.send(_minor("pick_up_weapon", enc=False, weapon="dagger"))) == [
        "MinorActivityDone"]
    assert t.sheet("hero")["weapons"]["dagger"]["wielded"] is True
    t.send(_minor("stow_weapon", enc=False, weapon="dagger"))
    t.refused(AttackRoll(campaign_id=C, character_id="hero", target_id="foe", weapon="dagger"),
              "boonbane.weapon L123")
    t.refused(_minor("draw_weapon", enc=False, weapon="spear"), "boonbane.minor-activities L73")


def test_drawing_needs_the_weapons_size_and_a_creature_that_can_act() -> None:
    t = Table(hero={"size": 0.5, "weapons": {"greatsword": {"min_size": 1, "wielded": False}}},
              foe={}, sleeper={"afflictions": [{"name": "unconscious"}]})
    # "Size 1+: must be at least that Size to wield." (L132)
    t.refused(_minor("draw_weapon", enc=False, weapon="greatsword"), "boonbane.size L132")
    # "An unconscious creature cannot act" (L332; digest D-19)
    t.refused(MinorActivity(campaign_id=C, character_id="sleeper", activity="open_door"),
              "boonbane.unconscious L332")
    # stunned and surprised creatures "cannot ... move" (L323, L328), dying ones are unconscious
    # (L41): no minor activity either (digest D-19); a dazed one, which cannot use actions, can
    t = Table(stunned={"afflictions": [{"name": "stunned"}]},
              surprised={"afflictions": [{"name": "surprised"}]},
              dying={"life_state": "dying", "damage": 10},
              dazed={"afflictions": [{"name": "dazed"}]})
    for cid, rule in (("stunned", "boonbane.stunned L323"),
                      ("surprised", "boonbane.surprised L328"),
                      ("dying", "boonbane.unconscious L332")):
        t.refused(MinorActivity(campaign_id=C, character_id=cid, activity="open_door"), rule)
    assert _types(t.send(MinorActivity(campaign_id=C, character_id="dazed",
                                       activity="open_door"))) == ["MinorActivityDone"]
