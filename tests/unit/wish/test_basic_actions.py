"""Basic Actions (L433-456) and the Grandstand maneuver (L546-552) through WISH.decide."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import (
    AddCondition,
    Attack,
    EndRound,
    EndTurn,
    Grandstand,
    PlayPinned,
    StartEncounter,
    StartTurn,
    TakeBasicAction,
    TakeManeuver,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.basic_actions import BASIC_ACTIONS
from domain.rulesets.wish.options import DEFAULTS
from domain.rulesets.wish.pool import assemble
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table


def table() -> Table:
    t = Table(states(hero=build_sheet(stunts={"Bash": {"rating": 2}}), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    return t


def act(action: str, **kw: object) -> TakeBasicAction:
    return TakeBasicAction(campaign_id="c", encounter_id="e", character_id="hero",
                           action=action, **kw)  # type: ignore[arg-type]


def position(t: Table, cid: str = "hero") -> int:
    return sheets.load(t.st[f"character:{cid}"]).stance.position


def test_the_table_quotes_the_seed_groups_L438_L456() -> None:
    groups = {a.name: a.group for a in BASIC_ACTIONS.values()}
    assert [n for n, g in groups.items() if g == "React"] == ["Brace", "Parry", "Dodge", "Riposte"]
    assert [n for n, g in groups.items() if g == "Delay"] == ["Recover", "Observe", "Ward", "Pin"]
    assert [n for n, g in groups.items() if g == "Push"] == [
        "Reposition", "Shift", "Dare", "Charge"]
    assert BASIC_ACTIONS["Brace"].characteristic == "to"  # "Toughness based" (L438)
    assert BASIC_ACTIONS["Parry"].characteristic == "str"  # "Strength based" (L439)


@pytest.mark.parametrize("action,step,effects", [
    ("Recover", -1, ["wish.ConditionAdded"]),  # nothing to recover: only the Exposed
    ("Ward", -1, ["wish.ConditionAdded"]), ("Reposition", 1, []), ("Shift", 1, []),
    ("Dare", 1, ["wish.Dared"])])  # Dare taunts the others (L450, option dare_basic_action)
def test_delays_step_towards_defensive_and_pushes_towards_offensive_L443_L450(
        action: str, step: int, effects: list[str]) -> None:
    t = table()
    events = t.do(act(action))
    assert position(t) == step
    assert [e.type for e in events] == ["wish.ActionTaken", *effects, "wish.StanceSet"]
    # it took the turn's Action (L380): an attack now is refused
    with pytest.raises(DomainError) as err:
        t.do(Attack(campaign_id="c", character_id="hero", target_id="foe", encounter_id="e",
                    skill="Melee Skill"))
    assert err.value.rule == "wish.encounter.action L380"


def test_a_step_past_the_meter_is_ignored_L89() -> None:
    t = table()
    t.st["character:hero"]["stance"]["position"] = -2
    events = t.do(act("Recover"))
    assert position(t) == -2 and [e.type for e in events] == [
        "wish.ActionTaken", "wish.ConditionAdded"]  # the Recover's Exposed (L443), no step


def test_observe_rolls_observation_with_a_mild_bonus_and_delays_L444() -> None:
    t = table()
    events = t.do(act("Observe", difficulty=1), faces=[1, 1, 1, 1])
    [rolled] = [e for e in events if e.type == "wish.CheckRolled"]
    assert rolled.data["check"]["skill"] == "Observation"
    assert rolled.data["check"]["pool"] == {"CHR": 2, "CHL": 1, "FRT": 1}
    assert position(t) == -1


def test_pin_declares_a_trigger_and_one_of_the_actors_cards_L446() -> None:
    t = table()
    for bad, field in ((act("Pin", pinned_card="Bash"), "trigger"),
                       (act("Pin", trigger="the goon moves", pinned_card="Zap"), "pinned_card"),
                       (act("Ward", trigger="x"), "trigger")):
        with pytest.raises(DomainError) as err:
            t.do(bad)
        assert err.value.field == field
    events = t.do(act("Pin", trigger="the goon moves", pinned_card="Bash"))
    assert events[0].data["pinned_card"] == "Bash" and position(t) == -1


def test_reposition_is_a_movement_so_impeded_cannot_L448_L1459() -> None:
    t = table()
    t.do(AddCondition(campaign_id="c", character_id="hero", name="Impeded"))
    with pytest.raises(DomainError) as err:
        t.do(act("Reposition"))
    assert err.value.rule == "wish.condition.impeded L1459"


def test_grandstand_maneuver_grants_protected_until_the_next_turn_begins_L550() -> None:
    t = table()
    t.do(Grandstand(campaign_id="c", encounter_id="e", character_id="hero"))
    hero = sheets.load(t.st["character:hero"])
    assert [c.name for c in hero.conditions] == ["Protected"]
    # Protected: opponents add a challenge die to attacks targeting the character (L1501)
    foe = sheets.load(t.st["character:foe"])
    got = assemble(foe, Attack(campaign_id="c", character_id="foe", target_id="hero",
                               skill="Melee Skill"), DEFAULTS, target=hero, attack=True).dice()
    assert got.get("CHL") == 1
    # It is a maneuver (L548): the turn's one free maneuver is used, the next costs 1 fatigue.
    t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero", kind="movement"))
    assert sheets.load(t.st["character:hero"]).fatigue == 1
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    assert [c.name for c in sheets.load(t.st["character:hero"]).conditions] == ["Protected"]
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    assert sheets.load(t.st["character:hero"]).conditions == []


def test_reposition_spends_the_action_on_an_extra_free_maneuver_L448() -> None:
    """L448 Reposition: "use their Action for an extra maneuver"; L380: the first maneuver is
    free and each additional one costs 1 fatigue."""
    t = table()
    move = TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero", kind="movement")
    t.do(move)  # the turn's free maneuver
    t.do(act("Reposition"))
    t.do(move)  # the one the Action bought: no fatigue
    assert sheets.load(t.st["character:hero"]).fatigue == 0
    t.do(move)  # one more is an additional maneuver again
    assert sheets.load(t.st["character:hero"]).fatigue == 1


def test_recover_catches_a_breath_and_leaves_the_character_exposed_L443() -> None:
    """L443 Recover: "catch their breath but leaves them slightly vulnerable" (option
    recover_basic_action "breather": 1 stress and 1 fatigue as Refreshed L1479, and Exposed
    L1439 until the next Turn begins)."""
    t = Table(states(hero=build_sheet(stress=2, fatigue=2), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    events = t.do(act("Recover"))
    [restored] = [e for e in events if e.type == "wish.Restored"]
    assert (restored.data["stress"], restored.data["fatigue"]) == (1, 1)
    hero = sheets.load(t.st["character:hero"])
    assert (hero.stress, hero.fatigue) == (1, 1)
    assert [c.name for c in hero.conditions] == ["Exposed"]
    # Exposed: opponents add a die when attacking (L1439)
    foe = sheets.load(t.st["character:foe"])
    got = assemble(foe, Attack(campaign_id="c", character_id="foe", target_id="hero",
                               skill="Melee Skill"), DEFAULTS, target=hero, attack=True).dice()
    assert got.get("FRT") == 1
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    began = t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    assert [e.data["cause"] for e in began if e.type == "wish.ConditionRemoved"] == [
        "turn began (Recover L443)"]


def test_ward_protects_the_warder_and_engaged_allies_L445() -> None:
    """L445 Ward: "protect themselves and nearby allies" (option ward_basic_action "protected":
    Protected, L1501, until each one's next Turn begins); an ally must be engaged (L402)."""
    t = Table(states(hero=build_sheet(), ally=build_sheet(), far=build_sheet(),
                     foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e",
                        participants=["hero", "ally", "far", "foe"]))
    t.st["encounter:e"]["separations"] = {"far|hero": 2}
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    for allies, field in ((["far"], "allies"), (["hero"], "allies"), (["ghost"], "allies")):
        with pytest.raises(DomainError) as err:
            t.do(act("Ward", allies=allies))
        assert err.value.field == field and "L445" in err.value.rule
    with pytest.raises(DomainError) as err:
        t.do(act("Dare", allies=["ally"]))
    assert err.value.field == "allies"
    t.do(act("Ward", allies=["ally"]))
    for cid, protected in (("hero", True), ("ally", True), ("far", False)):
        names = [c.name for c in sheets.load(t.st[f"character:{cid}"]).conditions]
        assert names == (["Protected"] if protected else []), cid


def test_recover_and_ward_steps_only_with_their_options_stance_only() -> None:
    st = states(hero=build_sheet(stress=2), foe=build_sheet())
    options = {"recover_basic_action": "stance_only", "ward_basic_action": "stance_only"}
    for cmd in (StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]),
                StartTurn(campaign_id="c", encounter_id="e", character_id="hero"), act("Recover")):
        events = WISH.decide(cmd, {k: v for k, v in st.items() if k in WISH.streams_for(cmd)},
                             options, ScriptedDice([]))
        for e in events:
            st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    assert [e.type for e in events] == ["wish.ActionTaken", "wish.StanceSet"]
    hero = sheets.load(st["character:hero"])
    assert hero.stress == 2 and hero.conditions == []


