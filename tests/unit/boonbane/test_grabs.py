"""Grabs (L164-L167, L175-L181, L209-L212, L292-L295), Knock Down (L191-L195), Shove
(L228-L232), standing up (L313), Charmed (L263) and Compelled (L264-L268), decided and folded
without I/O."""

from __future__ import annotations

from typing import Any, Final

from contracts.rulesets.boonbane import AttackRoll, TakeDamage
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane.play import (
    AddAffliction,
    EndRound,
    Move,
    Participant,
    RemoveAffliction,
    StartEncounter,
    TakeTurn,
)
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.boonbane.grabs import size_rank
from tests.unit.boonbane.test_turns import Table

C: Final = "c"
E: Final = "e"


def _table(**sheets: dict[str, Any]) -> Table:
    t = Table(**sheets)
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id=c, side="players") for c in sheets]))
    return t


def _types(events: list[Any]) -> list[str]:
    return [e.type.removeprefix("boonbane.") for e in events]


def _grabbed_by(t: Table, cid: str) -> list[Any]:
    return [(a["source"], a["rounds"]) for a in t.sheet(cid)["afflictions"]
            if a["name"] == "grabbed"]


def _end(t: Table, *cids: str, faces: list[int] | None = None) -> None:
    t.send(EndRound(campaign_id=C, encounter_id=E, participants=list(cids)), faces)


def test_grab_rolls_against_agility_and_lasts_until_the_end_of_the_next_round() -> None:
    t = _table(bear={"strength": 14}, elf={"agility": 15})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    grab = g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="elf")
    # Str 14 (+4) against Agi 15: d20 10 totals 14, short of 15 (L178): nothing happens
    events = t.send(grab, [10])
    assert _types(events) == ["ActionUsed", "RollMade"] and _grabbed_by(t, "elf") == []
    _end(t, "bear", "elf")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    # d20 11 totals 15: grabbed (L180), on both sheets
    events = t.send(grab, [11])
    assert _types(events) == ["ActionUsed", "RollMade", "GrabStarted", "GrabStarted"]
    assert events[2].data["until_round"] == 3  # made in round 2, ends with round 3
    assert _grabbed_by(t, "elf") == [("bear", 2)]
    assert [e["target_id"] for e in t.sheet("bear")["round_effects"]] == ["elf"]
    _end(t, "bear", "elf")  # the end of round 2: still grabbed
    assert _grabbed_by(t, "elf") == [("bear", 1)]
    # round 3: grabbing the creature already grabbed succeeds with no dice and renews (L179)
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    events = t.send(grab, [])
    assert _types(events) == ["ActionUsed", "GrabStarted", "GrabStarted"]
    assert events[1].data["renewed"] is True and events[1].data["until_round"] == 4
    assert _grabbed_by(t, "elf") == [("bear", 2)]
    _end(t, "bear", "elf")
    _end(t, "bear", "elf")  # the end of round 4, the next round's end: the grab is over (L180)
    assert _grabbed_by(t, "elf") == [] and t.sheet("bear")["round_effects"] == []


def test_one_grab_at_a_time_and_the_grabbed_cannot_move_away_from_a_grabber_its_size() -> None:
    t = _table(bear={"strength": 30, "size": 2}, elf={"size": 1}, orc={"size": 3})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="elf"), [1])
    _end(t, "bear", "elf", "orc")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    t.refused(g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="orc"),
              "boonbane.grab L177")
    # the elf (Size 1 <= 2) cannot move away from the bear (L294); it can move otherwise
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="elf", turn="slow"))
    t.refused(Move(campaign_id=C, encounter_id=E, character_id="elf", away_from=["bear"]),
              "boonbane.grabbed L294")
    assert _types(t.send(Move(campaign_id=C, encounter_id=E, character_id="elf",
                              away_from=["orc"]))) == ["ActionUsed"]


