"""Turns and rounds (L110-L122), decided and folded without I/O: the seed's turn order, one action
per turn, one triggered action per round, end-of-round effects in the digest's order."""

from __future__ import annotations

from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import AttackRoll, ChallengeRoll, TakeDamage
from contracts.rulesets.boonbane.play import (
    CheckSurprise,
    Defend,
    EndRound,
    Help,
    Move,
    Participant,
    StartEncounter,
    TakeTurn,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"
E: Final = "e"


class Table:
    def __init__(self, **sheets: dict[str, Any]) -> None:
        self.states: dict[str, Any] = {f"character:{k}": BOONBANE.validate_sheet(v, {})
                                       for k, v in sheets.items()}
        self.options: dict[str, Any] = {}

    def send(self, cmd: msgspec.Struct, faces: list[int] | None = None) -> list[Any]:
        dice = ScriptedDice(faces or [])
        events = BOONBANE.decide(cmd, self.states, self.options, dice)
        assert dice.remaining == 0
        for ev in events:
            self.states[ev.stream] = BOONBANE.evolve(self.states.get(ev.stream), ev.type, ev.data)
        return events

    def refused(self, cmd: msgspec.Struct, rule: str) -> None:
        before = dict(self.states)
        with pytest.raises(DomainError) as err:
            BOONBANE.decide(cmd, self.states, self.options, ScriptedDice([1] * 10))
        assert err.value.rule == rule, err.value
        assert self.states == before

    def sheet(self, cid: str) -> dict[str, Any]:
        out: dict[str, Any] = self.states[f"character:{cid}"]
        return out


def _fight() -> Table:
    t = Table(hero={}, ally={}, goblin={"kind": "npc", "defense": 12})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="hero"), Participant(character_id="ally"),
        Participant(character_id="goblin")]))
    return t


def _attack(cid: str, target: str, **extra: Any) -> AttackRoll:
    return AttackRoll(campaign_id=C, character_id=cid, target_id=target, encounter_id=E, **extra)


def test_turn_order_fast_players_then_fast_enemies_then_slow_players_then_slow_enemies() -> None:
    t = _fight()
    assert t.states["encounter:e"]["sides"] == {"hero": "players", "ally": "players",
                                                "goblin": "enemies"}
    [ev] = t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    assert ev.type == "boonbane.TurnTaken" and ev.data["phase"] == "players fast turns"
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="goblin", turn="fast"))
    # the enemies' fast turns have begun: a player's fast turn is over for this round (L118)
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="ally", turn="fast"),
              "boonbane.turn-order L118")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ally", turn="slow"))
    # one turn a round (L117)
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="slow"),
              "boonbane.one-turn L117")


def test_one_action_per_turn_fast_turn_moves_or_acts_and_one_triggered_action_a_round() -> None:
    t = _fight()
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    events = t.send(_attack("hero", "goblin"), [10])
    assert [e.type for e in events] == ["boonbane.ActionUsed", "boonbane.RollMade"]
    assert events[0].stream == "encounter:e" and events[0].data["spent"] == "action"
    t.refused(_attack("hero", "goblin"), "boonbane.one-action L121-L122")  # acting twice
    t.refused(Move(campaign_id=C, encounter_id=E, character_id="hero"),
              "boonbane.fast-turn L121")  # a fast turn moves or acts, not both
    # not the goblin's turn, but its triggered action may interrupt (L114), once a round (L113)
    t.refused(_attack("goblin", "hero"), "boonbane.own-turn L117")
    t.send(_attack("goblin", "hero", use="triggered"), [10])
    t.refused(_attack("goblin", "hero", use="triggered"),
              "boonbane.triggered-action L112-L113")
    # a slow turn moves and acts (L122)
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ally", turn="slow"))
    t.send(Move(campaign_id=C, encounter_id=E, character_id="ally"))
    t.send(ChallengeRoll(campaign_id=C, character_id="ally", stat="will", encounter_id=E,
                         use="action"), [10])
    t.refused(Move(campaign_id=C, encounter_id=E, character_id="ally"), "boonbane.one-move L121-L122")
    # the next round resets turns and triggered actions (L112, L117)
    [ended] = t.send(EndRound(campaign_id=C, encounter_id=E,
                              participants=["hero", "ally", "goblin"]))
    assert ended.data["round"] == 1 and t.states["encounter:e"]["round"] == 2
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    t.send(_attack("goblin", "hero", use="triggered"), [10])


