"""DoT (L256), Deflect (L271), Rally and the Rally Step (L257, L1405, digest G-8) and Dare
(L450) in the domain, without I/O: each driven by the card's declared numbers or a named
campaign option."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    AddCondition,
    Attack,
    EndRound,
    EndTurn,
    RallyStep,
    React,
    RollCheck,
    StartEncounter,
    StartTurn,
    TakeBasicAction,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, dare, deflect, state_effects
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.state_effects import DeflectSpec
from domain.rulesets.wish.state_encounter import DareRecord
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table

E = {"campaign_id": "c", "encounter_id": "e"}


def table(**sheets_: dict[str, Any]) -> Table:
    t = Table(states(**sheets_))
    t.do(StartEncounter(**E, participants=list(sheets_)))
    return t


def hit(who: str, target: str, stunt: str | None = None) -> Attack:
    return Attack(**E, character_id=who, target_id=target, skill="Melee Skill", stunt=stunt)


def lost(t: Table, cid: str) -> int:
    return int(t.st[f"character:{cid}"]["wounds_lost"])


def test_a_dot_triggers_at_each_end_of_the_targets_turn_until_its_count_L256() -> None:
    """L256: 'DoT effects will stipulate the target they affect and provide both a time frame
    defining how frequently it triggers and what effect it has when it does trigger. DoT's
    will also indicate when or under what conditions they expire'."""
    acid = {"Acid": {"traits": ["DoT"], "dot": {"damage": 2, "count": 2}}}
    t = table(hero=build_sheet(stunts=acid), foe=build_sheet())
    t.do(StartTurn(**E, character_id="hero"))
    t.do(hit("hero", "foe", "Acid"), [8, 8])  # Str 2 + 2 net successes = 4 (G-2)
    assert lost(t, "foe") == 4
    [dot] = sheets.load(t.st["character:foe"]).dots  # visible on the target's sheet
    assert (dot.stunt, dot.source_id, dot.remaining) == ("Acid", "hero", 2)
    t.do(EndTurn(**E, character_id="hero"))
    assert lost(t, "foe") == 4  # the attacker's End of Turn is not the target's
    t.do(StartTurn(**E, character_id="foe"))
    first = t.do(EndTurn(**E, character_id="foe"))
    assert lost(t, "foe") == 6 and [e.data["remaining"] for e in first
                                    if e.type == "wish.DoTTriggered"] == [1]
    t.do(EndRound(**E))
    t.do(StartTurn(**E, character_id="foe"))
    last = t.do(EndTurn(**E, character_id="foe"))
    assert lost(t, "foe") == 8 and "wish.DoTExpired" in [e.type for e in last]
    assert sheets.load(t.st["character:foe"]).dots == []
    t.do(EndRound(**E))
    t.do(StartTurn(**E, character_id="foe"))
    t.do(EndTurn(**E, character_id="foe"))
    assert lost(t, "foe") == 8  # expired: no third trigger


def test_a_dot_each_round_expires_with_its_cards_recharge_tokens_L256_L510() -> None:
    """L256: '... either in terms of recharge tokens or a statement'; this card's time frame
    is each round and its effect 1 stress; its Recharge 2 gives it two triggers (L510)."""
    curse = {"Curse": {"traits": ["DoT"], "recharge_rating": 2,
                       "dot": {"stress": 1, "every": "round", "expiry": "recharge"}}}
    t = table(hero=build_sheet(stunts=curse), foe=build_sheet())
    t.do(StartTurn(**E, character_id="hero"))
    t.do(hit("hero", "foe", "Curse"), [8, 1])
    assert sheets.load(t.st["character:foe"]).dots[0].remaining == 2
    t.do(EndTurn(**E, character_id="hero"))
    t.do(StartTurn(**E, character_id="foe"))
    t.do(EndTurn(**E, character_id="foe"))
    assert t.st["character:foe"]["stress"] == 0  # not an End of Turn DoT
    for stress in (1, 2, 2):
        t.do(EndRound(**E, participants=["hero", "foe"]))
        assert t.st["character:foe"]["stress"] == stress
    assert sheets.load(t.st["character:foe"]).dots == []