def test_a_larger_creature_drags_its_clinging_grabber_and_a_grabber_moving_off_lets_go() -> None:
    t = _table(imp={"strength": 30, "size": 0.5}, ogre={"size": 2})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="imp", turn="slow"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="imp", target_id="ogre"), [1])
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="slow"))
    # the larger ogre moves away: the imp clings on (L295), the grab stays
    assert _types(t.send(Move(campaign_id=C, encounter_id=E, character_id="ogre",
                              away_from=["imp"]))) == ["ActionUsed"]
    assert _grabbed_by(t, "ogre") == [("imp", 2)]
    _end(t, "imp", "ogre")
    # the imp moves away from the ogre: out of reach, the grab ends (L181)
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="imp", turn="fast"))
    events = t.send(Move(campaign_id=C, encounter_id=E, character_id="imp", away_from=["ogre"]))
    assert _types(events) == ["ActionUsed", "GrabEnded", "GrabEnded"]
    assert events[1].data["cause"] == "out of reach L181" and _grabbed_by(t, "ogre") == []


def test_escape_rolls_against_the_grabbers_strength_and_a_helpless_grabber_lets_go() -> None:
    t = _table(bear={"strength": 30, "speed": 9}, elf={"agility": 12, "speed": 9})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="elf"), [1])
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="elf", turn="slow"))
    escape = g.Escape(campaign_id=C, encounter_id=E, character_id="elf", target_id="bear",
                      attribute="agility")
    # Agi 12 (+2) against the bear's Str 30: d20 20 totals 22, short (L166)
    events = t.send(escape, [20])
    made = events[1].data
    assert (made["stat"], made["against"], made["target_number"]) == ("agility", "strength", 30)
    assert _grabbed_by(t, "elf") == [("bear", 2)]
    _end(t, "bear", "elf")
    # L181 "The grab ends if you cannot use actions": stunning the bear (L323 "cannot move or
    # use actions") ends the grab with the same command, on both sheets
    events = t.send(AddAffliction(campaign_id=C, character_id="bear", name="stunned"))
    assert _types(events) == ["AfflictionAdded", "GrabEnded", "GrabEnded"]
    assert [e.stream for e in events[1:]] == ["character:bear", "character:elf"]
    assert events[1].data["cause"] == "the grabber cannot use actions L181"
    assert _grabbed_by(t, "elf") == [] and t.sheet("bear")["round_effects"] == []
    # nothing is left to escape from
    t.refused(escape, "boonbane.escape L166")


def test_a_successful_escape_frees_and_moves_half_speed() -> None:
    t = _table(bear={"strength": 10}, elf={"agility": 20, "speed": 9})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="fast"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="elf"), [20])
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="elf", turn="slow"))
    events = t.send(g.Escape(campaign_id=C, encounter_id=E, character_id="elf",
                             target_id="bear", attribute="agility"), [1])  # 1 + 10 >= 10
    assert _types(events)[-2:] == ["GrabEnded", "GrabEnded"]
    assert events[-1].data["cause"] == "escaped L167" and events[-1].data["yards"] == 4  # 9 // 2
    assert _grabbed_by(t, "elf") == [] and t.sheet("bear")["round_effects"] == []


def test_the_grab_ends_at_the_round_end_when_the_grabber_is_disabled() -> None:
    t = _table(hero={"strength": 30, "health": 10}, imp={"kind": "npc"})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="hero", target_id="imp"), [1])
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=9))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))  # disabled: defenseless
    _end(t, "hero", "imp", faces=[3])  # round 1's end; the Fate roll 3 keeps it disabled
    # (the grab would have lasted to the end of round 2)
    assert _grabbed_by(t, "imp") == [] and t.sheet("hero")["round_effects"] == []


