"""A state's consequences follow it whatever path reached it: unconsciousness (L196) switches
Toggle stunts off (L260) whether it came from damage, an explicit critical (L206) or a stunt's
Wound cost (L508)."""

from __future__ import annotations

from typing import Any

from contracts.rulesets.wish import ApplyDamage, InflictLasting, RollCheck
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table

AURA = {"sfx": "Fire", "traits": ["Toggle"], "toggled_on": True}


def one_wound_left(**stunts: Any) -> Table:
    s = sheets.load(build_sheet(stunts={"Aura": AURA, **stunts}))
    left = sheets.wounds_threshold(s, parse_options({})) - 1
    return Table(states(hero=build_sheet(stunts={"Aura": AURA, **stunts}, wounds_lost=left)))


def aura_on(t: Table) -> bool:
    return sheets.load(t.st["character:hero"]).stunts["Aura"].toggled_on


def test_a_toggle_goes_off_at_zero_wounds_by_damage_L260() -> None:
    t = one_wound_left()
    t.do(ApplyDamage(campaign_id="c", character_id="hero", amount=5))
    assert not aura_on(t)


def test_a_toggle_goes_off_at_zero_wounds_by_an_explicit_critical_L206_L260() -> None:
    """L260: "A Toggle Stunt toggles off automatically if the character becomes unconscious";
    a critical counts against Wounds (L206), so the last Wound lost to one is unconsciousness
    too (L196)."""
    t = one_wound_left()
    assert aura_on(t)
    events = t.do(InflictLasting(campaign_id="c", character_id="hero", kind="critical",
                                 name="Broken arm"))
    assert sheets.is_unconscious(sheets.load(t.st["character:hero"]), parse_options({}))
    assert events[-1].type == "wish.StuntToggled" and events[-1].data["cause"] == "unconscious"
    assert not aura_on(t)


def test_a_toggle_goes_off_when_a_stunts_wound_cost_takes_the_last_wound_L508_L260() -> None:
    t = one_wound_left(Sacrifice={"sfx": "Magic", "cost": {"wounds": 1}})
    t.do(RollCheck(campaign_id="c", character_id="hero", characteristic="wp",
                   stunt="Sacrifice"), [1, 1])
    assert not aura_on(t)
