"""Issue 22 (seed 003): the defender's side of an attack is the defender's own choice, a bid for
the initiative is the bidder's own, and what the rules give is given on every path.

L50 "Any time a character is attacked ... they have a resistance action to protect themselves."
L52 "Each character has a free resist advantage ... used in a resistance action without
     spending potential."
L53 "If a character is unable to defend themselves due to a shortage of potential, lacking a
     suitable free resist or being unconscious, they always have a resistance score of one."
L37 "The characters' potential is bid until someone yields, with the winning character having
     to spend that much of their potential."
"""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import potential as c
from domain.rulesets.potential import POTENTIAL
from tests.unit.potential.test_potential_turns import Table, adv

CID = "c"
HERO = {"advantages": [adv("sword", modifier=2), adv("knife", modifier=1)]}
FOE = {"advantages": [adv("shield", modifier=2), adv("parry", modifier=1), adv("dodge"),
                      adv("heart", 10, keywords=["Life"])], "free_resist": "shield"}


def _attack(**kw: object) -> c.Attack:
    fields: dict[str, object] = {"campaign_id": CID, "character_id": "h", "target_id": "f",
                                 "focus": "cut", "advantages": ["sword"], **kw}
    return msgspec.convert(fields, c.Attack)


def _resist(**kw: object) -> c.Resist:
    fields: dict[str, object] = {"campaign_id": CID, "character_id": "f", "attacker_id": "h",
                                 **kw}
    return msgspec.convert(fields, c.Resist)


def test_the_attacker_cannot_state_the_defenders_resistance() -> None:
    """L50: the resistance is the attacked character's action, so the attack has no field for
    it (the attacker used to spend the defender's tokens, or decline its resistance)."""
    raw = msgspec.json.encode({"campaign_id": CID, "character_id": "h", "target_id": "f",
                               "focus": "cut", "advantages": ["sword"],
                               "resistance": {"decline": True}})
    with pytest.raises(msgspec.ValidationError, match="resistance"):
        msgspec.json.decode(raw, type=c.Attack)


def test_an_attack_waits_for_the_defenders_own_resistance() -> None:
    t = Table(h=HERO, f=FOE)
    declared = t.do(_attack(), ())  # no dice roll yet: the target has not answered (P-14)
    assert declared[1]["attack"]["attacker_id"] == "h" and "faces" not in str(declared)
    assert t["h"]["dynamic"] == {"bank": 4, "spent": 0}  # narrative play: nothing stays spent
    assert t["f"]["dynamic"]["bank"] == 4 and len(t["f"]["pending_attacks"]) == 1
    # the defender's own choice: shield (free, L52) and a paid parry; sword 6+2 vs 2+2 + 3+1
    evs = t.do(_resist(advantages=["parry"]), (6, 2, 3))
    assert evs[0]["attack"]["score"] == 8 and evs[0]["defence"]["score"] == 8
    assert evs[0]["defence"]["sources"] == ["shield", "parry"] and not evs[0]["hit"]  # L54 tie
    assert t["f"]["pending_attacks"] == []
    assert POTENTIAL.reread("potential.AttackResolved", evs[0], [(6, 6), (6, 2), (6, 3)]) == []
    err = t.refused(_resist())
    assert (err.field, err.rule) == ("payload.attacker_id", "potential.resist L50")


def test_in_combat_the_attacker_pays_on_declaring() -> None:
    """L39: the attacker's potential is spent when it acts; the defender's only when it answers."""
    t = Table(h=HERO, f=FOE)
    t.do(c.StartCombat(campaign_id=CID, participants=["h", "f"], first="h"))
    t.do(c.StartTurn(campaign_id=CID, character_id="h"))
    t.do(_attack(advantages=["sword", "knife"]))
    assert t["h"]["dynamic"] == {"bank": 2, "spent": 2} and t["h"]["turn"]["acted"]
    assert t["f"]["dynamic"] == {"bank": 4, "spent": 0}
    evs = t.do(_resist(advantages=["parry"]), (6, 6, 1, 1))  # 6+2 + 6+1 = 15 vs 1+2 + 1+1 = 5
    assert evs[0]["prepaid"] and evs[0]["degree"] == 10
    assert t["h"]["dynamic"] == {"bank": 2, "spent": 2}  # not paid twice
    assert t["f"]["dynamic"] == {"bank": 3, "spent": 1} and t["f"]["pending_damage"] == 10


