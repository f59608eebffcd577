"""Approval (L21), unconsciousness (L53), minor opponents (P-40) and whose turn it is (L37),
without I/O."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.rulesets.potential import POTENTIAL
from tests.unit.potential.resisting import strike
from tests.unit.potential.test_potential_turns import SHEET, Table, adv

CID = "c"
MINOR = {"fixed_score": 9, "advantages": [adv("hide", 5, keywords=["Life"])]}


def test_a_challenged_combination_waits_for_the_gm_and_a_veto_is_final() -> None:
    t = Table(y=SHEET)
    act = c.TakeAction(campaign_id=CID, character_id="y", focus="x",
                       advantages=["parry", "dodge"], resistance=2)
    t.do(c.ChallengeCombination(campaign_id=CID, challenged_id="y",
                                advantages=["dodge", "parry"], reason="both at once?"))
    err = t.refused(act)
    assert (err.rule, err.kind) == ("potential.appropriate L21", "conflict")
    t.do(act.__class__(**{**_fields(act), "advantages": ["parry"]}), (6,))  # others are fine
    t.do(c.RuleOnCombination(campaign_id=CID, character_id="y", advantages=["parry", "dodge"],
                             approved=False, reason="one hand"))
    assert "one hand" in t.refused(act).message
    t.do(c.RuleOnCombination(campaign_id=CID, character_id="y", advantages=["parry", "dodge"],
                             approved=True))
    assert t.do(act, (6, 6))[0]["approval"] == "gm"


def test_under_gm_approves_every_combination_needs_a_ruling() -> None:
    t = Table(y=SHEET)
    t.options = {"appropriateness": "gm_approves"}
    act = c.TakeAction(campaign_id=CID, character_id="y", focus="x", advantages=["cut"],
                       resistance=2)
    assert t.refused(act).rule == "potential.appropriate L21"
    t.do(c.RuleOnCombination(campaign_id=CID, character_id="y", advantages=["cut"],
                             approved=True))
    t.do(act, (6,))
    # a potential action combines nothing: no ruling needed (L29)
    t.do(c.TakeAction(campaign_id=CID, character_id="y", focus="x", potential_action=True,
                      resistance=2), (6,))


def test_unconscious_forbids_actions_resists_with_one_and_rests() -> None:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id=CID, participants=["y", "z"], readiness={"y": 3}, first="y"))
    t.do(c.SetConscious(campaign_id=CID, character_id="y", conscious=False, reason="clubbed"))
    t.do(c.StartTurn(campaign_id=CID, character_id="y"))  # still a turn (P-24)
    for cmd in (c.TakeAction(campaign_id=CID, character_id="y", focus="x", advantages=["cut"],
                             resistance=1),
                c.Move(campaign_id=CID, character_id="y", mode="mosey"),
                c.EndTurn(campaign_id=CID, character_id="y", anticipate=["cut"], nominate="z")):
        assert t.refused(cmd).rule == "potential.unconscious L53"
    t.do(c.Recoup(campaign_id=CID, character_id="y", dynamic=3))  # a rest (P-24)
    t.do(c.EndTurn(campaign_id=CID, character_id="y", nominate="z"))
    t.do(c.StartTurn(campaign_id=CID, character_id="z"))
    # the declared parry is of no use: an unconscious character's resistance is one (L53)
    evs = strike(t, c.Attack(campaign_id=CID, character_id="z", target_id="y", focus="x",
                             advantages=["cut"]), (1,), advantages=["parry"])
    assert evs[0]["defence"]["score"] == 1 and evs[0]["defence"]["cost"]["dynamic"] == 0
    assert not evs[0]["hit"]  # 1 vs 1: ties go to the resister (L54)
    assert t.refused(c.SetConscious(campaign_id=CID, character_id="y", conscious=False,
                                    reason="again")).field == "payload.conscious"
    t.do(c.SetConscious(campaign_id=CID, character_id="y", conscious=True, reason="smelling salts"))
    assert t["y"]["conscious"]


def test_life_exhausted_knocks_out_under_the_option() -> None:
    t = Table(y={"advantages": [adv("arm", 5, keywords=["Life"])]}, z=SHEET)
    t.options = {"on_life_exhausted": "unconscious"}
    strike(t, c.Attack(campaign_id=CID, character_id="z", target_id="y", focus="x",
                       advantages=["cut", "dodge"]), (6, 6), decline=True)
    assert t["y"]["pending_damage"] == 13  # 6 + 6 + 2 - 1 (L54)
    evs = t.do(c.DiscardLife(campaign_id=CID, character_id="y", advantages=["arm"]))
    assert evs[0]["exhausted"] and not t["y"]["conscious"]  # P-18


def test_a_minor_opponent_uses_its_fixed_score_and_cannot_bid() -> None:
    t = Table(m=MINOR, y=SHEET)
    assert t["m"]["dynamic"] == {"bank": 0, "spent": 0}
    evs = strike(t, c.Attack(campaign_id=CID, character_id="y", target_id="m", focus="x",
                             advantages=["dodge", "cut"], hindrances=1), (4, 3, 2))
    # attack 4 + 3 + 2 = 9 against the fixed 9 plus a hindrance die of 2: 11 (P-40, L23)
    assert evs[0]["defence"]["score"] == 11 and evs[0]["defence"]["fixed"] == 9
    assert not evs[0]["hit"]
    assert POTENTIAL.reread("potential.AttackResolved", evs[0], [(6, 4), (6, 3), (6, 2)]) == []
    assert t.refused(c.Attack(campaign_id=CID, character_id="m", target_id="y", focus="x",
                              advantages=["hide"])).rule == "potential.minor-opponent P-40"
    back = strike(t, c.Attack(campaign_id=CID, character_id="m", target_id="y", focus="club"),
                              decline=True)
    assert back[0]["attack"]["score"] == 9 and back[0]["degree"] == 8
    t.do(c.DiscardLife(campaign_id=CID, character_id="y", advantages=["hide"]))
    t.do(c.StartCombat(campaign_id=CID, participants=["m", "y"]))
    err = t.refused(c.SeizeInitiative(campaign_id=CID, character_id="m", tokens=1))
    assert err.rule == "potential.seize L37"  # nobody nominated: nothing to seize
    t.do(c.EndCombat(campaign_id=CID, participants=["m", "y"]))
    t.do(c.StartCombat(campaign_id=CID, participants=["m", "y"], first="y"))
    err = t.refused(c.SeizeInitiative(campaign_id=CID, character_id="m", tokens=1))
    assert err.rule == "potential.minor-opponent P-40"


def test_the_seize_winner_takes_the_turn_and_one_turn_at_a_time() -> None:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id=CID, participants=["y", "z"], first="y"))
    assert t.refused(c.StartTurn(campaign_id=CID,
                                 character_id="z")).rule == "potential.nominee-takes-turn L37"
    t.do(c.SeizeInitiative(campaign_id=CID, character_id="z", tokens=1))
    # the auction is open until the nominee yields (or outbids): nobody starts a turn (L37)
    assert t.refused(c.StartTurn(campaign_id=CID, character_id="y")).rule == "potential.seize L37"
    t.do(c.YieldInitiative(campaign_id=CID, character_id="y", to="z"))
    assert t.refused(c.StartTurn(campaign_id=CID,
                                 character_id="y")).rule == "potential.nominee-takes-turn L37"
    t.do(c.StartTurn(campaign_id=CID, character_id="z"))
    assert t.states["encounter:combat"]["current"] == "z"
    err = t.refused(c.SeizeInitiative(campaign_id=CID, character_id="y", tokens=1))
    assert (err.rule, err.message) == ("potential.seize L37", "'z' is taking a turn")


def _fields(cmd: c.TakeAction) -> dict[str, object]:
    return {f: getattr(cmd, f) for f in cmd.__struct_fields__}


def test_the_free_resist_changes_only_after_the_gms_retraining() -> None:
    t = Table(y={**SHEET, "free_resist": "parry"}, z=SHEET)
    assert t.refused(c.CompleteRetraining(campaign_id=CID,
                                          character_id="y")).rule == "potential.free-resist L52"
    assert t.refused(c.StartRetraining(campaign_id=CID, character_id="y", advantage="parry",
                                       reason="x")).field == "payload.advantage"
    t.do(c.StartRetraining(campaign_id=CID, character_id="y", advantage="dodge",
                           reason="a month with the fencing master"))
    # until the retraining completes the old free resist stays in force (L52)
    evs = strike(t, c.Attack(campaign_id=CID, character_id="z", target_id="y", focus="x",
                             advantages=["cut"]), (3, 3), free_resist=True)
    assert evs[0]["defence"]["sources"] == ["parry"]
    t.do(c.CompleteRetraining(campaign_id=CID, character_id="y"))
    assert t["y"]["free_resist"] == "dodge" and t["y"]["retraining"] is None


def test_a_minor_action_costs_nothing_and_keeps_a_rest() -> None:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id=CID, participants=["y", "z"], readiness={"y": 3}, first="y"))
    assert t.refused(c.MinorAction(campaign_id=CID, character_id="z",
                                   description="shout")).rule == "potential.own-turn L40"
    t.do(c.StartTurn(campaign_id=CID, character_id="y"))
    t.do(c.MinorAction(campaign_id=CID, character_id="y", description="drops the torch"))
    t.do(c.Recoup(campaign_id=CID, character_id="y", dynamic=3))  # still a rest (P-28)
    assert t["y"]["dynamic"] == {"bank": 4, "spent": 0}


def test_turns_name_the_combat_the_character_is_in() -> None:
    t = Table(y=SHEET, z=SHEET)
    t.do(c.StartCombat(campaign_id=CID, participants=["y", "z"], combat_id="bridge"))
    assert t.refused(c.StartTurn(campaign_id=CID,
                                 character_id="y")).field == "payload.combat_id"
    t.do(c.StartTurn(campaign_id=CID, character_id="y", combat_id="bridge"))
    assert t.refused(c.EndTurn(campaign_id=CID, character_id="y",
                               nominate="z")).field == "payload.combat_id"
    t.do(c.EndTurn(campaign_id=CID, character_id="y", nominate="z", combat_id="bridge"))
    assert t.states["encounter:bridge"]["next"] == "z"


def test_an_unconscious_status_knocks_out_until_it_lapses_or_the_gm_wakes() -> None:
    sap = {"advantages": [adv("sap", 6, 6, keywords=["Status"], status="Unconscious")]}
    t = Table(y=sap, z=SHEET)
    t.do(c.StartCombat(campaign_id=CID, participants=["y", "z"], first="y"))
    t.do(c.StartTurn(campaign_id=CID, character_id="y"))
    # 1 + 6 = 7 beats the declined 1: the status lands (L67, P-35)
    strike(t, c.Attack(campaign_id=CID, character_id="y", target_id="z", focus="sap",
                       advantages=["sap"], damaging=False), (1,), decline=True)
    t.do(c.EndTurn(campaign_id=CID, character_id="y", nominate="z"))
    t.do(c.StartTurn(campaign_id=CID, character_id="z"))
    assert t.refused(c.Move(campaign_id=CID, character_id="z",
                            mode="mosey")).rule == "potential.unconscious L53"
    t.do(c.EndTurn(campaign_id=CID, character_id="z"))  # the status ends with this turn
    t.do(c.NewRound(campaign_id=CID, participants=["y", "z"]))
    t.do(c.StartTurn(campaign_id=CID, character_id="y"))
    strike(t, c.Attack(campaign_id=CID, character_id="y", target_id="z", focus="sap",
                       advantages=["sap"], damaging=False), (1,), decline=True)
    assert t.refused(c.SetConscious(campaign_id=CID, character_id="z", conscious=False,
                                    reason="x")).field == "payload.conscious"
    t.do(c.SetConscious(campaign_id=CID, character_id="z", conscious=True, reason="doused"))
    assert t["z"]["statuses"] == []