def test_dot_deflect_and_rally_declarations_need_their_trait_L256_L257_L271() -> None:
    bad = [({"X": {"traits": ["Ranged"], "dot": {"damage": 1}}}, "sheet.stunts.X.dot"),
           ({"X": {"traits": ["DoT"], "dot": {}}}, "sheet.stunts.X.dot"),
           ({"X": {"traits": ["DoT"], "dot": {"damage": 1, "expiry": "recharge"}}},
            "sheet.stunts.X.dot.expiry"),
           ({"X": {"traits": ["Deflect"], "deflect": {"nullifies": "all", "amount": 2}}},
            "sheet.stunts.X.deflect.amount"),
           ({"X": {"traits": ["Deflect"], "deflect": {"nullifies": "damage"}}},
            "sheet.stunts.X.deflect.amount"),
           ({"X": {"traits": ["Utility"], "rally_only": True}}, "sheet.stunts.X.rally_only")]
    for stunts, field in bad:
        with pytest.raises(DomainError) as err:
            build_sheet(stunts=stunts)
        assert err.value.field == field


def test_deflect_nullifies_completely_or_by_its_declared_amount_L271() -> None:
    """L271: 'An effect with the Deflect trait have the potential to nullify an attack either
    partially or completely.'"""
    assert deflect.net_after(DeflectSpec(nullifies="all"), 3) == 0
    assert deflect.net_after(DeflectSpec(nullifies="successes", amount=1), 3) == 2
    assert deflect.net_after(DeflectSpec(nullifies="damage", amount=1), 3) == 3
    assert deflect.damage_after(DeflectSpec(nullifies="damage", amount=3), 5) == 2
    assert deflect.damage_after(DeflectSpec(nullifies="damage", amount=9), 5) == 0


def shielded(nullifies: str, amount: int = 0) -> Table:
    card = {"Shield": {"traits": ["Deflect"], "recharge_rating": 2, "cost": {"stress": 1},
                       "deflect": {"nullifies": nullifies, "amount": amount}}}
    t = table(hero=build_sheet(), foe=build_sheet(stunts=card))
    t.do(React(**E, character_id="foe", attacker_id="hero", action="Deflect", stunt="Shield"))
    t.do(StartTurn(**E, character_id="hero"))
    return t


@pytest.mark.parametrize(("nullifies", "amount", "wounds"),
                         [("successes", 1, 3), ("damage", 3, 1), ("all", 0, 0)])
def test_a_deflect_react_takes_from_the_next_attack_what_its_card_declares_L271(
        nullifies: str, amount: int, wounds: int) -> None:
    t = shielded(nullifies, amount)
    foe = sheets.load(t.st["character:foe"])
    assert foe.stress == 1 and foe.stunts["Shield"].recharge_tokens == 2  # L508, L510
    events = t.do(hit("hero", "foe"), [8, 8])  # undeflected: 2 + 2 = 4 damage
    assert lost(t, "foe") == wounds
    assert [e.data["line"] for e in events if e.type == "wish.ReactUsed"] == [271]
    assert sheets.load(t.st["character:foe"]).react is None


def test_a_deflect_is_refused_without_its_trait_or_while_recharging_L271_L510() -> None:
    t = shielded("all")
    t.do(hit("hero", "foe"), [8, 8])
    with pytest.raises(StateConflict) as err:  # its 2 tokens are still on it
        t.do(React(**E, character_id="foe", attacker_id="hero", action="Deflect",
                   stunt="Shield"))
    assert err.value.rule == "wish.stunt.recharge L510"
    for stunt in (None, "Nothing"):
        with pytest.raises(DomainError) as derr:
            t.do(React(**E, character_id="hero", attacker_id="foe", action="Deflect",
                       stunt=stunt))
        assert derr.value.field == "stunt" and derr.value.rule == "wish.trait.deflect L271"
    with pytest.raises(DomainError):
        t.do(React(**E, character_id="hero", attacker_id="foe", action="Brace", stunt="Shield"))


