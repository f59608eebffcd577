"""Who opposes a contested check, and with what (L1011, L1017-1018; digest D-9).

The seed names the opposition of three skills: Stealth "is usually opposed by Observation"
(L1011), Charm "often opposed by Discipline" (L1017), Guile "generally opposed by Intuition or
Discipline" (L1018). The opposition is the rules', not the challenger's: the challenger names
the contest, and the defender rolls what the seed names, with the skill's own characteristic.

Decisions (the seed is silent): where the seed names two (Guile), the defender rolls the one
with the better expected net successes on its sheet (the choice its controller would make),
the first named on a tie; a contest the seed names no opposition for is like against like
(the challenger's skill, or characteristic, on the defender's side: a race, L1138). The rest
of the defender's pool is the defender's own: no one else adds its sources, specializations,
assists, stunts or Fortune (its recorded Assist maneuvers still count, L384).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final, NamedTuple

from contracts.rulesets.wish import CheckSpec
from domain.errors import DomainError


class Opposed(NamedTuple):
    skills: tuple[str, ...]  # the opposing skills the seed names, in its order
    line: int


OPPOSED_BY: Final[dict[str, Opposed]] = {
    "Stealth": Opposed(("Observation",), 1011),  # "usually opposed by Observation"
    "Charm": Opposed(("Discipline",), 1017),  # "often opposed by Discipline"
    "Guile": Opposed(("Intuition", "Discipline"), 1018),  # "by Intuition or Discipline"
}

RULE: Final = "wish.check.opposed L1011, L1017-1018"

# The opposition fields only the defender's side may fill (none of them the challenger's).
DEFENDERS_OWN: Final = ("sources", "specializations", "assists", "assisted_by", "stunt",
                        "downgrade_serendipity", "difficulty")


def check_form(actor: CheckSpec, opposition: CheckSpec) -> None:
    """Refuse an opposition the challenger may not set (a 422 before any state is read): the
    defender's own pool parts, and a skill or characteristic other than the rules give
    (L1011, L1017-1018; digest D-9)."""
    for name in DEFENDERS_OWN:
        if getattr(opposition, name) != getattr(CheckSpec(), name):
            raise DomainError(f"opposition.{name}", RULE,
                              "the defender's pool is the defender's own: the challenger "
                              "sets only the contest")
    named = OPPOSED_BY.get(actor.skill or "")
    if named is not None:
        rule = f"wish.check.opposed L{named.line}"
        if opposition.characteristic is not None:
            raise DomainError("opposition.characteristic", rule,
                              f"{actor.skill} is opposed by {' or '.join(named.skills)}, "
                              "with its own characteristic")
        if opposition.skill is not None and len(named.skills) > 1:
            raise DomainError("opposition.skill", rule,
                              f"{actor.skill} is opposed by {' or '.join(named.skills)}: the "
                              "defender's better one, not the challenger's pick")
        if opposition.skill is not None and opposition.skill not in named.skills:
            raise DomainError("opposition.skill", rule,
                              f"{actor.skill} is opposed by {named.skills[0]}")
        return
    like = (actor.skill, None if actor.skill else actor.characteristic)
    asked = (opposition.skill, opposition.characteristic)
    if asked != (None, None) and asked != like:
        what = actor.skill or actor.characteristic
        raise DomainError("opposition.skill" if opposition.skill else "opposition.characteristic",
                          RULE, f"the seed names no opposition for {what}: the defender "
                          f"rolls {what} too")


def opposing(actor: CheckSpec, opposition: CheckSpec,
             expected: Callable[[CheckSpec], Fraction]) -> CheckSpec:
    """The defender's check (after ``check_form``): the seed's opposing skill (Stealth against
    Observation L1011, Charm against Discipline L1017), the better of two by ``expected`` net
    successes on the defender's sheet (Guile against Intuition or Discipline, L1018), or like
    against like where the seed names none (digest D-9)."""
    named = OPPOSED_BY.get(actor.skill or "")
    if named is None:
        return CheckSpec(skill=actor.skill,
                         characteristic=None if actor.skill else actor.characteristic,
                         tags=list(opposition.tags))
    options = [CheckSpec(skill=s, tags=list(opposition.tags)) for s in named.skills]
    return max(options, key=expected)  # max keeps the first of equals
