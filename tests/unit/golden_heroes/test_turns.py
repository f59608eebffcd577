"""Golden Heroes: nobody blocks a side's turn, each character keeps its own frames (no I/O).

L42: "Characters with only 2 or 3 Frames per Round use them in the last 2 or 3 Frames,
respectively, of their sides turn. They can do nothing in the first Frame(s)."
L51-L52: "Those superpowered characters with the highest Dexterity are the first on their side
to act; those with lower Dexterity, next; and any character with 2 or 3 Frames per Round act
last of all and then only in the correspondingly last Frames of their sides turn."
L123: "Stunned characters cannot move. Any attacks they attempt suffer a Strike Modifier of -5
and they have only 2 Frames per round until they have recovered." and "Staggered characters
have all their forms of Movement halved".
"""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES, frames
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"
FIGHT = {"campaign_id": CID, "encounter_id": "fight"}


def act(w: World, who: str, activity: str) -> list[int]:
    ev = w.run(c.Act(**FIGHT, character_id=who, activity=activity))[0]  # type: ignore[arg-type]
    return list(ev.data["slots"])


def stunned_side() -> World:
    # "stunned": HTC 4 of 40, at most a tenth (L123); quick has the best Dexterity
    return World(quick=sheet(attributes={"dexterity": 18}, htc=4),
                 mate=sheet(attributes={"dexterity": 12}), foe=sheet())


def test_a_stunned_hero_has_two_frames_and_acts_after_its_teammates() -> None:
    w = stunned_side()
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "mate"], villains=["foe"]))
    ini = c.InitiativeRolled(**w.run(c.RollInitiative(**FIGHT), [9, 1])[0].data)
    assert ini.frames["quick"] == 2 and ini.frames["mate"] == 4  # "only 2 Frames" (L123)
    # part 1, 4 frames won: the teammate is not held up by the stunned hero (L51-L52)
    assert act(w, "mate", "action") == [1, 2]
    assert act(w, "mate", "action") == [3, 4]
    # the stunned hero acts in the last 2 frames of its side's turn (L42, L123)
    assert act(w, "quick", "action") == [3, 4]


def test_a_stunned_hero_keeps_its_teammates_frames_when_the_villains_win() -> None:
    w = stunned_side()
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "mate"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [1, 9])  # the villains win 4 frames
    w.run(c.Act(**FIGHT, character_id="foe", activity="pass"))
    w.run(c.EndPhase(**FIGHT))
    # part 2: all of the heroes' frames; the teammate gets its 4 (L46), not 0, and the stunned
    # hero, with 2 frames, acts last of all in the last 2 (L42, L52)
    assert act(w, "mate", "frame") == [1]
    assert act(w, "mate", "action") == [2, 3]
    assert act(w, "mate", "frame") == [4]
    assert act(w, "quick", "frame") == [3]
    assert act(w, "quick", "frame") == [4]


def test_pass_gives_up_the_turn_even_for_a_stunned_hero() -> None:
    w = World(quick=sheet(attributes={"dexterity": 18}, htc=4),
              slow=sheet(attributes={"dexterity": 9}, htc=4), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "slow"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [9, 1])
    assert act(w, "quick", "pass") == [3, 4]  # its turn is given up, its frames with it
    assert act(w, "slow", "action") == [3, 4]


def test_an_unconscious_hero_does_not_hold_up_its_side() -> None:
    w = World(out=sheet(attributes={"dexterity": 18}, htc=0),
              mate=sheet(attributes={"dexterity": 12}), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["out", "mate"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [9, 1])
    assert act(w, "mate", "action") == [1, 2]


def test_stunned_in_the_fight_by_damage_counts_for_the_side_at_once() -> None:
    # a blow leaves quick stunned mid-round: from then on it is a 2-frame character (L123)
    w = World(quick=sheet(attributes={"dexterity": 18}, htc=10),
              mate=sheet(attributes={"dexterity": 12}), foe=sheet(attributes={"dexterity": 18}))
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "mate"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [1, 9])  # the villains win 4 frames
    w.run(c.Strike(**FIGHT, character_id="foe", target_id="quick"), [15])
    # no response; a fist, 2d6 HTC (3 + 3) and 1d6-6 HTK (L131): 4 HTC left of 40, stunned
    w.run(c.Respond(**FIGHT, character_id="quick"), [3, 3, 1])
    assert w.sheet("quick").htc == 4
    enc = w.encounter()
    assert enc.frames["quick"] == 2
    assert next(x for x in enc.combatants if x.character_id == "quick").condition == "stunned"
    w.run(c.Act(**FIGHT, character_id="foe", activity="pass"))
    w.run(c.EndPhase(**FIGHT))
    assert act(w, "mate", "action") == [1, 2]


