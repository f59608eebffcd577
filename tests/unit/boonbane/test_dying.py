"""The scripted fight and the Fate-roll chain, decided and folded without I/O (L31-L42, L59-L65)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import AttackRoll, FateRoll, TakeDamage
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"


def _step(states: dict[str, Any], cid: str, cmd: msgspec.Struct, faces: list[int]
          ) -> dict[str, Any]:
    dice = ScriptedDice(faces)
    [ev] = BOONBANE.decide(cmd, states, {}, dice)
    assert dice.remaining == 0 and BOONBANE.reread(ev.type, ev.data, dice.drawn) == []
    states[f"character:{cid}"] = BOONBANE.evolve(states[f"character:{cid}"], ev.type, ev.data)
    return ev.data


def test_scripted_fight_pc_through_disabled_three_rounds_and_npc_to_death() -> None:
    states = {"character:pc": BOONBANE.validate_sheet({"health": 10}, {}),
              "character:npc": BOONBANE.validate_sheet({"kind": "npc", "health": 8}, {})}

    def pc() -> dict[str, Any]:
        sheet: dict[str, Any] = states["character:pc"]
        return sheet

    def hit(cid: str, amount: int, **extra: Any) -> dict[str, Any]:
        return _step(states, cid, TakeDamage(campaign_id=C, character_id=cid, amount=amount,
                                             **extra), [])

    assert hit("pc", 5)["injured"] is True  # 5 of 10 (L68)
    assert hit("pc", 5)["life_state"] == "disabled"  # Damage equals Health (L61, L65)
    assert BOONBANE.derived(pc(), {})["incapacitated"] is True
    with pytest.raises(DomainError) as err:  # disabled is defenseless, which forbids actions
        BOONBANE.decide(AttackRoll(campaign_id=C, character_id="pc", target_id="npc"), states, {},
                        ScriptedDice([]))
    assert err.value.rule == "boonbane.defenseless L279"
    for face, rounds in ((2, 1), (5, 2)):  # 2-5: nothing changes (L37)
        ev = _step(states, "pc", FateRoll(campaign_id=C, character_id="pc"), [face])
        assert (ev["life_state"], pc()["disabled_rounds"]) == ("disabled", rounds)
    ev = _step(states, "pc", FateRoll(campaign_id=C, character_id="pc"), [3, 2])
    # the third consecutive disabled round: unconscious 1d3 (2) hours, heal 1, impaired (L38)
    assert (ev["outcome"], ev["d3"], pc()["damage"], pc()["life_state"]) == (
        "three disabled rounds L38", 2, 9, "active")
    assert {a["name"] for a in pc()["afflictions"]} == {"prone", "unconscious", "impaired"}
    with pytest.raises(DomainError) as err:
        BOONBANE.decide(FateRoll(campaign_id=C, character_id="pc"), states, {}, ScriptedDice([6]))
    assert err.value.rule == "boonbane.fate L34 L41"
    assert hit("npc", 5)["life_state"] == "active"
    ev = hit("npc", 3, npc_outcome="die")  # the GM's choice for a non-player creature (L64)
    assert (ev["life_state"], ev["cause"]) == ("dead", "died L64")


def test_fate_bands_for_disabled_and_dying() -> None:
    base = BOONBANE.validate_sheet({"health": 4}, {})
    states = {"character:x": base}
    _step(states, "x", TakeDamage(campaign_id=C, character_id="x", amount=3), [])
    _step(states, "x", TakeDamage(campaign_id=C, character_id="x", amount=1), [])
    disabled = dict(states["character:x"])
    ev = _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [1])
    assert ev["life_state"] == "dying"  # L35; dying characters are unconscious (L40)
    assert BOONBANE.derived(states["character:x"], {})["defense"] == 5
    assert _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [4])["life_state"] == "dying"
    assert _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [6])["life_state"] == (
        "disabled")  # L42
    assert _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [1])["life_state"] == "dying"
    assert _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [1])["life_state"] == "dead"
    states["character:x"] = disabled
    ev = _step(states, "x", FateRoll(campaign_id=C, character_id="x"), [6])
    assert (ev["life_state"], ev["healed"], states["character:x"]["damage"]) == ("active", 1, 3)
    assert {a["name"] for a in states["character:x"]["afflictions"]} == {"prone", "impaired"}


def test_the_fate_chain_matches_the_digest_p_dead_19_of_89() -> None:
    """Built from the rules' own transitions for each face: P(death from just disabled) (§2)."""
    base = BOONBANE.validate_sheet({"health": 4, "damage": 4, "life_state": "disabled"}, {})
    def key(sheet: dict[str, Any]) -> str:
        s = sheet["life_state"]
        return f"D{sheet['disabled_rounds']}" if s == "disabled" else s
    trans: dict[str, list[tuple[Fraction, str]]] = {}
    starts = {"D0": base, "D1": {**base, "disabled_rounds": 1}, "D2": {**base, "disabled_rounds": 2},
              "dying": {**base, "life_state": "dying"}}
    for name, sheet in starts.items():
        trans[name] = []
        for face in range(1, 7):
            [ev] = BOONBANE.decide(FateRoll(campaign_id=C, character_id="x"),
                                   {"character:x": sheet}, {}, ScriptedDice([face, 1]))
            trans[name].append((Fraction(1, 6), key(BOONBANE.evolve(sheet, ev.type, ev.data))))
    # P(dead | state), exactly: given a guess g for D0, solve dying, D2, D1 then D0 in turn (each
    # state's self-loop divided out); the result is linear in g, so its fixed point is exact
    def pass_from(g: Fraction) -> Fraction:
        p: dict[str, Fraction] = {"dead": Fraction(1), "active": Fraction(0), "D0": g}
        for s in ("dying", "D2", "D1", "D0"):
            stay = sum((q for q, t in trans[s] if t == s), Fraction(0))
            rest = sum((q * p[t] for q, t in trans[s] if t != s), Fraction(0))
            p[s] = rest / (1 - stay)
        return p["D0"]
    alpha, beta = pass_from(Fraction(0)), pass_from(Fraction(1)) - pass_from(Fraction(0))
    assert alpha / (1 - beta) == Fraction(19, 89)
