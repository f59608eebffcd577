"""Travel skills (L1076-1198) without I/O: each mode's characteristic and dice, the two-bane
rider, calamities by mode, Unreliable devices, automatic successes, device statistics."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Repair, StartEncounter, TravelCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.sheet import load, mitigation
from domain.rulesets.wish.travel import BY_SKILL, MODES, SKILLS, triangular
from tests.unit.wish.builders import build_sheet, states


def flyer(skill: str, mode: str, ranks: int = 0, **kw: Any) -> dict[str, Any]:
    cat = skill.split(" (")[0]
    return build_sheet(skills={skill: {"characteristic": SKILLS[cat].characteristic,
                                       "kind": "travel", "mode": mode, "ranks": ranks}}, **kw)


def run(st: dict[str, Any], cmd: Any, faces: list[int]) -> tuple[dict[str, Any], list[Any]]:
    st = dict(st)
    dice = ScriptedDice(faces)
    events = WISH.decide(cmd, st, {}, dice)
    assert dice.remaining == 0
    for e in events:
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st, events


def check(skill: str, **kw: Any) -> TravelCheck:
    return TravelCheck(campaign_id="c", character_id="hero", skill=skill, **kw)


def data(events: list[Any], type_: str) -> dict[str, Any]:
    [found] = [e.data for e in events if e.type == type_]
    out: dict[str, Any] = found
    return out


def test_every_mode_of_the_seed_is_listed_with_its_line() -> None:
    """L1100-1198: six Superflight, five Superleap, five Supercommuter, seven Superrunning and
    six Teleportation modes."""
    assert {s: len(m) for s, m in BY_SKILL.items()} == {
        "Superflight": 6, "Superleap": 5, "Supercommuter": 5, "Superrunning": 7,
        "Teleportation": 6}
    assert all(1100 <= m.line <= 1198 for m in MODES)
    assert {s.name: s.rider for s in SKILLS.values()} == {
        "Superflight": "fatigue", "Superleap": "fatigue", "Supercommuter": "stress",
        "Superrunning": "fatigue", "Teleportation": "stress"}  # L1098, L1118, L1140, L1160, L1184


def test_winged_flight_is_strength_based_and_gains_a_die_diving_L1104() -> None:
    """L1104: 'your Superflight is Strength based. You gain [a die] when diving'."""
    st = states(hero=flyer("Superflight (Winged)", "Winged", characteristics={"str": 3}))
    _, events = run(st, check("Superflight (Winged)", purpose="dive"), [8, 8, 8, 1])
    rolled = data(events, "wish.CheckRolled")["check"]
    assert (rolled["characteristic"], rolled["pool"]) == ("str", {"CHR": 3, "FRT": 1})
    _, aloft = run(st, check("Superflight (Winged)", purpose="aloft"), [8, 8, 8, 8])
    assert data(aloft, "wish.CheckRolled")["check"]["pool"] == {"CHR": 3, "CHL": 1}


def test_two_banes_cost_a_fatigue_on_superleap_L1118() -> None:
    """L1118: 'On Superleap checks two banes cause a character to suffer 1 fatigue'."""
    st = states(hero=flyer("Superleap (Strong Legs)", "Strong Legs"))
    # Str 2 (L1124), 1 challenge (bane bane), Strong Legs' other-check misfortune die
    after, events = run(st, check("Superleap (Strong Legs)", difficulty=1), [1, 1, 6, 1])
    assert data(events, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "CHL": 1, "MIS": 1}
    assert data(events, "wish.Exerted") == {"fatigue": 1, "cause": "Superleap two banes L1118"}
    assert after["character:hero"]["fatigue"] == 1


def test_tesseract_calamities_cost_1_3_6_grit_L1170() -> None:
    """L1170: 'a single calamity causes you to lose 1 Grit, a double calamity causes you to lose
    3 Grit, a triple calamity causes you to lose 6 Grit'."""
    assert [triangular(n) for n in (1, 2, 3, 4)] == [1, 3, 6, 10]  # L1188: 1, 3, 6, 10 Wounds
    st = states(hero=flyer("Superrunning (Tesseract)", "Tesseract"))
    after, events = run(st, check("Superrunning (Tesseract)", difficulty=2), [1, 1, 1, 1, 1])
    assert data(events, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "CHL": 2, "FRT": 1}
    assert data(events, "wish.TravelResolved")["calamity_effect"] == {"grit": 3}
    assert after["character:hero"]["grit_lost"] == 3


