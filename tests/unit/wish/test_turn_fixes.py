"""Maneuvers, Reposition, Grandstand and the refusals of an occupied turn, as the seed has them
(L261, L264, L380, L409, L448, L548-550)."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import (
    BeginExtended,
    EndRound,
    EndTurn,
    Grandstand,
    Move,
    SetSeparation,
    StartEncounter,
    StartTurn,
    TakeBasicAction,
    TakeManeuver,
)
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import sheet as sheets
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table


def fight(**hero: object) -> Table:
    t = Table(states(hero=build_sheet(**hero), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                       target_id="foe", maneuvers=7))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    return t


def move(n: int = 1) -> Move:
    return Move(campaign_id="c", encounter_id="e", character_id="hero", target_id="foe",
                maneuvers=n)


def fatigue(t: Table) -> int:
    return sheets.load(t.st["character:hero"]).fatigue


def test_reposition_after_a_paid_maneuver_still_buys_a_free_one_L380_L448() -> None:
    """L380: "A character can perform one free maneuver during his turn ... each additional
    maneuver costs on fatigue"; L448 Reposition: "Allows a character to use their Action for an
    extra maneuver". Two moves (the second paid), Reposition, one move: 1 fatigue, not 2."""
    t = fight()
    t.do(move(2))  # the free one, then one paid with 1 fatigue (L380)
    assert fatigue(t) == 1
    t.do(TakeBasicAction(campaign_id="c", encounter_id="e", character_id="hero",
                         action="Reposition"))
    t.do(move())  # the maneuver the Action bought (L448)
    assert fatigue(t) == 1
    t.do(move())  # and the next is an additional one again
    assert fatigue(t) == 2


def test_a_paid_maneuver_is_recorded_as_such_L380() -> None:
    t = fight()
    events = t.do(move(2))
    assert [e.data["free"] for e in events if e.type == "wish.ManeuverTaken"] == [True, False]


def test_a_grandstand_without_a_maneuver_takes_none_and_grants_nothing_L548_L550() -> None:
    """L548: "Typically a Grandstand is combined with an action and is a roleplaying element
    which takes no additional time"; L550: "In scenarios where a Grandstand does use an extra
    maneuver to complete, the acting character gains the Protected condition"."""
    t = fight()
    events = t.do(Grandstand(campaign_id="c", encounter_id="e", character_id="hero",
                             maneuver=False))
    assert [e.type for e in events] == ["wish.Grandstanded"]
    assert sheets.load(t.st["character:hero"]).conditions == []
    assert t.st["encounter:e"]["turn"]["maneuvers"] == 0
    t.do(move())  # the turn's free maneuver is still there (L380)
    assert fatigue(t) == 0
    events = t.do(Grandstand(campaign_id="c", encounter_id="e", character_id="hero"))
    assert [e.type for e in events] == ["wish.Exerted", "wish.ManeuverTaken",
                                        "wish.ConditionAdded"]
    assert [c.name for c in sheets.load(t.st["character:hero"]).conditions] == ["Protected"]


def test_a_maneuver_in_an_n_turns_effect_is_refused_by_its_own_rule_L261() -> None:
    """L261 X Turns: "occupies 1 or more of a character's entire Turns, preventing them from
    altering their stance, taking any maneuvers at all, or taking their normal Action" (not
    L264, Persisted)."""
    t = fight(stunts={"Ritual": {"sfx": "Magic", "traits": ["2 Turns"], "recharge_rating": 3}})
    t.do(BeginExtended(campaign_id="c", encounter_id="e", character_id="hero", stunt="Ritual"))
    for cmd in (TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero"), move(),
                Grandstand(campaign_id="c", encounter_id="e", character_id="hero"),
                TakeBasicAction(campaign_id="c", encounter_id="e", character_id="hero",
                                action="Recover")):
        with pytest.raises(StateConflict) as err:
            t.do(cmd)
        assert err.value.rule == "wish.trait.x_turns L261", cmd
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))  # its second turn
    with pytest.raises(StateConflict) as err:
        t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero"))
    assert err.value.rule == "wish.trait.x_turns L261"


def test_a_malformed_move_is_422_before_any_state_is_read_L409() -> None:
    """A move of 0 maneuvers is the payload's fault (422) whatever the state; a move away at
    Plot range is well formed, refused (409) because "Plot range" is narrative (L409)."""
    t = fight()
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                       target_id="foe", band="Plot"))
    with pytest.raises(StateConflict) as err:
        t.do(move(-1))
    assert (err.value.field, err.value.rule) == ("maneuvers", "wish.range.plot L409")
    assert "at Plot range" in err.value.message
    for cmd in (move(0), Move(campaign_id="c", encounter_id="e", character_id="foe",
                              target_id="hero", maneuvers=0),  # not its turn: still 422
                Move(campaign_id="c", encounter_id="nowhere", character_id="hero",
                     target_id="foe", maneuvers=0),
                Move(campaign_id="c", encounter_id="e", character_id="hero",
                     target_id="hero", maneuvers=1)):
        with pytest.raises(DomainError) as bad:
            t.do(cmd)
        assert bad.value.kind == "invalid", cmd
        assert bad.value.rule == "wish.range L402-419"


def test_a_payloads_own_faults_are_422_before_any_state_is_read() -> None:
    """Each of these is malformed whatever the state, and is refused as such (422) even sent
    for a character whose turn it is not, in an encounter that is not running, or for one that
    does not exist."""
    from contracts.rulesets.wish import GainFortune, SpendFortune, SpendFortuneAfterRoll

    t = fight()
    nowhere = {"campaign_id": "c", "encounter_id": "nowhere", "character_id": "foe"}
    for cmd, field in (
        (TakeManeuver(**nowhere, kind="movement", ally_id="hero"), "ally_id"),
        (TakeManeuver(**nowhere, kind="assist"), "ally_id"),
        (TakeManeuver(**nowhere, kind="assist", ally_id="foe"), "ally_id"),
        (TakeManeuver(**nowhere, kind="movement", stunt="Bash"), "stunt"),
        (TakeManeuver(campaign_id="c", character_id="foe", kind="movement"), "encounter_id"),
        (TakeBasicAction(**nowhere, action="Recover", trigger="x"), "trigger"),
        (TakeBasicAction(**nowhere, action="Recover", difficulty=2), "difficulty"),
        (TakeBasicAction(**nowhere, action="Recover", allies=["hero"]), "allies"),
        (TakeBasicAction(**nowhere, action="Recover", opponents=["hero"]), "opponents"),
        (TakeBasicAction(**nowhere, action="Pin", pinned_card="Bash"), "trigger"),
        (SpendFortune(campaign_id="c", character_id="ghost", points=0), "points"),
        (GainFortune(campaign_id="c", character_id="ghost", points=-1), "points"),
        (SpendFortuneAfterRoll(campaign_id="c", character_id="ghost", check_id="x",
                               points=0), "points"),
    ):
        with pytest.raises(DomainError) as err:
            t.do(cmd)
        assert (err.value.kind, err.value.field) == ("invalid", field), cmd
