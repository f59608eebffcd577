"""Golden Heroes: a fight is told of each fighter's condition however it changed (no I/O).

L123: "Stunned characters ... have only 2 Frames per round until they have recovered." The
fight keeps each combatant's condition for its frames; after every command (the decider's
settle step) a fighter whose condition the command changed gets a ``ConditionNoted`` on its
fight, even when the command did not read the fight, and a fight read with one of its fighters
whose condition it has wrong is set right.
"""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from tests.unit.golden_heroes.world import World, sheet

FIGHT = {"campaign_id": "camp", "encounter_id": "fight"}


def _fighting(hero_htc: int) -> World:
    w = World(hero=sheet(htc=hero_htc), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["hero"], villains=["foe"]))
    return w


def test_a_fall_that_changes_a_fighters_condition_is_noted_on_its_fight() -> None:
    w = _fighting(hero_htc=9)  # 9 of 40: fine (over a fifth, L123)
    events = w.run(c.Fall(campaign_id="camp", character_id="hero", metres=5), [6, 6])
    resolved = c.AttackResolved(**events[0].data)
    assert resolved.condition in ("staggered", "stunned")
    # the fall read only the character; its fight is told all the same
    assert [(e.stream, e.type) for e in events[1:]] == [
        ("encounter:fight", "golden-heroes.ConditionNoted")]
    assert events[1].data == {"encounter_id": "fight", "character_id": "hero",
                              "condition": resolved.condition}
    assert w.encounter().combatants[0].condition == resolved.condition


def test_a_fall_that_leaves_the_condition_as_it_was_notes_nothing() -> None:
    w = _fighting(hero_htc=40)
    events = w.run(c.Fall(campaign_id="camp", character_id="hero", metres=5), [1, 1])
    assert [e.type for e in events] == ["golden-heroes.AttackResolved"]


def test_a_fight_read_with_a_fighter_whose_condition_it_has_wrong_is_set_right() -> None:
    w = _fighting(hero_htc=40)
    w.run(c.RollInitiative(**FIGHT), [9, 1])  # the heroes win
    # the hero's sheet says stunned (a retcon, say) but the fight still has it fine
    w.states["character:hero"] = sheet(htc=4)
    assert w.encounter().combatants[0].condition == "fine"
    events = w.run(c.Act(**FIGHT, character_id="hero", activity="frame"))
    assert events[-1].type == "golden-heroes.ConditionNoted"
    assert events[-1].data == {"encounter_id": "fight", "character_id": "hero",
                               "condition": "stunned"}
    assert w.encounter().combatants[0].condition == "stunned"
