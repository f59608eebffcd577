"""Rests (L91-L95) decided and folded without I/O: "8 hour rest: heal up to your healing rate."
(L93), "24 hour rest: heal up to twice your healing rate." (L94), "A rest cannot be interrupted
for more than 1 minute." (L95), and "A full rest in a safe location reduces Exposure by 1 tier."
(L382)."""

from __future__ import annotations

from typing import Any, Final

from contracts.rulesets.boonbane.rests import Rest
from tests.unit.boonbane.test_turns import Table

C: Final = "c"


def _types(events: list[Any]) -> list[str]:
    return [e.type.removeprefix("boonbane.") for e in events]


def test_a_completed_rest_heals_the_healing_rate_or_twice_it() -> None:
    # Health 20: healing rate a quarter, 5 (L57)
    t = Table(hero={"health": 20, "damage": 15})
    events = t.send(Rest(campaign_id=C, character_id="hero", hours=8, interruptions=[0.5, 0.5]))
    assert _types(events) == ["Healed"] and events[0].data["healed"] == 5  # 1 minute in all
    assert t.sheet("hero")["damage"] == 10
    t.send(Rest(campaign_id=C, character_id="hero", hours=24))
    assert t.sheet("hero")["damage"] == 0  # twice the rate, 10 (L94)


def test_a_rest_interrupted_for_more_than_a_minute_heals_nothing() -> None:
    t = Table(hero={"health": 20, "damage": 15, "exposure_tier": 2})
    # two breaks of 40 seconds: 1 1/3 minutes in all, more than L95's 1 minute (digest D-16)
    events = t.send(Rest(campaign_id=C, character_id="hero", hours=8,
                         interruptions=[2 / 3, 2 / 3], safe_location=True))
    assert _types(events) == ["RestFailed"]
    assert events[0].data["rule"] == "L95" and events[0].data["counted"] == "total"
    assert t.sheet("hero")["damage"] == 15 and t.sheet("hero")["exposure_tier"] == 2
    # with the option counting each break by itself, neither exceeds a minute
    t.options = {"rest_interruptions_counted": "each"}
    events = t.send(Rest(campaign_id=C, character_id="hero", hours=8,
                         interruptions=[2 / 3, 2 / 3], safe_location=True))
    assert _types(events) == ["Healed", "OverlayChanged"]
    assert t.sheet("hero")["damage"] == 10 and t.sheet("hero")["exposure_tier"] == 1
    assert _types(t.send(Rest(campaign_id=C, character_id="hero", hours=8,
                              interruptions=[1.5]))) == ["RestFailed"]


def test_an_unconscious_creatures_hours_pass_even_when_the_rest_fails() -> None:
    t = Table(hero={"health": 8, "damage": 4, "afflictions": [
        {"name": "unconscious", "source": "three disabled rounds L38", "hours": 2}]})
    events = t.send(Rest(campaign_id=C, character_id="hero", hours=8, interruptions=[5]))
    assert _types(events) == ["TimePassed", "RestFailed"]
    assert all(a["name"] != "unconscious" for a in t.sheet("hero")["afflictions"])
    assert t.sheet("hero")["damage"] == 4


def test_the_dead_do_not_rest() -> None:
    t = Table(corpse={"health": 8, "damage": 8})
    t.states["character:corpse"]["life_state"] = "dead"
    t.refused(Rest(campaign_id=C, character_id="corpse", hours=8), "boonbane.dead")
