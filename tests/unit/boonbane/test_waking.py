"""Unconscious for 1d3 hours and waking (L38, L64; digest D-8, D-13) and the Misfire jam (L128),
decided without I/O."""

from __future__ import annotations

from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import AttackRoll, FateRoll, Heal, TakeDamage
from contracts.rulesets.boonbane.play import PassTime, RepairWeapon
from domain.dice import ScriptedDice
from domain.errors import StateConflict
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"


def _run(states: dict[str, Any], cid: str, cmd: msgspec.Struct, faces: list[int],
         options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    dice = ScriptedDice(faces)
    events = BOONBANE.decide(cmd, states, options or {}, dice)
    assert dice.remaining == 0
    for ev in events:
        states[f"character:{cid}"] = BOONBANE.evolve(states[f"character:{cid}"], ev.type, ev.data)
    return [{"type": ev.type, **ev.data} for ev in events]


def _names(states: dict[str, Any], cid: str) -> list[tuple[str, int | None, int | None]]:
    return [(a["name"], a.get("hours"), a.get("rounds"))
            for a in states[f"character:{cid}"]["afflictions"]]


def _three_disabled_rounds(d3: int) -> dict[str, Any]:
    states = {"character:pc": BOONBANE.validate_sheet({"health": 10}, {})}
    for amount in (9, 1):  # not at once: 10 at once would kill (L28)
        _run(states, "pc", TakeDamage(campaign_id=C, character_id="pc", amount=amount), [])
    for face in (3, 4):  # Fate 2-5: no change (L37)
        _run(states, "pc", FateRoll(campaign_id=C, character_id="pc"), [face])
    # the third such round: unconscious 1d3 hours, heal 1, impaired 1 minute (L38)
    [fate] = _run(states, "pc", FateRoll(campaign_id=C, character_id="pc"), [5, d3])
    assert fate["d3"] == d3 and fate["outcome"] == "three disabled rounds L38"
    return states


def test_l38_records_the_d3_hours_on_the_sheet_and_holds_the_impaired_minute() -> None:
    states = _three_disabled_rounds(3)
    sheet = states["character:pc"]
    assert sheet["damage"] == 9 and sheet["life_state"] == "active"
    assert ("unconscious", 3, None) in _names(states, "pc")
    impaired = [a for a in sheet["afflictions"] if a["name"] == "impaired"]
    assert impaired == [{"name": "impaired", "source": "1 minute from waking L38",
                         "rounds": None, "hours": None, "starts_on_waking": True}]


def test_time_counts_the_hours_down_and_waking_starts_the_impaired_minute() -> None:
    states = _three_disabled_rounds(3)
    [ev] = _run(states, "pc", PassTime(campaign_id=C, character_id="pc", hours=2), [])
    assert ev["woke"] is False and ("unconscious", 1, None) in _names(states, "pc")
    [ev] = _run(states, "pc", PassTime(campaign_id=C, character_id="pc", hours=1), [])
    assert ev["woke"] is True and ev["healed"] == 0  # L38 healed its 1 at once (D-8)
    names = _names(states, "pc")
    assert all(n != "unconscious" for n, _, _ in names)
    assert ("impaired", None, 6) in names  # 1 minute = 6 rounds (D-17), from waking
    assert states["character:pc"]["damage"] == 9


def test_an_eight_hour_rest_wakes_the_sleeper_before_it_heals() -> None:
    states = _three_disabled_rounds(2)
    passed, healed = _run(states, "pc", Heal(campaign_id=C, character_id="pc", rest_hours=8), [])
    assert passed["type"] == "boonbane.TimePassed" and passed["woke"] is True
    # healing rate: a quarter of Health 10, so 2 (L55-L58); 9 - 2 = 7 (L93)
    assert healed["healed"] == 2 and states["character:pc"]["damage"] == 7


def test_an_unconscious_npc_heals_one_on_waking_d13() -> None:
    states = {"character:npc": BOONBANE.validate_sheet({"kind": "npc", "health": 8}, {})}
    _run(states, "npc", TakeDamage(campaign_id=C, character_id="npc", amount=7), [])
    [taken] = _run(states, "npc", TakeDamage(campaign_id=C, character_id="npc", amount=1,
                                             npc_outcome="unconscious"), [2])
    assert taken["d3"] == 2 and ("unconscious", 2, None) in _names(states, "npc")
    [ev] = _run(states, "npc", PassTime(campaign_id=C, character_id="npc", hours=2), [])
    assert ev["woke"] is True and ev["healed"] == 1 and ev["life_state"] == "active"
    assert states["character:npc"]["damage"] == 7
    # the option npc_wake_heal changes the amount (D-13)
    states = {"character:npc": BOONBANE.validate_sheet({"kind": "npc", "health": 8}, {})}
    _run(states, "npc", TakeDamage(campaign_id=C, character_id="npc", amount=7), [])
    _run(states, "npc", TakeDamage(campaign_id=C, character_id="npc", amount=1,
                                   npc_outcome="unconscious"), [1])
    [ev] = _run(states, "npc", PassTime(campaign_id=C, character_id="npc", hours=5), [],
                {"npc_wake_heal": 0})
    assert ev["woke"] is True and ev["healed"] == 0 and ev["life_state"] == "active"


def test_an_even_misfire_jams_the_weapon_until_repaired_l128() -> None:
    states = {"character:a": BOONBANE.validate_sheet({"health": 10}, {}),
              "character:t": BOONBANE.validate_sheet({}, {})}
    shot = AttackRoll(campaign_id=C, character_id="a", target_id="t", misfire=True,
                      weapon="musket", situations=["charged"])
    # d20 3, bane die 4: total -1; misfire d6 4, even: jammed (L128)
    [roll] = _run(states, "a", shot, [3, 4, 4])
    assert roll["jammed"] is True and roll["weapon"] == "musket"
    assert states["character:a"]["jammed_weapons"] == ["musket"]
    with pytest.raises(StateConflict) as err:
        BOONBANE.decide(shot, states, {}, ScriptedDice([]))
    assert (err.value.field, err.value.rule) == ("weapon", "boonbane.misfire L128")
    # another weapon still attacks
    _run(states, "a", AttackRoll(campaign_id=C, character_id="a", target_id="t",
                                 weapon="sword"), [15])
    _run(states, "a", RepairWeapon(campaign_id=C, character_id="a", weapon="musket"), [])
    assert states["character:a"]["jammed_weapons"] == []
    with pytest.raises(StateConflict):
        BOONBANE.decide(RepairWeapon(campaign_id=C, character_id="a", weapon="musket"),
                        states, {}, ScriptedDice([]))
