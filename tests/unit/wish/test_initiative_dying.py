"""Initiative (digest G-7; L449, L1456, L1499), dying (G-3; L196, L206-208) and Charge
(L451, G-2) without I/O."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    AddCondition,
    Charge,
    EndRound,
    EndTurn,
    RollInitiative,
    SetSeparation,
    Stabilize,
    StartEncounter,
    StartTurn,
    TakeBasicAction,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None,
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    st = dict(st)
    dice = ScriptedDice(faces or [])
    for e in WISH.decide(cmd, st, options or {}, dice):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    assert dice.remaining == 0
    return st


def fight(**sheets: dict[str, Any]) -> dict[str, Any]:
    st = states(**sheets)
    return run(st, StartEncounter(campaign_id="c", encounter_id="f", participants=list(sheets)))


def turn(cid: str) -> dict[str, str]:
    return {"campaign_id": "c", "encounter_id": "f", "character_id": cid}


def test_initiative_orders_superteam_slots_by_the_check_G7() -> None:
    """G-7: one slot per character, ordered by an initiative check; any member of a side may
    use the side's next open slot. Ag 2 each: a hits twice, b and c not at all."""
    st = fight(a=build_sheet(), b=build_sheet(), c=build_sheet())
    st = run(st, RollInitiative(campaign_id="c", encounter_id="f",
                                sides={"a": "heroes", "b": "villains", "c": "heroes"}),
             [8, 8, 1, 1, 1, 1])
    tracker = st["encounter:f"]["initiative"]
    assert [(s["side"], s["net_successes"]) for s in tracker] == [
        ("heroes", 2), ("villains", 0), ("heroes", 0)]
    with pytest.raises(DomainError) as err:
        run(st, StartTurn(**turn("b")))
    assert err.value.rule == "wish.initiative G-7"
    st = run(st, StartTurn(**turn("c")))  # any hero may take the heroes' slot
    assert st["encounter:f"]["turn"]["slot"] == 0
    st = run(run(st, EndTurn(**turn("c"))), StartTurn(**turn("b")))
    st = run(run(st, EndTurn(**turn("b"))), StartTurn(**turn("a")))
    st = run(run(st, EndTurn(**turn("a"))), EndRound(campaign_id="c", encounter_id="f"))
    assert not any(s["used"] for s in st["encounter:f"]["initiative"])


def test_shift_moves_the_slot_to_the_top_and_delayed_takes_the_bottom_L449_L1456() -> None:
    """L449 Shift: 'move their initiative maker into the topmost position ... (it's available
    for use on the next Turn)'; L1456 Delayed: 'you must take the bottom most initiative tracker
    available for your superteam ... move it down one step'."""
    st = fight(a=build_sheet(), b=build_sheet())
    st = run(st, RollInitiative(campaign_id="c", encounter_id="f",
                                sides={"a": "heroes", "b": "villains"}), [8, 8, 8, 1])
    st = run(run(run(st, StartTurn(**turn("a"))), EndTurn(**turn("a"))), StartTurn(**turn("b")))
    st = run(st, TakeBasicAction(**turn("b"), action="Shift"))
    assert [s["side"] for s in st["encounter:f"]["initiative"]] == ["villains", "heroes"]
    st = run(run(st, EndTurn(**turn("b"))), EndRound(campaign_id="c", encounter_id="f"))
    with pytest.raises(DomainError):
        run(st, StartTurn(**turn("a")))  # the villains' slot is on top now
    # two heroes, one Delayed: the Delayed one must wait for the heroes' bottom slot
    st = fight(a=build_sheet(), c=build_sheet())
    st = run(st, AddCondition(campaign_id="c", character_id="a", name="Delayed", tokens=3))
    st = run(st, RollInitiative(campaign_id="c", encounter_id="f",
                                sides={"a": "heroes", "c": "heroes"}), [8, 8, 1, 1])
    with pytest.raises(DomainError) as err:
        run(st, StartTurn(**turn("a")))
    assert err.value.rule == "wish.condition.delayed L1456"
    st = run(run(st, StartTurn(**turn("c"))), EndTurn(**turn("c")))
    st = run(st, StartTurn(**turn("a")))
    assert st["encounter:f"]["turn"]["slot"] == 1


def test_free_order_option_refuses_rolling_initiative_G7() -> None:
    st = fight(a=build_sheet())
    with pytest.raises(DomainError) as err:
        run(st, RollInitiative(campaign_id="c", encounter_id="f", sides={"a": "x"}),
            options={"initiative": "free"})
    assert err.value.field == "encounter_id"


