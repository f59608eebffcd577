"""Keyword hooks without I/O (L25, L46, L63-67): aid, opportunity, range, status, rerolls."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.rulesets.potential import POTENTIAL
from tests.unit.potential.resisting import strike
from tests.unit.potential.test_potential_turns import Table, adv

CID = "c"
HERO = {"advantages": [adv("sword", 8, 2), adv("bow", 6, 1, keywords=["Range"], range=10),
                       adv("snare", 5, 0, keywords=["Status"], status="Entangled"),
                       adv("ambush", 5, 1, keywords=["Opportunity"]),
                       adv("luck", 4, 0, keywords=["Dice"], reroll=2),
                       adv("boots", 4, 1, keywords=["Movement"]),
                       adv("body", 10, keywords=["Life"])]}
ALLY = {"advantages": [adv("coach", 6, 3, keywords=["Aid Other"]),
                       adv("cover", 6, 2, keywords=["Aid Resist"]),
                       adv("rune", 6, 1, keywords=["Aid Other", "Static"])]}
FOE = {"advantages": [adv("dodge", 6, 2), adv("hide", 12, keywords=["Life"])],
       "free_resist": "dodge"}


def fight() -> Table:
    """Hero, ally and foe in combat, in the hero's turn."""
    t = Table(hero=HERO, ally=ALLY, foe=FOE)
    t.do(c.StartCombat(campaign_id=CID, participants=["hero", "ally", "foe"], first="hero"))
    t.do(c.StartTurn(campaign_id=CID, character_id="hero"))
    return t


def test_aid_other_adds_the_allys_die_and_the_ally_pays_once() -> None:
    t = fight()
    act = c.TakeAction(campaign_id=CID, character_id="hero", focus="x", advantages=["sword"],
                       aid_from=["ally"], resistance=9)
    assert t.refused(act).rule == "potential.aid L63"  # no offer yet
    wrong = c.OfferAid(campaign_id=CID, character_id="ally", to="hero", advantage="cover")
    assert t.refused(wrong).field == "payload.advantage"  # Aid Resist is not Aid Other
    t.do(c.OfferAid(campaign_id=CID, character_id="ally", to="hero", advantage="coach"))
    done = t.do(act, (4, 2))
    pool = done[0]["pool"]
    # sword 1d6+2 and the ally's coach 1d6+3: 4 + 2 + 5 = 11 > 9 (L17, L63)
    assert pool["sources"] == ["sword", "ally/coach"] and pool["score"] == 11
    assert done[0]["success"] and pool["cost"] == {"dynamic": 1, "static": 0}
    assert t["ally"]["dynamic"] == {"bank": 3, "spent": 1}  # the ally paid its own token
    assert t["hero"]["dynamic"] == {"bank": 3, "spent": 1}
    assert t["ally"]["aid_offer"] is None
    assert t.refused(act).rule == "potential.aid L63"  # an offer is used once


def test_aid_resist_joins_the_allys_resistance() -> None:
    t = fight()
    t.do(c.OfferAid(campaign_id=CID, character_id="ally", to="foe", advantage="cover",
                    kind="resistance"))
    evs = strike(t, c.Attack(campaign_id=CID, character_id="hero", target_id="foe", focus="cut",
                             advantages=["sword"]), (6, 3, 3), free_resist=True,
                             aid_from=["ally"])
    # attack 6+2 = 8 vs dodge 3+2 and the ally's cover 3+2 = 10: resisted (L54, L64)
    assert evs[0]["defence"]["sources"] == ["dodge", "ally/cover"]
    assert evs[0]["defence"]["score"] == 10 and not evs[0]["hit"]
    assert t["ally"]["dynamic"]["bank"] == 3 and t["foe"]["dynamic"]["bank"] == 4


def test_opportunity_acts_outside_the_own_turn() -> None:
    t = fight()
    outside = c.TakeAction(campaign_id=CID, character_id="foe", focus="x", advantages=["dodge"],
                           resistance=3)
    assert t.refused(outside).rule == "potential.own-turn L40"
    t.do(c.EndTurn(campaign_id=CID, character_id="hero", nominate="foe"))
    t.do(c.StartTurn(campaign_id=CID, character_id="foe"))
    done = t.do(c.TakeAction(campaign_id=CID, character_id="hero", focus="strike back",
                             advantages=["ambush"], resistance=3), (5,))  # L65
    assert done[0]["pool"]["score"] == 6 and t["hero"]["dynamic"]["spent"] == 1