def test_pull_needs_a_smaller_grabbed_creature_and_moves_it_half_speed() -> None:
    t = _table(ogre={"strength": 30, "size": 2, "speed": 8}, elf={"size": 1}, orc={"size": 2})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="fast"))
    t.refused(g.Pull(campaign_id=C, encounter_id=E, character_id="ogre", target_id="elf"),
              "boonbane.pull L210")
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="ogre", target_id="elf"), [1])
    _end(t, "ogre", "elf", "orc")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="fast"))
    events = t.send(g.Pull(campaign_id=C, encounter_id=E, character_id="ogre", target_id="elf"),
                    [1])  # Str 30 (+20) against Str 10
    assert events[1].data["against"] == "strength"
    assert events[-1].type == "boonbane.Moved" and events[-1].data["yards"] == 4


def test_knock_down_and_shove_size_banes_as_written_and_their_success() -> None:
    t = _table(ogre={"size": 2, "strength": 13}, elf={"size": 1, "agility": 10})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="slow"))
    # the larger ogre takes 1 bane for 1 size step (L194): d20 9, bane die 2: 9 + 3 - 2 = 10
    events = t.send(g.KnockDown(campaign_id=C, encounter_id=E, character_id="ogre",
                                target_id="elf"), [9, 2])
    made = events[1].data
    assert [(s["line"], s["banes"]) for s in made["sources"]] == [("L194", 1)]
    assert made["total"] == 10 and made["target_number"] == 10
    assert events[-1].type == "boonbane.AfflictionAdded"  # prone (L195)
    assert "prone" in BOONBANE.derived(t.sheet("elf"), {})["afflictions"]
    # the prone elf is now 1 boon in reach (L315): shove the other way, a Str vs Str roll
    # Charge (L142-L143) ends with a Shove: 1 bane on it and on the ogre's rolls this round
    t.options = {"size_difference_mode": "favor_larger"}
    _end(t, "ogre", "elf")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="slow"))
    events = t.send(g.Shove(campaign_id=C, encounter_id=E, character_id="ogre",
                            target_id="elf", charge=True), [7, 5])
    lines = {s["line"]: (s["boons"], s["banes"]) for s in events[1].data["sources"]}
    assert lines == {"L231": (1, 0), "L315": (1, 0), "L143": (0, 1)}
    assert events[1].data["total"] == 7 + 3 + 5
    assert [e["kind"] for e in t.sheet("ogre")["round_effects"]] == ["charging"]
    assert events[-1].data["yards"] == 4  # 1 + Str modifier 3 (L232)


def test_size_steps_count_halves_as_steps() -> None:
    assert [size_rank(s) for s in (0.125, 0.25, 0.5, 1, 2, 3)] == [-2, -1, 0, 1, 2, 3]


def test_stand_up_uses_the_move_and_ends_every_prone_instance() -> None:
    t = _table(hero={"afflictions": [{"name": "prone"}, {"name": "prone", "source": "trip"}]})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    events = t.send(Move(campaign_id=C, encounter_id=E, character_id="hero", stand=True))
    assert _types(events) == ["ActionUsed", "AfflictionRemoved", "AfflictionRemoved"]
    assert "prone" not in BOONBANE.derived(t.sheet("hero"), {})["afflictions"]
    t2 = _table(hero={})
    t2.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    t2.refused(Move(campaign_id=C, encounter_id=E, character_id="hero", stand=True),
               "boonbane.prone L313")


def test_charmed_cannot_attack_its_charmer_but_may_attack_others() -> None:
    t = _table(thrall={"afflictions": [{"name": "charmed", "source": "witch"}]}, witch={},
               guard={})
    t.refused(AttackRoll(campaign_id=C, character_id="thrall", target_id="witch"),
              "boonbane.charmed L263")
    assert _types(t.send(AttackRoll(campaign_id=C, character_id="thrall", target_id="guard"),
                         [10])) == ["RollMade"]


