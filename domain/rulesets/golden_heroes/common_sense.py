"""Common-sense responses (L117): the referee's answer to a response the rules do not list,
"generally by allowing the character to make a strike for a grab against a Defence Class chosen
by you to reflect the difficulty of the response", usually for 2 future Frames.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.golden_heroes import campaign, decide_strike, grapples, strike
from domain.rulesets.golden_heroes import state as st

RULE: Final = "golden-heroes.common-sense L117"
FRAMES: Final = 2  # "it will usually cost the character 2 future Frames" (L117)


def roll(cmd: c.Respond, responder: st.GoldenHeroesSheet, p: st.PendingAttack,
         dice: Dice) -> c.StrikeRolled:
    """The strike for a grab (the fist's WC, L82) against the referee's Defence Class with the
    responder's Strike Modifiers (L117); its natural 1 or 20 reads no critical table (a
    response, not an attack)."""
    if cmd.defence_class is None:
        raise DomainError("defence_class", RULE, "a common-sense response is a strike for a "
                          "grab against a Defence Class the referee chooses: name it")
    jinxed = campaign.state_of_mind(campaign.personal_status(responder)) == "jinxed"
    rolled = strike.resolve(
        dice, character_id=cmd.character_id, target_id=p.attacker_id,
        weapon_class=grapples.grab_wc(responder), defence_class=cmd.defence_class,
        modifiers=decide_strike.modifier_lines(
            responder, c.StrikeSpec(circumstances=cmd.circumstances)),
        attacker_superpowered=False, target_superpowered=False,
        miss_range=2 if jinxed else 1)
    return msgspec.structs.replace(rolled, critical_effect=None)