def test_range_gives_the_opponent_a_die_per_step_beyond_reach() -> None:
    t = fight()
    # bow reaches 10: at 25 the target is two steps beyond, two 1d6+0 to the resistance (L66)
    done = t.do(c.TakeAction(campaign_id=CID, character_id="hero", focus="shoot",
                             advantages=["bow"], distance=25, resistance=4), (6, 1, 2))
    assert done[0]["hindrance_faces"] == [1, 2] and done[0]["resistance"] == 7
    near = t.do(c.TakeAction(campaign_id=CID, character_id="hero", focus="shoot",
                             advantages=["bow"], distance=10, resistance=4), (6,))
    assert near[0]["hindrance_faces"] == [] and near[0]["resistance"] == 4


def test_status_lasts_until_the_end_of_the_targets_next_turn() -> None:
    t = fight()
    strike(t, c.Attack(campaign_id=CID, character_id="hero", target_id="foe", focus="snare",
                       advantages=["snare"], damaging=False), (4,), decline=True)
    assert [s["name"] for s in t["foe"]["statuses"]] == ["Entangled"]  # L67
    assert t["foe"]["pending_damage"] == 0  # a non-damaging attack (P-41)
    t.do(c.EndTurn(campaign_id=CID, character_id="hero", nominate="foe"))
    t.do(c.StartTurn(campaign_id=CID, character_id="foe"))
    assert t["foe"]["statuses"][0]["seen_turn"]
    t.do(c.EndTurn(campaign_id=CID, character_id="foe", nominate="ally"))
    assert t["foe"]["statuses"] == []


def test_a_dice_keyword_rerolls_a_low_face_and_keeps_both() -> None:
    t = fight()
    done = t.do(c.TakeAction(campaign_id=CID, character_id="hero", focus="gamble",
                             advantages=["luck", "sword"], resistance=8), (2, 5, 3))
    pool = done[0]["pool"]
    assert pool["faces"] == [5, 3] and pool["rerolls"] == [{"index": 0, "replaced": 2}]
    assert pool["score"] == 10 and done[0]["success"]
    assert POTENTIAL.reread("potential.ActionTaken", done[0], [(6, 2), (6, 5), (6, 3)]) == []
    assert POTENTIAL.reread("potential.ActionTaken", done[0], [(6, 5), (6, 3)])


def test_a_movement_advantage_moves_the_score() -> None:
    t = fight()
    moved = t.do(c.Move(campaign_id=CID, character_id="hero", mode="advantages",
                        advantages=["boots", "sword"], situation_bonuses=1), (3, 4, 2))
    assert moved[0]["distance"] == 3 + 4 + 2 + 1 + 2  # L46, P-31
    assert t["hero"]["dynamic"]["bank"] == 2
    assert t.refused(c.Move(campaign_id=CID, character_id="hero", mode="advantages",
                            advantages=["sword"])).rule == "potential.movement L46"


def test_check_odds_counts_the_range_dice_against_the_action() -> None:
    from fractions import Fraction
    from itertools import product

    sheet = POTENTIAL.validate_sheet(HERO, {})
    spec = c.ActionSpec(advantages=["bow"], resistance=4, distance=25)
    out = POTENTIAL.check_odds(sheet, spec, {})
    # bow 1d6+1 against 4 plus two range dice (L66): counted over all 216 rolls
    wins = sum(1 for a, x, y in product(range(1, 7), repeat=3) if a + 1 > 4 + x + y)
    assert out.opposing_dice == 2 and out.odds.p_success == str(Fraction(wins, 216))
    near = POTENTIAL.check_odds(sheet, c.ActionSpec(advantages=["bow"], resistance=4), {})
    assert near.opposing_dice == 0 and near.odds.p_success == "1/2"  # 1d6+1 > 4