def test_an_unreliable_device_breaks_on_two_calamities_until_repaired_L1196() -> None:
    """L1196 Fluxipacitor: 'Unreliable: 2, meaning two or more calamities indicate the device is
    broken and cannot be used again until repaired'."""
    skill = "Teleportation (Fluxipacitor)"
    st = states(hero=flyer(skill, "Fluxipacitor"))
    after, events = run(st, check(skill, difficulty=2), [1, 1, 1, 1, 1])
    assert data(events, "wish.TravelResolved")["device_broken"] is True
    assert after["character:hero"]["travel_broken"] == [skill]
    with pytest.raises(DomainError) as err:
        run(after, check(skill), [])
    assert err.value.rule == "wish.travel.teleportation.fluxipacitor L1196"
    fixed, _ = run(after, Repair(campaign_id="c", character_id="hero", device=skill), [])
    assert fixed["character:hero"]["travel_broken"] == []


def test_blur_has_automatic_successes_in_combat_only_L1176() -> None:
    """L1176: 'if you have acquired and trained Superrunning (Blur) once you have two automatic
    successes'; 'You can only use Superrunning (Blur) in Combat Mode'."""
    st = states(hero=flyer("Superrunning (Blur)", "Blur", ranks=1, experience=16))
    with pytest.raises(DomainError) as err:
        run(st, check("Superrunning (Blur)"), [])
    assert (err.value.field, err.value.rule) == ("encounter_id", "wish.travel.superrunning.blur L1176")
    st, _ = run(st, StartEncounter(campaign_id="c", encounter_id="fight", participants=["hero"]), [])
    _, events = run(st, check("Superrunning (Blur)", encounter_id="fight"), [])
    assert data(events, "wish.TravelResolved")["automatic_successes"] == 2
    assert WISH.derived(st["character:hero"], {})["travel"]["Superrunning (Blur)"][
        "automatic_successes"] == 2


def test_dematerialization_adds_expertise_each_with_misfortune_L1188() -> None:
    """L1188: 'You may add a # of [expertise dice] equal to the number of times you have trained
    ... but for each you add you also add [a misfortune die]'."""
    skill = "Teleportation (Dematerialization)"
    st = states(hero=flyer(skill, "Dematerialization", ranks=2, experience=16))
    _, events = run(st, check(skill, dematerialize=2), [1] * 8)
    assert data(events, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "EXP": 4, "MIS": 2}
    with pytest.raises(DomainError) as err:
        run(st, check(skill, dematerialize=3), [])
    assert err.value.field == "dematerialize"


def test_travel_devices_have_the_seeds_statistics_L1110_L1146() -> None:
    """L1110 Rocket-man: 'DEF equal to Character Rank, Soak equal to (10 + the # of times ...
    trained), and Wounds equal to (5 + Character Rank)'; L1146 Supersteed: DEF Rank, Soak
    8 + trained, Wounds 10 + Rank."""
    rocket = flyer("Superflight (Rocket-man)", "Rocket-man", ranks=1, experience=20)  # Rank 2
    assert WISH.derived(rocket, {})["travel"]["Superflight (Rocket-man)"]["device"] == {
        "defense": 2, "soak": 11, "wounds": 7}
    steed = flyer("Supercommuter (Supersteed)", "Supersteed", ranks=1, experience=20)
    row = WISH.derived(steed, {})["travel"]["Supercommuter (Supersteed)"]
    assert (row["characteristic"], row["device"]) == ("fel", {"defense": 2, "soak": 9,
                                                              "wounds": 12})


