"""Attack riders from conditions, Ignited's End of Turn order, and evolve's totality."""

from __future__ import annotations

from typing import Any

from contracts.rulesets.wish import AddCondition, Attack, EndTurn, StartEncounter, StartTurn
from domain.dice import ScriptedDice
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(faces or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def test_attack_pool_takes_defense_and_target_conditions_L184_L1439_L1501() -> None:
    foe = build_sheet(
        defense=1,
        conditions=[
            {"id": "x", "name": "Exposed", "tokens": 2},  # attackers add a fortune die
            {"id": "p", "name": "Protected", "tokens": 2},  # attackers add a challenge die
        ],
    )
    st = states(hero=build_sheet(), foe=foe)
    cmd = Attack(campaign_id="c", character_id="hero", target_id="foe", characteristic="str")
    ev = WISH.decide(cmd, st, {}, ScriptedDice([1, 1, 8, 1, 1]))
    assert ev[0].data["check"]["pool"] == {"CHR": 2, "CHL": 1, "FRT": 1, "MIS": 1}


def test_thunderstruck_adds_one_damage_and_hidden_ends_on_attack_L1457_L1502() -> None:
    hero = build_sheet(conditions=[{"id": "h", "name": "Hidden", "tokens": 3}])
    foe = build_sheet(conditions=[{"id": "t", "name": "Thunderstruck", "tokens": 3}])
    st = run(
        states(hero=hero, foe=foe),
        Attack(campaign_id="c", character_id="hero", target_id="foe", characteristic="str"),
        [8, 1],
    )
    # Str 2 + 1 net success + 1 Thunderstruck = 4 Wounds (no Soak)
    assert st["character:foe"]["wounds_lost"] == 4
    assert st["character:hero"]["conditions"] == []


def test_ignited_ticks_then_burns_at_end_of_turn_D21() -> None:
    st = states(hero=build_sheet(characteristics={"to": 5}))
    st = run(st, StartEncounter(campaign_id="c", encounter_id="e", participants=["hero"]))
    st = run(st, AddCondition(campaign_id="c", character_id="hero", name="Ignited", tokens=3))
    burnt = [st["character:hero"]["wounds_lost"]]
    for _ in range(3):
        st = run(st, StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
        st = run(st, EndTurn(campaign_id="c", encounter_id="e", character_id="hero"))
        st["encounter:e"]["acted"] = []  # next round, without the EndRound ceremony
        burnt.append(st["character:hero"]["wounds_lost"])
    assert burnt == [3, 5, 6, 6]  # 3 on application, then 2, 1, 0: six in all
    assert st["character:hero"]["conditions"] == []


def test_evolve_is_total() -> None:
    s = build_sheet()
    assert WISH.evolve(s, "wish.NoSuchEvent", {}) == s
    assert WISH.evolve(s, "wish.StanceSet", {"nonsense": 1}) == s
    assert WISH.evolve(None, "wish.TurnEnded", {"character_id": "x"}) is None


def test_every_decided_command_is_on_the_wire_and_every_wire_command_is_decided() -> None:
    from contracts.commands import ENVELOPES
    from contracts.rulesets.wish import COMMANDS
    from domain.rulesets.wish.decide import HANDLERS

    assert set(COMMANDS) == set(HANDLERS.commands())
    assert {t for t in ENVELOPES if t.startswith("wish.")} == set(WISH.command_types)
