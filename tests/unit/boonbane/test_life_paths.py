"""Incapacitation by every path (L61-L65, L33): "A creature becomes incapacitated when its Damage
equals its Health." (L61), "It falls prone immediately." (L62), "Player characters become
disabled instead." (L65), "Disabled characters are defenseless." (L33). Damage, a lower Health
and a sheet created so reach the same state with the same consequences; a Damage total below
Health again ends the disabled and dying states, whatever lowered it."""

from __future__ import annotations

from typing import Any, Final

import pytest

from contracts.rulesets.boonbane import AttackRoll, FateRoll, Heal, Stabilize, TakeDamage
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane.concentration import Concentrate
from contracts.rulesets.boonbane.play import (
    AddAffliction,
    AreaDamage,
    AreaTarget,
    AwardStat,
    EndRound,
    Participant,
    PassTime,
    SpendFortune,
    StartEncounter,
    TakeTurn,
)
from contracts.rulesets.boonbane.rests import Rest
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE, life, sheet
from tests.unit.boonbane.test_turns import Table

C: Final = "c"
E: Final = "e"


def _health(cid: str, change: int, **extra: Any) -> AwardStat:
    return AwardStat(campaign_id=C, character_id=cid, stat="health", change=change,
                     reason="curse", **extra)


def _state(t: Table, cid: str) -> tuple[Any, ...]:
    s = t.sheet(cid)
    d = BOONBANE.derived(s, {})
    return (s["life_state"], d["incapacitated"], d["defense"], sorted(d["afflictions"]))


def test_a_lower_health_disables_a_player_character_as_damage_does() -> None:
    """The audit's case: Health 20, Damage 12, Health -8 (L61-L62, L65, L33, L278)."""
    by_award = Table(hero={"health": 20, "damage": 12, "defense": 14})
    [awarded] = by_award.send(_health("hero", -8))
    assert (awarded.data["cause"], awarded.data["incapacitated"]) == ("disabled L65", True)
    by_damage = Table(hero={"health": 12, "damage": 4, "defense": 14})
    by_damage.send(TakeDamage(campaign_id=C, character_id="hero", amount=8))
    assert _state(by_award, "hero") == _state(by_damage, "hero") == (
        "disabled", True, 5, ["defenseless", "prone"])
    # it cannot act (L279), and makes the Fate roll at the end of the round (L34)
    by_award.states["character:goblin"] = BOONBANE.validate_sheet({"kind": "npc"}, {})
    by_award.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="hero"), Participant(character_id="goblin")]))
    by_award.refused(AttackRoll(campaign_id=C, character_id="hero", target_id="goblin",
                                encounter_id=E, use="triggered"), "boonbane.defenseless L279")
    ended = by_award.send(EndRound(campaign_id=C, encounter_id=E,
                                   participants=["hero", "goblin"]), [3])
    assert ended[0].data["fate_rolls"] == ["hero"]


def test_a_higher_health_ends_disabled_and_dying_as_healing_does() -> None:
    """Back below Health the creature is no longer incapacitated (L61): disabled and dying end
    with their linked Defenseless (L33) and Unconscious (L41); Prone stays until it stands
    (L62, L313)."""
    t = Table(hero={"health": 20, "damage": 12})
    t.send(_health("hero", -8))
    [awarded] = t.send(_health("hero", 8))
    assert awarded.data["life_state"] == "active"
    assert _state(t, "hero") == ("active", False, 10, ["prone"])
    t.send(_health("hero", -8))
    t.send(FateRoll(campaign_id=C, character_id="hero"), [1])  # dying (L35)
    assert _state(t, "hero")[0] == "dying"
    t.send(_health("hero", 1))
    assert _state(t, "hero") == ("active", False, 10, ["prone"])


