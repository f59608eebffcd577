"""Turns without I/O: recoup and rest, movement, anticipation, seizing, nomination, healing."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from contracts.rulesets import potential as c
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.potential import POTENTIAL
from tests.unit.potential.resisting import strike


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


class Table:
    """Characters folded through the ruleset's own decide and evolve."""

    def __init__(self, **sheets: dict[str, Any]) -> None:
        self.states: dict[str, Any] = {f"character:{k}": POTENTIAL.validate_sheet(v, {})
                                       for k, v in sheets.items()}
        self.options: dict[str, Any] = {}

    def do(self, cmd: msgspec.Struct, faces: tuple[int, ...] = ()) -> list[dict[str, Any]]:
        events = POTENTIAL.decide(cmd, self.states, self.options, ScriptedDice(faces))
        for ev in events:
            self.states[ev.stream] = POTENTIAL.evolve(self.states.get(ev.stream), ev.type,
                                                      ev.data)
        return [ev.data for ev in events]

    def refused(self, cmd: msgspec.Struct) -> DomainError:
        before = dict(self.states)
        with pytest.raises(DomainError) as err:
            self.do(cmd, (1,) * 10)
        assert self.states == before
        return err.value

    def __getitem__(self, cid: str) -> dict[str, Any]:
        return self.states[f"character:{cid}"]


SHEET = {"advantages": [adv("parry", modifier=1), adv("dodge", modifier=2), adv("cut"),
                        adv("lore", keywords=["Static"]), adv("hide", keywords=["Life"])]}


def combat(readiness: int = 0) -> Table:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id="c", participants=["y", "z"], readiness={"y": readiness}))
    return t


def act(t: Table, cid: str, names: list[str]) -> None:
    t.do(c.TakeAction(campaign_id="c", character_id=cid, focus="x", advantages=names,
                      resistance=2), (6,) * len(names))


def test_recoup_during_a_turn_scenario_seven() -> None:
    t = combat(readiness=2)
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    t.do(c.Recoup(campaign_id="c", character_id="y", dynamic=1))  # recoup 1
    act(t, "y", ["parry", "cut"])  # act, spending 2
    t.do(c.Recoup(campaign_id="c", character_id="y", dynamic=1))  # recoup the second (L43)
    assert t["y"]["dynamic"] == {"bank": 2, "spent": 2}
    err = t.refused(c.Recoup(campaign_id="c", character_id="y", dynamic=1))  # a third
    assert err.rule == "potential.recoup-limit L42"
    err = t.refused(c.Recoup(campaign_id="c", character_id="y", static=1))
    assert err.field == "payload.static"


def test_a_rest_recoups_three_of_any_mix_then_no_action() -> None:
    t = combat(readiness=4)
    t.states["character:y"]["static"] = {"bank": 0, "spent": 2}
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    t.do(c.Recoup(campaign_id="c", character_id="y", dynamic=2, static=1))  # L43-44
    assert t["y"]["dynamic"] == {"bank": 2, "spent": 2} and t["y"]["static"]["bank"] == 1
    assert t.refused(c.Recoup(campaign_id="c", character_id="y",
                              dynamic=1)).rule == "potential.rest-limit L44"
    err = t.refused(c.TakeAction(campaign_id="c", character_id="y", focus="x",
                                 advantages=["cut"], resistance=2))
    assert err.rule == "potential.rest L43"


def test_paying_for_a_resistance_in_the_own_turn_rules_out_a_rest() -> None:
    # digest 4.5: an Opportunity attack (L65) during y's turn; a free-resist-only resistance
    # costs nothing and keeps the rest, a paid one breaks it (L43: "spending no potential")
    sheet = {"advantages": [*SHEET["advantages"], adv("ambush", keywords=["Opportunity"]),
                            adv("guard", modifier=2)], "free_resist": "guard"}
    for paid, rest in (([], True), (["parry"], False)):
        t = Table(y=sheet, z=sheet)
        t.do(c.StartCombat(campaign_id="c", participants=["y", "z"], readiness={"y": 3}))
        t.do(c.StartTurn(campaign_id="c", character_id="y"))
        strike(t, c.Attack(campaign_id="c", character_id="z", target_id="y", focus="ambush",
                           advantages=["ambush"]), (1, 6, 6), free_resist=True, advantages=paid)
        assert t["y"]["turn"]["acted"] is not rest
        three = c.Recoup(campaign_id="c", character_id="y", dynamic=3)
        if rest:
            assert t.do(three)[0]["rest"] and t["y"]["dynamic"] == {"bank": 4, "spent": 0}
        else:
            assert t.refused(three).rule == "potential.recoup-limit L42"


