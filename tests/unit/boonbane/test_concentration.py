"""Concentrate (L144-L147), decided and folded without I/O: damage or Insanity calls for a Will
challenge roll, a failure loses concentration; a creature that cannot act loses it outright."""

from __future__ import annotations

from contracts.rulesets.boonbane import AttackRoll, TakeDamage
from contracts.rulesets.boonbane.concentration import Concentrate
from contracts.rulesets.boonbane.overlays import ChangeInsanity
from domain.dice import ScriptedDice
from domain.rulesets.boonbane import BOONBANE
from tests.unit.boonbane.test_turns import Table

C = "c"


def _concentrating(**sheet: object) -> Table:
    t = Table(mage={"health": 10, **sheet})
    t.send(Concentrate(campaign_id=C, character_id="mage", effect="ward"))
    assert t.sheet("mage")["concentrating"] == "ward"
    return t


def test_damage_calls_for_a_will_roll_and_a_failure_loses_concentration() -> None:
    t = _concentrating(will=12)
    # Will 12 (+2): d20 8 totals 10, kept (L147)
    events = t.send(TakeDamage(campaign_id=C, character_id="mage", amount=2), [8])
    assert [e.type for e in events] == ["boonbane.DamageTaken", "boonbane.RollMade"]
    assert events[1].data["stat"] == "will" and events[1].data["total"] == 10
    assert t.sheet("mage")["concentrating"] == "ward"
    # d20 7 totals 9: lost
    events = t.send(TakeDamage(campaign_id=C, character_id="mage", amount=2), [7])
    assert events[-1].type == "boonbane.ConcentrationChanged"
    assert t.sheet("mage")["concentrating"] is None
    # no concentration, no roll
    assert len(t.send(TakeDamage(campaign_id=C, character_id="mage", amount=1))) == 1


def test_gaining_insanity_calls_for_the_roll_with_the_new_penalty() -> None:
    t = _concentrating(will=12)
    # Insanity 3: -1 on Will challenge rolls (L387): d20 8 + 2 - 1 = 9, lost
    events = t.send(ChangeInsanity(campaign_id=C, character_id="mage", change=3, reason="tome"),
                    [8])
    roll = next(e.data for e in events if e.type == "boonbane.RollMade")
    assert roll["modifier"] == 1 and roll["total"] == 9
    assert t.sheet("mage")["concentrating"] is None


def test_damage_that_disables_ends_concentration_without_a_roll() -> None:
    t = _concentrating()
    t.send(TakeDamage(campaign_id=C, character_id="mage", amount=10 - 1), [20])  # kept
    events = t.send(TakeDamage(campaign_id=C, character_id="mage", amount=1), [])
    assert events[-1].data["cause"] == "disabled: cannot act D-76"
    assert t.sheet("mage")["concentrating"] is None


def test_a_misfire_that_explodes_calls_for_the_wielders_will_roll() -> None:
    t = _concentrating(will=12, agility=0, health=20)
    t.states["character:foe"] = BOONBANE.validate_sheet({}, {})
    attack = AttackRoll(campaign_id=C, character_id="mage", target_id="foe",
                        attribute="agility", misfire=True)
    # Agi 0 (-10), d20 3: total -7, "roll d6; odd explodes for 2d6 damage" (L128): d6 1, then
    # 2d6 of 2 and 3, 5 damage to the wielder; "If you take damage ..., make a Will challenge
    # roll or lose concentration." (L147): Will 12 (+2), d20 7 totals 9, short of 10: lost
    dice = ScriptedDice([3, 1, 2, 3, 7])
    events = BOONBANE.decide(attack, t.states, t.options, dice)
    assert [e.type.removeprefix("boonbane.") for e in events] == [
        "RollMade", "DamageTaken", "RollMade", "ConcentrationChanged"]
    assert events[1].data["applied"] == 5 and events[2].data["stat"] == "will"
    assert events[2].data["total"] == 9 and not events[2].data["success"]
    # the audit reads the attack's draws, the misfire's and the Will roll's, as the rules give
    assert BOONBANE.reread(events[0].type, events[0].data, dice.drawn) == []
    for ev in events:
        t.states[ev.stream] = BOONBANE.evolve(t.states.get(ev.stream), ev.type, ev.data)
    assert t.sheet("mage")["concentrating"] is None and t.sheet("mage")["damage"] == 5
    # a kept concentration: d20 8 totals 10 (L147)
    t.send(Concentrate(campaign_id=C, character_id="mage", effect="ward"))
    t.send(attack, [3, 1, 2, 3, 8])
    assert t.sheet("mage")["concentrating"] == "ward" and t.sheet("mage")["damage"] == 10