def test_no_bleed_out_by_default_and_bleeding_criticals_with_the_option_G3_L196_L208() -> None:
    """L196: 'A character who is at 0 Wounds is unconscious and in danger of dying'; L208:
    'greater than their Toughness rating in criticals, they die'. Default (G-3): no bleed-out."""
    down = build_sheet(wounds_lost=12)  # threshold 10 + To 2 = 12 (L192)
    st = fight(a=build_sheet(), down=down)
    d = WISH.derived(st["character:down"], {})
    assert (d["dying"], d["bleeding"], d["criticals_to_death"]) == (True, False, 3)
    after = run(st, EndRound(campaign_id="c", encounter_id="f"))
    assert after["character:down"]["criticals"] == []
    with pytest.raises(DomainError) as err:
        run(st, EndRound(campaign_id="c", encounter_id="f"), options={"dying": "bleed_out"})
    assert err.value.field == "participants"
    bleed = {"dying": "bleed_out"}
    assert WISH.derived(st["character:down"], bleed)["bleeding"] is True
    for _ in range(3):
        st = run(st, EndRound(campaign_id="c", encounter_id="f", participants=["a", "down"]),
                 options=bleed)
    assert len(st["character:down"]["criticals"]) == 3
    assert WISH.derived(st["character:down"], bleed)["dead"] is True  # 3 > To 2


def test_first_aid_stabilizes_a_bleeding_character_G3_G4() -> None:
    bleed = {"dying": "bleed_out"}
    st = fight(medic=build_sheet(), down=build_sheet(wounds_lost=12))
    with pytest.raises(DomainError):
        run(st, Stabilize(campaign_id="c", character_id="medic", target_id="down"))
    # First Aid (Int 2): two successes
    st = run(st, Stabilize(campaign_id="c", character_id="medic", target_id="down"), [8, 8],
             options=bleed)
    assert st["character:down"]["stabilized"] is True
    st = run(st, EndRound(campaign_id="c", encounter_id="f", participants=["medic", "down"]),
             options=bleed)
    assert st["character:down"]["criticals"] == []


def test_charge_engages_pays_a_fatigue_then_strikes_L451() -> None:
    """L451 Charge: 'an extra maneuver to engage an opponent and then make a Melee Strike,
    though not without cost' (G-2: 1 fatigue); a Push, one step closer to Offensive."""
    st = fight(a=build_sheet(), b=build_sheet())
    st = run(st, SetSeparation(campaign_id="c", encounter_id="f", character_id="a",
                               target_id="b", maneuvers=2))
    st = run(st, StartTurn(**turn("a")))
    with pytest.raises(DomainError) as err:
        run(st, Charge(**turn("a"), target_id="b"))
    assert err.value.rule == "wish.basic_action.charge L451"
    st = run(st, SetSeparation(campaign_id="c", encounter_id="f", character_id="a",
                               target_id="b", maneuvers=1))
    # Melee Skill (Str 2) against Defense 0: two blanks, a miss
    st = run(st, Charge(**turn("a"), target_id="b"), [1, 1])
    assert st["character:a"]["fatigue"] == 1
    assert st["encounter:f"]["separations"] == {"a|b": 0}
    assert st["character:a"]["stance"]["position"] == 1
    assert st["encounter:f"]["turn"]["actions"] == 1


def test_a_side_with_nobody_left_to_act_does_not_hold_the_tracker_G7() -> None:
    """G-7: a side's next open slot is for its members; once every one of them has had its turn
    or left the encounter (a travel React's ``wish.ParticipantLeft``, L1168-1198), its open
    slot no longer stops the other side's turns (before: "the next slot is superteam
    'heroes''s" until the GM ended the Round)."""
    st = fight(a=build_sheet(), b=build_sheet(), c=build_sheet())
    st = run(st, RollInitiative(campaign_id="c", encounter_id="f",
                                sides={"a": "heroes", "b": "villains", "c": "heroes"}),
             [8, 8, 1, 1, 8, 8])  # a 2, b 0, c 2: heroes, heroes, villains
    st = run(run(st, StartTurn(**turn("a"))), EndTurn(**turn("a")))
    st["encounter:f"] = WISH.evolve(st["encounter:f"], "wish.ParticipantLeft",
                                    {"character_id": "c", "cause": "Teleport"})
    st = run(st, StartTurn(**turn("b")))
    assert st["encounter:f"]["turn"]["slot"] == 2
