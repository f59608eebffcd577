"""Toggle stunts (L260): 'a Toggle Stunt requires a Maneuver to turn on or off, and thus can
usually only be activated or deactivated in a character's own Turn ... A Toggle Stunt toggles
off automatically if the character becomes unconscious.' Upkeep and recharge on switching off
'vary': each stunt's own text, not modelled here."""

from __future__ import annotations

from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish import stunt_use
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet

RULE = "wish.trait.toggle L260"


def switch(sheet: WishSheet, name: str | None) -> bool:
    """The toggle maneuver (L260): the named stunt must carry the Toggle trait; it switches to
    the other state, and switching on needs a stunt usable now (L245, L273, L301, L362, L510).
    Returns the new state (True = on)."""
    if name is None:
        raise DomainError("stunt", RULE, "name the Toggle stunt to switch")
    stunt = sheet.stunts.get(name)
    if stunt is None:
        raise NotFound("stunt", RULE, f"no stunt {name!r}")
    if "Toggle" not in stunt.traits:
        raise StateConflict("stunt", RULE, f"{name} is not a Toggle stunt")
    if stunt.toggled_on:
        return False
    if stunt.recharge_tokens > 0:
        raise StateConflict("stunt", "wish.stunt.recharge L510",
                            f"{name} is recharging ({stunt.recharge_tokens} tokens)")
    stunt_use.check_use(sheet, name, stunt)
    return True


def off_when_unconscious(sheet: WishSheet, options: WishOptions) -> list[str]:
    """Toggle stunts that switch off now: all that are on, once the character is unconscious
    (L260; unconscious at 0 Wounds, L196)."""
    if not sheets.is_unconscious(sheet, options):
        return []
    return [n for n, st in sheet.stunts.items() if st.toggled_on]