def test_a_compelled_creature_takes_only_fast_turns_in_which_its_source_acts() -> None:
    t = _table(thrall={"afflictions": [{"name": "compelled", "source": "witch"}]}, guard={})
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="thrall", turn="slow"),
              "boonbane.compelled L267")
    # outside its turn it cannot act (L265)
    t.refused(AttackRoll(campaign_id=C, character_id="thrall", target_id="guard",
                         encounter_id=E, use="triggered"), "boonbane.compelled L265")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="thrall", turn="fast"))
    events = t.send(AttackRoll(campaign_id=C, character_id="thrall", target_id="guard",
                               encounter_id=E), [10])
    assert _types(events) == ["ActionUsed", "RollMade"]
    # a fast turn: a move or an action, not both (L121, L267)
    t.refused(Move(campaign_id=C, encounter_id=E, character_id="thrall"),
              "boonbane.fast-turn L121")


def test_derived_speed_follows_immobilized_slowed_and_blinded() -> None:
    def speed(afflictions: list[str], base: int = 10) -> int:
        sheet = BOONBANE.validate_sheet({"speed": base, "afflictions": [
            {"name": n} for n in afflictions]}, {})
        return int(BOONBANE.derived(sheet, {})["speed"])

    assert (speed([]), speed(["immobilized"]), speed(["slowed"]), speed(["blinded"]),
            speed(["blinded"], 1), speed(["slowed", "blinded"])) == (10, 0, 5, 2, 1, 2)


def test_disarm_rolls_against_the_higher_of_strength_and_agility_unarmed_with_two_banes() -> None:
    t = _table(thief={"agility": 14}, guard={"strength": 12, "agility": 15})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="thief", turn="fast"))
    # Agi 14 (+4) against the guard's Agi 15, the higher (L154); unarmed 2 banes (L156):
    # d20 16, bane dice 4 and 5: 16 + 4 - 5 = 15, a success: the guard drops its spear (L155)
    events = t.send(g.Disarm(campaign_id=C, encounter_id=E, character_id="thief",
                             target_id="guard", attribute="agility", unarmed=True,
                             item="spear"), [16, 4, 5])
    made = events[1].data
    assert (made["against"], made["target_number"], made["total"]) == ("agility", 15, 15)
    assert [(s["line"], s["banes"]) for s in made["sources"]] == [("L156", 2)]
    assert events[-1].type == "boonbane.Dropped" and events[-1].data["item"] == "spear"


def test_a_grabber_killed_or_dazed_lets_go_with_that_command_and_only_once() -> None:
    t = _table(bear={"kind": "npc", "strength": 30, "health": 6}, elf={"agility": 5},
               imp={"agility": 5, "size": 0.5}, ogre={"strength": 30})
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="bear", turn="slow"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="bear", target_id="elf"), [1])
    # "If you ever take damage equal to your Health at once, you die." (L28): a dead bear
    # cannot use actions, so the grab ends (L181) with the damage
    events = t.send(TakeDamage(campaign_id=C, character_id="bear", amount=6))
    assert _types(events) == ["DamageTaken", "GrabEnded", "GrabEnded"]
    assert events[0].data["life_state"] == "dead" and _grabbed_by(t, "elf") == []
    # "A dazed creature cannot use actions." (L271)
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="slow"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="ogre", target_id="imp"), [1])
    events = t.send(AddAffliction(campaign_id=C, character_id="ogre", name="dazed"))
    assert _types(events) == ["AfflictionAdded", "GrabEnded", "GrabEnded"]
    assert _grabbed_by(t, "imp") == []
    # a grabber still able to act keeps its grab: poisoned is only a bane (L309)
    t.send(RemoveAffliction(campaign_id=C, character_id="ogre", name="dazed"))
    _end(t, "bear", "elf", "imp", "ogre")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ogre", turn="slow"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="ogre", target_id="imp"), [1])
    events = t.send(AddAffliction(campaign_id=C, character_id="ogre", name="poisoned"))
    assert _types(events) == ["AfflictionAdded"] and _grabbed_by(t, "imp") == [("ogre", 2)]
