"""What an Origin grants when it is chosen and what its free choices grant (L775, L787,
L824-827, L840-865, L878, L905): trained skills, specializations, Archetype SFX and stunts.

Fixed grants (Animal Instincts, Tech Skills, a Mystical Talent's skills) follow from the
Origin alone; the player's choices (Natural Talent, Alien Traits, Mutant Powers, the
specializations) come with ``wish.ChooseOriginGrants``.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import events as ev
from contracts.rulesets.wish.origin import ChooseOriginGrants
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import skills as skill_table
from domain.rulesets.wish import views
from domain.rulesets.wish.origin_abilities import (
    GRANTED_SKILL_CHARACTERISTIC,
    TALENT_SKILLS,
    TRAINED_FREE,
)
from domain.rulesets.wish.state import Skill, Specialization, Stunt, WishSheet

NATURAL_TALENT_SKILLS: Final = 5  # L878
MUTANT_ONE_STUNT_RATING: Final = 4  # "three free raises to the Stunt to make it Rating 4" (L825)
MUTANT_TWO_STUNTS_RATING: Final = 2  # "a free raise to both Stunts to make them each Rating 2" (L826)


def _trained(sheet: WishSheet, name: str) -> Skill:
    """A skill trained once for free (D-17: free origin training gives exactly 1 rank)."""
    have = sheet.skills.get(name)
    if have is not None:
        return msgspec.structs.replace(have, acquired=True, ranks=max(1, have.ranks))
    listed = skill_table.catalogue(name) or GRANTED_SKILL_CHARACTERISTIC[name]
    return Skill(characteristic=listed[0], kind=listed[1], ranks=1)  # type: ignore[arg-type]


def fixed_skills(sheet: WishSheet) -> dict[str, Skill]:
    """Skills the Origin trains for free as soon as it is chosen: Animal Instincts (L787),
    Tech Skills (L905), a Mystical Talent's skills, "trained and specialized" (L840)."""
    names = [*TRAINED_FREE.get(sheet.origin or "", ())]
    if sheet.origin == "Mystic":
        names += TALENT_SKILLS.get(sheet.origin_talent or "", ())
    return {n: _trained(sheet, n) for n in names}


def origin_trained(sheet: WishSheet) -> list[str]:
    """Every skill this character's Origin trained for free, fixed ones and chosen ones
    (L787, L840-865, L878, L905)."""
    return list(dict.fromkeys([*fixed_skills(sheet), *sheet.origin_skills]))


def choose(sheet: WishSheet, cmd: ChooseOriginGrants) -> ev.OriginGrantsChosen:
    """``wish.OriginGrantsChosen``: the Origin's free choices, checked against the
    seed (L775, L824-827, L878; specializations L787, L840, L878, L905)."""
    origin = sheet.origin
    if sheet.phase != "creation":
        raise StateConflict("character_id", "wish.origin L753", "origin choices are made in creation")
    if origin is None:
        raise StateConflict("character_id", "wish.origin L753", "choose the Origin first")
    if sheet.origin_grants_chosen:
        raise StateConflict("character_id", "wish.origin L753", "the origin's choices are made")
    skills = _natural_talent(origin, cmd.skills)
    sfx = _alien_traits(origin, cmd.sfx)
    stunts, stunt_sfx = _mutant_powers(sheet, origin, cmd.stunts, cmd.stunt_sfx)
    grantable = [*origin_trained(sheet), *skills]
    specs = []
    for skill, name in cmd.specializations.items():
        if skill not in grantable:
            raise DomainError(f"specializations.{skill}", "wish.origin L787, L840, L878, L905",
                              f"{origin} does not train {skill!r}; it trains {grantable}")
        if not name.strip():
            raise DomainError(f"specializations.{skill}", "wish.specialization L984",
                              "name the specialization")
        specs.append(Specialization(name=name, target=skill))
    if not (skills or sfx or stunts or specs):
        raise DomainError("skills", f"wish.origin.{origin.lower()} L753",
                          f"{origin} leaves nothing to choose here" if not grantable
                          else "name the specializations of the skills it trains")
    trained = {n: _trained(sheet, n) for n in skills}
    return ev.OriginGrantsChosen(skills=views.skills_view(trained), origin_skills=skills,
                                 specializations=views.specializations_view(specs),
                                 sfx=[x for x in (sfx, stunt_sfx) if x],
                                 stunts=views.stunts_view(stunts))


