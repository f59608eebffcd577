"""Golden Heroes initiative, the three-part round, activity times and borrowing (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import frames
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"


def start(w: World, heroes: list[str], villains: list[str], faces: list[int] | None = None,
          surprised: list[str] | None = None) -> None:
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=heroes, villains=villains,
                        surprised=surprised or []), faces)


def initiative(w: World, faces: list[int]) -> c.InitiativeRolled:
    ev = w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), faces)[0]
    return c.InitiativeRolled(**ev.data)


def act(w: World, who: str, activity: str) -> list[int]:
    ev = w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id=who,
                     activity=activity))[0]  # type: ignore[arg-type]
    return list(ev.data["slots"])


def end_phase(w: World) -> None:
    w.run(c.EndPhase(campaign_id=CID, encounter_id="fight"))


@pytest.mark.parametrize(("difference", "won"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3),
                                                 (6, 3), (7, 4), (9, 4)])
def test_initiative_results_table(difference: int, won: int) -> None:
    # INITIATIVE RESULTS (L44-L45): 1 or 2 -> 1 frame ... 7 or more -> 4
    assert frames.frames_won(difference) == won


def test_equal_initiative_rolls_are_rolled_again() -> None:
    w = World(hero=sheet(), foe=sheet())
    start(w, ["hero"], ["foe"])
    ev = initiative(w, [4, 4, 9, 2])  # 4-4 ties (L43), then 9 against 2: difference 7
    assert ev.rolls == [[4, 4], [9, 2]] and ev.winner == "heroes" and ev.frames_won == 4


def test_frame_slots_are_the_last_of_the_sides_turn() -> None:
    # L42: a character with 2 or 3 frames uses the last 2 or 3 of its side's turn
    assert frames.owned_slots(4) == [1, 2, 3, 4]
    assert frames.owned_slots(3) == [2, 3, 4]
    assert frames.owned_slots(2) == [3, 4]


def test_round_sequence_winners_opposition_winners() -> None:
    w = World(hero=sheet(), foe=sheet(),
              thug=sheet(character_type="non_superpowered", attributes={"dexterity": 8}))
    start(w, ["hero"], ["foe", "thug"])
    initiative(w, [7, 4])  # difference 3: the heroes win 2 frames (L44-L45)
    assert act(w, "hero", "action") == [1, 2]  # phase 1: the winners' 2 won frames
    with pytest.raises(DomainError) as err:
        act(w, "hero", "frame")
    assert err.value.rule == "golden-heroes.frames L41-L42"
    with pytest.raises(DomainError) as err:
        act(w, "foe", "frame")  # the opposition waits for part 2 (L46)
    assert err.value.rule == "golden-heroes.round-sequence L46-L47"
    end_phase(w)
    assert act(w, "foe", "frame") == [1]  # part 2: all of the opposition's frames
    assert act(w, "foe", "action") == [2, 3]
    assert act(w, "foe", "frame") == [4]
    assert act(w, "thug", "action") == [3, 4]  # a 2-frame thug has only slots 3 and 4
    end_phase(w)
    assert act(w, "hero", "action") == [3, 4]  # part 3: the winners' remaining frames
    end_phase(w)
    assert w.encounter().phase == 0  # the round is over: roll initiative again


def test_an_action_cannot_straddle_an_odd_won_frame_and_the_odd_frame_may_be_delayed() -> None:
    w = World(hero=sheet(), foe=sheet())
    start(w, ["hero"], ["foe"])
    initiative(w, [6, 5])  # difference 1: 1 frame won
    with pytest.raises(DomainError) as err:
        act(w, "hero", "action")  # an action must not be interrupted by other frames (L41)
    assert err.value.rule == "golden-heroes.frames L41-L42"
    assert act(w, "hero", "delay") == []  # the odd frame waits until after the opposition (L46)
    end_phase(w)
    end_phase(w)
    assert act(w, "hero", "frame") == [1]  # the delayed frame comes first in part 3
    assert act(w, "hero", "action") == [2, 3]


def test_order_inside_a_side_is_by_dexterity_and_speed_goes_first() -> None:
    w = World(quick=sheet(attributes={"dexterity": 18}), slow=sheet(attributes={"dexterity": 9}),
              fast=sheet(attributes={"dexterity": 5}, powers=[{"power": "speed"}]), foe=sheet())
    start(w, ["slow", "quick"], ["foe"])
    initiative(w, [9, 1])
    with pytest.raises(DomainError) as err:
        act(w, "slow", "frame")
    assert err.value.rule == "golden-heroes.order L51-L52"
    act(w, "quick", "pass")
    act(w, "slow", "frame")
    order = frames.acting_order([
        st.Combatant(character_id="quick", side="heroes", frames=4, dexterity=18),
        st.Combatant(character_id="fast", side="heroes", frames=4, dexterity=5, speed=True)])
    assert order == ["fast", "quick"]  # Speed acts first regardless of Dexterity (L270)


def test_equal_dexterity_is_broken_by_a_d20_rolled_again_while_equal() -> None:
    w = World(a=sheet(), b=sheet(), foe=sheet())
    start(w, ["a", "b"], ["foe"], faces=[7, 7, 3, 12])
    enc = w.encounter()
    assert [x.tiebreak for x in enc.combatants if x.side == "heroes"] == [3, 12]


def test_half_frames_need_speed_and_two_make_a_frame() -> None:
    w = World(fast=sheet(powers=[{"power": "speed"}]), foe=sheet())
    start(w, ["fast"], ["foe", ])
    initiative(w, [10, 1])
    assert act(w, "fast", "half_frame") == []  # half a move (L48)
    assert act(w, "fast", "frame") == [2]  # a punch between the two halves
    assert act(w, "fast", "half_frame") == [1]  # the half frame completes slot 1 (L48, L271)
    w2 = World(hero=sheet(), foe=sheet())
    start(w2, ["hero"], ["foe"])
    initiative(w2, [10, 1])
    with pytest.raises(DomainError) as err:
        act(w2, "hero", "half_frame")
    assert err.value.rule == "golden-heroes.half-frame L48"


def test_acting_before_initiative_is_refused() -> None:
    w = World(hero=sheet(), foe=sheet())
    start(w, ["hero"], ["foe"])
    with pytest.raises(DomainError) as err:
        act(w, "hero", "frame")
    assert err.value.rule == "golden-heroes.initiative L43"


def test_critical_misses_and_off_balance_hits_cost_the_next_frames() -> None:
    w = World(hero=sheet(), foe=sheet(), thug=sheet(character_type="non_superpowered",
                                                   attributes={"dexterity": 8}))
    start(w, ["hero"], ["foe", "thug"])
    initiative(w, [9, 1])  # the heroes win 4 frames
    events = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                            encounter_id="fight"), [1, 1])  # natural 1, d10 1: lose balance
    lost = [e.data for e in events if e.data.get("activity") == "recovering"]
    assert lost and lost[0]["slots"] == [2]  # the next frame is spent recovering (L91)
    assert act(w, "hero", "frame") == [3]
    # knocked off balance (critical hit 8, L89): the target's next frame after its response
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                   encounter_id="fight"), [20, 8])
    events = w.run(c.Respond(campaign_id=CID, character_id="foe", encounter_id="fight"),
                   [1, 1, 1])
    assert [e.data["slots"] for e in events[1:]] == [[], [1]]
    end_phase(w)
    w.run(c.Act(campaign_id=CID, encounter_id="fight", character_id="foe", activity="pass"))
    events = w.run(c.Strike(campaign_id=CID, character_id="thug", target_id="hero",
                            encounter_id="fight"), [1])
    # a non-superpowered critical miss loses the next action (L84): slot 4, then next round
    assert (events[-1].data["slots"], events[-1].data["next_round"]) == ([4], 1)


def test_a_charge_hits_harder_and_costs_the_next_frame() -> None:
    w = World(hero=sheet(powers=[{"power": "speed"}]), foe=sheet())
    start(w, ["hero"], ["foe"])
    initiative(w, [9, 1])
    events = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                            encounter_id="fight", charge="speed"), [15])
    assert [e.data["slots"] for e in events if "slots" in e.data] == [[1], [2]]  # L77
    pending = w.sheet("foe").pending_attack
    assert pending is not None
    # 2d6+6 HTC and 1d6 HTK, +4 for Speed's charge (L77, L271)
    assert (pending.htc_dice, pending.htc_plus, pending.htk_dice, pending.damage_modifier) == (
        2, 6, 1, 4)
    with pytest.raises(DomainError) as err:
        w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe", charge="leaping"))
    assert err.value.rule == "golden-heroes.charge L221"