RALLY = {"Battle Cry": {"traits": ["Rally"]}, "Second Wind": {"traits": ["Rally"],
                                                              "rally_only": True},
         "Punch": {"traits": ["Melee"]}}


def use(stunt: str) -> RollCheck:
    return RollCheck(**E, character_id="hero", characteristic="wp", stunt=stunt)


def test_a_rally_step_frees_rally_abilities_and_ends_encounter_conditions_L257_L1405() -> None:
    """L257: 'an ability with this Trait can be used normally like other abilities and also in
    Rally Steps as a kind of free Action, but some might indicate that they can only be used
    during Rally steps'; L1405: Encounter conditions last 'until combat ends or a Rally Step
    happens'; G-8: a GM-called pause, no automatic recovery."""
    t = table(hero=build_sheet(stunts=RALLY), foe=build_sheet())
    t.do(AddCondition(campaign_id="c", character_id="hero", name="Exposed",
                      duration="encounter"))
    step = RallyStep(**E, participants=["hero", "foe"])
    t.do(StartTurn(**E, character_id="hero"))
    with pytest.raises(StateConflict):  # not during a turn
        t.do(step)
    with pytest.raises(StateConflict) as err:  # only in a Rally Step
        t.do(use("Second Wind"), [1, 1])
    assert err.value.rule == "wish.trait.rally L257"
    t.do(use("Battle Cry"), [1, 1])  # a Rally ability is used normally too: the Action
    t.do(EndTurn(**E, character_id="hero"))
    with pytest.raises(DomainError):
        t.do(RallyStep(**E, participants=["hero"]))  # the participants, every one
    began = t.do(step)
    assert [e.type for e in began] == ["wish.RallyStepBegan", "wish.ConditionRemoved"]
    assert t.st["character:hero"]["conditions"] == []
    for stunt in ("Second Wind", "Battle Cry"):  # out of turn: a free Action
        events = t.do(use(stunt), [1, 1])
        assert "wish.ActionTaken" not in [e.type for e in events]
        assert "wish.RallyAbilityUsed" in [e.type for e in events]
    with pytest.raises(StateConflict):  # not a Rally ability: only on its turn
        t.do(use("Punch"), [1, 1])
    t.do(StartTurn(**E, character_id="foe"))  # the next Turn closes the Rally Step
    assert t.st["encounter:e"]["rally_step"] is False
    with pytest.raises(StateConflict):
        t.do(use("Second Wind"), [1, 1])


def test_the_rally_step_option_none_refuses_it_G8() -> None:
    st = {**states(hero=build_sheet(stunts=RALLY))}
    st["encounter:e"] = WISH.evolve(None, "wish.EncounterStarted",
                                    {"encounter_id": "e", "participants": ["hero"]})
    with pytest.raises(StateConflict) as err:
        WISH.decide(RallyStep(**E, participants=["hero"]), st, {"rally_step": "none"},
                    ScriptedDice([]))
    assert err.value.rule == "wish.rally_step G-8"


def challenge_dice(events: list[Any]) -> int:
    [rolled] = [e.data for e in events if e.type == "wish.CheckRolled"]
    return int(rolled["check"]["pool"].get("CHL", 0))


