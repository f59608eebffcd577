"""Standing dice: what an origin, a hindrance, a facilitator or the Improvisation skill adds
to every check it covers (L790, L828-829, L877, L906, L1068, L1301, L1357-1361).

Each row names its source, its seed line and which checks it covers; a check says what it
is through its ``tags`` ("social", "normals", "mutual_mutant", "money", "improvise") and
its skill. The seed prints no die icon for most of these; the dice are the campaign options
holding the digest's restorations (Appendix A rows 17-21, 46, §7.13), and are named in
each row's ``die_option``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec

from contracts.rulesets.wish import CheckSpec
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet

TECH_SKILLS: Final = frozenset({"Technology", "Engineering", "Science", "Repair"})  # L906
WEALTHY_MAX_LEVELS: Final = 5  # L1301
SOCIAL_SKILLS: Final = frozenset(
    {"Charm", "Guile", "Intimidate", "Leadership", "Animalsmarts"}  # L1014-1024
)

Covers = Callable[[CheckSpec], bool]


class StandingRow(msgspec.Struct, frozen=True, kw_only=True):
    source: str
    line: int
    die_option: str  # the WishOptions field holding the die
    remove: bool = False  # Tech Edge removes dice (L906)
    count_option: str | None = None  # the WishOptions field holding the count, else 1


def _social(spec: CheckSpec) -> bool:
    return "social" in spec.tags or spec.skill in SOCIAL_SKILLS


def _with_normals(spec: CheckSpec) -> bool:
    return _social(spec) and "normals" in spec.tags


def _intimidation(spec: CheckSpec) -> bool:
    return spec.skill == "Intimidate"


ORIGIN_ROWS: Final[dict[str, tuple[tuple[StandingRow, Covers], ...]]] = {
    "Natural": ((StandingRow(source="Natural Competence", line=877,
                             die_option="natural_competence_die"), lambda s: True),),
    "Technologist": ((StandingRow(source="Tech Edge", line=906, die_option="tech_edge_die",
                                  remove=True), lambda s: s.skill in TECH_SKILLS),),
    "Mutant": (
        (StandingRow(source="Mutant Brotherhood", line=828, die_option="mutant_brotherhood_die"),
         lambda s: _social(s) and "mutual_mutant" in s.tags),
        (StandingRow(source="Dirty Mutie!", line=829, die_option="dirty_mutie_die"),
         _with_normals),
    ),
    "Anthropomorphic": ((StandingRow(source="No Dogs Allowed", line=790,
                                     die_option="no_dogs_allowed_die"), _with_normals),),
}

# The Looks hindrances: the penalty with normals spares Intimidation where the seed gives a
# bonus instead (L1357-1361).
LOOKS: Final[dict[str, tuple[StandingRow, StandingRow | None]]] = {
    "Bizarre Looking": (
        StandingRow(source="Bizarre Looking", line=1357, die_option="looks_penalty_die",
                    count_option="bizarre_looking_dice"),
        None,
    ),
    "Scary Looking": (
        StandingRow(source="Scary Looking", line=1359, die_option="looks_penalty_die",
                    count_option="scary_looking_dice"),
        StandingRow(source="Scary Looking", line=1359, die_option="looks_bonus_die",
                    count_option="scary_looking_intimidation_dice"),
    ),
    "Monstrous Looking": (
        StandingRow(source="Monstrous Looking", line=1361, die_option="looks_penalty_die",
                    count_option="monstrous_looking_dice"),
        StandingRow(source="Monstrous Looking", line=1361, die_option="looks_bonus_die",
                    count_option="monstrous_looking_intimidation_dice"),
    ),
}
WEALTHY: Final = StandingRow(source="Wealthy", line=1301, die_option="wealthy_die")
IMPROVISATION: Final = StandingRow(source="Improvisation", line=1068, die_option="improvisation_die")


class StandingDie(msgspec.Struct, frozen=True, kw_only=True):
    source: str
    line: int
    die: str
    count: int  # negative: dice removed


def _die(row: StandingRow, options: WishOptions, n: int = 1) -> StandingDie:
    per = getattr(options, row.count_option) if row.count_option else 1
    count = per * n
    return StandingDie(source=f"{row.source} L{row.line}", line=row.line,
                       die=getattr(options, row.die_option), count=-count if row.remove else count)


def wealthy_levels(sheet: WishSheet) -> int:
    """Wealthy: one level per facilitator bought, at most 5 (L1301)."""
    return min(WEALTHY_MAX_LEVELS, sheet.facilitators.count("Wealthy"))


def standing_dice(sheet: WishSheet, spec: CheckSpec, options: WishOptions) -> list[StandingDie]:
    """The standing dice a check gets from the actor's origin (L790, L828-829, L877, L906),
    Looks hindrances (L1357-1361), Wealthy (L1301) and Improvisation (L1068)."""
    out: list[StandingDie] = []
    for row, covers in ORIGIN_ROWS.get(sheet.origin or "", ()):
        if covers(spec) and row.source not in sheet.overcome:  # overcome hindrances (L790, L829)
            out.append(_die(row, options))
    names = {h.name for h in sheet.hindrances}
    for name, (penalty, bonus) in LOOKS.items():
        if name not in names or not _with_normals(spec):
            continue
        if _intimidation(spec) and bonus is not None:
            out.append(_die(bonus, options))
        else:
            out.append(_die(penalty, options))
    levels = wealthy_levels(sheet)
    if levels and _social(spec) and "money" in spec.tags:
        out.append(_die(WEALTHY, options, levels))
    improvisation = sheet.skills.get("Improvisation")
    # "adds their skill Rank to the Improvise dice pool" (L1068): Rank x EXP (digest §9.1)
    if "improvise" in spec.tags and improvisation is not None and improvisation.ranks:
        out.append(_die(IMPROVISATION, options, improvisation.ranks))
    return out