def test_a_lower_health_on_a_non_player_creature_asks_the_gms_choice() -> None:
    """L64 "Most non-player creatures die or fall unconscious for 1d3 hours, at the GM's
    choice.": a lower Health asks it as damage does."""
    t = Table(ogre={"kind": "npc", "health": 10, "damage": 6})
    t.refused(_health("ogre", -4), "boonbane.incapacitated L64")
    [ev] = t.send(_health("ogre", -4, npc_outcome="unconscious"), [2])
    assert (ev.data["life_state"], ev.data["d3"]) == ("unconscious", 2)
    assert _state(t, "ogre")[:3] == ("unconscious", True, 5)
    t2 = Table(ogre={"kind": "npc", "health": 10, "damage": 6})
    t2.send(_health("ogre", -4, npc_outcome="die"))
    assert t2.sheet("ogre")["life_state"] == "dead"
    # with the Death State overlay, death is the mechanical state instead (L353)
    t3 = Table(ogre={"kind": "npc", "health": 10, "damage": 6})
    t3.options = {"death_mode": "death_state"}
    t3.send(_health("ogre", -4, npc_outcome="die"))
    assert (t3.sheet("ogre")["life_state"], t3.sheet("ogre")["marked_dead"]) == ("active", True)


def test_a_lower_health_ends_concentration_and_grabs_as_damage_does() -> None:
    """A creature left unable to act loses its concentration (D-76) and its grab ends (L181:
    "The grab ends if you cannot use actions")."""
    t = Table(hero={"health": 10, "damage": 5}, foe={"kind": "npc"})
    t.send(StartEncounter(campaign_id=C, encounter_id=E, participants=[
        Participant(character_id="hero"), Participant(character_id="foe")]))
    t.send(TakeTurn(campaign_id=C, encounter_id=E, character_id="hero", turn="slow"))
    t.send(g.Grab(campaign_id=C, encounter_id=E, character_id="hero", target_id="foe"), [20])
    t.send(Concentrate(campaign_id=C, character_id="hero", effect="light"))
    events = t.send(_health("hero", -5))
    assert [e.type.removeprefix("boonbane.") for e in events] == [
        "StatAwarded", "ConcentrationChanged", "GrabEnded", "GrabEnded"]
    assert t.sheet("hero")["concentrating"] is None
    assert "grabbed" not in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]


def test_a_sheet_created_at_damage_equal_to_health_is_incapacitated() -> None:
    """Created at Damage equal to Health, a player character is disabled (prone, defenseless)
    as damage would leave it; a non-player creature must say dead or unconscious (L64); a
    disabled or dying sheet needs Damage at Health (L61) and carries its linked affliction."""
    made = sheet.load(BOONBANE.validate_sheet({"health": 8, "damage": 8}, {}))
    assert made.life_state == "disabled"
    assert sorted(a.name for a in made.afflictions) == ["defenseless", "prone"]
    for raw in ({"kind": "npc", "health": 8, "damage": 8},
                {"health": 8, "damage": 3, "life_state": "disabled"}):
        with pytest.raises(DomainError) as err:
            BOONBANE.validate_sheet(raw, {})
        assert err.value.field == "sheet.life_state"
    dying = sheet.load(BOONBANE.validate_sheet({"health": 8, "damage": 8,
                                                "life_state": "dying"}, {}))
    assert [a.source for a in dying.afflictions] == [life.DYING_UNCONSCIOUS]
    npc = sheet.load(BOONBANE.validate_sheet({"kind": "npc", "health": 8, "damage": 8,
                                              "life_state": "unconscious"}, {}))
    assert npc.life_state == "unconscious"


def _consistent(t: Table) -> None:
    for key, raw in t.states.items():
        if key.startswith("character:"):
            assert life.consistent(sheet.load(raw)) is None, (key, raw)