def test_a_dared_opponents_attacks_on_others_are_harder_until_the_darers_turn_L450() -> None:
    """L450: 'Dare: Allows a character to encourage opponents to attack them (rather than
    others)'; option dare_basic_action (default "taunt"): one challenge die on a dared
    opponent's attack on anyone else, until the darer's next Turn begins."""
    t = table(hero=build_sheet(), foe=build_sheet(), ally=build_sheet())
    t.do(StartTurn(**E, character_id="hero"))
    for bad in (["hero"], ["nobody"], ["foe", "foe"]):
        with pytest.raises(DomainError) as err:
            t.do(TakeBasicAction(**E, character_id="hero", action="Dare", opponents=bad))
        assert err.value.field == "opponents"
    t.do(TakeBasicAction(**E, character_id="hero", action="Dare", opponents=["foe"]))
    assert t.st["encounter:e"]["dares"] == [{"character_id": "hero", "opponents": ["foe"]}]
    assert t.st["character:hero"]["stance"]["position"] == 1  # the Push step (L450)
    t.do(EndTurn(**E, character_id="hero"))
    t.do(StartTurn(**E, character_id="foe"))
    assert challenge_dice(t.do(hit("foe", "ally"), [1, 1, 1])) == 1
    t.do(EndTurn(**E, character_id="foe"))
    t.do(StartTurn(**E, character_id="ally"))
    assert challenge_dice(t.do(hit("ally", "hero"), [1, 1])) == 0  # not dared
    t.do(EndTurn(**E, character_id="ally"))
    t.do(EndRound(**E))
    t.do(StartTurn(**E, character_id="foe"))
    assert challenge_dice(t.do(hit("foe", "hero"), [1, 1])) == 0  # the darer itself
    t.do(EndTurn(**E, character_id="foe"))
    t.do(StartTurn(**E, character_id="hero"))  # the darer's next turn: the dare ends
    assert t.st["encounter:e"]["dares"] == []
    with pytest.raises(DomainError):  # only a Dare names opponents
        t.do(TakeBasicAction(**E, character_id="hero", action="Shift", opponents=["foe"]))
    t.do(TakeBasicAction(**E, character_id="hero", action="Dare"))  # none named: all others
    assert t.st["encounter:e"]["dares"] == [{"character_id": "hero",
                                             "opponents": ["foe", "ally"]}]


def test_darers_are_those_who_dared_the_attacker_and_are_not_its_target_L450() -> None:
    dares = [DareRecord(character_id="hero", opponents=["foe", "orc"]),
             DareRecord(character_id="tank", opponents=["foe"])]
    assert dare.darers("foe", "ally", dares) == ["hero", "tank"]
    assert dare.darers("foe", "hero", dares) == ["tank"]
    assert dare.darers("ally", "hero", dares) == []
    who = ["hero", "ally", "foe", "orc"]
    sides = {"hero": "team", "ally": "team", "foe": "gang", "orc": "gang"}
    assert dare.dared("hero", [], who, sides) == ["foe", "orc"]  # another superteam (G-7)
    assert dare.dared("hero", [], who, {}) == ["ally", "foe", "orc"]
    assert dare.dared("hero", ["orc"], who, sides) == ["orc"]


def test_a_bought_card_carries_its_declared_dot_deflect_and_rally_numbers_L256_L257_L271(
) -> None:
    from contracts.rulesets.wish import DoTSpec, Purchase, SpendAdvance

    st = states(hero=build_sheet(advances=3))

    def buy(**over: Any) -> Any:
        return SpendAdvance(campaign_id="c", character_id="hero",
                            purchase=Purchase(kind="stunt", target="Acid", **over))

    with pytest.raises(DomainError) as err:  # a DoT stipulation on a card without the trait
        WISH.decide(buy(traits=["Ranged"], dot=DoTSpec(damage=1)), st, {}, ScriptedDice([]))
    assert err.value.field == "purchase.dot" and err.value.rule == "wish.trait.dot L256"
    t = Table(st)
    t.do(buy(traits=["DoT", "Rally"], dot=DoTSpec(damage=2, count=3), rally_only=True))
    acid = sheets.load(t.st["character:hero"]).stunts["Acid"]
    assert acid.dot == state_effects.DoTSpec(damage=2, count=3) and acid.rally_only