def test_recoup_outside_the_own_turn_is_refused() -> None:
    t = combat(readiness=2)
    assert t.refused(c.Recoup(campaign_id="c", character_id="y",
                              dynamic=1)).rule == "potential.own-turn L42"


def test_movement_scenario_eleven() -> None:
    t = combat()
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    mosey = t.do(c.Move(campaign_id="c", character_id="y", mode="mosey"))[0]
    run = t.do(c.Move(campaign_id="c", character_id="y", mode="run"), (5,))[0]
    assert (mosey["distance"], mosey["faces"], run["distance"]) == (3, [], 5)
    assert t["y"]["dynamic"] == {"bank": 2, "spent": 2}


def test_anticipation_refund_scenario_eight() -> None:
    t = combat(readiness=2)  # dynamic bank 2
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    t.do(c.EndTurn(campaign_id="c", character_id="y", anticipate=["parry", "dodge"],
                   nominate="z"))
    assert t["y"]["dynamic"] == {"bank": 0, "spent": 2}
    assert t["y"]["anticipated"] == ["parry", "dodge"]
    t.do(c.StartTurn(campaign_id="c", character_id="z"))
    hit = strike(t, c.Attack(campaign_id="c", character_id="z", target_id="y", focus="cut",
                             advantages=["cut"]), (6, 6), advantages=["parry"])
    assert hit[1]["cost"] == {"dynamic": 0, "static": 0}
    assert t["y"]["dynamic"] == {"bank": 1, "spent": 2} and t["y"]["anticipated"] == ["dodge"]
    t.do(c.EndTurn(campaign_id="c", character_id="z"))
    t.do(c.NewRound(campaign_id="c", participants=["y", "z"]))
    t.do(c.StartTurn(campaign_id="c", character_id="y"))  # Dodge's token lapses to spent
    assert t["y"]["dynamic"] == {"bank": 1, "spent": 3} and t["y"]["anticipated"] == []


def test_anticipating_more_than_the_bank_or_a_static_advantage_is_refused() -> None:
    t = combat(readiness=3)
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    assert t.refused(c.EndTurn(campaign_id="c", character_id="y",
                               anticipate=["parry", "dodge"])).field == "payload.anticipate"
    assert t.refused(c.EndTurn(campaign_id="c", character_id="y",
                               anticipate=["lore"])).rule == "potential.anticipate L60"


def test_seize_scenario_nine() -> None:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id="c", participants=["y", "z"], readiness={"y": 2, "z": 1},
                       first="y"))
    # App. B.9: Y nominated; Z (bank 3) seizes with 1; Y bids 2; Z bids 3; Y yields: Z pays 3.
    # Each bid is its own player's command (L37 "the characters' potential is bid").
    t.do(c.SeizeInitiative(campaign_id="c", character_id="z", tokens=1))
    t.do(c.SeizeInitiative(campaign_id="c", character_id="y", tokens=2))
    flat = c.SeizeInitiative(campaign_id="c", character_id="z", tokens=2)
    assert t.refused(flat).rule == "potential.seize-bid P-25"  # bids rise strictly
    t.do(c.SeizeInitiative(campaign_id="c", character_id="z", tokens=3))
    assert t["z"]["dynamic"] == {"bank": 3, "spent": 1}  # nothing is paid before the end
    won = t.do(c.YieldInitiative(campaign_id="c", character_id="y", to="z"))
    assert won[1]["character_id"] == "z" and won[1]["cost"] == {"dynamic": 3, "static": 0}
    assert [b["tokens"] for b in won[1]["bids"]] == [1, 2, 3]
    assert t["z"]["dynamic"] == {"bank": 0, "spent": 4}
    assert t["y"]["dynamic"] == {"bank": 2, "spent": 2}  # Y keeps its 2 (only the winner pays)
    assert t.states["encounter:combat"]["next"] == "z"
    assert t.states["encounter:combat"]["auction"] is None


