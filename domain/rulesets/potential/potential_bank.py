"""The potential bank and spent pile (L22, L31, L39; P-2)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.potential import Cost
from domain.errors import DomainError
from domain.rulesets.potential.state import PotentialSheet, Tokens


def available(tokens: Tokens, tracked: bool) -> int:
    """Tokens an action may use: the bank in combat, the full maximum in narrative play (P-2)."""
    return tokens.bank if tracked else tokens.bank + tokens.spent


def shortfall(sheet: PotentialSheet, cost: Cost, tracked: bool) -> str | None:
    """L22: each dynamic advantage needs a dynamic token, each static one a static token; why
    the bank cannot pay ``cost``, or None when it can."""
    for kind, need, tokens in (("dynamic", cost.dynamic, sheet.dynamic),
                               ("static", cost.static, sheet.static)):
        have = available(tokens, tracked)
        if need > have:
            return f"the action needs {need} {kind} potential; {have} available"
    return None


def check_affordable(sheet: PotentialSheet, cost: Cost, tracked: bool, field: str) -> None:
    """L22: refuse an action the bank cannot pay for, naming ``field``."""
    short = shortfall(sheet, cost, tracked)
    if short is not None:
        raise DomainError(field, "potential.spend-potential L22", short)


def spend(sheet: PotentialSheet, cost: Cost) -> PotentialSheet:
    """L39: the used potential moves from the bank to the spent pile."""
    return msgspec.structs.replace(
        sheet,
        dynamic=Tokens(bank=sheet.dynamic.bank - cost.dynamic,
                       spent=sheet.dynamic.spent + cost.dynamic),
        static=Tokens(bank=sheet.static.bank - cost.static,
                      spent=sheet.static.spent + cost.static))


def pre_spend(sheet: PotentialSheet, readiness: int) -> PotentialSheet:
    """Readiness (L33-35): ``readiness`` dynamic tokens start combat in the spent pile."""
    total = sheet.dynamic.bank + sheet.dynamic.spent
    spent = min(readiness, total)
    return msgspec.structs.replace(sheet, in_combat=True,
                                   dynamic=Tokens(bank=total - spent, spent=spent))


def restore(sheet: PotentialSheet) -> PotentialSheet:
    """After combat everything returns to the bank (P-22)."""
    return msgspec.structs.replace(
        sheet, in_combat=False,
        dynamic=Tokens(bank=sheet.dynamic.bank + sheet.dynamic.spent),
        static=Tokens(bank=sheet.static.bank + sheet.static.spent))
