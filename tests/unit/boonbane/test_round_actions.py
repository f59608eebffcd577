"""Distract (L157-L160), Prepare (L204-L208) and Feint (L168-L171) as round effects, decided
and folded without I/O."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from contracts.rulesets.boonbane import AttackRoll, ChallengeRoll
from contracts.rulesets.boonbane import play as p
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"
E: Final = "e"


def _run(states: dict[str, Any], cmd: msgspec.Struct, faces: list[int]) -> list[dict[str, Any]]:
    dice = ScriptedDice(faces)
    events = BOONBANE.decide(cmd, states, {}, dice)
    assert dice.remaining == 0
    for ev in events:
        states[ev.stream] = BOONBANE.evolve(states.get(ev.stream), ev.type, ev.data)
    return [{"type": ev.type, **ev.data} for ev in events]


def _table() -> dict[str, Any]:
    states: dict[str, Any] = {f"character:{c}": BOONBANE.validate_sheet({"kind": "npc"}, {})
                              for c in ("a", "b")}
    _run(states, p.StartEncounter(campaign_id=C, encounter_id=E, participants=[
        p.Participant(character_id="a"), p.Participant(character_id="b")]), [])
    _run(states, p.TakeTurn(campaign_id=C, encounter_id=E, character_id="a", turn="fast"), [])
    return states


def _sources(events: list[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    [made] = [e for e in events if e["type"] == "boonbane.RollMade"]
    return {s["line"]: (s["boons"], s["banes"]) for s in made["sources"]}


def test_distract_success_gives_the_targets_next_roll_two_banes() -> None:
    states = _table()
    # Int 10 vs Int 10: d20 10 meets 10, a success (L159)
    _run(states, p.Distract(campaign_id=C, encounter_id=E, character_id="a", target_id="b"), [10])
    # the target's next roll: d20 15, two bane dice 3 and 5, the highest subtracted (L160)
    events = _run(states, ChallengeRoll(campaign_id=C, character_id="b", stat="will"), [15, 3, 5])
    assert _sources(events) == {"L160": (0, 2)}
    assert events[0]["total"] == 10
    assert states["character:b"]["round_effects"] == []  # used up


def test_a_failed_distract_adds_nothing() -> None:
    states = _table()
    events = _run(states, p.Distract(campaign_id=C, encounter_id=E, character_id="a",
                                     target_id="b"), [9])
    assert [e["type"] for e in events] == ["boonbane.ActionUsed", "boonbane.RollMade"]


def test_prepare_boon_only_on_the_triggered_roll() -> None:
    states = _table()
    _run(states, p.Prepare(campaign_id=C, encounter_id=E, character_id="a", trigger="b moves"), [])
    events = _run(states, AttackRoll(campaign_id=C, encounter_id=E, character_id="a",
                                     target_id="b", use="triggered"), [8, 4])
    assert _sources(events) == {"L207": (1, 0)} and events[-1]["total"] == 12


def test_feint_lasts_through_the_next_round_for_its_target_only() -> None:
    states = _table()
    # Agi 10 vs Perception 10: d20 12 succeeds (L170)
    _run(states, p.Feint(campaign_id=C, encounter_id=E, character_id="a", target_id="b"), [12])
    _run(states, p.EndRound(campaign_id=C, encounter_id=E, participants=["a", "b"]), [])
    assert [e["kind"] for e in states["character:a"]["round_effects"]] == ["feinting"]
    _run(states, p.EndRound(campaign_id=C, encounter_id=E, participants=["a", "b"]), [])
    assert states["character:a"]["round_effects"] == []  # gone at the end of the next round


def test_guarded_gives_the_next_attack_on_the_guarders_defense_a_bane_this_round() -> None:
    states = _table()
    # a's Guarded attack: 1 bane on it (L200): d20 12, bane die 1: 11 >= 10
    events = _run(states, AttackRoll(campaign_id=C, encounter_id=E, character_id="a",
                                     target_id="b", situations=["guarded"]), [12, 1])
    assert [e["kind"] for e in states["character:a"]["round_effects"]] == ["guarded"]
    # b's attack on a's Intellect is not against Defense: no bane
    events = _run(states, AttackRoll(campaign_id=C, character_id="b", target_id="a",
                                     against="intellect"), [10])
    assert _sources(events) == {}
    # b's next attack on a's Defense has 1 bane, and uses the effect up
    events = _run(states, AttackRoll(campaign_id=C, character_id="b", target_id="a"), [10, 4])
    assert _sources(events) == {"L200": (0, 1)}
    assert [e["type"] for e in events] == ["boonbane.RollMade", "boonbane.RoundEffectUsed"]
    assert states["character:a"]["round_effects"] == []
    events = _run(states, AttackRoll(campaign_id=C, character_id="b", target_id="a"), [10])
    assert _sources(events) == {}


def test_unbalancing_makes_a_target_its_size_resist_with_agility_or_fall_prone() -> None:
    states = _table()
    _run(states, p.Defend(campaign_id=C, encounter_id=E, character_id="a"), [])
    # b's Unbalancing attack on the defending a: banes 1 (L203) + 1 (defending, L150): d20 15,
    # bane dice 2 and 3: 15 - 3 = 12 >= 10; a resists with Agi, 1 boon (L150): d20 6, boon 3
    events = _run(states, AttackRoll(campaign_id=C, character_id="b", target_id="a",
                                     situations=["unbalancing"]), [15, 2, 3, 6, 3])
    resist = events[1]
    assert resist["character_id"] == "a" and resist["stat"] == "agility"
    assert {s["line"]: s["boons"] for s in resist["sources"]} == {"L150": 1}
    assert resist["total"] == 9 and resist["success"] is False
    # the audit reads the attack's draws, the resist roll's among them, as the rules give
    attack = next(e for e in events if e["type"] == "boonbane.RollMade")
    data = {k: v for k, v in attack.items() if k != "type"}
    draws = [(20, 15), (6, 2), (6, 3), (20, 6), (6, 3)]
    assert attack["knocked"] == "L203"
    assert BOONBANE.reread("boonbane.RollMade", data, draws) == []
    assert BOONBANE.reread("boonbane.RollMade", {**data, "knocked": None}, draws) == [
        "draws beyond the roll's dice"]
    assert events[-1]["type"] == "boonbane.AfflictionAdded"
    assert [a["name"] for a in states["character:a"]["afflictions"]] == ["prone"]


def test_a_staggering_shot_needs_a_target_the_shooters_size_or_smaller() -> None:
    states = _table()
    states["character:b"] = BOONBANE.validate_sheet({"kind": "npc", "size": 2}, {})
    try:
        _run(states, AttackRoll(campaign_id=C, character_id="a", target_id="b",
                                situations=["staggering_shot"]), [])
    except StateConflict as err:
        assert err.rule == "boonbane.staggering-shot L218"
    else:
        raise AssertionError("a staggering shot at a larger target was not refused")


def test_a_driving_hit_moves_both_the_strength_modifier_in_yards() -> None:
    states = _table()
    states["character:a"] = BOONBANE.validate_sheet({"kind": "npc", "strength": 13}, {})
    # Str 13 (+3), Driving's bane (L199): d20 9, bane die 2: 9 + 3 - 2 = 10 hits Defense 10
    events = _run(states, AttackRoll(campaign_id=C, character_id="a", target_id="b",
                                     situations=["driving"]), [9, 2])
    assert events[-1]["type"] == "boonbane.Moved" and events[-1]["yards"] == 3
    events = _run(states, AttackRoll(campaign_id=C, character_id="a", target_id="b",
                                     situations=["driving"]), [8, 2])  # 9: a miss, no move
    assert [e["type"] for e in events] == ["boonbane.RollMade"]


def test_a_feint_or_a_shifting_hit_keeps_the_targets_free_attacks_off() -> None:
    states = _table()
    # a feints b for safe movement (L171): d20 12 meets Perception 10
    _run(states, p.Feint(campaign_id=C, encounter_id=E, character_id="a", target_id="b",
                         choice="safe_movement"), [12])
    free = AttackRoll(campaign_id=C, encounter_id=E, character_id="b", target_id="a",
                      use="triggered", free_attack=True)
    try:
        _run(states, free, [10])
    except StateConflict as err:
        assert err.rule == "boonbane.feint L171" and err.field == "free_attack"
    else:
        raise AssertionError("a free attack on the feinter was not refused")
    # through the end of the next round (digest D-37), then free attacks trigger again
    _run(states, p.EndRound(campaign_id=C, encounter_id=E, participants=["a", "b"]), [])
    assert [e["kind"] for e in states["character:a"]["round_effects"]] == ["feint_safe_movement"]
    _run(states, p.EndRound(campaign_id=C, encounter_id=E, participants=["a", "b"]), [])
    assert [e["type"] for e in _run(states, free, [10])][-1] == "boonbane.RollMade"
    # a free attack is a triggered action (L50)
    try:
        _run(states, AttackRoll(campaign_id=C, character_id="b", target_id="a",
                                free_attack=True), [])
    except DomainError as err:
        assert err.rule == "boonbane.free-attack L50"
    else:
        raise AssertionError("a free attack as the turn's action was not refused")


def test_a_shifting_hit_keeps_the_targets_free_attacks_off_this_round() -> None:
    states = _table()
    # a's Shifting attack (L202), 1 bane: d20 12, bane die 1: 11 hits Defense 10
    _run(states, AttackRoll(campaign_id=C, encounter_id=E, character_id="a", target_id="b",
                            situations=["shifting"]), [12, 1])
    try:
        _run(states, AttackRoll(campaign_id=C, encounter_id=E, character_id="b", target_id="a",
                                use="triggered", free_attack=True), [10])
    except StateConflict as err:
        assert err.rule == "boonbane.shifting L202"
    else:
        raise AssertionError("a free attack on the shifter was not refused")
