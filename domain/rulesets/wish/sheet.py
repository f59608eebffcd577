"""Sheet validation and derived statistics (L99-230).

The sheet is the domain's ``state.WishSheet`` (the same fields as the wire's schema in
``contracts.rulesets.wish``, mapped by ``views.py``); this module checks a raw sheet against the
rules and computes what the sheet implies: effective characteristics, Wound and Grit thresholds,
current health, Rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import DomainError
from domain.rulesets.wish import (
    conditions,
    declared_traits,
    devices,
    hindrances,
    justifications,
    traits,
    travel_sheet,
)
from domain.rulesets.wish.characteristics import (
    CHARACTERISTICS as CHARACTERISTICS,
)
from domain.rulesets.wish.characteristics import (
    MAX_SKILL_RANKS as MAX_SKILL_RANKS,
)
from domain.rulesets.wish.characteristics import (
    MENTAL as MENTAL,
)
from domain.rulesets.wish.characteristics import (
    MITIGATION as MITIGATION,
)
from domain.rulesets.wish.characteristics import (
    NORMAL_MAXIMUM as NORMAL_MAXIMUM,
)
from domain.rulesets.wish.characteristics import (
    PHYSICAL as PHYSICAL,
)
from domain.rulesets.wish.creation_tables import creation_points
from domain.rulesets.wish.creation_tables import rank as rank
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.restricted_points import RESTRICTIONS
from domain.rulesets.wish.sheet_fields import unknown_field
from domain.rulesets.wish.state import WishSheet


class SheetInvalid(DomainError):
    """A sheet breaks one or more rules; ``problems`` lists every one (field, rule, message)."""

    def __init__(self, problems: list[tuple[str, str, str]]) -> None:
        field, rule, _ = problems[0]
        super().__init__(field, rule, "; ".join(f"{f}: {m} ({r})" for f, r, m in problems))
        self.problems = problems


def load(state: object) -> WishSheet:
    """A folded character state (sheet dict or Struct) as a ``WishSheet``."""
    if isinstance(state, WishSheet):
        return state
    return msgspec.convert(state, WishSheet)


def dump(sheet: WishSheet) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(sheet)
    return out


def validate_sheet(raw: Mapping[str, Any], options: WishOptions) -> dict[str, Any]:
    """Validate and normalize a WISH sheet; every invalid field is named ``sheet.<path>``, an
    unknown (misspelt) one too."""
    unknown = unknown_field(dict(raw), WishSheet)
    if unknown is not None:
        raise SheetInvalid([(f"sheet.{unknown}", "wish.sheet.schema",
                             f"unknown field {unknown.rsplit('.', 1)[-1]!r}")])
    try:
        sheet = msgspec.convert(dict(raw), WishSheet)
    except msgspec.ValidationError as exc:
        text = str(exc)
        path = text.rsplit("at `$.", 1)[-1].rstrip("`") if "at `$." in text else "?"
        raise SheetInvalid([(f"sheet.{path}", "wish.sheet.schema", text)]) from None
    sheet = normalize(sheet)
    if sheet.phase == "creation" and "creation_points" not in raw:
        # A new character starts with its power level's creation points (L609-635).
        sheet = msgspec.structs.replace(
            sheet, creation_points=starting_creation_points(options.power_level))
    problems = check(sheet, options)
    if problems:
        raise SheetInvalid(problems)
    return dump(sheet)


def starting_creation_points(power_level: str) -> int:
    """Creation points of a power level (L609-635); the origin's grant comes with the origin."""
    return creation_points(power_level, None)


def normalize(sheet: WishSheet) -> WishSheet:
    """Fill default maxima (5, L159, L181)."""
    maxima = {c: sheet.maxima.get(c, NORMAL_MAXIMUM) for c in CHARACTERISTICS}
    mit = {m: sheet.mitigation_maxima.get(m, NORMAL_MAXIMUM) for m in MITIGATION}
    return msgspec.structs.replace(sheet, maxima=maxima, mitigation_maxima=mit)


def _stunt_marks(
    name: str, facs: list[str], hinds: list[str], traits: list[str]
) -> list[tuple[str, str, str]]:
    """Per-stunt facilitators (L1313-1333) and hindrances (L1371-1383): known names, each once
    per stunt ("applied to a different Stunt each time"), Prolonged only on Ongoing stunts."""
    p: list[tuple[str, str, str]] = []
    for f in facs:
        if f not in hindrances.STUNT_FACILITATORS:
            p.append((f"sheet.stunts.{name}.facilitators", "wish.facilitator L1293", f"{f!r}?"))
    for h in hinds:
        row = hindrances.HINDRANCES.get(h)
        if row is None or not row.per_stunt:
            p.append((f"sheet.stunts.{name}.hindrances", "wish.hindrance L1371-1383", f"{h!r}?"))
    if len(set(facs)) != len(facs) or len(set(hinds)) != len(hinds):
        p.append((f"sheet.stunts.{name}", "wish.facilitator L1313", "each applies once a stunt"))
    if "Prolonged" in facs and hindrances.PROLONGED_TRAIT not in traits:
        p.append((f"sheet.stunts.{name}.facilitators", "wish.facilitator.prolonged L1319",
                  "Prolonged needs an Ongoing stunt"))
    if "Contemplative" in facs and "Impetuous" in facs:
        p.append((f"sheet.stunts.{name}.facilitators", "wish.facilitator L1331-1333",
                  "a stunt cannot need both a Defensive and an Offensive stance"))
    return p


