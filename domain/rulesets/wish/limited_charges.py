"""Limited Charges, a Wielder's hindrance (L924): "Items of Power have a finite power source and
can only be used for (Character Rank x 25) Rounds per day. Any Round in which any Wielded
ability is used counts towards this total. After this limit has been exceeded, none of the
character's Wielded abilities can be used until the item of power has been recharged."

A Round is an encounter's Round (L378), so the count is kept per encounter Round; a use
outside an encounter has no Round and is not counted. The day's end is a story matter: the GM
recharges the item (wish.RechargeItemOfPower), as "Recharging ... is usually a story event".
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import events as ev
from domain.errors import StateConflict
from domain.rulesets.wish.origin_abilities import LIMITED_CHARGES_ROUNDS_PER_RANK
from domain.rulesets.wish.sheet import rank
from domain.rulesets.wish.state import Stunt, WishSheet
from domain.rulesets.wish.state_encounter import EncounterState

RULE: Final = "wish.origin.wielder.limited_charges L924"


def stands(sheet: WishSheet) -> bool:
    """The hindrance binds a Wielder until overcome for 5 points (L924)."""
    return sheet.origin == "Wielder" and "Limited Charges" not in sheet.overcome


def limit(sheet: WishSheet) -> int:
    """(Character Rank x 25) Rounds (L924)."""
    return LIMITED_CHARGES_ROUNDS_PER_RANK * rank(sheet.experience)


def round_charged(sheet: WishSheet, name: str, stunt: Stunt,
                  e: EncounterState | None) -> str | None:
    """Limited Charges (L924): the Round a Wielded ability's use newly counts ("encounter#round"),
    None when it does not count (no hindrance, not Wielded, no encounter, Round already counted);
    refused once the Rounds used reach the limit."""
    if not stunt.wielded or not stands(sheet) or e is None:
        return None
    key = f"{e.encounter_id}#{e.round}"
    if key in sheet.charged_rounds:
        return None
    cap = limit(sheet)
    if len(sheet.charged_rounds) >= cap:
        raise StateConflict("stunt", RULE,
                            f"the item of power is spent: {cap} Rounds used (Rank x 25); "
                            f"{name} is a Wielded ability, usable again once recharged")
    return key


def fold_charged(s: WishSheet, e: ev.ChargeRoundUsed) -> WishSheet:
    """Fold ``wish.ChargeRoundUsed``: one more Round counts towards the limit."""
    return msgspec.structs.replace(s, charged_rounds=[*s.charged_rounds, e.round])


def fold_recharged(s: WishSheet, e: ev.ItemOfPowerRecharged) -> WishSheet:
    """Fold ``wish.ItemOfPowerRecharged``: the count starts again."""
    return msgspec.structs.replace(s, charged_rounds=[])