def _natural_talent(origin: str, chosen: list[str]) -> list[str]:
    """Natural Talent: "Select any 5 Basic skills and train them" (L878)."""
    rule = "wish.origin.natural L878"
    if origin != "Natural":
        if chosen:
            raise DomainError("skills", rule, "only a Natural selects skills to train")
        return []
    if len(chosen) != NATURAL_TALENT_SKILLS or len(set(chosen)) != len(chosen):
        raise DomainError("skills", rule, "select 5 different Basic skills")
    off = [n for n in chosen if n not in skill_table.BASIC]
    if off:
        raise DomainError("skills", rule, f"not Basic skills: {off}")
    return list(chosen)


def _alien_traits(origin: str, sfx: str | None) -> str | None:
    """Alien Traits: "Choose any one SFX", always an Archetype SFX (L775)."""
    rule = "wish.origin.alien L775"
    if origin != "Alien":
        if sfx is not None:
            raise DomainError("sfx", rule, "only an Alien chooses an Alien Traits SFX")
        return None
    if not (sfx or "").strip():
        raise DomainError("sfx", rule, "choose the Alien Traits SFX")
    return sfx


def _mutant_powers(sheet: WishSheet, origin: str, names: list[str],
                   sfx: str | None) -> tuple[dict[str, Stunt], str | None]:
    """Mutant Powers: one innate stunt at Rating 4, or two from the same SFX at Rating 2
    (L825-826); that SFX is always an Archetype SFX (L827)."""
    rule = "wish.origin.mutant L824-827"
    if origin != "Mutant":
        if names or sfx is not None:
            raise DomainError("stunts", rule, "only a Mutant chooses Mutant Powers")
        return {}, None
    if len(names) not in (1, 2) or len(set(names)) != len(names):
        raise DomainError("stunts", rule, "one stunt, or two different stunts")
    if not (sfx or "").strip():
        raise DomainError("stunt_sfx", rule, "name the SFX the stunts come from")
    taken = [n for n in names if n in sheet.stunts or not n.strip()]
    if taken:
        raise DomainError("stunts", rule, f"already on the sheet or unnamed: {taken}")
    rating = MUTANT_ONE_STUNT_RATING if len(names) == 1 else MUTANT_TWO_STUNTS_RATING
    return {n: Stunt(rating=rating, sfx=sfx or "", justification="innate") for n in names}, sfx


def apply_grants(sheet: WishSheet, e: ev.OriginGrantsChosen) -> WishSheet:
    """Fold ``wish.OriginGrantsChosen`` (total: a recorded body is applied as written)."""
    return msgspec.structs.replace(
        sheet, skills={**sheet.skills, **views.skills(e.skills)},
        stunts={**sheet.stunts, **views.stunts(e.stunts)},
        specializations=[*sheet.specializations, *map(views.specialization, e.specializations)],
        origin_skills=[*sheet.origin_skills, *e.origin_skills],
        origin_sfx=[*sheet.origin_sfx, *e.sfx], origin_grants_chosen=True)


def apply_fixed(sheet: WishSheet, e: ev.OriginSkillsGranted) -> WishSheet:
    """Fold ``wish.OriginSkillsGranted``."""
    return msgspec.structs.replace(
        sheet, skills={**sheet.skills, **views.skills(e.skills)},
        origin_skills=list(dict.fromkeys([*sheet.origin_skills, *e.skills])))
