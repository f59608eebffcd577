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
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes_world import World, sheet

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