def test_a_resistance_left_empty_uses_the_free_resist() -> None:
    """L50, L52: every attacked character has its resistance action, and the free resist costs
    nothing: an answer naming nothing still defends with it (it used to score 1)."""
    t = Table(h=HERO, f=FOE)
    t.do(_attack())
    evs = t.do(_resist(), (1, 5))  # sword 1+2 = 3 vs shield 5+2 = 7
    assert evs[0]["defence"]["sources"] == ["shield"] and evs[0]["defence"]["score"] == 7
    assert evs[1]["cost"] == {"dynamic": 0, "static": 0}
    # left out by choice (armour against gas, L52): nothing else to use is a score of one (L53)
    t.do(_attack())
    gas = t.do(_resist(free_resist=False), (1,))
    assert gas[0]["defence"]["score"] == 1 and gas[0]["defence"]["refused_to_one"]


def test_a_discarded_free_resist_is_not_used_by_default() -> None:
    t = Table(h=HERO, f=FOE)
    t.states["character:f"]["advantages"][0]["discarded"] = True
    t.do(_attack())
    err = t.refused(_resist(free_resist=True))
    assert err.field == "payload.advantages" and err.rule == "potential.available L19"
    evs = t.do(_resist(), (4,))
    assert evs[0]["defence"]["score"] == 1  # L53: lacking a suitable free resist


def test_an_unaffordable_resistance_scores_one() -> None:
    """L53: "If a character is unable to defend themselves due to a shortage of potential ...
    they always have a resistance score of one": an answer the defender's bank cannot pay for
    resolves the attack at once against a score of one, and spends nothing."""
    t = Table(h=HERO, f=FOE)
    t.do(c.StartCombat(campaign_id=CID, participants=["h", "f"], readiness={"f": 4}, first="h"))
    t.do(c.StartTurn(campaign_id=CID, character_id="h"))
    t.do(_attack())  # the defender's bank is empty: the attack is still declared
    bank = t["f"]["dynamic"]
    evs = t.do(_resist(free_resist=False, advantages=["parry"]), (1,))
    assert evs[0]["defence"]["score"] == 1 and evs[0]["degree"] == 2  # sword 1+2 = 3 beats 1
    assert evs[0]["defence"]["refused_to_one"] == "shortage of potential (L53)"
    assert t["f"]["pending_attacks"] == [] and t["f"]["dynamic"] == bank


def test_with_the_refuse_option_an_unaffordable_resistance_waits() -> None:
    """Option ``unaffordable_resistance: refuse``: the over-budget answer is refused (L22), never
    the attack, which stays waiting for an answer the defender can pay for, or for none at all
    (a score of one, L53)."""
    t = Table(h=HERO, f=FOE)
    t.options = {"unaffordable_resistance": "refuse"}
    t.do(c.StartCombat(campaign_id=CID, participants=["h", "f"], readiness={"f": 4}, first="h"))
    t.do(c.StartTurn(campaign_id=CID, character_id="h"))
    t.do(_attack())  # the defender's bank is empty: the attack is still declared
    err = t.refused(_resist(free_resist=False, advantages=["parry"]))
    assert (err.field, err.rule) == ("payload.advantages", "potential.spend-potential L22")
    assert len(t["f"]["pending_attacks"]) == 1
    evs = t.do(_resist(free_resist=False), (1,))
    assert evs[0]["defence"]["score"] == 1 and evs[0]["degree"] == 2  # sword 1+2 = 3 beats 1


