"""Golden Heroes pushing, lifting and throwing by the Size table (L70-L74, L115) against the
seed's numbers (no I/O)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import lifting, tables
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"


def handled(events: list[object]) -> c.ObjectHandled:
    return msgspec.convert(events[0].data, c.ObjectHandled)  # type: ignore[attr-defined]


def test_the_size_table_rows_the_worked_examples_use() -> None:
    # the safe (Size 4, Throw 16, L136) and the heavy lorry (Size 11, Throw 51, L139)
    assert (tables.SIZES[4].push, tables.SIZES[4].lift, tables.SIZES[4].throw) == (6, 11, 16)
    assert tables.SIZES[11].throw == 51 and tables.SIZES[3].lift == 6


def test_push_strength_halved_for_mobile_objects_and_how_it_moves() -> None:
    # a saloon car (Size 7): push 21, lift 26, throw 31 (L72-L74); brakes off: 11 (L70)
    assert (lifting.push_need(7, False), lifting.push_need(7, True)) == (21, 11)
    assert [lifting.moves(s, 7) for s in (21, 26, 31)] == [
        "shoved_aside", "half_movement", "full_movement"]
    # Strength 12, Dexterity 12, Vigour 12: Movement 6 (L10)
    w = World(hero=sheet(attributes={"strength": 12, "dexterity": 12, "vigour": 12}))
    err = refused(w, c.Push(campaign_id=CID, character_id="hero", object_size=7))
    assert (err.field, err.rule) == ("object_size", "golden-heroes.push L70-L74")
    ev = handled(w.run(c.Push(campaign_id=CID, character_id="hero", object_size=7, mobile=True)))
    assert (ev.need, ev.moves, ev.movement_metres) == (11, "shoved_aside", 0)
    ev = handled(w.run(c.Push(campaign_id=CID, character_id="hero", object_size=4)))
    assert (ev.need, ev.moves, ev.movement_metres) == (6, "half_movement", 3)


def test_lifting_objects_carries_at_half_or_full_movement() -> None:
    w = World(hero=sheet(attributes={"strength": 16, "dexterity": 12, "vigour": 12}))
    # Movement (16 + 12 + 12) / 6 = 7 (L10); a safe: lift 11, throw 16 (L72-L74)
    ev = handled(w.run(c.Lift(campaign_id=CID, character_id="hero", object_size=4)))
    assert (ev.need, ev.moves, ev.movement_metres) == (11, "full_movement", 7)
    ev = handled(w.run(c.Lift(campaign_id=CID, character_id="hero", object_size=5)))
    assert (ev.need, ev.moves, ev.movement_metres) == (16, "half_movement", 3)
    err = refused(w, c.Lift(campaign_id=CID, character_id="hero", object_size=6))
    assert (err.field, err.rule) == ("object_size", "golden-heroes.lift L71-L74")
    err = refused(w, c.Lift(campaign_id=CID, character_id="hero"))
    assert err.field == "object_size"


def test_a_being_able_to_resist_is_grabbed_before_it_is_lifted_and_thrown() -> None:
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet(), goon=sheet())
    err = refused(w, c.Lift(campaign_id=CID, character_id="hero", target_id="foe"))
    assert (err.field, err.rule) == ("target_id", "golden-heroes.lift L71-L74")
    err = refused(w, c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                              thrown_id="foe"), [15])
    assert err.field == "thrown_id"
    w.run(c.Grab(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    w.run(c.Respond(campaign_id=CID, character_id="foe"))  # no answer to the grab (L115)
    ev = handled(w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe")))
    assert (ev.object_size, ev.need) == (3, 6)  # an average person: Size 3 (L72)
    grip = w.sheet("foe").grip
    assert grip is not None and (grip.lifted, grip.struggling) == (True, True)
    # thrown at the goon as a hand-hurled concussive object of Size 3 (L73, L131)
    events = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                            thrown_id="foe"), [15])
    strike = msgspec.convert(events[0].data, c.StrikeRolled)
    assert (strike.attack, strike.attack_form.weapon_type) == (  # type: ignore[union-attr]
        "weapon", "hand_hurled_concussive")
    assert w.sheet("foe").grip is None and w.sheet("goon").pending_attack is not None


def test_grabbing_the_thrower_back_prevents_the_throw() -> None:
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet(),
              goon=sheet(attributes={"dexterity": 9}))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"],
                        villains=["foe", "goon"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])  # heroes win 4
    w.run(c.Grab(campaign_id=CID, character_id="hero", target_id="foe", encounter_id="fight"),
          [15])
    w.run(c.Respond(campaign_id=CID, character_id="foe", encounter_id="fight"))
    w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe", encounter_id="fight"))
    # the foe grabs back at once: a future frame, taken in advance (L115)
    events = w.run(c.Grab(campaign_id=CID, character_id="foe", target_id="hero",
                          encounter_id="fight", response=True), [15])
    used = next(e.data for e in events if e.type.endswith("FramesUsed"))
    assert (used["activity"], used["slots"]) == ("response", [1])
    err = refused(w, c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                              encounter_id="fight", thrown_id="foe"), [15])
    assert (err.field, err.rule) == ("thrown_id", "golden-heroes.thrown-response L115")
    # grabbing back is a response only while being lifted
    err = refused(w, c.Grab(campaign_id=CID, character_id="goon", target_id="hero",
                            encounter_id="fight", response=True), [15])
    assert err.rule == "golden-heroes.thrown-response L115"


def test_a_being_unable_to_resist_is_lifted_without_a_roll_and_thrown_in_a_frame() -> None:
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet(htc=0),
              goon=sheet(attributes={"dexterity": 9}))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"],
                        villains=["foe", "goon"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])
    w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe", encounter_id="fight"))
    events = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                            encounter_id="fight", thrown_id="foe"), [15])
    used = [e.data["slots"] for e in events if e.type.endswith("FramesUsed")]
    assert used == [[2]]  # the lift's frame and the throw's: 1 Action (L73)
    # too heavy to throw: a Size 5 being needs Strength 21 (L72-L74)
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet(htc=0), goon=sheet())
    w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe", object_size=5))
    err = refused(w, c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                              thrown_id="foe", object_size=5), [15])
    assert (err.field, err.rule) == ("object_size", "golden-heroes.throw L72-L74")
