"""Basic Reacts (L437-441; digest G-2) without I/O: Brace, Parry, Dodge, Riposte."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Attack, React, SetSeparation, StartEncounter, StartTurn
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    dice = ScriptedDice(faces or [])
    for e in WISH.decide(cmd, st, {}, dice):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    assert dice.remaining == 0
    return st


def fight() -> dict[str, Any]:
    st = run(states(a=build_sheet(), b=build_sheet()),
             StartEncounter(campaign_id="c", encounter_id="f", participants=["a", "b"]))
    return run(st, StartTurn(campaign_id="c", encounter_id="f", character_id="a"))


def react(action: str, **kw: Any) -> React:
    return React(campaign_id="c", encounter_id="f", character_id="b", attacker_id="a",
                 action=action, **kw)  # type: ignore[arg-type]


HIT = Attack(campaign_id="c", character_id="a", target_id="b", encounter_id="f",
             skill="Melee Skill")


def test_brace_soaks_2_more_of_one_physical_attack_L438() -> None:
    """L438 Brace: 'grants a mild Soak bonus but only works vs physical attacks' (G-2: +2)."""
    plain = run(fight(), HIT, [8, 8])  # Str 2 + 2 net successes = 4 damage, Soak 0
    assert plain["character:b"]["wounds_lost"] == 4
    st = run(fight(), react("Brace"))
    assert st["character:b"]["react"]["action"] == "Brace"
    st = run(st, HIT, [8, 8])
    assert st["character:b"]["wounds_lost"] == 2 and st["character:b"]["react"] is None


def test_dodge_takes_its_net_successes_from_the_attack_L440() -> None:
    """L440 Dodge: 'Agility based attempt to avoid getting hit; works vs everything'."""
    st = run(fight(), react("Dodge"), [8, 8])  # Ag 2: two successes
    st = run(st, HIT, [8, 8])  # two successes, less the Dodge's two: no hit (D-1)
    assert st["character:b"]["wounds_lost"] == 0 and st["character:b"]["react"] is None


def test_parry_only_when_engaged_L439() -> None:
    """L439 Parry: 'only works vs opponents you are engaged with'."""
    st = fight()
    with pytest.raises(DomainError) as err:
        run(st, react("Parry"), [])
    assert err.value.rule == "wish.basic_action.parry L439"
    st = run(st, SetSeparation(campaign_id="c", encounter_id="f", character_id="a",
                               target_id="b", maneuvers=0))
    st = run(st, react("Parry"), [8, 1])  # Str 2: one success
    st = run(st, HIT, [8, 8])
    assert st["character:b"]["wounds_lost"] == 2 + 1  # Str 2 + (2 - 1) net


def test_riposte_counter_attacks_after_being_attacked_with_a_challenge_die_L441() -> None:
    """L441 Riposte: 'played after being attacked to attempt a counter attack. Challenging.'"""
    st = fight()
    with pytest.raises(DomainError) as err:
        run(st, react("Riposte"))
    assert err.value.rule == "wish.basic_action.riposte L441"
    st = run(st, HIT, [1, 1])  # a misses b
    st = run(st, react("Riposte"), [8, 8, 8])  # Ag 2 and 1 challenge die (blank)
    assert st["character:b"]["recent_checks"][-1]["kind"] == "attack"
    assert st["character:a"]["wounds_lost"] == 4  # Melee damage: Str 2 + 2 (G-2)
