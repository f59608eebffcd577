"""The end of a scenario (L326-L330, L356-L357): each character's Practice rating moves toward
the scenario's Practice value, and the Success Rate counts the last five scenarios."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import public_status
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions

Load = Callable[[str, str], st.GoldenHeroesSheet]
HISTORY: Final = 5  # "out of the last five that they take part in" (L357)


def practice_of(sheet: st.GoldenHeroesSheet) -> Fraction:
    return public_status.rating(sheet, "practice") + Fraction(1, 2) * sheet.practice_half


def new_practice(current: Fraction, value: int, success: bool) -> Fraction:
    """Practice (L329-L330): a success in a higher-valued scenario, or a failure in a lower one,
    averages the two; halves are retained, any other fraction rounds to the nearest whole
    number (.25 down, .75 up; digest decision #19); otherwise, and at equal values, no change."""
    if not ((success and value > current) or (not success and value < current)):
        return current
    mean = (current + value) / 2
    return mean if (2 * mean).denominator == 1 else Fraction(round(mean))


def success_rate(results: list[str], partials: str) -> int:
    """Success Rate: the scenarios of the last five in which the character succeeded; the
    referee may count two partial successes as one (L357, option ``partial_successes``)."""
    wins = results.count("success")
    if partials == "two_count_as_one":
        wins += results.count("partial") // 2
    return min(wins, HISTORY)


def end_scenario(cmd: c.EndScenario, load: Load, opts: GoldenHeroesOptions
                 ) -> list[Out]:
    """The referee's judgement of each character's part (L329, L357); a partial success is not
    a success for Practice (the referee judges success or not, L329)."""
    ids = [o.character_id for o in cmd.outcomes]
    if len(set(ids)) != len(ids):
        raise DomainError("outcomes", "golden-heroes.success-rate L357",
                          "one outcome a character")
    out = []
    for o in cmd.outcomes:
        sheet = load(o.character_id, "outcomes")
        value = max(cmd.practice - o.unseen, 1)
        before = practice_of(sheet)
        after = new_practice(before, value, o.result == "success")
        results = [*sheet.scenario_results, o.result][-HISTORY:]
        out.append(event(char(o.character_id), c.ScenarioEnded(
            character_id=o.character_id, result=o.result, practice_value=value,
            practice_before=str(float(before)).removesuffix(".0"),
            practice=int(after), practice_half=after.denominator == 2, results=results,
            success_rate=success_rate(results, opts.partial_successes))))
    return out