def check(sheet: WishSheet, options: WishOptions) -> list[tuple[str, str, str]]:
    """Every rule the sheet breaks, as (field, rule, message)."""
    p: list[tuple[str, str, str]] = []
    for c in sheet.characteristics:
        if c not in CHARACTERISTICS:
            p.append(
                (f"sheet.characteristics.{c}", "wish.sheet L105-133", "unknown characteristic")
            )
    for c in CHARACTERISTICS:
        v, top = sheet.characteristics.get(c), sheet.maxima.get(c, NORMAL_MAXIMUM)
        if v is None:
            p.append((f"sheet.characteristics.{c}", "wish.sheet L105-133", "missing"))
        elif not 0 <= v <= options.max_characteristic:
            p.append((f"sheet.characteristics.{c}", "wish.characteristic L111", "outside 0-10"))
        elif v > top:
            p.append(
                (
                    f"sheet.characteristics.{c}",
                    "wish.characteristic L153",
                    f"{v} is above its maxima {top}",
                )
            )
        if not 0 <= top <= options.max_characteristic:
            p.append((f"sheet.maxima.{c}", "wish.characteristic L159", "maxima outside 0-10"))
    for m in MITIGATION:
        v, top = getattr(sheet, m), sheet.mitigation_maxima.get(m, NORMAL_MAXIMUM)
        if not 0 <= v <= top:
            p.append((f"sheet.{m}", "wish.mitigation L181", f"{v} is outside 0-{top}"))
    st = sheet.stance
    if st.defensive < 0 or st.offensive < 0:
        p.append(("sheet.stance", "wish.stance L95", "negative stance steps"))
    elif not -st.defensive <= st.position <= st.offensive:
        p.append(("sheet.stance.position", "wish.stance.meter L89", "marker is off the meter"))
    top_rank = min(MAX_SKILL_RANKS, rank(sheet.experience))
    for name, sk in sheet.skills.items():
        if sk.characteristic not in CHARACTERISTICS:
            p.append((f"sheet.skills.{name}.characteristic", "wish.skill L974", "unknown"))
        if not 0 <= sk.ranks <= top_rank:
            p.append(
                (
                    f"sheet.skills.{name}.ranks",
                    "wish.skill.rank L994",
                    f"ranks must be 0-{top_rank} at Rank {rank(sheet.experience)}",
                )
            )
        p.extend(travel_sheet.problems(name, sk))  # travel modes (L1084-1198)
        if sk.kind == "basic" and not sk.acquired:
            p.append((f"sheet.skills.{name}.acquired", "wish.skill L990", "basic skills are known"))
        if not sk.acquired and sk.ranks:
            p.append(
                (
                    f"sheet.skills.{name}.ranks",
                    "wish.skill.advanced L1044",
                    "an advanced skill must be acquired before training",
                )
            )
    for i, sp in enumerate(sheet.specializations):
        if sp.target not in CHARACTERISTICS and sp.target not in sheet.skills:
            p.append(
                (
                    f"sheet.specializations.{i}.target",
                    "wish.specialization L169",
                    f"{sp.target!r} is neither a characteristic nor a skill on the sheet",
                )
            )
        if sp.level < 1:
            p.append((f"sheet.specializations.{i}.level", "wish.specialization L167", "< 1"))
    for name, stunt in sheet.stunts.items():
        if not 1 <= stunt.rating <= options.max_stunt_rating:
            p.append(
                (
                    f"sheet.stunts.{name}.rating",
                    "wish.stunt.rating L482-484",
                    f"rating must be 1-{options.max_stunt_rating}",
                )
            )
        if stunt.recharge_rating < 0 or stunt.recharge_tokens < 0:
            p.append((f"sheet.stunts.{name}", "wish.stunt.recharge L510", "negative recharge"))
        p.extend(_stunt_marks(name, stunt.facilitators, stunt.hindrances, stunt.traits))
        p.extend(traits.problems(name, stunt))  # L232-281
        p.extend(declared_traits.problems(name, stunt))  # DoT, Deflect and Rally declarations (L256-271)
        p.extend(justifications.problems(name, stunt, sheet, options))  # L283-376
        p.extend((f"sheet.stunts.{name}.cost.{k}", "wish.stunt.cost L508", "must not be negative")
                 for k, v in msgspec.structs.asdict(stunt.cost).items() if v < 0)
    p.extend(devices.problems(sheet, options))  # L299-332
    for currency, left in sheet.restricted_points.items():
        if currency not in RESTRICTIONS or left < 0:
            p.append((f"sheet.restricted_points.{currency}", "wish.origin L776, L921",
                      f"restricted points are {sorted(RESTRICTIONS)}, never negative"))
    if sheet.fortune_rating < 0:
        p.append(("sheet.fortune_rating", "wish.fortune L216", "negative"))
    if not 0 <= sheet.fortune <= sheet.fortune_rating:
        p.append(("sheet.fortune", "wish.fortune L230", "current Fortune must be 0-rating"))
    for f in (
        "stress",
        "fatigue",
        "wounds_purchased",
        "grit_purchased",
        "wounds_lost",
        "grit_lost",
        "experience",
        "advances",
        "creation_points",
        "hindrance_points",
    ):
        if getattr(sheet, f) < 0:
            p.append((f"sheet.{f}", "wish.sheet", "must not be negative"))
    if sheet.wounds_lost > wounds_threshold(sheet, options):
        p.append(("sheet.wounds_lost", "wish.health L192-196", "more than the threshold"))
    if sheet.grit_lost > grit_threshold(sheet, options):
        p.append(("sheet.grit_lost", "wish.health L192-198", "more than the threshold"))
    for i, cond in enumerate(sheet.conditions):
        if cond.duration == "brief" and cond.tokens < 1:
            p.append((f"sheet.conditions.{i}.tokens", "wish.condition.brief L1393", "< 1"))
    return p


