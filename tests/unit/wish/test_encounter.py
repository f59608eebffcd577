"""A scripted encounter through WISH.decide/evolve, and the End of Turn phase."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    AddCondition,
    Attack,
    EndEncounter,
    EndRound,
    EndTurn,
    StartEncounter,
    StartTurn,
    TakeManeuver,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import DEFAULTS
from tests.unit.wish.builders import build_sheet, states


class Table:
    """Folds every decided event, as the platform would."""

    def __init__(self, st: dict[str, Any]) -> None:
        self.st = st
        self.log: list[Any] = []
        self.opts: dict[str, Any] = {}  # the campaign's options

    def do(self, cmd: Any, faces: list[int] | None = None) -> list[Any]:
        reads = {s: self.st.get(s) for s in WISH.streams_for(cmd)}
        events = WISH.decide(
            cmd, {k: v for k, v in reads.items() if v is not None}, self.opts,
            ScriptedDice(faces or [])
        )
        for e in events:
            self.st[e.stream] = WISH.evolve(self.st.get(e.stream), e.type, e.data)
        self.log.extend(events)
        return events

    def derived(self, cid: str) -> dict[str, Any]:
        return sheets.derived(sheets.load(self.st[f"character:{cid}"]), DEFAULTS)


def attack(who: str, target: str) -> Attack:
    return Attack(
        campaign_id="c", character_id=who, target_id=target, encounter_id="e", skill="Melee Skill"
    )


def turn(t: Table, who: str, cmd: Any = None, faces: list[int] | None = None) -> None:
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id=who))
    if cmd is not None:
        t.do(cmd, faces)
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id=who))


def test_two_characters_trade_blows_until_one_dies() -> None:
    # Hero Str 4 To 2 (12 Wounds); Foe Str 2 To 1 (11 Wounds, L192) with Soak 1.
    t = Table(
        states(
            hero=build_sheet(characteristics={"str": 4}),
            foe=build_sheet(characteristics={"to": 1}, soak=1),
        )
    )
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    assert WISH.streams_for(attack("hero", "foe")) == [
        "encounter:e",
        "character:hero",
        "character:foe",
    ]

    # Round 1. Hero: 4 characteristic dice (L137), all 8s: 4 successes. Melee damage
    # Str 4 + 4 net successes (digest G-2) = 8, less Soak 1 (L185) = 7 Wounds.
    turn(t, "hero", attack("hero", "foe"), [8, 8, 8, 8])
    assert t.derived("foe")["current_wounds"] == 4
    # Foe: 2 dice, both blank: no success, a miss (L522-524), no damage.
    turn(t, "foe", attack("foe", "hero"), [1, 1])
    assert t.derived("hero")["current_wounds"] == 12
    t.do(EndRound(campaign_id="c", encounter_id="e"))

    # Round 2. Hero: 2 successes -> 4 + 2 - 1 = 5: the last 4 Wounds, then 1 critical (L206).
    turn(t, "hero", attack("hero", "foe"), [8, 8, 1, 1])
    foe = t.derived("foe")
    assert foe["current_wounds"] == 0 and foe["unconscious"] and not foe["dead"]
    assert len(t.st["character:foe"]["criticals"]) == 1  # 1 = Toughness: still alive (L208)
    # The unconscious foe cannot attack: refused, with the rule, and nothing appended.
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    before = len(t.log)
    with pytest.raises(DomainError) as e:
        t.do(attack("foe", "hero"), [8, 8])
    assert "L196" in e.value.rule and len(t.log) == before
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))

    # Round 3. Hero: 1 success -> 4 + 1 - 1 = 4 more criticals; 5 > Toughness 1: dead (L208).
    turn(t, "hero", attack("hero", "foe"), [8, 1, 1, 1])
    foe_sheet = t.st["character:foe"]
    assert foe_sheet["wounds_lost"] == 11 and len(foe_sheet["criticals"]) == 5
    assert t.derived("foe")["dead"]
    assert t.derived("hero")["current_wounds"] == 12
    assert t.st["encounter:e"]["round"] == 3
    dmg = [e for e in t.log if e.type == "wish.DamageTaken"]
    assert [d.data["taken"] for d in dmg] == [7, 5, 4]
    assert dmg[-1].data["dead"] is True


def test_one_action_per_turn_and_extra_maneuvers_cost_fatigue_L380() -> None:
    t = Table(states(hero=build_sheet(), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    m = TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero", kind="movement")
    t.do(m)
    assert t.st["character:hero"]["fatigue"] == 0  # the free one
    t.do(m)
    t.do(m)
    assert t.st["character:hero"]["fatigue"] == 2  # 1 each after that
    t.do(attack("hero", "foe"), [1, 1])
    with pytest.raises(DomainError) as e:
        t.do(attack("hero", "foe"), [1, 1])
    assert "L380" in e.value.rule
    with pytest.raises(DomainError):
        t.do(EndRound(campaign_id="c", encounter_id="e"))  # hero's turn is still running


def test_end_of_turn_removes_recharge_and_ticks_brief_conditions_L510_L1393() -> None:
    hero = build_sheet(
        stunts={"Bash": {"rating": 3, "recharge_rating": 2, "recharge_tokens": 2}}, wounds_lost=3
    )
    t = Table(states(hero=hero))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero"]))
    t.do(AddCondition(campaign_id="c", character_id="hero", name="Exposed", tokens=5))
    t.do(AddCondition(campaign_id="c", character_id="hero", name="Exposed", tokens=3))
    t.do(AddCondition(campaign_id="c", character_id="hero", name="Metabolized", tokens=1))
    # Two Exposed instances, not one with 8 tokens (L1399)
    assert [c["tokens"] for c in t.st["character:hero"]["conditions"]] == [5, 3, 1]
    turn(t, "hero")
    s = t.st["character:hero"]
    assert s["stunts"]["Bash"]["recharge_tokens"] == 1
    assert [(c["name"], c["tokens"]) for c in s["conditions"]] == [("Exposed", 4), ("Exposed", 2)]
    assert s["wounds_lost"] == 2  # Metabolized regained 1 Wound before expiring (L1484)
    # the digest's End of Turn order (D-22): regeneration, recharge, Brief ticks
    assert [e.type for e in t.log[-4:]] == [
        "wish.Restored",
        "wish.RechargeTokensRemoved",
        "wish.ConditionsTicked",
        "wish.TurnEnded",
    ]


def test_encounter_conditions_do_not_stack_and_end_with_the_encounter_L1405_L1407() -> None:
    t = Table(states(hero=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero"]))
    add = AddCondition(campaign_id="c", character_id="hero", name="Shielded", duration="encounter")
    t.do(add)
    assert t.do(add)[0].type == "wish.ConditionIgnored"
    assert len(t.st["character:hero"]["conditions"]) == 1
    t.do(EndEncounter(campaign_id="c", encounter_id="e", participants=["hero"]))
    assert t.st["character:hero"]["conditions"] == []
