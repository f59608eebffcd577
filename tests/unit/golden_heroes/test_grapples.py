"""Golden Heroes grabs and grapples (L75-L76, L82-L83, L114, L119-L121) against the seed's
numbers: DC6/DC10 at the fist's WC, both hands rolled, 1d6 HTC + 1d6-6 HTK + Strength, real or
hypothetical, maintenance on anything but a 1, dodge and resist (no I/O)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"


def run(w: World, cmd_type: type[msgspec.Struct], faces: list[int], **kw: object) -> list[object]:
    cmd = cmd_type(campaign_id=CID, **{"character_id": "hero", "target_id": "foe", **kw})
    return list(w.run(cmd, faces))


def grabbed(events: list[object]) -> c.GrabRolled:
    return msgspec.convert(events[0].data, c.GrabRolled)  # type: ignore[attr-defined]


def respond(w: World, faces: list[int], **kw: object) -> c.AttackResolved:
    events = w.run(c.Respond(campaign_id=CID, character_id="foe", **kw), faces)  # type: ignore[arg-type]
    return msgspec.convert(events[0].data, c.AttackResolved)


def test_a_grab_strikes_dc6_superpowered_dc10_non_superpowered_at_the_fist_wc() -> None:
    # WC2 + DC6: a natural 10 makes 18 and grasps, a 9 misses (L79, L82)
    for natural, ok in ((10, True), (9, False)):
        w = World(hero=sheet(), foe=sheet())
        ev = grabbed(run(w, c.Grab, [natural], hand="left"))
        assert (ev.strikes[0].weapon_class, ev.strikes[0].defence_class) == (2, 6)
        assert (ev.result, ev.succeeded) == (("grab_pending", ["left"]) if ok else ("missed", []))
        if ok:  # the superpowered foe may answer the grab first (L115); it does not
            assert w.sheet("foe").grip is None
            assert respond(w, []).grabbed is True
        grip = w.sheet("foe").grip
        assert (grip.holder_id, grip.hands, grip.hold) == ("hero", ["left"], None) if ok \
            else grip is None
    # a non-superpowered target: DC10 counts 10, a 6 makes 18 (L82)
    w = World(hero=sheet(), thug=sheet(character_type="non_superpowered"))
    ev = grabbed(run(w, c.Grab, [6], target_id="thug"))
    assert (ev.strikes[0].defence_class, ev.strikes[0].total, ev.result) == (10, 18, "grabbed")
    # the non-superpowered grab at WC0 (L82): 10 + 0 + 6 misses
    w = World(thug=sheet(character_type="non_superpowered", weapon_class=0), foe=sheet())
    ev = grabbed(run(w, c.Grab, [10], character_id="thug"))
    assert (ev.strikes[0].weapon_class, ev.result) == (0, "missed")


def test_strike_modifiers_and_the_referees_dc_apply_to_a_grab() -> None:
    # Dexterity 18 (+3) from behind (+2): a 7 makes 7 + 2 + 6 + 5 = 20 (L80-L82)
    w = World(hero=sheet(attributes={"dexterity": 18}), foe=sheet())
    ev = grabbed(run(w, c.Grab, [7], circumstances=["behind"]))
    assert [m.value for m in ev.strikes[0].modifiers] == [3, 2] and ev.strikes[0].total == 20
    # Blackeel's slimy skin: the referee's -7 (L82)
    w = World(hero=sheet(), foe=sheet())
    ev = grabbed(run(w, c.Grab, [15], other_modifier=-7))
    assert (ev.strikes[0].total, ev.result) == (16, "missed")
    # a DC the referee names, e.g. for a window ledge (L82): 4 + 2 + 12 = 18
    w = World(hero=sheet(), foe=sheet())
    ev = grabbed(run(w, c.Grab, [4], defence_class=12))
    assert (ev.strikes[0].defence_class, ev.result) == (12, "grab_pending")


def test_no_roll_to_grab_the_helpless_or_unresisting() -> None:
    w = World(hero=sheet(), foe=sheet(htc=0))  # unconscious (L76)
    ev = grabbed(run(w, c.Grab, []))
    assert (ev.rolled, ev.strikes, ev.result) == (False, [], "grabbed")
    w = World(hero=sheet(), foe=sheet())
    assert grabbed(run(w, c.Grab, [], unresisting=True)).result == "grabbed"
    # the same hand twice is refused; the other hand adds to the grip
    err = refused(w, c.Grab(campaign_id=CID, character_id="hero", target_id="foe"))
    assert (err.field, err.rule) == ("hand", "golden-heroes.grab L75-L76, L82")
    run(w, c.Grab, [], hand="left", unresisting=True)
    assert w.sheet("foe").grip.hands == ["right", "left"]  # type: ignore[union-attr]


def test_a_grapple_rolls_both_hands_and_one_hit_only_grabs() -> None:
    w = World(hero=sheet(), foe=sheet())
    # the first hand misses, the second is still rolled and holds (L83)
    events = run(w, c.Grapple, [5, 12])
    ev = grabbed(events)
    assert [s.natural for s in ev.strikes] == [5, 12]
    assert (ev.hands, ev.succeeded, ev.result) == (["left", "right"], ["right"], "grabbed")
    assert w.sheet("foe").grip.hands == ["right"] and w.sheet("foe").grip.hold is None  # type: ignore[union-attr]
    assert w.sheet("foe").pending_attack is None
    # completed with the other hand alone (L83): one roll, then the grapple's damage waits
    ev = grabbed(run(w, c.Grapple, [14]))
    assert (ev.hands, ev.result) == (["left"], "grapple_pending")
    pending = w.sheet("foe").pending_attack
    assert pending is not None and (pending.attack, pending.htc_dice, pending.htk_plus) == \
        ("grapple", 1, -6)
    # 1d6 HTC (4) and 1d6-6 HTK (6 - 6 = 0), Strength 10 adds nothing (L120)
    res = respond(w, [4, 6])
    assert (res.htc_taken, res.htk_taken, res.pushback_metres) == (4, 0, 0)
    grip = w.sheet("foe").grip
    assert grip is not None and (grip.hands, grip.hold) == (["left", "right"], "real")
    assert w.sheet("foe").htc == 36


def test_both_hands_missing_grasps_nothing() -> None:
    w = World(hero=sheet(), foe=sheet())
    assert grabbed(run(w, c.Grapple, [3, 9])).result == "missed"
    assert w.sheet("foe").grip is None and w.sheet("foe").pending_attack is None


def test_the_strength_modifier_adds_and_no_push_back_even_over_the_threshold() -> None:
    # Strength 40: +25 damage; 6 + 25 = 31 HTC is over the 20 threshold, yet no push-back (L119)
    w = World(hero=sheet(attributes={"strength": 40}), foe=sheet())
    run(w, c.Grapple, [15, 15])
    res = respond(w, [6, 1])
    assert (res.htc_taken, res.htk_taken, res.pushback_metres) == (31, 0, 0)
    # the Strength bonus may go on HTK (L118): 1d6-6 + 3 on a 5 is 2 HTK
    w = World(hero=sheet(attributes={"strength": 18}), foe=sheet())
    run(w, c.Grapple, [15, 15], to_htk=3)
    assert (respond(w, [2, 5]).htc_taken, w.sheet("foe").htk) == (2, 38)


def test_a_hypothetical_hold_takes_nothing_and_penalises_strike_parry_dodge_movement() -> None:
    w = World(hero=sheet(attributes={"strength": 30}), foe=sheet())
    run(w, c.Grapple, [15, 15], hold="hypothetical")
    res = respond(w, [6, 3])  # 6 + 15 = 21 hypothetical HTC (L120)
    assert (res.hypothetical_htc, res.htc_taken, res.htc) == (21, 0, 40)
    foe = w.sheet("foe")
    assert foe.grip is not None and (foe.grip.hold, foe.grip.hypothetical_htc) == \
        ("hypothetical", 21)
    shown = GOLDEN_HEROES.derived(w.states["character:foe"], {})["held"]
    # -1 strike and parry a point, -1 m a 2 points, -1 Dodge Modifier a 10 points (L121)
    assert (shown["strike_and_parry"], shown["movement_metres"], shown["dodge"]) == (-21, -10, -2)
    # the held foe strikes back at -21: a 19 misses (19 + 2 + 6 - 21 = 6)
    ev = msgspec.convert(w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero"),
                               [19])[0].data, c.StrikeRolled)
    assert ev.modifiers[-1].value == -21 and not ev.hit
    # striking a grappled target: +4, restrained (L80-L82)
    w2 = World(hero=sheet(), foe=sheet(), ally=sheet())
    run(w2, c.Grapple, [15, 15], hold="hypothetical")
    respond(w2, [3, 1])
    ev = msgspec.convert(w2.run(c.Strike(campaign_id=CID, character_id="ally", target_id="foe"),
                                [6])[0].data, c.StrikeRolled)
    assert [m.source for m in ev.modifiers] == ["restrained (L80-L82)"] and ev.total == 18


def test_maintaining_holds_on_anything_but_a_1_which_breaks_it() -> None:
    w = World(hero=sheet(), foe=sheet())
    run(w, c.Grapple, [15, 15])
    respond(w, [3, 1])
    # a natural 2 misses any strike but holds a grapple (L83); its damage waits again
    ev = grabbed(run(w, c.MaintainGrapple, [2]))
    assert (ev.result, ev.strikes[0].hit) == ("maintained", True)
    assert respond(w, [5, 2]).htc_taken == 5 and w.sheet("foe").htc == 32
    # a 1 is a Critical Miss (its d10 too) and breaks the grapple "in addition to the effects
    # according to the Critical Miss Table" (L83): 7, backfire, 1d6 HTC on the grappler (L98)
    events = run(w, c.MaintainGrapple, [1, 7, 4])
    ev = grabbed(events)
    assert (ev.result, ev.strikes[0].critical, ev.strikes[0].critical_die) == ("broken", "miss", 7)
    assert w.sheet("foe").grip is None
    assert ev.strikes[0].backfire_die == 4 and w.sheet("hero").htc == 36


def test_a_maintained_grapple_is_only_dodged_or_resisted() -> None:
    w = World(hero=sheet(), foe=sheet(attributes={"strength": 18}))
    run(w, c.Grapple, [15, 15])
    respond(w, [3, 1])
    run(w, c.MaintainGrapple, [10])
    err = refused(w, c.Respond(campaign_id=CID, character_id="foe", response="parry"), [10])
    assert (err.field, err.rule) == ("response", "golden-heroes.grapple-response L114")
    # resist: 1d6 + the Strength modifier (+3) off the Action's damage; negated, it breaks
    res = respond(w, [2, 4, 1], response="resist")  # resists 5; the grapple does 4
    assert (res.response_dice, res.response_total, res.htc_taken) == ([2], 5, 0)
    assert w.sheet("foe").grip is None


def test_resisting_short_of_the_damage_suffers_the_surplus_and_stays_held() -> None:
    w = World(hero=sheet(attributes={"strength": 25}), foe=sheet())
    run(w, c.Grapple, [15, 15])
    respond(w, [1, 1])
    run(w, c.MaintainGrapple, [10])
    res = respond(w, [3, 5, 2], response="resist")  # 5 + 10 = 15 HTC, 3 resisted
    assert (res.htc_taken, w.sheet("foe").grip is not None) == (12, True)
    # resisting answers only a grapple
    w = World(hero=sheet(), foe=sheet())
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    err = refused(w, c.Respond(campaign_id=CID, character_id="foe", response="resist"), [3])
    assert err.rule == "golden-heroes.resist-grapple L114"


def test_a_full_dodge_fails_a_grapple_and_breaks_a_maintained_one() -> None:
    # Agility 2: Dodge Modifier 1 (DC6) + 3; 1d6 6 + 4 - WC2 = 8: a full dodge (L101, L114)
    agile = [{"power": "agility", "grade": 2}]
    w = World(hero=sheet(), foe=sheet(powers=agile))
    run(w, c.Grapple, [15, 15])
    res = respond(w, [6], response="dodge")
    assert res.response_result == "full" and w.sheet("foe").grip is None
    w = World(hero=sheet(), foe=sheet(powers=agile))
    run(w, c.Grapple, [15, 15])
    respond(w, [3, 1])
    run(w, c.MaintainGrapple, [12])
    assert respond(w, [6], response="dodge").response_result == "full"
    assert w.sheet("foe").grip is None


def test_in_a_fight_a_grapple_is_an_action_a_grab_a_frame_and_resisting_an_action_ahead() -> None:
    w = World(hero=sheet(), foe=sheet(attributes={"strength": 20}))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"], villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [8, 2])  # 3 frames won
    events = run(w, c.Grapple, [15, 15], encounter_id="fight")
    used = [e.data for e in events if e.type.endswith("FramesUsed")]  # type: ignore[attr-defined]
    assert [(u["activity"], len(u["slots"])) for u in used] == [("action", 2)]
    respond(w, [3, 1], encounter_id="fight")
    # one frame is left this part: the maintenance's Action cannot be made (L41)
    err = refused(w, c.MaintainGrapple(campaign_id=CID, character_id="hero", target_id="foe",
                                       encounter_id="fight"), [10])
    assert err.rule == "golden-heroes.frames L41-L42"
    # letting go takes the last frame (L76)
    events = run(w, c.LetGo, [], encounter_id="fight")
    assert w.sheet("foe").grip is None
    assert [e.data["activity"] for e in events if e.type.endswith("FramesUsed")] == ["frame"]  # type: ignore[attr-defined]


def test_a_recorded_grab_is_reread_from_its_draws() -> None:
    w = World(hero=sheet(), foe=sheet())
    data = run(w, c.Grapple, [5, 12])[0].data  # type: ignore[attr-defined]
    assert GOLDEN_HEROES.reread("golden-heroes.GrabRolled", data, [(20, 5), (20, 12)]) == []
    assert GOLDEN_HEROES.reread("golden-heroes.GrabRolled", data, [(20, 5), (20, 13)]) == [
        "recorded dice differ from the draws"]
    tampered = {**data, "strikes": [data["strikes"][0], {**data["strikes"][1], "hit": False}]}
    assert GOLDEN_HEROES.reread("golden-heroes.GrabRolled", tampered, [(20, 5), (20, 12)]) == [
        "hit=False recorded, the rule gives True"]


WHIP = {"power": "weapon_skill", "choice": "one_handed_concussive"}


def test_a_grapple_by_a_weapon_strikes_then_grabs_and_holds_hypothetically() -> None:
    # Weapon Skill: WC4 (L279); the strike 10 + 4 + 6 = 20 hits, the grab at WC4: 8 + 4 + 6
    w = World(hero=sheet(powers=[WHIP]), foe=sheet())
    events = run(w, c.Grapple, [10, 8, 5], weapon="one_handed_concussive")
    ev = grabbed(events)
    assert [s.weapon_class for s in ev.strikes] == [4, 4] and ev.strikes[1].defence_class == 6
    assert (ev.result, ev.hold, ev.hypothetical_die) == ("grapple_pending", "hypothetical", 5)
    # the weapon's normal damage (2d6 HTC, 1d6-6 HTK) is real (L121)
    res = respond(w, [3, 4, 2])
    assert (res.htc_taken, res.htk_taken) == (7, 0)
    grip = w.sheet("foe").grip
    assert grip is not None and (grip.hands, grip.hold, grip.weapon, grip.hypothetical_htc) == (
        ["weapon"], "hypothetical", "one_handed_concussive", 5)
    # maintained: only hypothetical 1d6 HTC, no Damage Modifiers (L121)
    run(w, c.MaintainGrapple, [9])
    pending = w.sheet("foe").pending_attack
    assert pending is not None and (pending.htc_dice, pending.damage_modifier,
                                    pending.weapon_class) == (1, 0, 4)
    res = respond(w, [6])
    assert (res.hypothetical_htc, res.htc_taken) == (6, 0)
    assert w.sheet("foe").grip.hypothetical_htc == 6  # type: ignore[union-attr]


def test_a_weapon_grapple_grabs_only_after_its_strike_hits() -> None:
    w = World(hero=sheet(powers=[WHIP]), foe=sheet())
    ev = grabbed(run(w, c.Grapple, [4], weapon="one_handed_concussive"))  # 4 + 4 + 6 misses
    assert (len(ev.strikes), ev.result, ev.hypothetical_die) == (1, "missed", None)
    # superpowered characters use weapons only through Weapon Skill (L29)
    w = World(hero=sheet(), foe=sheet())
    err = refused(w, c.Grapple(campaign_id=CID, character_id="hero", target_id="foe",
                               weapon="one_handed_concussive"), [15, 15, 3])
    assert err.field == "weapon"


def test_grapple_damage_meets_the_dividers_unless_the_option_ignores_them() -> None:
    # Armour grade 1: DC 4, HTC/2 (L62-L66, L174); a grapple of 1d6 (5) + 5 (Strength 20)
    armoured = sheet(powers=[{"power": "armour"}])
    for option, taken in (("apply", 5), ("ignore", 10)):
        w = World({"grapple_dividers": option}, hero=sheet(attributes={"strength": 20}),
                  foe=armoured)
        run(w, c.Grapple, [15, 15])
        assert respond(w, [5, 1]).htc_taken == taken
