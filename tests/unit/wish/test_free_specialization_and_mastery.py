"""The free specialization with a skill's first training rank (L986) and SFX Mastery skills
(L1070-1074, G-14)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Purchase, RollCheck, Specialization, SpendAdvance
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, skills
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, options or {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def train(target: str, *specs: tuple[str, str], kind: str = "skill_rank",
          currency: str = "creation") -> SpendAdvance:
    chosen = [Specialization(name=n, target=t) for n, t in specs]
    return SpendAdvance(campaign_id="c", character_id="hero", currency=currency,  # type: ignore[arg-type]
                        purchase=Purchase(kind=kind, target=target,  # type: ignore[arg-type]
                                          specializations=chosen))


def test_the_first_rank_brings_one_free_specialization_L986() -> None:
    """'a runner who trains Athletics should choose a specialization applicable to running'."""
    st = states(hero=build_sheet(phase="creation", creation_points=3, experience=20))
    st = run(st, train("Athletics", ("Running", "Athletics")))
    hero = st["character:hero"]
    assert hero["creation_points"] == 2  # the rank's 1 point, the specialization free
    assert hero["specializations"] == [{"name": "Running", "target": "Athletics", "level": 1}]
    [rolled] = WISH.decide(RollCheck(campaign_id="c", character_id="hero", skill="Athletics",
                                     specializations=["Running"]), st, {}, ScriptedDice([1] * 5))
    assert rolled.data["check"]["pool"] == {"CHR": 2, "EXP": 1, "FRT": 1}  # L984, L994


def test_only_the_first_rank_and_only_its_own_skill_L986() -> None:
    st = states(hero=build_sheet(advances=3, experience=20,
                                 skills={"Athletics": {"characteristic": "str", "ranks": 1}}))
    with pytest.raises(StateConflict) as err:
        WISH.decide(train("Athletics", ("Lifting", "Athletics"), currency="advance"), st, {},
                    ScriptedDice([]))
    assert err.value.rule == "wish.specialization.free L986"
    for specs in ((("Running", "Stealth"),), (("A", "Charm"), ("B", "Charm"))):
        with pytest.raises(DomainError) as err:
            WISH.decide(train("Charm", *specs, currency="advance"), st, {}, ScriptedDice([]))
        assert err.value.field == "purchase.specializations"


def test_mastery_skills_are_advanced_on_the_seeds_characteristic_L1071_L1074() -> None:
    assert skills.catalogue("Augment Mastery") == ("fel", "advanced")
    assert skills.catalogue("Cold Mastery") == ("wp", "advanced")
    assert skills.catalogue("Fire Mastery") == ("fel", "advanced")
    assert skills.catalogue("Bedevil Mastery") == ("wp", "advanced")  # G-14 default


def test_an_unstated_mastery_characteristic_is_the_campaigns_choice_G14() -> None:
    st = states(hero=build_sheet(phase="creation", creation_points=3))
    opts = {"mastery_characteristics": {"Stone Mastery": "str"}}
    st = run(st, train("Stone Mastery", kind="acquire_skill"), opts)
    assert st["character:hero"]["skills"]["Stone Mastery"]["characteristic"] == "str"
    st = run(st, train("Cold Mastery", kind="acquire_skill"), opts)
    assert st["character:hero"]["skills"]["Cold Mastery"]["characteristic"] == "wp"  # L1073
    with pytest.raises(DomainError) as err:
        WISH.validate_options({"mastery_characteristics": {"Fire Mastery": "str"}})
    assert err.value.field == "options.mastery_characteristics.Fire Mastery"
