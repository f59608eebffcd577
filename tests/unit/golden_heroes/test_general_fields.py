"""Golden Heroes general force fields in a fight (L206-L207) against the seed's rules (no I/O):
DC10 when attacked, all damage stopped, destroyed by more HTK than the field in an attack, a
destroyed wall not regenerated, the caster concentrating."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"
RULE = "golden-heroes.force-field L206-L207"
FIELDS = {"power": "force_field", "grade": 2, "choice": "general_force_wall,general_force_barrier",
          "rolled": {"barrier_htk": 9, "shield_absorbs": 12, "wall_htk": 17}}


def fight() -> World:
    w = World(caster=sheet(powers=[FIELDS], attributes={"dexterity": 14}), ward=sheet(),
              brute=sheet(attributes={"strength": 40}))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["caster", "ward"],
                        villains=["brute"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])  # heroes win 4
    return w


def place(w: World, **kw: object) -> list[object]:
    cmd = c.PlaceForceField(campaign_id=CID, encounter_id="fight", **{
        "character_id": "caster", "field": "general_force_wall", "protects": ["ward"], **kw})  # type: ignore[arg-type]
    return list(w.run(cmd))


def brute_strikes(w: World, natural: int) -> c.StrikeRolled:
    events = w.run(c.Strike(campaign_id=CID, character_id="brute", target_id="ward",
                            encounter_id="fight"), [natural])
    return msgspec.convert(events[0].data, c.StrikeRolled)


def test_a_wall_is_struck_at_dc10_and_stops_what_does_not_destroy_it() -> None:
    w = fight()
    events = place(w)
    assert [e.data["activity"] for e in events if e.type.endswith("FramesUsed")] == ["action"]  # type: ignore[attr-defined]
    assert w.encounter().fields[0].strength == 17
    # concentration: the caster takes no other action (L206)
    err = refused(w, c.Act(campaign_id=CID, encounter_id="fight", character_id="caster",
                           activity="frame"))
    assert (err.field, err.rule) == ("character_id", RULE)
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="caster", activity="pass"))
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="ward", activity="pass"))
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    assert brute_strikes(w, 8).defence_class == 10  # 8 + 2 + 10 = 20 hits the field (L206)
    # 2d6 (5, 6) + 25 HTC, 1d6-6 + 0 HTK: no HTK over 17, all stopped, no push-back
    res = w.run(c.Respond(campaign_id=CID, character_id="ward", encounter_id="fight"),
                [5, 6, 3])[0].data
    assert (res["htc_taken"], res["htk_taken"], res["pushback_metres"]) == (0, 0, 0)
    assert w.encounter().fields != []


def test_more_htk_than_the_wall_destroys_it_and_it_cannot_be_regenerated() -> None:
    # put 20 of Strength 40's +25 on HTK: 1d6-6 (6 -> 0) + 20 = 20 HTK beats the 17 HTK wall
    w2 = fight()
    place(w2)
    for cid in ("caster", "ward"):
        w2.run(c.Act(campaign_id=CID, encounter_id="fight", character_id=cid, activity="pass"))
    w2.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    w2.run(c.Strike(campaign_id=CID, character_id="brute", target_id="ward", encounter_id="fight",
                    to_htk=20), [8])
    events = w2.run(c.Respond(campaign_id=CID, character_id="ward", encounter_id="fight"),
                    [1, 1, 6])
    assert events[0].data["htc_taken"] == 0 and events[0].data["field_destroyed"] == \
        "general_force_wall"  # the excess is dissipated (L206)
    gone = next(e.data for e in events if e.type.endswith("GeneralFieldChanged"))
    assert (gone["reason"], gone["regenerates_hours"]) == ("destroyed", 17)  # 1 hour per HTK
    assert w2.encounter().fields == []
    w2.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    w2.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    w2.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])
    err = refused(w2, c.PlaceForceField(campaign_id=CID, character_id="caster",
                                        encounter_id="fight", field="general_force_wall",
                                        protects=["ward"]))
    assert (err.field, err.rule) == ("field", RULE)
    # a barrier may be formed again
    place(w2, field="general_force_barrier")
    assert w2.encounter().fields[0].strength == 9


def test_only_a_chosen_type_and_dropping_it_frees_the_caster() -> None:
    w = fight()
    err = refused(w, c.PlaceForceField(campaign_id=CID, character_id="ward",
                                       encounter_id="fight", field="general_force_wall",
                                       protects=["caster"]))
    assert err.field == "field"
    place(w)
    w.run(c.PlaceForceField(campaign_id=CID, character_id="caster", encounter_id="fight",
                            field="general_force_wall", up=False))
    assert w.encounter().fields == []
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="caster", activity="frame"))


def test_a_caster_knocked_out_stops_concentrating_and_the_field_disappears() -> None:
    # "Concentration must be maintained, as it will disappear as soon as the character stops
    # concentrating" (L207); an unconscious caster concentrates on nothing (L123)
    w = World(caster=sheet(powers=[FIELDS], attributes={"dexterity": 14}, htc=10), ward=sheet(),
              brute=sheet(attributes={"strength": 40}))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["caster", "ward"],
                        villains=["brute"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [1, 10])  # villains win 4
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    place(w)  # part 2, the heroes' turn: the wall in front of the ward
    assert w.encounter().fields
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [1, 10])
    # a fist, 2d6 HTC + 25 for Strength 40 (L3-L6): HTC 10 - 37, unconscious
    w.run(c.Strike(campaign_id=CID, character_id="brute", target_id="caster",
                   encounter_id="fight"), [15])
    w.run(c.Respond(campaign_id=CID, character_id="caster", encounter_id="fight"), [6, 6, 1, 20])
    assert w.sheet("caster").htc < 0
    assert w.encounter().fields == []
