"""The Potential rules without I/O, against the seed's numbers and the digest's scenarios."""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
import pytest

from contracts.rulesets import potential as c
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.potential import POTENTIAL, damage, odds
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.options import parse_options

# The rules digest's exact model (section 2), copied beside this test as its oracle
ORACLE = Path(__file__).resolve().parent / "potential_dice.py"
OPTS = parse_options({})


def adv(id_: str, cp: int | None = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


def make(advantages: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return POTENTIAL.validate_sheet({"advantages": advantages, **kw}, {})


def test_new_sheet_starts_with_four_dynamic_and_two_static() -> None:
    s = make([adv("blade", 10, 2)])
    assert s["dynamic"] == {"bank": 4, "spent": 0} and s["static"] == {"bank": 2, "spent": 0}


@pytest.mark.parametrize(("bad", "field"), [
    ({"advantages": [adv("a", cp=3)]}, "sheet.advantages[0].cp"),  # CP 4-25 (L11)
    ({"advantages": [adv("a", cp=26)]}, "sheet.advantages[0].cp"),
    ({"advantages": [adv("a", modifier=7)]}, "sheet.advantages[0].modifier"),  # +0..+6
    ({"advantages": [adv("a", cp=None)]}, "sheet.advantages[0].cp"),
    ({"advantages": [adv("rock", cp=None, modifier=1, equipment="mundane")]},
     "sheet.advantages[0].modifier"),  # mundane is always 1d6+0 (L14)
    ({"advantages": [adv("a")], "free_resist": "b"}, "sheet.free_resist"),
    ({"advantages": [adv("a"), adv("a")]}, "sheet.advantages[1].id"),
    ({"advantages": [adv("a", keywords=["Lif"])]}, "sheet.advantages[0].keywords[0]"),
])
def test_sheet_bounds_are_refused_naming_the_field(bad: dict[str, Any], field: str) -> None:
    with pytest.raises(DomainError) as err:
        POTENTIAL.validate_sheet(bad, {})
    assert err.value.field == field


def _act(sheet: dict[str, Any], faces: list[int], **kw: Any) -> dict[str, Any]:
    cmd = c.TakeAction(campaign_id="c", character_id="h", focus="climb", **kw)
    ev = POTENTIAL.decide(cmd, {"character:h": sheet}, {}, ScriptedDice(faces))
    return ev[0].data


def test_basic_action_scenario_one_costs_three_and_succeeds_by_three() -> None:
    # digest App. B.1: 1d6+1, 1d6+0, 1d6+2 and a situation bonus, faces 4 2 5 3 vs 14
    s = make([adv("a", modifier=1), adv("b"), adv("c", modifier=2)])
    s = {**s, "in_combat": True, "turn": {}}
    data = _act(s, [4, 2, 5, 3], advantages=["a", "b", "c"], situation_bonuses=1,
                resistance=14)
    assert data["pool"]["score"] == 17 and data["success"] and data["degree"] == 3
    after = POTENTIAL.evolve(s, "potential.ActionTaken", data)
    assert after["dynamic"] == {"bank": 1, "spent": 3}  # the situation die is free (L23)


def test_a_tie_fails() -> None:
    s = make([adv("a", modifier=6), adv("b", modifier=0)])
    data = _act(s, [3, 3], advantages=["a", "b"], resistance=12)  # 12 vs 12 (L25)
    assert data["pool"]["score"] == 12 and not data["success"] and data["degree"] == 0


def test_static_advantages_cost_static_and_shortage_is_refused() -> None:
    s = {**make([adv("lore", keywords=["Static"]), adv("ritual", keywords=["Static"]),
                 adv("chant", keywords=["Static"])]), "in_combat": True, "turn": {}}
    with pytest.raises(DomainError) as err:
        _act(s, [1, 1, 1], advantages=["lore", "ritual", "chant"], resistance=5)
    assert err.value.rule == "potential.spend-potential L22"
    data = _act(s, [1, 1], advantages=["lore", "ritual"], resistance=5)
    assert data["pool"]["cost"] == {"dynamic": 0, "static": 2}


def test_discarded_unknown_and_repeated_advantages_are_refused() -> None:
    s = make([adv("arm", discarded=True, keywords=["Life"]), adv("leg")])
    for names, rule in ((["arm"], "potential.available L19"), (["foot"], "potential.available L19"),
                        (["leg", "leg"], "potential.once-per-action L39")):
        with pytest.raises(DomainError) as err:
            _act(s, [1, 1], advantages=names, resistance=3)
        assert err.value.rule == rule


def test_potential_action_and_concentration() -> None:
    s = make([adv("a", modifier=2)])
    data = _act(s, [5], potential_action=True, resistance=4)  # 1d6+0 for one dynamic (L29)
    assert data["pool"]["score"] == 5 and data["pool"]["cost"] == {"dynamic": 1, "static": 0}
    data = _act(s, [2, 6], advantages=["a"], concentration=True, resistance=9)  # +1d6 (L28)
    assert data["pool"]["score"] == 10 and data["pool"]["cost"]["dynamic"] == 2
    with pytest.raises(DomainError) as err:  # P-3: not in combat by default
        _act({**s, "in_combat": True, "turn": {}}, [2, 6], advantages=["a"], concentration=True,
             resistance=9)
    assert err.value.field == "payload.concentration"


def test_narrative_actions_keep_full_potential() -> None:
    s = make([adv("a"), adv("b"), adv("c"), adv("d")])
    data = _act(s, [1, 1, 1, 1], advantages=["a", "b", "c", "d"], resistance=3)
    assert POTENTIAL.evolve(s, "potential.ActionTaken", data)["dynamic"]["bank"] == 4  # P-2


def _states(**sheets_: dict[str, Any]) -> dict[str, Any]:
    return {f"character:{k}": v for k, v in sheets_.items()}


def _declare_and_resist(hero: dict[str, Any], foe: dict[str, Any], attack: c.Attack,
                        resist: c.Resist, faces: list[int]) -> list[Any]:
    """L50: the attack is declared (nothing rolls), then the target's own answer rolls both."""
    declared = POTENTIAL.decide(attack, _states(h=hero, f=foe), {}, ScriptedDice([]))
    assert [e.type for e in declared] == ["potential.AttackDeclared", "potential.AttackPending"]
    foe = POTENTIAL.evolve(foe, declared[1].type, declared[1].data)
    return POTENTIAL.decide(resist, _states(h=hero, f=foe), {}, ScriptedDice(faces))


def test_attack_with_free_resist_scenario_three() -> None:
    # App. B.3: attack 2d6+3 (6, 5 -> 14) vs free resist Dodge 1d6+2 + Parry 1d6+1 (4, 3 -> 10)
    hero = {**make([adv("sword", modifier=2), adv("knife", modifier=1)]), "in_combat": True, "turn": {}}
    foe = {**make([adv("dodge", modifier=2), adv("parry", modifier=1),
                   adv("heart", 6, keywords=["Life"])], free_resist="dodge"), "in_combat": True, "turn": {}}
    cmd = c.Attack(campaign_id="c", character_id="h", target_id="f", focus="cut",
                   advantages=["sword", "knife"])
    evs = _declare_and_resist(hero, foe, cmd, c.Resist(campaign_id="c", character_id="f",
                                                       attacker_id="h", free_resist=True,
                                                       advantages=["parry"]), [6, 5, 4, 3])
    att, res = evs[0].data, evs[1].data
    assert att["attack"]["score"] == 14 and att["defence"]["score"] == 10
    assert att["hit"] and att["degree"] == 4
    assert res["cost"] == {"dynamic": 1, "static": 0}  # the free resist costs nothing (L52)
    foe2 = POTENTIAL.evolve(foe, "potential.Resisted", res)
    assert foe2["dynamic"] == {"bank": 3, "spent": 1} and foe2["pending_damage"] == 4


def test_unable_to_defend_scores_one() -> None:
    # App. B.6: no dynamic potential and the free resist (Armour) is no use against gas
    hero = make([adv("sword")])
    foe = {**make([adv("armour", keywords=["Armour"])], free_resist="armour"), "in_combat": True,
           "dynamic": {"bank": 0, "spent": 4}}
    cmd = c.Attack(campaign_id="c", character_id="h", target_id="f", focus="gas",
                   advantages=["sword"])
    gas = c.Resist(campaign_id="c", character_id="f", attacker_id="h", free_resist=False)
    att = _declare_and_resist(hero, foe, cmd, gas, [1])[0].data  # score 1 (L53)
    assert att["defence"]["score"] == 1 and not att["hit"]  # 1 vs 1: the resister wins


@pytest.mark.parametrize(("chosen", "ok"), [
    (["c10"], True), (["c4", "c6"], True),  # App. B.4 legal sets
    (["c4", "c10"], False), (["c6", "c10"], False), (["c6"], False),
])
def test_irreducible_discard_scenario_four(chosen: list[str], ok: bool) -> None:
    s = sheets.load(make([adv("c4", 4, keywords=["Life"]), adv("c6", 6, keywords=["Life"]),
                          adv("c10", 10, keywords=["Life"])]))
    if ok:
        assert damage.check_discard(s, chosen, 9) == (sum(int(x[1:]) for x in chosen), False)
    else:
        with pytest.raises(DomainError):
            damage.check_discard(s, chosen, 9)


def test_life_exhausted_scenario_five() -> None:
    s = sheets.load(make([adv("a", 5, keywords=["Life"]), adv("b", 6, keywords=["Life"])]))
    assert damage.check_discard(s, ["a", "b"], 20) == (11, True)
    with pytest.raises(DomainError):
        damage.check_discard(s, ["b"], 20)


def test_readiness_scenario_ten() -> None:
    s = make([adv("a")])
    evs = POTENTIAL.decide(c.StartCombat(campaign_id="c", participants=["h"],
                                         readiness={"h": 4}), {"character:h": s}, {},
                           ScriptedDice([]))
    after = POTENTIAL.evolve(s, evs[0].type, evs[0].data)
    assert after["dynamic"] == {"bank": 0, "spent": 4} and after["static"]["bank"] == 2


def _oracle() -> Any:
    spec = importlib.util.spec_from_file_location("potential_dice", ORACLE)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["potential_dice"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_odds_match_the_digest_vectors_and_the_oracle() -> None:
    vectors = {(1, 4): Fraction(1, 3), (2, 7): Fraction(5, 12), (2, 10): Fraction(1, 12),
               (3, 10): Fraction(1, 2), (3, 12): Fraction(7, 27), (4, 14): Fraction(575, 1296),
               (5, 17): Fraction(1, 2), (6, 20): Fraction(4249, 7776), (1, 1): Fraction(5, 6)}
    for (n, r), p in vectors.items():
        assert POTENTIAL.odds(c.OddsQuery(dice=n, resistance=r)).p_success == str(p)
    oracle = _oracle()
    for n in range(1, 7):
        for r in range(0, 22):
            for b in (0, 3):
                view = POTENTIAL.odds(c.OddsQuery(dice=n, bonus=b, resistance=r))
                assert view.p_success == str(oracle.p_beat(n, r, b))
                assert view.degrees == {str(k): str(v)
                                        for k, v in sorted(oracle.dos_pmf(n, r, b).items())}
    for a in range(1, 5):
        for d in range(0, 4):
            view = POTENTIAL.odds(c.OddsQuery(dice=a, bonus=a, opposed_dice=d, opposed_bonus=2))
            hit, _, _, dos = oracle.opposed(a, d, a, 2)
            assert view.p_success == str(hit)
            assert view.degrees == {str(k): str(v) for k, v in sorted(dos.items())}


def test_dos_pmf_for_three_dice_against_ten_is_the_digest_table() -> None:
    pmf = odds.degree_pmf(3, 0, 0, 10)
    assert [str(pmf[d]) for d in range(9)] == ["1/2", "1/8", "25/216", "7/72", "5/72",
                                              "5/108", "1/36", "1/72", "1/216"]


def test_reread_finds_a_tampered_score() -> None:
    s = make([adv("a", modifier=1)])
    data = _act(s, [4], advantages=["a"], resistance=4)
    assert POTENTIAL.reread("potential.ActionTaken", data, [(6, 4)]) == []
    forged = msgspec.to_builtins({**data, "degree": 9})
    assert POTENTIAL.reread("potential.ActionTaken", forged, [(6, 4)])
    assert POTENTIAL.reread("potential.ActionTaken", data, [(6, 5)])
