"""Standing dice from origins, Looks, Wealthy and Improvisation against the seed's text
(L790, L828-829, L877, L906, L1068, L1301, L1357-1361)."""

from __future__ import annotations

from typing import Any

from contracts.rulesets.wish import CheckSpec
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import DEFAULTS, parse_options
from domain.rulesets.wish.pool import assemble
from tests.unit.wish.builders import build_sheet


def pool_of(spec: CheckSpec, options: Any = DEFAULTS, **sheet: Any) -> dict[str, int]:
    return assemble(sheets.load(build_sheet(**sheet)), spec, options).dice()


def hindered(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "points": 1} for n in names]


def test_natural_competence_adds_a_fortune_die_to_all_checks_L877() -> None:
    assert pool_of(CheckSpec(characteristic="str"), origin="Natural") == {"CHR": 2, "FRT": 1}
    assert pool_of(CheckSpec(characteristic="str")) == {"CHR": 2}


def test_tech_edge_removes_a_challenge_die_from_tech_checks_only_L906() -> None:
    skills = {"Technology": {"characteristic": "int", "kind": "advanced", "ranks": 1}}
    tech = CheckSpec(skill="Technology", difficulty=2)
    assert pool_of(tech, origin="Technologist", skills=skills) == {"CHR": 2, "CHL": 1, "EXP": 1}
    assert pool_of(tech, skills=skills) == {"CHR": 2, "CHL": 2, "EXP": 1}
    # not a tech check: nothing removed
    assert pool_of(CheckSpec(skill="Athletics", difficulty=2), origin="Technologist") == {
        "CHR": 2, "CHL": 2}
    # never below zero (removals take only dice that are there)
    assert pool_of(CheckSpec(skill="Technology"), origin="Technologist", skills=skills) == {
        "CHR": 2, "EXP": 1}


def test_no_dogs_allowed_adds_misfortune_to_social_checks_against_normals_L790() -> None:
    spec = CheckSpec(skill="Charm", tags=["normals"])
    assert pool_of(spec, origin="Anthropomorphic") == {"CHR": 2, "MIS": 1}
    assert pool_of(CheckSpec(skill="Charm"), origin="Anthropomorphic") == {"CHR": 2}
    assert pool_of(CheckSpec(skill="Athletics", tags=["normals"]), origin="Anthropomorphic") == {
        "CHR": 2}


def test_mutant_brotherhood_and_dirty_mutie_L828_L829() -> None:
    both = CheckSpec(skill="Leadership", tags=["mutual_mutant"])
    assert pool_of(both, origin="Mutant") == {"CHR": 2, "FRT": 1}
    assert pool_of(CheckSpec(skill="Guile", tags=["normals"]), origin="Mutant") == {
        "CHR": 2, "MIS": 1}


def test_looks_penalise_social_checks_with_normals_but_scary_intimidates_L1357_L1361() -> None:
    normals = CheckSpec(skill="Charm", tags=["normals"])
    scare = CheckSpec(skill="Intimidate", tags=["normals"])
    assert pool_of(normals, hindrances=hindered("Bizarre Looking")) == {"CHR": 2, "MIS": 1}
    # Bizarre Looking has no Intimidation exception (L1357): it penalises that too
    assert pool_of(scare, hindrances=hindered("Bizarre Looking")) == {"CHR": 2, "MIS": 1}
    assert pool_of(normals, hindrances=hindered("Scary Looking")) == {"CHR": 2, "MIS": 2}
    assert pool_of(scare, hindrances=hindered("Scary Looking")) == {"CHR": 2, "FRT": 1}
    assert pool_of(scare, hindrances=hindered("Monstrous Looking")) == {"CHR": 2, "FRT": 2}
    assert pool_of(CheckSpec(skill="Charm"), hindrances=hindered("Monstrous Looking")) == {
        "CHR": 2}


def test_wealthy_adds_one_die_per_level_where_money_helps_up_to_five_L1301() -> None:
    money = CheckSpec(skill="Charm", tags=["money"])
    assert pool_of(money, facilitators=["Wealthy"] * 3) == {"CHR": 2, "FRT": 3}
    assert pool_of(money, facilitators=["Wealthy"] * 7) == {"CHR": 2, "FRT": 5}
    assert pool_of(CheckSpec(skill="Charm"), facilitators=["Wealthy"] * 3) == {"CHR": 2}


def test_improvisation_adds_its_rank_to_improvise_pools_L1068() -> None:
    skills = {"Improvisation": {"characteristic": "wp", "kind": "advanced", "ranks": 2}}
    improvise = CheckSpec(skill="Athletics", tags=["improvise"])
    assert pool_of(improvise, skills=skills, experience=30) == {"CHR": 2, "EXP": 2}
    assert pool_of(CheckSpec(skill="Athletics"), skills=skills, experience=30) == {"CHR": 2}


def test_the_restored_dice_are_campaign_options() -> None:
    options = parse_options({"natural_competence_die": "EXP", "monstrous_looking_dice": 1})
    assert pool_of(CheckSpec(characteristic="str"), options, origin="Natural") == {
        "CHR": 2, "EXP": 1}
    assert pool_of(CheckSpec(skill="Charm", tags=["normals"]), options,
                   hindrances=hindered("Monstrous Looking")) == {"CHR": 2, "MIS": 1}
