"""Reach (L84, L130, L201), Finesse (L7, L9, L127), Rush (L227) and Retreat (L224), decided and
folded without I/O; distances are what the command declares."""

from __future__ import annotations

from typing import Any, Final

from contracts.rulesets.boonbane import AttackRoll
from contracts.rulesets.boonbane.grabs import Grab
from contracts.rulesets.boonbane.movement import Retreat, Rush
from contracts.rulesets.boonbane.play import Move, Participant, StartEncounter, TakeTurn
from domain.rulesets.boonbane import BOONBANE
from tests.unit.boonbane.test_turns import Table

C: Final = "c"
E: Final = "e"
SPEAR = {"kind": "melee", "reach": 1}
RAPIER = {"kind": "melee", "finesse": True}
AXE = {"kind": "melee"}


def _types(events: list[Any]) -> list[str]:
    return [e.type.removeprefix("boonbane.") for e in events]


def _attack(**fields: Any) -> AttackRoll:
    return AttackRoll(campaign_id=C, character_id="hero", target_id="foe", **fields)


def test_a_melee_attack_beyond_reach_is_refused_and_reach_grows_with_the_weapon() -> None:
    t = Table(hero={"weapons": {"spear": SPEAR, "axe": AXE}}, foe={})
    # "Reach: the target must be within your reach" (L84): 1 yard by default (digest D-63)
    t.refused(_attack(weapon="axe", distance=2), "boonbane.reach L84")
    # Lunging: "increase reach by 1 yard" (L201), 2 yards
    assert _types(t.send(_attack(weapon="axe", distance=2, situations=["lunging"]), [10, 1])
                  ) == ["RollMade"]
    # "Reach +X: add X to your reach." (L130): the spear's +1 reaches 2 yards, not 3
    assert _types(t.send(_attack(weapon="spear", distance=2), [10])) == ["RollMade"]
    t.refused(_attack(weapon="spear", distance=3), "boonbane.reach L84")
    # the option moves the creature's own reach (D-63)
    t.options = {"default_reach_yards": 2}
    assert _types(t.send(_attack(weapon="spear", distance=3), [10])) == ["RollMade"]
    # character reads show the longest reach of the wielded melee weapons
    assert BOONBANE.derived(t.sheet("hero"), {})["reach"] == 2


def test_a_declared_distance_decides_whether_a_prone_target_is_reached() -> None:
    t = Table(hero={"weapons": {"bow": {"kind": "ranged"}}}, foe={"afflictions": [
        {"name": "prone"}]})
    # L316 "Creatures that cannot reach it make attack rolls against its Defense with 1 bane."
    roll = t.send(_attack(weapon="bow", attribute="agility", distance=30), [10, 4])[0].data
    assert {s["line"]: (s["boons"], s["banes"]) for s in roll["sources"]} == {"L316": (0, 1)}
    # L315 "Creatures that can reach the prone creature make attack rolls against it with 1 boon."
    roll = t.send(_attack(weapon="bow", attribute="agility", distance=1), [10, 4])[0].data
    assert {s["line"]: (s["boons"], s["banes"]) for s in roll["sources"]} == {"L315": (1, 0)}


def test_only_a_finesse_melee_weapon_attacks_with_agility() -> None:
    t = Table(hero={"agility": 15, "weapons": {"rapier": RAPIER, "axe": AXE}}, foe={})
    # "Melee weapon attacks normally use Str." (L7); "Finesse: choose Str or Agi" (L127)
    t.refused(_attack(weapon="axe", attribute="agility"), "boonbane.finesse L127")
    roll = t.send(_attack(weapon="rapier", attribute="agility"), [10])[0].data
    assert (roll["stat"], roll["modifier"]) == ("agility", 5)
    # "Ranged weapon attacks normally use Agi." (L8): no Finesse needed
    t2 = Table(hero={"weapons": {"sling": {"kind": "ranged"}}}, foe={})
    assert _types(t2.send(_attack(weapon="sling", attribute="agility"), [10])) == ["RollMade"]


def _encounter(**sheets: dict[str, Any]) -> Table:
    t = Table(**sheets)
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id=c, side="players") for c in sheets]))
    return t


def test_rush_moves_twice_the_speed_and_retreat_half_without_free_attacks() -> None:
    t = _encounter(hero={"speed": 10}, goblin={"speed": 9}, orc={})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    # "Move up to twice your Speed." (L227): an action, so on a fast turn (digest D-23)
    events = t.send(Rush(campaign_id=C, encounter_id=E, character_id="hero"))
    assert _types(events) == ["ActionUsed", "Moved"]
    assert (events[1].data["yards"], events[1].data["cause"]) == (20, "rush L227")
    t.refused(Move(campaign_id=C, encounter_id=E, character_id="hero"),
              "boonbane.fast-turn L121")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="goblin", turn="slow"))
    # "Move up to half your Speed without triggering free attacks." (L224): 9 // 2 = 4
    events = t.send(Retreat(campaign_id=C, encounter_id=E, character_id="goblin",
                            away_from=["orc"]))
    assert _types(events) == ["ActionUsed", "Moved", "RoundEffectAdded"]
    assert events[1].data["yards"] == 4
    free = AttackRoll(campaign_id=C, encounter_id=E, character_id="orc", target_id="goblin",
                      free_attack=True, use="triggered")
    t.refused(free, "boonbane.retreat L224")
    # the slow turn's own move is not the Retreat's: it triggers free attacks again (L50)
    events = t.send(Move(campaign_id=C, encounter_id=E, character_id="goblin"))
    assert _types(events) == ["ActionUsed", "RoundEffectUsed"]
    assert _types(t.send(free, [10])) == ["ActionUsed", "RollMade"]


def test_a_grabbed_creature_cannot_rush_away_from_its_grabber() -> None:
    t = _encounter(hero={"strength": 30}, imp={"agility": 1})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    t.send(Grab(campaign_id=C, encounter_id=E, character_id="hero", target_id="imp"), [1])
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="imp", turn="fast"))
    # L294: of the grabber's Size, it cannot move away from the grabber
    t.refused(Rush(campaign_id=C, encounter_id=E, character_id="imp", away_from=["hero"]),
              "boonbane.grabbed L294")