def test_frightened_slow_only_and_unconscious_neither_turn_nor_action() -> None:
    t = Table(hero={"afflictions": [{"name": "frightened"}]}, sleeper={"afflictions": [
        {"name": "unconscious"}]}, goblin={"kind": "npc"})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id=x) for x in ("hero", "sleeper", "goblin")]))
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"),
              "boonbane.frightened L291")
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="sleeper", turn="slow"),
              "boonbane.unconscious L332")
    t.refused(_attack("sleeper", "goblin", use="triggered"), "boonbane.unconscious L334")


def test_end_of_round_fate_rolls_first_then_timed_afflictions_count_down() -> None:
    t = Table(hero={"health": 10}, goblin={"kind": "npc", "afflictions": [
        {"name": "dazed", "rounds": 1}, {"name": "poisoned", "rounds": 2}]})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="goblin"), Participant(character_id="hero")]))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=9))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))
    assert t.sheet("hero")["life_state"] == "disabled"
    # Fate 6 (L36): heal 1 and impaired for 1 minute = 6 rounds (D-17), not counted down yet
    events = t.send(EndRound(campaign_id=C, encounter_id=E, participants=["goblin", "hero"]),
                    [6])
    assert [(e.stream, e.type) for e in events] == [
        ("encounter:e", "boonbane.RoundEnded"), ("character:hero", "boonbane.FateRolled"),
        ("character:goblin", "boonbane.AfflictionsTicked")]
    assert events[0].data["dice"] == [6] and events[0].data["fate_rolls"] == ["hero"]
    assert BOONBANE.reread(events[0].type, events[0].data, [(6, 6)]) == []
    assert {(a["name"], a["rounds"]) for a in t.sheet("hero")["afflictions"]} == {
        ("prone", None), ("impaired", 6)}
    assert [(a["name"], a["rounds"]) for a in t.sheet("goblin")["afflictions"]] == [
        ("poisoned", 1)]
    assert events[0].data["expired"]["goblin"][0]["name"] == "dazed"
    t.send(EndRound(campaign_id=C, encounter_id=E, participants=["goblin", "hero"]))
    assert t.sheet("goblin")["afflictions"] == []
    assert [(a["name"], a["rounds"]) for a in t.sheet("hero")["afflictions"]
            if a["name"] == "impaired"] == [("impaired", 5)]
    t.refused(EndRound(campaign_id=C, encounter_id=E, participants=["hero"]),
              "boonbane.end-of-round L120")


def test_count_first_option_replaces_the_third_fate_roll() -> None:
    t = Table(hero={"health": 4, "damage": 0})
    t.options = BOONBANE.validate_options({"disabled_counter_order": "count_first"})
    t.send(StartEncounter(campaign_id=C, encounter_id=E,
                          participants=[Participant(character_id="hero")]))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=3))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))
    end = EndRound(campaign_id=C, encounter_id=E, participants=["hero"])
    t.send(end, [3])
    t.send(end, [4])
    # the third disabled round: no Fate d6, only the 1d3 hours of L38
    events = t.send(end, [2])
    fate = next(e for e in events if e.type == "boonbane.FateRolled").data
    assert fate["d6"] is None and fate["d3"] == 2 and fate["outcome"] == "three disabled rounds L38"
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_options({"disabled_counter_order": "sometimes"})
    assert err.value.field == "options.disabled_counter_order"