def test_a_pinned_card_is_played_as_a_react_before_the_next_action_L446() -> None:
    """L446 Pin: 'if the event occurs before the character's next action they play the pinned
    Action as if it were a React, otherwise the Action is lost'."""
    t = table()
    t.do(act("Pin", trigger="the goon moves", pinned_card="Bash"))
    assert sheets.load(t.st["character:hero"]).pinned is not None
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    play = PlayPinned(campaign_id="c", encounter_id="e", character_id="hero", target_id="foe",
                      skill="Melee Skill")
    with pytest.raises(DomainError) as err:  # only the pinned card
        t.do(PlayPinned(campaign_id="c", encounter_id="e", character_id="hero", stunt="Zap"))
    assert err.value.field == "stunt"
    events = t.do(play, faces=[1] * 6)  # out of the hero's turn
    types = [e.type for e in events]
    assert types[0] == "wish.PinnedPlayed" and "wish.CheckRolled" in types
    [rolled] = [e for e in events if e.type == "wish.CheckRolled"]
    assert rolled.data["kind"] == "attack" and rolled.data["target_id"] == "foe"
    assert sheets.load(t.st["character:hero"]).pinned is None
    with pytest.raises(DomainError) as err:  # played once
        t.do(play, faces=[1] * 6)
    assert err.value.rule == "wish.basic_action.pin L446"


def test_a_pinned_card_lapses_at_the_next_turn_L446() -> None:
    t = table()
    t.do(act("Pin", trigger="the goon moves", pinned_card="Bash"))
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    began = t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    assert [e.data for e in began if e.type == "wish.PinLapsed"] == [
        {"card": "Bash", "cause": "next turn L446"}]
    assert sheets.load(t.st["character:hero"]).pinned is None
