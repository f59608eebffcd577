"""Range bands (L402-419) against the seed's own examples, and Move through WISH.decide."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import Move, RollCheck, SetSeparation, StartEncounter, StartTurn
from domain.errors import DomainError
from domain.rulesets.wish import range_bands
from domain.rulesets.wish import sheet as sheets
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table


def test_from_the_outer_edge_of_extreme_to_engaged_is_11_maneuvers_L413() -> None:
    # "4 ... Extreme, 3 ... Long, 2 ... Medium, 1 ... Close, and 1 to Engage ... 11"
    assert range_bands.maneuvers_to_engage("Extreme") == 4 + 3 + 2 + 1 + 1 == 11
    depths = [b.depth for b in range_bands.BANDS]
    assert depths == [1, 1, 2, 3, 4, None]  # L404-409


def test_medium_range_is_three_or_four_maneuvers_L419() -> None:
    assert range_bands.band(3) == range_bands.band(4) == "Medium"
    assert [range_bands.band(n) for n in (0, 1, 2, 5, 7, 8, 11, 12)] == [
        "Engaged", "Close", "Close", "Long", "Long", "Extreme", "Extreme", "Plot"]


def table() -> Table:
    t = Table(states(hero=build_sheet(), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    return t


def move(n: int) -> Move:
    return Move(campaign_id="c", encounter_id="e", character_id="hero", target_id="foe",
                maneuvers=n)


def test_engage_and_disengage_from_close_take_two_maneuvers_L415() -> None:
    t = table()
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="foe",
                       target_id="hero", maneuvers=1))
    t.do(move(1))  # engage: the turn's free maneuver (L380)
    assert t.st["encounter:e"]["separations"] == {"foe|hero": 0}
    t.do(move(-1))  # disengage: the second maneuver costs 1 fatigue (L380)
    assert t.st["encounter:e"]["separations"] == {"foe|hero": 1}
    assert sheets.load(t.st["character:hero"]).fatigue == 1
    assert t.st["encounter:e"]["turn"]["maneuvers"] == 2


def test_band_placement_overshoot_and_plot_are_refused() -> None:
    t = table()
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                       target_id="foe", band="Medium"))
    assert t.st["encounter:e"]["separations"] == {"foe|hero": 4}
    for cmd, field in ((move(5), "maneuvers"), (move(0), "maneuvers"),
                       (SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                                      target_id="foe", band="Far"), "band"),
                       (Move(campaign_id="c", encounter_id="e", character_id="hero",
                             target_id="hero", maneuvers=1), "target_id")):
        with pytest.raises(DomainError) as err:
            t.do(cmd)
        assert err.value.field == field
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                       target_id="foe", band="Plot"))
    with pytest.raises(DomainError) as err:
        t.do(move(1))
    assert err.value.rule == "wish.range.plot L409"


@pytest.mark.parametrize("band,dice", [("Close", 0), ("Medium", 1), ("Long", 2),
                                       ("Extreme", 3)])
def test_observation_checks_gain_dice_with_range_L406_L409(band: str, dice: int) -> None:
    """L406-408: "Observation checks gain X at Medium / Long / Extreme range" (the die is the
    digest's restoration, option observation_range_die, Appendix A rows 10-12)."""
    t = table()
    t.do(SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                       target_id="foe", band=band))
    events = t.do(RollCheck(campaign_id="c", character_id="hero", encounter_id="e",
                            skill="Observation", target_id="foe", tags=["detect"]),
                  faces=[1] * 8)
    [rolled] = [e for e in events if e.type == "wish.CheckRolled"]
    assert rolled.data["check"]["pool"].get("MIS", 0) == dice
    sources = [s["source"] for s in rolled.data["check"]["sources"] if s["die"] == "MIS"]
    assert sources == ([f"{band} range L{405 + dice}"] if dice else [])


def test_observation_at_plot_range_gains_at_least_four_L409() -> None:
    """L409: at Plot range Observation checks "gain a minimum of X"."""
    assert range_bands.observation_dice(range_bands.PLOT_FROM) == (4, "Plot range L409")
    assert range_bands.observation_dice(None) == (0, "")  # no separation recorded