def effective(sheet: WishSheet, characteristic: str) -> int:
    """Rating plus temporary condition changes; may exceed maxima (L153, L1448-1494)."""
    base = sheet.characteristics.get(characteristic, 0)
    return base + conditions.stat_modifier(sheet, characteristic)


def mitigation(sheet: WishSheet, which: str) -> int:
    """Defense, Soak or Psyche with condition bonuses (L184-186, L1495-1497)."""
    value: int = getattr(sheet, which)
    return value + conditions.stat_modifier(sheet, which)


def _key(sheet: WishSheet, c: str, options: WishOptions) -> int:
    # D-13: thresholds and death tests use the permanent rating by default.
    if options.threshold_uses_effective_characteristic:
        return effective(sheet, c)
    return sheet.characteristics.get(c, 0)


def wounds_threshold(sheet: WishSheet, options: WishOptions) -> int:
    """Wounds = 10 + Toughness + purchased points (L192, L201)."""
    return 10 + _key(sheet, "to", options) + sheet.wounds_purchased


def grit_threshold(sheet: WishSheet, options: WishOptions) -> int:
    """Grit = 10 + Willpower + purchased points (L192, L202)."""
    return 10 + _key(sheet, "wp", options) + sheet.grit_purchased


def current_wounds(sheet: WishSheet, options: WishOptions) -> int:
    """Wounds left; each critical counts as a Wound (L194, L1417, D-15)."""
    return max(0, wounds_threshold(sheet, options) - sheet.wounds_lost - len(sheet.criticals))


def current_grit(sheet: WishSheet, options: WishOptions) -> int:
    """Grit left; each schism counts against Grit (L194, L1419, D-15)."""
    return max(0, grit_threshold(sheet, options) - sheet.grit_lost - len(sheet.schisms))


def is_unconscious(sheet: WishSheet, options: WishOptions) -> bool:
    """At 0 Wounds a character is unconscious and in danger of dying (L196)."""
    return current_wounds(sheet, options) == 0


def is_dead(sheet: WishSheet, options: WishOptions) -> bool:
    """More criticals than Toughness: the character dies (L208, L1417)."""
    return len(sheet.criticals) > _key(sheet, "to", options)


def is_broken(sheet: WishSheet, options: WishOptions) -> bool:
    """More schisms than Willpower: permanently unplayable (L210, L1419)."""
    return len(sheet.schisms) > _key(sheet, "wp", options)


def derived(sheet: WishSheet, options: WishOptions) -> dict[str, Any]:
    """The figures a sheet implies, for views."""
    return {
        "rank": rank(sheet.experience),
        "wounds_threshold": wounds_threshold(sheet, options),
        "grit_threshold": grit_threshold(sheet, options),
        "current_wounds": current_wounds(sheet, options),
        "current_grit": current_grit(sheet, options),
        "unconscious": is_unconscious(sheet, options),
        "mentally_incapacitated": current_grit(sheet, options) == 0,
        "dead": is_dead(sheet, options),
        "broken": is_broken(sheet, options),
        "effective": {c: effective(sheet, c) for c in CHARACTERISTICS},
        # Spiked, Sapped, Buffed, Boosted (L1447, L1466, L1498, L1511)
        "stunt_ratings": {n: conditions.stunt_rating(sheet, n) for n in sheet.stunts},
        **({"devices": {n: {**msgspec.structs.asdict(devices.durability(sheet, d)),
                            "state": d.state} for n, d in sheet.devices.items()}}
           if sheet.devices else {}),  # L317-324, L920
    }