def test_an_unconscious_or_minor_defender_resists_at_once() -> None:
    """L53: an unconscious character always resists with one; P-40: a minor opponent with its
    fixed score. Neither has a choice to wait for."""
    t = Table(h=HERO, f=FOE, m={"advantages": [adv("club")], "fixed_score": 5})
    t.do(c.SetConscious(campaign_id=CID, character_id="f", conscious=False, reason="asleep"))
    evs = t.do(_attack(), (3,))
    assert evs[0]["defence"]["score"] == 1 and evs[0]["degree"] == 4
    assert t["f"]["pending_damage"] == 4 and t["f"]["pending_attacks"] == []
    evs = t.do(_attack(target_id="m"), (4,))
    assert evs[0]["defence"]["fixed"] == 5 and evs[0]["degree"] == 1


def test_a_second_attack_waits_behind_a_pending_discard() -> None:
    """L57: the defender covers each hit with its own discard; a second attack is declared all
    the same (the defender cannot keep attackers off by not discarding) and resolves after."""
    t = Table(h=HERO, f=FOE, g=HERO)
    t.do(_attack())
    t.do(_resist(free_resist=False), (6,))  # 6+2 = 8 vs 1: DoS 7
    assert t["f"]["pending_damage"] == 7
    t.do(_attack(character_id="g"))
    err = t.refused(_resist(attacker_id="g"))
    assert err.rule == "potential.discard L57"
    t.do(c.DiscardLife(campaign_id=CID, character_id="f", advantages=["heart"]))
    evs = t.do(_resist(attacker_id="g", free_resist=False), (1,))
    assert evs[0]["character_id"] == "g" and evs[0]["degree"] == 2


def test_a_won_initiative_cannot_be_bid_for_again() -> None:
    """L37: the bidding ends when the others yield, and the winner spends its bid; a new
    auction against the winner would leave that spending without effect."""
    sheet = {"advantages": [adv("cut")]}
    t = Table(x=sheet, y=sheet, z=sheet)
    t.do(c.StartCombat(campaign_id=CID, participants=["x", "y", "z"], first="y"))
    t.do(c.SeizeInitiative(campaign_id=CID, character_id="z", tokens=1))
    t.do(c.YieldInitiative(campaign_id=CID, character_id="y", to="z"))
    assert t["z"]["dynamic"]["bank"] == 3
    err = t.refused(c.SeizeInitiative(campaign_id=CID, character_id="x", tokens=2))
    assert err.rule == "potential.seize L37" and "won the initiative" in err.message
    t.do(c.StartTurn(campaign_id=CID, character_id="z"))
    assert t.states["encounter:combat"]["seized"] is False


def test_tables_show_unconsciousness_by_a_status_and_the_attacks_to_answer() -> None:
    """L53, L67: a character knocked out by an "Unconscious" status is unconscious on the table
    too (the sheet's own flag stays as the GM left it); L50: the attacks waiting for its
    resistance are shown to the defender's player."""
    sap = {"advantages": [adv("sap", 6, 6, keywords=["Status"], status="Unconscious")]}
    t = Table(y=sap, z=FOE)
    t.do(c.Attack(campaign_id=CID, character_id="y", target_id="z", focus="sap",
                  advantages=["sap"], damaging=False))
    assert POTENTIAL.derived(t["z"], {})["attacks_to_resist"] == ["y"]
    t.do(c.Resist(campaign_id=CID, character_id="z", attacker_id="y", decline=True), (1,))
    derived = POTENTIAL.derived(t["z"], {})
    assert t["z"]["conscious"] is True and derived["conscious"] is False
    assert derived["attacks_to_resist"] == []
    shown = {s.path for s in POTENTIAL.display.states}
    assert "derived.conscious" in shown and "sheet.conscious" not in shown