def test_mode_refusals_happenstance_levitation_and_no_mode_L1084_L1106_L1148() -> None:
    """L1148 Happenstance: 'There is no combat application'; L1106 Levitation: 'if your
    Willpower becomes distressed you cannot fly'; L1084 a mode is picked on acquisition."""
    st = states(hero=flyer("Supercommuter (Happenstance)", "Happenstance"))
    st, _ = run(st, StartEncounter(campaign_id="c", encounter_id="f", participants=["hero"]), [])
    with pytest.raises(DomainError) as err:
        run(st, check("Supercommuter (Happenstance)", encounter_id="f"), [])
    assert err.value.rule == "wish.travel.supercommuter.happenstance L1148"
    lev = states(hero=flyer("Superflight (Levitation)", "Levitation", stress=3))
    with pytest.raises(DomainError) as err:
        run(lev, check("Superflight (Levitation)"), [])
    assert err.value.rule == "wish.travel.superflight.levitation L1106"
    custom = states(hero=flyer("Superflight (Soaring)", "Soaring"))  # GM-approved, L1092
    with pytest.raises(DomainError) as err:  # a TravelCheck needs a listed mode's rules
        run(custom, check("Superflight (Soaring)"), [])
    assert err.value.rule == "wish.travel.superflight L1084"


def test_acrobatic_react_is_a_check_vs_average_L1126() -> None:
    """L1126: 'as a React with Recharge (0) you may make a Superleap check vs Average (2d)
    difficulty and if successful you are not knocked back or prone'."""
    skill = "Superleap (Acrobatic)"
    st = states(hero=flyer(skill, "Acrobatic"))
    st, _ = run(st, StartEncounter(campaign_id="c", encounter_id="f", participants=["hero"]), [])
    with pytest.raises(DomainError) as err:
        run(st, check(skill, purpose="react"), [])
    assert err.value.field == "encounter_id"
    _, events = run(st, check(skill, purpose="react", encounter_id="f"), [8, 8, 8, 8, 6])
    # Ag 2, Average = 2 challenge dice, Acrobatic's other-check fortune die (row 32)
    assert data(events, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "CHL": 2, "FRT": 1}


def test_blur_react_grants_1_defense_until_the_next_turn_and_recharges_2_L1176() -> None:
    """L1176: 'as a React with Recharge (2) you may ... relocate yourself to a location within
    Close range ... and gain +1 DEF until your next Beginning of Turn phase'."""
    from contracts.rulesets.wish import EndTurn, StartTurn

    skill = "Superrunning (Blur)"
    st = states(hero=flyer(skill, "Blur"))
    st, _ = run(st, StartEncounter(campaign_id="c", encounter_id="f", participants=["hero"]), [])
    st, _ = run(st, check(skill, purpose="react", encounter_id="f"), [])
    hero = st["character:hero"]
    assert [(x["name"], x["duration"]) for x in hero["conditions"]] == [("Warded", "contingent")]
    assert mitigation(load(hero), "defense") == 1 and hero["travel_recharge"] == {skill: 2}
    with pytest.raises(DomainError) as err:
        run(st, check(skill, purpose="react", encounter_id="f"), [])
    assert err.value.rule == "wish.travel.superrunning.blur L1176, L510"
    turn = {"campaign_id": "c", "encounter_id": "f", "character_id": "hero"}
    st, _ = run(st, StartTurn(**turn), [])
    assert st["character:hero"]["conditions"] == []  # the +1 DEF ends as the turn begins
    st, _ = run(st, EndTurn(**turn), [])
    assert st["character:hero"]["travel_recharge"] == {skill: 1}


