"""Golden Heroes strikes with attack forms, responses, the damage pipeline, states and
recovery, against the seed's numbers and the digest's worked example (no I/O)."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES, attacks, damage, falls, states
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
ARMOUR_1 = [{"power": "armour", "grade": 1}]


def strike(w: World, faces: list[int], **kw: object) -> c.StrikeRolled:
    cmd = c.Strike(campaign_id=CID, **{"character_id": "hero", "target_id": "foe", **kw})  # type: ignore[arg-type]
    return msgspec.convert(w.run(cmd, faces)[0].data, c.StrikeRolled)


def respond(w: World, faces: list[int], who: str = "foe", **kw: object) -> c.AttackResolved:
    cmd = c.Respond(campaign_id=CID, character_id=who, **kw)  # type: ignore[arg-type]
    events = w.run(cmd, faces)
    return msgspec.convert(events[0].data, c.AttackResolved)


def test_energy_attack_against_armour_is_the_roll_plus_3_plus_5() -> None:
    # L79: "An Energy Attack against a character in Armour will always be the die-roll plus 3
    # (the WC of the attack) + 5 (for the DC, whatever grade of Armour is being attacked)"
    for grade in (1, 2, 3):
        w = World(hero=sheet(powers=[{"power": "energy_attack"}]),
                  foe=sheet(powers=[{"power": "armour", "grade": grade}]))
        ev = strike(w, [9], attack="energy_attack", energy_htc_dice=3, energy_htk_dice=3)
        assert (ev.weapon_class, ev.defence_added, ev.total) == (3, 5, 9 + 3 + 5)
        assert ev.hit is False  # 17 < 18


def test_dexterity_18_from_behind_on_an_unaware_foe_is_plus_7() -> None:
    w = World(hero=sheet(attributes={"dexterity": 18}), foe=sheet())
    ev = strike(w, [5], circumstances=["behind", "unaware"])
    assert sum(m.value for m in ev.modifiers) == 7  # L82's example
    assert ev.total == 5 + 2 + 6 + 7 and ev.hit


def test_worked_example_strength_25_punch_on_armour_dodged_to_a_glancing_blow() -> None:
    # Digest appendix B: Str 25 (+10) hits Armour G1 (DC4: HTK/3, HTC/2) from behind with a 9;
    # the dodge 4 + 0 - 2 = 2 glances; fist 2d6 = 7 HTC, 1d6-6 = -3 HTK, all +10 on HTK
    w = World(hero=sheet(attributes={"strength": 25}), foe=sheet(powers=ARMOUR_1))
    assert strike(w, [9]).hit is False  # 9 + 2 + 5 = 16
    ev = strike(w, [9], circumstances=["behind"], to_htk=10)
    assert ev.total == 18 and ev.hit and w.sheet("foe").pending_attack is not None
    res = respond(w, [4, 3, 4, 3], response="dodge")  # dodge d6 4; 2d6 = 3+4; 1d6 = 3
    assert (res.response_total, res.response_result) == (2, "glancing")
    steps = [(s.htc, s.htk) for s in res.steps]
    assert steps == [(7, -3), (7, 7), (7, 0), (3, 0)]  # dice, modifiers, glancing, dividers
    assert (res.htc_taken, res.htk_taken) == (3, 0)
    assert w.sheet("foe").htc == 37 and w.sheet("foe").pending_attack is None


def test_dividers_apply_only_when_at_least_2_and_energy_attacks_reduce_them() -> None:
    target = st.GoldenHeroesSheet(attributes={"strength": 10})
    assert damage.dividers(target, 4, 0) == damage.Damage(2, 3)  # DC 4 (L62-L66)
    assert damage.dividers(target, 4, 2) == damage.Damage(0, 1)  # energy attack -2 (L178)
    assert damage.divide(damage.Damage(9, 9), damage.Damage(0, 1)) == damage.Damage(9, 9)
    strong = st.GoldenHeroesSheet(attributes={"strength": 25})
    # Str 19-39: HTK +1, HTC +1 (L4-L6); on /0 the total 1 still does nothing (decision #6)
    assert damage.dividers(strong, 6, 0) == damage.Damage(1, 1)
    assert damage.dividers(strong, 5, 0) == damage.Damage(1, 3)


def test_dc_immunity_to_wc0_1_bullets_and_knives() -> None:
    p = st.PendingAttack(attacker_id="x", attack="weapon", weapon_class=2, frames=2,
                        parry_row="missile_lp", htc_dice=1, htc_plus=3, htk_dice=2, htk_plus=3,
                        tags=["bullet"])
    d = damage.Damage(6, 9)
    assert damage.immune(3, p, d) == damage.Damage(0, 0)  # DC 1-3: nothing (L118)
    assert damage.immune(4, p, d) == damage.Damage(6, 0)  # DC 4: no HTK
    assert damage.immune(5, p, d) == d


def test_negative_htc_absorbs_at_most_the_vigour_then_overflows_into_htk() -> None:
    target = st.GoldenHeroesSheet(attributes={"vigour": 12}, max_htc=50, htc=5, max_htk=50,
                                 htk=50)
    assert damage.into_pools(target, damage.Damage(20, 0)) == (-12, 47, 3)  # L123


def test_pushback_is_2_metres_per_5_htc_or_part_over_the_threshold() -> None:
    assert damage.pushback_metres(20, 20) == 0
    assert damage.pushback_metres(21, 20) == 2  # L119
    assert damage.pushback_metres(26, 20) == 4
    assert damage.falls(15, 4, 16) is True and damage.falls(14, 4, 16) is False


@pytest.mark.parametrize(("htc", "htk", "condition", "injury"), [
    (40, 40, "fine", "none"), (8, 40, "staggered", "none"), (4, 40, "stunned", "none"),
    (0, 40, "unconscious", "none"), (40, 4, "fine", "hospitalised"),
    (40, 0, "fine", "technically_dead"), (40, -1, "fine", "dead")])
def test_states_by_the_thresholds(htc: int, htk: int, condition: str, injury: str) -> None:
    # staggered at a fifth, stunned at a tenth, hospitalised at a tenth (L9, L122-L128)
    s = st.GoldenHeroesSheet(max_htc=40, htc=htc, max_htk=40, htk=htk)
    assert (states.htc_condition(s), states.htk_condition(s)) == (condition, injury)


def test_unconscious_until_htc_is_above_a_twentieth() -> None:
    s = st.GoldenHeroesSheet(max_htc=60, htc=3, unconscious=True)
    assert states.htc_condition(s) == "unconscious"  # 3 is one twentieth: not more (L123)
    s.htc = 4
    assert states.htc_condition(s) == "stunned"


def test_recovery_per_round_with_the_vigour_modifier_and_the_wake_roll() -> None:
    w = World(hero=sheet(), foe=sheet(attributes={"vigour": 16}, max_htc=80, htc=-3,
                                      unconscious=True))
    ev = w.run(c.Recover(campaign_id=CID, character_id="foe"), [5])[0].data
    assert ev["htc"] == 0 and ev["modifier"] == 1  # up to 0 only (L123); Vigour 16: +1 (L8)
    assert w.sheet("foe").wake_roll_pending
    ev = w.run(c.Recover(campaign_id=CID, character_id="foe"), [16])[0].data
    assert ev["wake_die"] == 16 and ev["htc"] == 0  # 1d20 16 is not under Vigour 16
    ev = w.run(c.Recover(campaign_id=CID, character_id="foe"), [15, 2])[0].data
    assert ev["htc"] == 3 and not w.sheet("foe").wake_roll_pending
    assert ev["condition"] == "unconscious"  # 3 of 80 is not above a twentieth (L123)


def test_aid_once_per_recovery_and_hospital_recovery() -> None:
    w = World(hero=sheet(), foe=sheet(htc=2, htk=3))
    ev = w.run(c.Aid(campaign_id=CID, character_id="hero", target_id="foe", kind="htc_aid"),
               [3, 4])[0].data
    assert ev["htc"] == 9  # 2d6 HTC (L124)
    with pytest.raises(DomainError) as err:
        w.run(c.Aid(campaign_id=CID, character_id="hero", target_id="foe", kind="htc_aid"))
    assert err.value.rule == "golden-heroes.aid L124"
    with pytest.raises(DomainError) as err:
        w.run(c.Recover(campaign_id=CID, character_id="foe", period="hour"))
    assert err.value.rule == "golden-heroes.hospitalised L128"
    ev = w.run(c.Recover(campaign_id=CID, character_id="foe", period="hospital_day"))[0].data
    assert ev["htk"] == 4 and ev["injury"] == "hospitalised"


def test_responses_use_future_frames_and_four_free_against_wc_0_1() -> None:
    thugs = {f"thug{n}": sheet(character_type="non_superpowered",
                               attributes={"dexterity": 9 - n}) for n in (1, 2, 3)}
    w = World(hero=sheet(), foe=sheet(), **thugs)
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"],
                        villains=["foe", *thugs]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [2, 9])  # villains win 4
    w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero",
                   encounter_id="fight", attack="weapon", weapon="hand_hurled_concussive"),
          [15])
    # the hurled object took an action: a dodge costs 2 future frames (L101); 6 + 1 - 2 = 5
    # is glancing, or full for one more frame (L101-L102)
    res = w.run(c.Respond(campaign_id=CID, character_id="hero", encounter_id="fight",
                          response="dodge"), [6])
    assert res[0].data["response_result"] == "full" and res[0].data["htc_taken"] == 0
    used = c.FramesUsed(**res[1].data)
    assert (used.slots, used.next_round, used.free) == ([1, 2, 3], 0, False)
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="foe", activity="pass"))
    spent = []
    for thug in ("thug1", "thug1", "thug2", "thug2", "thug3", "thug3"):
        w.run(c.Strike(campaign_id=CID, character_id=thug, target_id="hero",
                       encounter_id="fight"), [19])
        ev = w.run(c.Respond(campaign_id=CID, character_id="hero", encounter_id="fight",
                             response="dodge"), [6])
        spent.append((ev[1].data["free"], ev[1].data["slots"], ev[1].data["next_round"]))
    # four free responses to WC 0/1 attacks a round, then 1 future frame each (L101):
    # this round's last frame, then next round's
    assert spent == [(True, [], 0)] * 4 + [(False, [4], 0), (False, [], 1)]


def test_a_fifth_free_response_without_a_future_frame_is_refused() -> None:
    thugs = {f"thug{n}": sheet(character_type="non_superpowered",
                               attributes={"dexterity": 9 - n}) for n in (1, 2, 3)}
    w = World(hero=sheet(), foe=sheet(attributes={"dexterity": 14}), **thugs)
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"],
                        villains=["foe", *thugs]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [9, 1])  # heroes win 4
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="hero", activity="pass"))
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))
    # the foe's four WC2 blows: each dodge borrows one of next round's frames (L60, L101)
    for attacker in ("foe",) * 4 + ("thug1", "thug1", "thug2", "thug2"):
        w.run(c.Strike(campaign_id=CID, character_id=attacker, target_id="hero",
                       encounter_id="fight"), [15])
        w.run(c.Respond(campaign_id=CID, character_id="hero", encounter_id="fight",
                        response="dodge", full_dodge=False), [3, 1, 1, 1])
    assert w.encounter().borrowed["hero"] == 4 and w.encounter().free_responses["hero"] == 4
    w.run(c.Strike(campaign_id=CID, character_id="thug3", target_id="hero",
                   encounter_id="fight"), [15])
    before = len(w.log)
    with pytest.raises(DomainError) as err:
        w.run(c.Respond(campaign_id=CID, character_id="hero", encounter_id="fight",
                        response="dodge"), [3])
    assert (err.value.field, err.value.rule) == ("response", "golden-heroes.free-responses L101")
    assert len(w.log) == before
    # taking the blow needs no frame
    w.run(c.Respond(campaign_id=CID, character_id="hero", encounter_id="fight"), [1, 1, 1])


def test_personal_force_fields_absorb_and_break() -> None:
    ff = {"power": "force_field", "grade": 2, "choice": "personal_force_shield,personal_force_wall",
          "rolled": {"barrier_htk": 10, "shield_absorbs": 14, "wall_htk": 17}}
    w = World(hero=sheet(attributes={"strength": 20}), foe=sheet(powers=[ff]))
    with pytest.raises(DomainError) as err:
        w.run(c.RaiseForceField(campaign_id=CID, character_id="foe",
                                field="personal_force_barrier"))
    assert err.value.rule == "golden-heroes.force-field L206"  # not a chosen type
    w.run(c.RaiseForceField(campaign_id=CID, character_id="foe", field="personal_force_shield"))
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [15])
    # fist 2d6 = 6+5 HTC +5 (Strength 20), 1d6-6 = 0 HTK: the shield's 4d6 (14) takes HTK
    # first, then HTC (L207)
    res = respond(w, [6, 5, 6])
    assert ("personal force shield absorbs 14 (L207)", 2, 0) in [
        (s.step, s.htc, s.htk) for s in res.steps] and res.htc_taken == 2
    w.run(c.RaiseForceField(campaign_id=CID, character_id="foe", field="personal_force_shield",
                            up=False))
    w.run(c.RaiseForceField(campaign_id=CID, character_id="foe", field="personal_force_wall"))
    ev = strike(w, [15], attack="weapon", weapon="hand_hurled_penetrative", to_htk=5)
    assert ev.defence_class == 10  # fields are DC10 when attacked (L206)
    # 1d6 HTC, 2d6+3+5 = 20 HTK is more than the wall's 17: it breaks, the rest dissipates
    res = respond(w, [2, 6, 6])
    assert res.field_destroyed == "personal_force_wall" and res.htc_taken == res.htk_taken == 0
    assert w.sheet("foe").fields_up == []


def test_autoparry_absorbs_the_objects_destroy_htk_even_an_energy_attack() -> None:
    w = World(hero=sheet(powers=[{"power": "energy_attack"}]), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"],
                        villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [9, 1])
    strike(w, [12], encounter_id="fight", attack="energy_attack", energy_htc_dice=3,
           energy_htk_dice=3)
    # a paving slab, Size 4: Destroy HTK 8 (L72-L74); not in hand: 2 future frames (L113)
    res = w.run(c.Respond(campaign_id=CID, character_id="foe", encounter_id="fight",
                          response="autoparry", object_size=4), [4, 4, 4, 1, 1, 1])
    data = msgspec.convert(res[0].data, c.AttackResolved)
    # 3d6 = 12 HTC and 3d6 = 3 HTK; the slab takes the 3 HTK first, then 5 HTC (L103, L113)
    assert ("autoparry (L113): 8", 7, 0) in [(s.step, s.htc, s.htk) for s in data.steps]
    assert data.htc_taken == 7 and res[1].data["slots"] == [1, 2]
    with pytest.raises(DomainError) as err:
        w.run(c.Respond(campaign_id=CID, character_id="foe", response="parry",
                        parry_mode="melee_other"))
    assert err.value.rule == "golden-heroes.response L79"  # nothing waits now


def test_fast_recovery_heals_each_action_and_others_may_not() -> None:
    w = World(hero=sheet(htc=10, powers=[{"power": "health", "choice": "fast_recovery"}]),
              foe=sheet(htc=10))
    ev = w.run(c.Recover(campaign_id=CID, character_id="hero", period="action"), [4])[0].data
    assert ev["htc"] == 14  # 1d6 + 0 a action (L209)
    with pytest.raises(DomainError) as err:
        w.run(c.Recover(campaign_id=CID, character_id="foe", period="action"))
    assert err.value.rule == "golden-heroes.fast-recovery L209"


def test_standing_firm_and_a_power_attack_critical() -> None:
    target = st.GoldenHeroesSheet(powers=[st.PowerHeld(power="strength", grade=2)])
    assert damage.pushback_threshold(target, True, False) == 30  # 20 + 5 a grade (L115)
    assert damage.pushback_threshold(target, False, True) == 5  # off balance -15 (L89)
    # a power-attack critical (d10 3, L87) takes 2 more off both dividers: DC4 becomes 0/1
    w = World(hero=sheet(), foe=sheet(powers=ARMOUR_1))
    ev = strike(w, [20, 3])
    assert ev.critical == "hit" and ev.critical_die == 3
    res = respond(w, [5, 5, 6])  # fist: 10 HTC, 0 HTK, undivided
    assert res.steps[-1].step == "dividers HTC/0 HTK/1 (L119)" and res.htc_taken == 10
    with pytest.raises(DomainError) as err:
        w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="hero"), [10])
        w.run(c.Respond(campaign_id=CID, character_id="hero", response="stand_firm"))
    assert err.value.rule == "golden-heroes.stand-firm L115"


def test_falls_a_die_each_for_every_complete_5_metres_up_to_20() -> None:
    assert falls.dice_for(20, False, True) == 4  # the Firefly's 20 m fall: 4d6 + 4d6 (L143)
    assert falls.dice_for(12, True, True) == 1  # a jump counts only beyond 5 m (L133)
    assert falls.dice_for(12, True, False) == 2
    assert falls.dice_for(500, False, True) == 20  # terminal velocity
    # Armour 3 (DC2: HTK/4, HTC/4) takes the dividers x3 in a fall (L133)
    w = World(foe=sheet(powers=[{"power": "armour", "grade": 3}]))
    res = msgspec.convert(w.run(c.Fall(campaign_id=CID, character_id="foe", metres=20),
                                [6, 6, 6, 6, 6, 6, 6, 6])[0].data, c.AttackResolved)
    assert res.steps[-1].step == "dividers HTC/12 HTK/12 (L119, L133)"
    assert (res.htc_taken, res.htk_taken) == (2, 2)


def test_hurling_an_object_needs_the_throw_strength() -> None:
    w = World(hero=sheet(attributes={"strength": 15}), foe=sheet())
    with pytest.raises(DomainError) as err:
        strike(w, [10], attack="weapon", weapon="hand_hurled_concussive", object_size=4)
    assert err.value.rule == "golden-heroes.throw L72-L74"  # a safe needs Strength 16
    w = World(hero=sheet(attributes={"strength": 51}), foe=sheet())
    strike(w, [10], attack="weapon", weapon="hand_hurled_concussive", object_size=11)
    # a heavy lorry (Size 11, Throw 51): dodged at -2 (L103)
    assert "dodge-2" in w.sheet("foe").pending_attack.tags  # type: ignore[union-attr]


def test_the_rounding_and_fall_readings_are_campaign_options() -> None:
    assert damage.glancing(damage.Damage(7, 0)) == damage.Damage(4, 0)  # 3 off (decision #5)
    assert damage.glancing(damage.Damage(7, 0), "up") == damage.Damage(3, 0)
    assert damage.falls(10, 4, 11) and not damage.falls(10, 4, 11, "under_dexterity")
    opts = GOLDEN_HEROES.validate_options({})
    assert (opts["glancing_rounding"], opts["pushback_fall"]) == ("down", "over_dexterity")
    with pytest.raises(DomainError) as err:
        GOLDEN_HEROES.validate_options({"pushback_fall": "sideways"})
    assert err.value.field == "options.pushback_fall"
    # through a command: the glancing blow of 2d6 = 7 HTC, 1d6-6 = 0 HTK on DC 6
    w = World(options={"glancing_rounding": "up"}, hero=sheet(), foe=sheet())
    strike(w, [15])
    # 6 + 1 - 2 = 5: glancing, or a full dodge for a frame, declined here (L101)
    res = respond(w, [6, 3, 4, 1], response="dodge", full_dodge=False)
    assert res.response_result == "glancing" and res.htc_taken == 3  # 7 less 4, rounded up


def test_the_weapon_types_own_weapons_bullwhip_smg_laser_blaster() -> None:
    """L131: the Bull-whip is -2 to strike; L132: SMG dodged at -1; Laser WC2, dodged at -2,
    parried as energy, -1 to both dividers; Blaster WC2, parried as energy, -2 to dividers."""
    thug = sheet(character_type="non_superpowered", weapon_class=0)
    w = World(thug=thug, foe=sheet())
    spec = {"attack": "weapon", "weapon": "light_projectile"}
    forms = {v: attacks.form(w.sheet("thug"), c.StrikeSpec(**spec, variant=v))  # type: ignore[arg-type]
             for v in ("smg", "laser", "blaster")}
    assert [(f.weapon_class, f.dodge_modifier, f.parry_row, f.divider_reduction)
            for f in forms.values()] == [(0, -1, "missile_lp", 0), (2, -2, "hp_ea", 1),
                                         (2, 0, "hp_ea", 2)]
    ev = strike(w, [10], character_id="thug", attack="weapon", weapon="one_handed_concussive",
                variant="bullwhip")
    assert [(m.source, m.value) for m in ev.modifiers] == [("bull-whip (L131)", -2)]
    with pytest.raises(DomainError) as err:
        strike(w, [10], character_id="thug", attack="weapon", weapon="light_projectile",
               variant="bullwhip")
    assert (err.value.field, err.value.rule) == ("variant", "golden-heroes.weapons L131")
    # the dodge against a laser carries its -2 (L132): 1d6 6 + 1 (DC6) - WC2 - 2 = 3, glancing
    strike(w, [15], character_id="thug", attack="weapon", weapon="light_projectile",
           variant="laser")
    res = respond(w, [6, 3, 2, 2], response="dodge")
    assert (res.response_total, res.response_result) == (3, "glancing")
