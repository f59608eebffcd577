"""Concentrate (L144-L147), decided and folded without I/O: damage or Insanity calls for a Will
challenge roll, a failure loses concentration; a creature that cannot act loses it outright."""

from __future__ import annotations

from contracts.rulesets.boonbane import TakeDamage
from contracts.rulesets.boonbane_concentration import Concentrate
from contracts.rulesets.boonbane_overlays import ChangeInsanity
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
