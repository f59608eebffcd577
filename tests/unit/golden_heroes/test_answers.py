"""Golden Heroes answers the seed gives: a grab's response window with the hypothetical 1d6 +
Strength figure (L115), common-sense responses (L117), an attack stopping a throw (L115), and
the campaign options for the readings the seed leaves open (no I/O)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"


def respond(w: World, faces: list[int], cid: str = "foe", **kw: object) -> c.AttackResolved:
    events = w.run(c.Respond(campaign_id=CID, character_id=cid, **kw), faces)  # type: ignore[arg-type]
    return msgspec.convert(events[0].data, c.AttackResolved)


def grab(w: World, natural: int, **kw: object) -> c.GrabRolled:
    cmd = c.Grab(campaign_id=CID, **{"character_id": "hero", "target_id": "foe", **kw})  # type: ignore[arg-type]
    return msgspec.convert(w.run(cmd, [natural])[0].data, c.GrabRolled)


def test_a_grab_waits_for_any_appropriate_response() -> None:
    # "RESPONSE TO GRAB Any appropriate response can be made to a grab." (L115)
    w = World(hero=sheet(), foe=sheet())
    assert grab(w, 15).result == "grab_pending"
    pending = w.sheet("foe").pending_attack
    assert pending is not None and (pending.attack, pending.weapon_class) == ("grab", 2)
    assert w.sheet("foe").grip is None
    # nothing else lands on it before the answer (L79)
    err = refused(w, c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    assert err.rule == "golden-heroes.response L79"
    # no damage to stand firm against, no grapple to resist
    err = refused(w, c.Respond(campaign_id=CID, character_id="foe", response="resist"))
    assert (err.field, err.rule) == ("response", "golden-heroes.grab-response L115")
    # a full dodge avoids it: 1d6 6 + DC6's 1 - WC2 = 5, the full dodge taken (L101-L102)
    res = respond(w, [6], response="dodge")
    assert (res.response_result, res.grabbed, res.htc_taken) == ("full", False, 0)
    assert w.sheet("foe").grip is None and w.sheet("foe").pending_attack is None
    # a failed dodge (1 + 1 - 2 = 0): the grab takes hold with that hand (L76)
    grab(w, 15, hand="left")
    res = respond(w, [1], response="dodge")
    assert (res.response_result, res.grabbed) == ("fail", True)
    grip = w.sheet("foe").grip
    assert grip is not None and (grip.holder_id, grip.hands, grip.hold) == ("hero", ["left"], None)


def test_a_parried_grab_is_measured_by_1d6_plus_the_strength_modifier() -> None:
    # "if they are parried, then a hypothetical figure of 1d6 plus any Damage Modifier for
    # Strength is used to determine whether the parry prevents the grab or not" (L115)
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet())  # Strength 20: +5 (L6)
    grab(w, 15)
    # parry 12 >= 9 (melee, other form, L108); the fist's 2d6 HTC 1+1 and 1d6-6 HTK: 2 (L112);
    # the grab's figure 1 + 5 = 6 is more: the grab holds
    res = respond(w, [12, 1, 1, 1, 1], response="parry")
    assert (res.response_result, res.grab_die, res.grab_figure, res.grabbed) == (
        "success", 1, 6, True)
    assert w.sheet("foe").grip is not None
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet())
    grab(w, 15)
    # the parry's 6 + 6 = 12 covers 6 + 5 = 11: the grab is prevented
    res = respond(w, [12, 6, 6, 1, 6], response="parry")
    assert (res.grab_figure, res.grabbed) == (11, False) and w.sheet("foe").grip is None
    # a failed parry (8 < 9) leaves the grab to take hold, no figure rolled
    w = World(hero=sheet(), foe=sheet())
    grab(w, 15)
    res = respond(w, [8], response="parry")
    assert (res.response_result, res.grab_die, res.grabbed) == ("fail", None, True)


def test_grabs_that_cannot_be_answered_take_hold_at_once() -> None:
    # only the superpowered respond (L100); a surprised target cannot (L57)
    w = World(hero=sheet(), thug=sheet(character_type="non_superpowered"))
    assert grab(w, 6, target_id="thug").result == "grabbed"
    assert w.sheet("thug").grip is not None
    w = World(hero=sheet(), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"], villains=["foe"],
                        surprised=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])
    assert grab(w, 15, encounter_id="fight").result == "grabbed"


def test_in_a_fight_answering_a_grab_costs_the_grabs_frame() -> None:
    # a dodge costs the time of the attack dodged (L101): a grab's 1 Frame (L76)
    w = World(hero=sheet(), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"], villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])
    grab(w, 15, encounter_id="fight")
    events = w.run(c.Respond(campaign_id=CID, character_id="foe", encounter_id="fight",
                             response="dodge", full_dodge=False), [5])
    used = next(e.data for e in events if e.type.endswith("FramesUsed"))
    assert (used["activity"], len(used["slots"]) + used["next_round"]) == ("response", 1)


def test_a_common_sense_response_is_a_strike_for_a_grab_against_the_referees_dc() -> None:
    # "generally by allowing the character to make a strike for a grab against a Defence Class
    # chosen by you ... it will usually cost the character 2 future Frames" (L117)
    w = World(hero=sheet(), foe=sheet())
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    err = refused(w, c.Respond(campaign_id=CID, character_id="foe", response="common_sense"),
                  [8])
    assert (err.field, err.rule) == ("defence_class", "golden-heroes.common-sense L117")
    # 8 + WC2 + DC8 = 18: caught hold; the referee says it avoids the damage
    res = respond(w, [8], response="common_sense", defence_class=8,
                  common_sense="avoids_damage")
    assert res.response_strike is not None
    assert (res.response_strike.total, res.response_strike.defence_class) == (18, 8)
    assert (res.response_result, res.response_frames, res.htc_taken) == ("success", 2, 0)
    # 7 + 2 + 8 = 17 fails: the fist's 2d6 HTC land (3 + 3)
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    res = respond(w, [7, 3, 3, 1], response="common_sense", defence_class=8,
                  common_sense="avoids_damage")
    assert (res.response_result, res.htc_taken) == ("fail", 6)
    # "recorded": the damage is taken, the success stands for the referee (the ledge caught)
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    res = respond(w, [12, 3, 3, 1], response="common_sense", defence_class=8)
    assert (res.response_result, res.htc_taken) == ("success", 6)


def _lifted(hero_htc: int) -> World:
    w = World(hero=sheet(attributes={"strength": 20}, htc=hero_htc), foe=sheet(), goon=sheet())
    grab(w, 15)
    respond(w, [])
    w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe"))
    return w


def test_an_attack_that_staggers_the_thrower_prevents_the_throw() -> None:
    # "If the character responds by using an attack form of their own, they only prevent the
    # throw if their attack stuns, staggers, hospitalises or kills the assailant or knocks them
    # unconscious." (L115)
    w = _lifted(hero_htc=14)
    w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero"), [15])
    # 2d6 3 + 3 = 6 HTC: 14 - 6 = 8, a fifth of 40: staggered (L123)
    events = w.run(c.Respond(campaign_id=CID, character_id="hero"), [3, 3, 1])
    res = msgspec.convert(events[0].data, c.AttackResolved)
    assert (res.condition, res.throw_stopped) == ("staggered", "foe")
    stop = msgspec.convert(events[1].data, c.ThrowStopped)
    assert (events[1].stream, stop.thrower_id, stop.thrower_condition) == (
        "character:foe", "hero", "staggered")
    grip = w.sheet("foe").grip
    assert grip is not None and (grip.holder_id, grip.lifted) == ("hero", False)
    err = refused(w, c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                              thrown_id="foe"), [15])
    assert err.field == "thrown_id"


def test_an_attack_that_leaves_the_thrower_fine_does_not_stop_the_throw() -> None:
    w = _lifted(hero_htc=40)
    w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero"), [15])
    res = respond(w, [3, 3, 1], cid="hero")
    assert (res.condition, res.throw_stopped) == ("fine", None)
    events = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="goon",
                            thrown_id="foe"), [15])
    assert msgspec.convert(events[0].data, c.StrikeRolled).hit


def test_in_a_fight_the_answering_attack_comes_from_the_future_frames() -> None:
    # "may respond immediately": out of the victim's turn, from its future Frames (L115, L100)
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"], villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [10, 1])  # heroes' part
    grab(w, 15, encounter_id="fight")
    respond(w, [], encounter_id="fight")
    w.run(c.Lift(campaign_id=CID, character_id="hero", target_id="foe", encounter_id="fight"))
    events = w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero",
                            encounter_id="fight"), [15])
    used = next(e.data for e in events if e.type.endswith("FramesUsed"))
    assert used["activity"] == "response"
    assert "answers_lift" in (w.sheet("hero").pending_attack.tags or [])  # type: ignore[union-attr]


def test_option_hospitalised_at() -> None:
    # "reduced to one tenth, rounded down" (L9) against "less than one tenth" (L128)
    raw = sheet(max_htk=40, htk=4)
    assert GOLDEN_HEROES.derived(raw, {})["injury"] == "hospitalised"
    assert GOLDEN_HEROES.derived(raw, {"hospitalised_at": "under_a_tenth"})["injury"] == "none"
    assert GOLDEN_HEROES.derived(sheet(max_htk=40, htk=3),
                                 {"hospitalised_at": "under_a_tenth"})["injury"] == "hospitalised"
    w = World({"hospitalised_at": "under_a_tenth"}, foe=sheet(max_htk=40, htk=4))
    err = refused(w, c.Recover(campaign_id=CID, character_id="foe", period="hospital_day"))
    assert err.rule == "golden-heroes.hospitalised L128"


def test_option_half_movement_rounding() -> None:
    # Strength 16, Dexterity 12, Vigour 12: Movement 7 (L10); lifting Size 5 (lift 16, throw
    # 21) carries at "half their normal Movement rate" (L71): 3 down, 4 up
    for option, metres in (("down", 3), ("up", 4)):
        w = World({"half_movement_rounding": option},
                  hero=sheet(attributes={"strength": 16, "dexterity": 12, "vigour": 12}))
        ev = w.run(c.Lift(campaign_id=CID, character_id="hero", object_size=5))[0].data
        assert (ev["moves"], ev["movement_metres"]) == ("half_movement", metres)


def test_option_superpower_referee_bonus() -> None:
    # "add 1-3 (determined by you ...)" (L117): the figure used when the referee gives none
    for option, result in ((1, "fail"), (3, "success")):
        w = World({"superpower_referee_bonus": option}, hero=sheet(),
                  foe=sheet(powers=[{"power": "teleport"}], refinements={"teleport": 1}))
        w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
        faces = [3] if result == "success" else [3, 1, 1, 1]  # 3 + 1 + bonus against 7
        res = respond(w, faces, response="superpower", power="teleport")
        assert (res.response_total, res.response_result) == (3 + 1 + option, result)


def test_option_resist_cost() -> None:
    # "Resisting takes 1 Action, used up in advance" (L114) against four free responses a
    # Round to WC 0/1 attacks (L101): a non-superpowered grappler's WC0 grapple
    for option, frames in (("action", 2), ("free_against_wc01", 0)):
        w = World({"resist_cost": option}, thug=sheet(character_type="non_superpowered",
                                                      weapon_class=0), foe=sheet())
        w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["foe"],
                            villains=["thug"]))
        w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [1, 10])
        w.run(c.Grapple(campaign_id=CID, character_id="thug", target_id="foe",
                        encounter_id="fight"), [18, 18])
        events = w.run(c.Respond(campaign_id=CID, character_id="foe", encounter_id="fight",
                                 response="resist"), [1, 1, 1])
        res = msgspec.convert(events[0].data, c.AttackResolved)
        assert res.response_frames == frames


WHIP = {"power": "weapon_skill", "choice": "one_handed_concussive"}


def _whipped(options: dict[str, object] | None = None) -> World:
    # Weapon Skill WC4 (L279): the strike 10 + 4 + 6 and the grab 8 + 4 + 6 hold; 5 hypothetical
    w = World(options, hero=sheet(powers=[WHIP], attributes={"strength": 20}), foe=sheet())
    w.run(c.Grapple(campaign_id=CID, character_id="hero", target_id="foe",
                    weapon="one_handed_concussive"), [10, 8, 5])
    respond(w, [3, 4, 2])
    return w


def test_a_weapon_grapple_drags_over_or_rips_an_item_resisted_as_the_grapple() -> None:
    # "Characters who have been grappled by a weapon can attempt to resist the grapple and
    # attempts to drag them over or rip something from their grasp in the same manner as
    # described above" (L114): 1d6 + the Strength modifier resisted against the figure
    w = _whipped()
    err = refused(w, c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                                       attempt="rip_item"), [9])
    assert (err.field, err.rule) == ("item", "golden-heroes.grapple-weapon L114")
    w.run(c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                            attempt="rip_item", item="the idol"), [9])
    pending = w.sheet("foe").pending_attack
    assert pending is not None and pending.damage_modifier == 5  # Strength 20 (option "add")
    # resisted 6 + 0 against 2 + 5 = 7: one gets through, the idol is ripped away
    res = respond(w, [6, 2], response="resist")
    assert (res.hypothetical_htc, res.wrench) == (1, "the idol ripped from its grasp")
    # dragging over, resisted 6 against 1 + 5: negated, the grapple breaks and no drag
    w.run(c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                            attempt="drag_over"), [9])
    res = respond(w, [6, 1], response="resist")
    assert res.wrench == "not dragged over" and w.sheet("foe").grip is None


def test_option_wrench_strength_none_resists_the_1d6_alone() -> None:
    w = _whipped({"wrench_strength": "none"})
    w.run(c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                            attempt="drag_over"), [9])
    assert w.sheet("foe").pending_attack.damage_modifier == 0  # type: ignore[union-attr]
    res = respond(w, [6, 2], response="resist")
    assert res.wrench == "not dragged over"


def test_only_a_grapple_by_a_weapon_drags_or_rips() -> None:
    w = World(hero=sheet(), foe=sheet())
    w.run(c.Grapple(campaign_id=CID, character_id="hero", target_id="foe"), [15, 15])
    respond(w, [3, 1])
    err = refused(w, c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                                       attempt="drag_over"), [9])
    assert (err.field, err.rule) == ("attempt", "golden-heroes.grapple-weapon L114")


DETECTIVE_26 = {"methods": 5, "publicity": 5, "approachability": 5, "power_use": 5,
                "contacts": 6,
                # Personal Status 20: Secure (L370), free to rise in resource levels
                "conscience": 4, "expression": 4, "success_rate": 4, "public_response": 4,
                "security": 4}


def test_a_bounty_hunter_with_26_detective_points_rises_one_frl_and_loses_public_status() -> None:
    # "it will only be of real benefit to those with a Detective Points total of 26 or more.
    # Such characters will immediately rise one Financial Resource Level ... all characters who
    # elect to be Bounty Hunters will suffer an immediate drop in their Backing, Heroism, and
    # Public Identification Ratings" (L376)
    w = World(hero=sheet(ratings=DETECTIVE_26))
    ev = w.run(c.BecomeBountyHunter(campaign_id=CID, character_id="hero"))[0].data
    assert (ev["detective_points"], ev["frl_before"], ev["frl_after"]) == (26, 4, 5)
    hero = w.sheet("hero")
    assert hero.bounty_hunter and {k: hero.ratings[k] for k in (
        "backing", "heroism", "identification", "frl")} == {
        "backing": 2, "heroism": 2, "identification": 2, "frl": 5}
    err = refused(w, c.BecomeBountyHunter(campaign_id=CID, character_id="hero"))
    assert err.rule == "golden-heroes.bounty-hunters L376"
    # 25 points: no rise, the drop all the same; the option drops 2 a rating, never below 1
    w = World({"bounty_hunter_drop": 2}, hero=sheet(ratings={**DETECTIVE_26, "contacts": 5}))
    ev = w.run(c.BecomeBountyHunter(campaign_id=CID, character_id="hero"))[0].data
    assert (ev["frl_before"], ev["frl_after"]) == (4, 4)
    assert ev["ratings"]["backing"] == 1 and w.sheet("hero").ratings["approachability"] == 5
    # the Jinxed cannot rise in resource levels (L370): Personal Status 0 here
    w = World(hero=sheet(ratings={k: DETECTIVE_26[k] for k in detective_keys()}))
    ev = w.run(c.BecomeBountyHunter(campaign_id=CID, character_id="hero"))[0].data
    assert (ev["detective_points"], ev["frl_after"]) == (26, 4)


def detective_keys() -> tuple[str, ...]:
    return ("methods", "publicity", "approachability", "power_use", "contacts")