def test_a_bid_beyond_the_bank_is_refused_and_a_yielded_bidder_stays_out() -> None:
    t = Table(x=SHEET, y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id="c", participants=["x", "y", "z"], readiness={"y": 2},
                       first="z"))
    broke = t.refused(c.SeizeInitiative(campaign_id="c", character_id="y", tokens=5))
    assert (broke.field, broke.rule) == ("payload.tokens", "potential.seize-bid L37")  # 2+2
    opener = t.refused(c.SeizeInitiative(campaign_id="c", character_id="z", tokens=1))
    assert opener.rule == "potential.seize L37"  # the nominee defends, it does not open
    t.do(c.SeizeInitiative(campaign_id="c", character_id="y", tokens=1))
    t.do(c.SeizeInitiative(campaign_id="c", character_id="x", tokens=2))
    wrong = t.refused(c.YieldInitiative(campaign_id="c", character_id="z", to="y"))
    assert wrong.field == "payload.to"  # the high bidder is x
    t.do(c.YieldInitiative(campaign_id="c", character_id="y", to="x"))
    back = t.refused(c.SeizeInitiative(campaign_id="c", character_id="y", tokens=3))
    assert back.rule == "potential.seize-bid P-45"  # a yielded bidder cannot re-enter
    # the nominee (z) defends its slot, x yields: z keeps its turn and pays its 3 (P-25)
    t.do(c.SeizeInitiative(campaign_id="c", character_id="z", tokens=3, pay_static=1))
    won = t.do(c.YieldInitiative(campaign_id="c", character_id="x", to="z"))
    assert won[1]["cost"] == {"dynamic": 2, "static": 1}
    assert t["z"]["dynamic"]["bank"] == 2 and t["z"]["static"]["bank"] == 1
    assert t.states["encounter:combat"]["next"] == "z"


def test_nomination_must_name_someone_without_a_turn_this_round() -> None:
    t = Table(x=SHEET, y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id="c", participants=["x", "y", "z"]))
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    # L37: the next must not have had a turn this round, and someone must be nominated
    assert t.refused(c.EndTurn(campaign_id="c", character_id="y",
                               nominate="y")).rule == "potential.nominate L37"
    assert t.refused(c.EndTurn(campaign_id="c", character_id="y")).field == "payload.nominate"
    t.do(c.EndTurn(campaign_id="c", character_id="y", nominate="z"))
    t.do(c.StartTurn(campaign_id="c", character_id="z"))
    assert t.refused(c.EndTurn(campaign_id="c", character_id="z",
                               nominate="y")).rule == "potential.nominate L37"
    assert t.refused(c.StartTurn(campaign_id="c",
                                 character_id="y")).rule == "potential.one-turn-per-round L37"
    # the round ends only when everyone has had a turn (L37)
    assert t.refused(c.NewRound(campaign_id="c",
                                participants=["x", "y", "z"])).rule == "potential.round L37"
    t.do(c.EndTurn(campaign_id="c", character_id="z", nominate="x"))
    t.do(c.StartTurn(campaign_id="c", character_id="x"))
    # everyone has had a turn: anyone but oneself opens the next round (L37)
    assert t.refused(c.EndTurn(campaign_id="c", character_id="x",
                               nominate="x")).rule == "potential.nominate L37"
    t.do(c.EndTurn(campaign_id="c", character_id="x", nominate="y"))
    t.do(c.NewRound(campaign_id="c", participants=["x", "y", "z"]))
    assert t.refused(c.StartTurn(campaign_id="c",
                                 character_id="z")).rule == "potential.nominee-takes-turn L37"
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    assert t.states["encounter:combat"]["round"] == 2


def test_healing_is_the_gms_recorded_decision_or_the_end_of_combat_option() -> None:
    t = combat()
    t.states["character:y"]["advantages"][4]["discarded"] = True
    t.do(c.RecoverAdvantage(campaign_id="c", character_id="y", advantage="hide",
                            reason="a night's rest"))
    assert not t["y"]["advantages"][4]["discarded"]
    assert t.refused(c.RecoverAdvantage(campaign_id="c", character_id="y", advantage="hide",
                                        reason="again")).rule == "potential.recover P-20"
    t.states["character:y"]["advantages"][4]["discarded"] = True
    t.options = {"recovery_policy": "end_of_combat"}
    t.do(c.EndCombat(campaign_id="c", participants=["y", "z"]))
    assert not t["y"]["advantages"][4]["discarded"] and not t["y"]["in_combat"]


def test_discarding_an_anticipated_advantage_spends_its_token_at_once() -> None:
    t = Table(y={"advantages": [adv("hide", keywords=["Life"]), adv("cut", modifier=6)]},
              z={"advantages": [adv("cut", modifier=6)]})
    t.do(c.StartCombat(campaign_id="c", participants=["y", "z"]))
    t.do(c.StartTurn(campaign_id="c", character_id="y"))
    t.do(c.EndTurn(campaign_id="c", character_id="y", anticipate=["hide"], nominate="z"))
    t.do(c.StartTurn(campaign_id="c", character_id="z"))
    strike(t, c.Attack(campaign_id="c", character_id="z", target_id="y", focus="x",
                       advantages=["cut"]), (3,), decline=True)
    t.do(c.DiscardLife(campaign_id="c", character_id="y", advantages=["hide"]))  # P-19
    assert t["y"]["anticipated"] == [] and t["y"]["dynamic"] == {"bank": 3, "spent": 1}