def test_dirt_dive_spends_a_fortune_and_leaves_the_encounter_L1150() -> None:
    """L1150 Underground: 'in Combat mode if you are on the ground you can spend 1 fortune
    point to "Dirt Dive" as a React to leave the encounter entirely'."""
    skill = "Supercommuter (Underground)"
    st = states(hero=flyer(skill, "Underground"), foe=build_sheet())
    st, _ = run(st, StartEncounter(campaign_id="c", encounter_id="f",
                                   participants=["hero", "foe"]), [])
    st, _ = run(st, check(skill, purpose="react", encounter_id="f"), [])
    assert st["character:hero"]["fortune"] == 1
    assert st["encounter:f"]["participants"] == ["foe"]


def test_gliding_never_suffers_fatigue_L1112() -> None:
    """L1112 Gliding: 'you never suffer fatigue from Gliding'; an Offensive die's exertion
    (L13, L18) costs a Winged flyer 1 fatigue but a glider none."""
    for mode, fatigue in (("Gliding", 0), ("Up and away", 1)):
        skill = f"Superflight ({mode})"
        st = states(hero=flyer(skill, mode, stance={"position": 1}))
        # a characteristic die (blank) and an Offensive die (face 6: success and exertion)
        after, _ = run(st, check(skill, purpose="dive"), [1, 6])
        assert after["character:hero"]["fatigue"] == fatigue, mode


def test_superrunning_calamity_is_severe_fatigue_by_default_L1160() -> None:
    """L1160: 'calamities generally indicate a loss of control or severe fatigue (suffer 3
    fatigue)'; option superrunning_calamity "gm" leaves the reading to the GM."""
    skill = "Superrunning (Sliding)"
    st = states(hero=flyer(skill, "Sliding"))
    after, events = run(st, check(skill, difficulty=1), [8, 8, 1])  # S S, a calamity
    assert data(events, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "CHL": 1}
    assert data(events, "wish.Exerted") == {"fatigue": 3, "cause": "Superrunning calamity L1160"}
    assert data(events, "wish.TravelResolved")["calamity_effect"] == {"fatigue": 3}
    assert after["character:hero"]["fatigue"] == 3
    gm = WISH.decide(check(skill, difficulty=1), st, {"superrunning_calamity": "gm"},
                     ScriptedDice([8, 8, 1]))
    assert [e.type for e in gm if e.type == "wish.Exerted"] == []
    assert data(gm, "wish.TravelResolved")["calamity_effect"] == {
        "indicates": SKILLS["Superrunning"].calamity}
    _, calm = run(st, check(skill, difficulty=1), [8, 8, 8])  # no calamity, no fatigue
    assert data(calm, "wish.TravelResolved")["calamity_effect"] == {}


def test_gate_allocations_double_its_size_or_keep_it_open_L1192() -> None:
    """L1192: 'A Gate typically stays open for 1 Round ... allocate boons or extra successes
    from your check on a 1:1 basis to put Recharge tokens on a Gate to keep it open longer. A
    Gate is typically big enough for 2 people ... allocate ... on a 1:1 basis to double the
    size'. Int 4: three successes and a boon, so 1 + 2 extra successes = 3 allocations."""
    skill = "Teleportation (Gate)"
    st = states(hero=flyer(skill, "Gate", characteristics={"int": 4}))
    _, events = run(st, check(skill, gate_doublings=1), [8, 8, 8, 4])
    done = data(events, "wish.TravelResolved")
    assert done["gate_allocations"] == 3
    assert done["gate"] == {"doublings": 1, "recharge_tokens": 2, "rounds": 3, "people": 4}
    _, greedy = run(st, check(skill, gate_doublings=9), [8, 8, 8, 4])  # at most 3 doublings
    assert data(greedy, "wish.TravelResolved")["gate"] == {
        "doublings": 3, "recharge_tokens": 0, "rounds": 1, "people": 16}
    other = states(hero=flyer("Superrunning (Fleet)", "Fleet"))
    with pytest.raises(DomainError) as err:
        run(other, check("Superrunning (Fleet)", gate_doublings=1), [])
    assert err.value.field == "gate_doublings"