def test_recovered_from_stunned_out_of_the_fight_gives_the_frames_back() -> None:
    # "until they have recovered" (L123): a Recover (no fight named) ends it for the fight too
    w = World(quick=sheet(attributes={"dexterity": 18, "vigour": 10}, htc=4), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["quick"], villains=["foe"]))
    w.run(c.Recover(campaign_id=CID, character_id="quick", period="round"), [6])
    assert w.sheet("quick").htc == 10  # 4 + 1d6 (6) + Vigour 10's 0 (L122-L123)
    ini = c.InitiativeRolled(**w.run(c.RollInitiative(**FIGHT), [9, 1])[0].data)
    assert ini.frames["quick"] == 4


def test_the_read_shows_two_frames_and_the_movement_of_the_states() -> None:
    opts = GOLDEN_HEROES.validate_options({})
    fine = GOLDEN_HEROES.derived(sheet(), opts)
    staggered = GOLDEN_HEROES.derived(sheet(htc=8), opts)  # a fifth of 40 (L123)
    stunned = GOLDEN_HEROES.derived(sheet(htc=4), opts)  # a tenth of 40 (L123)
    assert fine["frames_per_round"] == 4 and fine["movement"] == 5  # (10+10+10)/6 (L10)
    assert staggered["frames_per_round"] == 4 and staggered["movement"] == 2  # halved, down
    assert stunned["frames_per_round"] == 2 and stunned["movement"] == 0  # cannot move
    assert staggered["normal_movement"] == 5


def test_a_fight_that_has_a_fighters_condition_wrong_is_set_right() -> None:
    # a sheet made stunned without the fight hearing of it (a retcon, a fight begun before
    # conditions were noted): the next command reading both puts it right (L123)
    w = World(quick=sheet(attributes={"dexterity": 18}),
              mate=sheet(attributes={"dexterity": 12}), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "mate"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [9, 1])
    w.states["character:quick"] = {**w.states["character:quick"], "htc": 4}
    events = w.run(c.Act(**FIGHT, character_id="quick", activity="frame"))
    assert events[0].data["slots"] == [3]  # its own sheet says stunned: the last 2 (L123)
    assert [e.data["condition"] for e in events[1:]] == ["stunned"]
    assert w.encounter().frames["quick"] == 2
    assert act(w, "mate", "action") == [1, 2]


def test_the_stunned_cannot_move_so_neither_charge_nor_half_frame() -> None:
    # "Stunned characters cannot move" (L123): a charge needs a move first (L77), a half frame
    # "can only be used for Movement" (L48)
    w = World(quick=sheet(htc=4, powers=[{"power": "speed"}]), foe=sheet())
    w.run(c.StartCombat(**FIGHT, heroes=["quick"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [9, 1])
    err = refused(w, c.Strike(**FIGHT, character_id="quick", target_id="foe", charge="speed"))
    assert (err.field, err.rule) == ("charge", "golden-heroes.stunned L123")
    err = refused(w, c.Act(**FIGHT, character_id="quick", activity="half_frame"))
    assert (err.field, err.rule) == ("activity", "golden-heroes.stunned L123")


def test_carrying_a_lifted_object_moves_at_the_staggered_half() -> None:
    # Movement (16 + 12 + 12) / 6 = 7 (L10), staggered: 3 (L123); a safe, lifted at full
    # Movement with Strength 16 (L72-L74)
    w = World(hero=sheet(attributes={"strength": 16, "dexterity": 12, "vigour": 12}, htc=8),
              stunned=sheet(attributes={"strength": 16}, htc=4))
    ev = w.run(c.Lift(campaign_id=CID, character_id="hero", object_size=4))[0]
    assert (ev.data["moves"], ev.data["movement_metres"]) == ("full_movement", 3)
    ev = w.run(c.Lift(campaign_id=CID, character_id="stunned", object_size=4))[0]
    assert ev.data["movement_metres"] == 0


def test_every_form_of_movement_is_halved_when_staggered() -> None:
    opts = GOLDEN_HEROES.validate_options({})
    flyer = GOLDEN_HEROES.derived(sheet(htc=8, powers=[{"power": "flight", "grade": 1},
                                                       {"power": "speed"}]), opts)
    # Flight grade 1: 15 m a frame (L203); Speed doubles Movement a grade (L270-L271)
    assert (flyer["flight_speed"], flyer["combat_movement"], flyer["swim"]) == (7, 4, 0)


def test_a_stunned_character_borrows_at_most_its_two_frames_of_next_round() -> None:
    # "At most, a character can only use up in advance their remaining Frames for the current
    # Round plus all their Frames for the next Round" (L54, L60): 2 next round when stunned
    w = stunned_side()
    w.run(c.StartCombat(**FIGHT, heroes=["quick", "mate"], villains=["foe"]))
    w.run(c.RollInitiative(**FIGHT), [1, 9])
    assert frames.next_round_frames(w.encounter(), "quick") == 2
    assert frames.next_round_frames(w.encounter(), "mate") == 4