def test_exposure_tier_three_starts_each_turn_with_a_will_roll() -> None:
    t = Table(mad={"exposure_tier": 3, "insanity": 3}, calm={"exposure_tier": 2})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="mad"), Participant(character_id="calm")]))
    # L372: a Will challenge roll, with Insanity's -1 (L387): d20 10 - 1 = 9 fails
    turn, roll = t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="mad",
                                 turn="slow"), [10])
    assert turn.data["loss_of_control"] is True and roll.type == "boonbane.RollMade"
    assert (roll.data["stat"], roll.data["total"], roll.data["success"]) == ("will", 9, False)
    [calm] = t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="calm", turn="slow"))
    assert calm.data["loss_of_control"] is None


def test_surprise_until_the_end_of_the_first_round() -> None:
    t = _fight()
    check = CheckSurprise(campaign_id=C, encounter_id=E, character_id="hero")
    roll, added = t.send(check, [9])  # Perception 10: d20 9 fails (L108)
    assert roll.data["stat"] == "perception" and added.data["instance"]["rounds"] == 1
    assert t.send(CheckSurprise(campaign_id=C, encounter_id=E, character_id="ally"),
                  [10])[0].data["success"] is True
    # surprised: no turn in round 1 (L328), it ends with the round (L109)
    t.refused(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="slow"),
              "boonbane.surprised L328")
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ally", turn="fast"))
    t.refused(check, "boonbane.surprise L108")
    t.send(EndRound(campaign_id=C, encounter_id=E, participants=["hero", "ally", "goblin"]))
    assert t.sheet("hero")["afflictions"] == []
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))


def test_charge_defend_and_help_are_round_effects() -> None:
    t = _fight()
    # the hero charges (L142-L143): 1 bane on the charge attack and every roll this round
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    _, roll, *_ = t.send(_attack("hero", "goblin", charge=True), [10, 1])
    assert ("charging (this round)", "L143", 1) in {
        (s["source"], s["line"], s["banes"]) for s in roll.data["sources"]}
    later = t.send(ChallengeRoll(campaign_id=C, character_id="hero", stat="will"), [10, 1])[0]
    assert later.data["banes"] == 1
    # the ally helps the hero (L184): Int challenge d20 12 succeeds; the next roll has 1 boon
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="ally", turn="fast"))
    events = t.send(Help(campaign_id=C, encounter_id=E, character_id="ally", target_id="hero"),
                    [12])
    assert [e.type for e in events] == ["boonbane.ActionUsed", "boonbane.RollMade",
                                        "boonbane.RoundEffectAdded"]
    helped = t.send(ChallengeRoll(campaign_id=C, character_id="hero", stat="will"), [10])[0]
    assert helped.data["net"] == 0 and helped.data["consumed"] == ["helped"]  # 1 boon, 1 bane
    again = t.send(ChallengeRoll(campaign_id=C, character_id="hero", stat="will"), [10, 1])[0]
    assert again.data["net"] == -1  # used up
    # the goblin defends (L150): attacks against it have 1 bane until the end of the round
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="goblin", turn="fast"))
    t.send(Defend(campaign_id=C, encounter_id=E, character_id="goblin"))
    free = t.send(_attack("ally", "goblin", use="triggered"), [10, 1])
    assert ("target defending (this round)", "L150") in {
        (s["source"], s["line"]) for s in free[1].data["sources"]}
    t.send(EndRound(campaign_id=C, encounter_id=E, participants=["hero", "ally", "goblin"]))
    assert all(t.sheet(c)["round_effects"] == [] for c in ("hero", "ally", "goblin"))


def test_one_creatures_early_turn_does_not_keep_the_others_from_their_surprise_check() -> None:
    """"Creatures on the side that could be surprised make a Perception challenge roll." (L108):
    each of them, even when another has already taken its first-round turn; a creature that has
    taken its turn, or was checked and surprised, is not checked again."""
    t = _fight()
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="fast"))
    roll, added = t.send(CheckSurprise(campaign_id=C, encounter_id=E, character_id="ally"), [9])
    assert roll.data["success"] is False and added.data["instance"]["name"] == "surprised"
    t.refused(CheckSurprise(campaign_id=C, encounter_id=E, character_id="hero"),
              "boonbane.surprise L108")
    t.refused(CheckSurprise(campaign_id=C, encounter_id=E, character_id="ally"),
              "boonbane.surprise L108")