def test_every_path_that_changes_damage_or_health_keeps_the_life_state_consistent() -> None:
    """Damage at Health is never active (L61), disabled and dying never below Health, after
    each command that changes Damage or Health: damage, area damage, healing, rests, Fate rolls,
    Fortune on a Fate roll, Stabilize, time passing, awards up and down."""
    t = Table(hero={"health": 8, "fortune": 2}, medic={"intellect": 20},
              ogre={"kind": "npc", "health": 8})
    steps: list[tuple[Any, list[int]]] = [
        (TakeDamage(campaign_id=C, character_id="hero", amount=7), []),
        (_health("hero", -1), []),
        (FateRoll(campaign_id=C, character_id="hero"), [3]),
        (_health("hero", 2), []),
        (TakeDamage(campaign_id=C, character_id="hero", amount=2), []),
        (FateRoll(campaign_id=C, character_id="hero"), [1]),
        (Stabilize(campaign_id=C, character_id="medic", target_id="hero"), [20, 3]),
        (_health("hero", -3), []),
        (FateRoll(campaign_id=C, character_id="hero"), [2]),
        (SpendFortune(campaign_id=C, character_id="hero", use="fate_six"), []),
        (_health("hero", -1), []),
        (Heal(campaign_id=C, character_id="hero", amount=1), []),
        (_health("hero", -1), []),
        (Rest(campaign_id=C, character_id="hero", hours=8), []),
        (TakeDamage(campaign_id=C, character_id="ogre", amount=4), []),
        (AreaDamage(campaign_id=C, targets=[AreaTarget(character_id="ogre",
                                                       npc_outcome="unconscious")], bonus=4,
                    dice=0), [2]),
        (_health("ogre", 1), []),
        (PassTime(campaign_id=C, character_id="ogre", hours=2), []),
        (_health("ogre", -2, npc_outcome="unconscious"), [1]),
    ]
    for cmd, faces in steps:
        t.send(cmd, faces)
        _consistent(t)
    assert t.sheet("ogre")["life_state"] == "unconscious"


def test_falling_asleep_or_unconscious_by_the_gms_hand_ends_concentration() -> None:
    """"A sleeping creature is prone and unconscious." (L251) "An unconscious creature cannot
    act" (L332): unconscious by an affliction the GM adds, as by damage, the creature loses its
    concentration (digest D-76)."""
    for name in ("asleep", "unconscious"):
        t = Table(hero={})
        t.send(Concentrate(campaign_id=C, character_id="hero", effect="light"))
        events = t.send(AddAffliction(campaign_id=C, character_id="hero", name=name))
        assert [e.type.removeprefix("boonbane.") for e in events] == [
            "AfflictionAdded", "ConcentrationChanged"]
        assert t.sheet("hero")["concentrating"] is None
    t = Table(hero={})
    t.send(Concentrate(campaign_id=C, character_id="hero", effect="light"))
    t.send(AddAffliction(campaign_id=C, character_id="hero", name="prone"))
    assert t.sheet("hero")["concentrating"] == "light"


def _fold_without(t: Table, events: list[Any], skipped: Any) -> dict[str, Any]:
    """The hero's sheet folded from its creation and ``events``, one of them retconned."""
    state = t.states["character:hero"]
    for ev in events:
        if ev is not skipped and ev.stream == "character:hero":
            state = BOONBANE.evolve(state, ev.type, ev.data)
    out: dict[str, Any] = state
    return out


def test_a_retconned_heal_or_damage_leaves_a_consistent_life_state() -> None:
    """"A creature becomes incapacitated when its Damage equals its Health." (L61) "Player
    characters become disabled instead." (L65) "Disabled characters are defenseless." (L33) A
    retcon reverses one event and keeps those after it: whichever remains, the life state and
    its linked Defenseless agree with Damage and Health."""
    t = Table(hero={"health": 6})
    start = dict(t.states)
    events = [*t.send(TakeDamage(campaign_id=C, character_id="hero", amount=5)),
              *t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))]
    healed = t.send(Heal(campaign_id=C, character_id="hero", amount=3))
    events += [*healed, *t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))]
    t.states = dict(start)
    # the heal reversed: the later damage recorded Damage 4, active; the disabled state's
    # Defenseless must not linger on an active creature
    sheet_ = _fold_without(t, events, healed[0])
    assert life.consistent(sheet.load(sheet_)) is None
    assert "defenseless" not in BOONBANE.derived(sheet_, {})["afflictions"]
    # a GM's Health award that disabled, reversed after the Fate roll that followed it
    t = Table(hero={"health": 6, "damage": 2})
    start = dict(t.states)
    awarded = t.send(_health("hero", -4))
    later = t.send(FateRoll(campaign_id=C, character_id="hero"), [3])
    t.states = dict(start)
    sheet_ = _fold_without(t, [*awarded, *later], awarded[0])
    assert life.consistent(sheet.load(sheet_)) is None
    assert (sheet_["life_state"], sheet_["health"], sheet_["damage"]) == ("active", 6, 2)
