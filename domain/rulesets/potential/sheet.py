"""The Potential character sheet (L5-15, L52): validation and lookup of advantages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import DomainError
from domain.rulesets.potential.options import PotentialOptions
from domain.rulesets.potential.state import Advantage, PotentialSheet, Tokens


def load(raw: Mapping[str, Any] | None) -> PotentialSheet:
    """A sheet from its stored (already validated) form."""
    return msgspec.convert(dict(raw or {}), PotentialSheet)


def validate(raw: Mapping[str, Any], options: PotentialOptions) -> dict[str, Any]:
    """Sheet validation (L11, L14, L52); a wrong field is refused naming ``sheet.<path>``."""
    data = dict(raw)
    minor = data.get("fixed_score") is not None  # a minor opponent has no potential (P-40)
    data.setdefault("dynamic", {"bank": 0 if minor else options.starting_dynamic})  # L5
    data.setdefault("static", {"bank": 0 if minor else options.starting_static})  # L5
    try:
        sheet = msgspec.convert(data, PotentialSheet)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "sheet" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "potential.sheet L11", str(err)) from None
    seen: set[str] = set()
    for i, adv in enumerate(sheet.advantages):
        where = f"sheet.advantages[{i}]"
        if adv.id in seen:
            raise DomainError(f"{where}.id", "potential.sheet.unique-id", f"{adv.id!r} twice")
        seen.add(adv.id)
        if adv.equipment == "mundane":
            if adv.modifier != 0 or adv.cp is not None:
                raise DomainError(f"{where}.modifier", "potential.mundane-equipment L14",
                                  "mundane equipment is always 1d6+0 with no CP")
        elif adv.cp is None:
            raise DomainError(f"{where}.cp", "potential.cp L11",
                              "an advantage has a CP between 4 and 25")
        _check_keyword_data(adv, where)
    if minor and maximum(sheet.dynamic) + maximum(sheet.static) > 0:
        raise DomainError("sheet.dynamic", "potential.minor-opponent P-40",
                          "a minor opponent with a fixed score has no potential")
    if sheet.free_resist is not None and sheet.free_resist not in seen:
        raise DomainError("sheet.free_resist", "potential.free-resist L52",
                          f"{sheet.free_resist!r} is not an advantage on this sheet")
    out: dict[str, Any] = msgspec.to_builtins(sheet)
    return out


def _check_keyword_data(adv: Advantage, where: str) -> None:
    """Keyword data belongs with its keyword (L25, L66, L67)."""
    for field, value, keyword, line in (("range", adv.range is not None, "Range", "L66"),
                                        ("status", bool(adv.status), "Status", "L67"),
                                        ("reroll", adv.reroll > 0, "Dice", "L25")):
        if value and keyword not in adv.keywords:
            raise DomainError(f"{where}.{field}", f"potential.keyword {line}",
                              f"{field} is data of the {keyword} keyword, which this lacks")
    if "Range" in adv.keywords and adv.range is None:
        raise DomainError(f"{where}.range", "potential.keyword L66",
                          "a Range advantage states its range")


UNCONSCIOUS_STATUS = "unconscious"  # a Status that knocks its target out (P-35, L67)


def is_conscious(sheet: PotentialSheet) -> bool:
    """L53, P-35: unconscious by the GM's decision, or while an "Unconscious" status lasts."""
    return sheet.conscious and not any(s.name.casefold() == UNCONSCIOUS_STATUS
                                       for s in sheet.statuses)


def is_static(adv: Advantage) -> bool:
    """L11: an advantage that does not say Static uses dynamic potential."""
    return "Static" in adv.keywords


def find(sheet: PotentialSheet, adv_id: str) -> Advantage | None:
    """L19: the advantage with this id on the character sheet, if any."""
    return next((a for a in sheet.advantages if a.id == adv_id), None)


def maximum(tokens: Tokens) -> int:
    """L31: a type's potential is what is in its bank plus its spent pile."""
    return tokens.bank + tokens.spent


def derived(sheet: PotentialSheet) -> dict[str, Any]:
    """Figures from a sheet: total CP (P-38), Life CP still available, maxima; whether the
    character is conscious by any path (the GM's decision or a status, L53, L67) and whose
    attacks wait for its resistance action (L50)."""
    life = [a for a in sheet.advantages if "Life" in a.keywords and not a.discarded]
    return {"total_cp": sum(a.cp or 0 for a in sheet.advantages),
            "life_cp_available": sum(a.cp or 0 for a in life),
            "dynamic_max": maximum(sheet.dynamic), "static_max": maximum(sheet.static),
            "conscious": is_conscious(sheet),
            "attacks_to_resist": [p.attacker_id for p in sheet.pending_attacks]}
