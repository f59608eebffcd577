"""Who may send each Golden Heroes command (seed 002), and the kind of each character it names.

The rule and the kinds are ``domain.authority``'s; every line cites the seed. ``character_id``
is the acting character unless said otherwise; the referee runs the fight's time and the
campaign's ratings, weeks and scenarios (L43, L285, L288, L375).
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.authority import Authority, acts, gm, gm_on

_TYPES: Final = {t.__name__: t for t in c.COMMANDS}


def _at(line: str) -> Authority:
    """The acting character's action on ``target_id``, the being it acts on (``line``)."""
    return acts(target={"target_id": line})


_DECLARED: Final[dict[str, Authority]] = {
    # generation (L3-L30)
    "GenerateCharacter": acts(),
    "RollPower": acts(),
    "ChoosePower": acts(),
    "UpgradePower": acts(),
    "ChoosePowerOption": acts(),
    "ConvertPowerRolls": acts(),
    "TakeBackground": acts(),
    "ChooseEquipment": acts(),
    # combat (L43-L140)
    "Strike": acts(target={"target_id": "L79: a strike roll against the target",
                           "thrown_id": "L71, L115: a held being lifted and thrown"}),
    "StartCombat": gm("L43: the referee starts a fight", "heroes[]", "villains[]",
                      "surprised[]"),
    "RollInitiative": gm("L43-L45: the referee rolls for the villains' side"),
    "Act": acts(),
    "EndPhase": gm("L46-L54: the round's parts"),
    "EndCombat": gm("L43: the referee ends the fight"),
    "Respond": acts(),  # the target of a hit responds (L100-L119)
    "RaiseForceField": acts(),
    "PlaceForceField": acts(ally={"protects[]": "L206-L207: a barrier in front of others"}),
    "Fall": gm_on("L133-L134: an uncontrolled fall"),
    "Recover": acts(),
    "Aid": acts(ally={"target_id": "L124, L128: smelling salts or first aid to another"}),
    "CoupDeGrace": _at("L78: a coup de grace to a helpless victim"),
    "DropObject": gm_on("L72-L74: an object falls on a character"),
    "MentalAttack": _at("L99: a Magic or Mental Attack on the target"),
    "Grab": _at("L75-L76: a grab of the target"),
    "Grapple": _at("L75, L83: a grapple of the target"),
    "MaintainGrapple": _at("L83: maintaining a grapple"),
    "LetGo": _at("L76: letting go of a victim"),
    "Push": acts(),
    "Lift": _at("L71: lifting a being"),
    "JudoThrow": _at("L116: throwing the attacker"),
    "Bind": gm_on("L134-L135: bindings on a character"),
    "EscapeBinding": acts(),
    "Ram": gm_on("L139-L140: a vehicle drives into a character"),
    # the campaign (L285-L377)
    "StartWeek": gm("L285: a game week's DUPs", "characters[]"),
    "StartScenario": gm("L286, L370: a scenario's DUPs and Hero Points", "characters[]"),
    "SetRating": gm_on("L288: the referee reassesses a rating"),
    "SpendHeroPoints": acts(target={
        "roller_id": "L373: a strike by the character or an opponent",
        "target_id": "L373: the target of that strike"}),
    "ImproveCharacter": gm_on("L375: the referee spends DUPs"),
    "EndScenario": gm("L326-L329: the referee ends a scenario", "outcomes[].character_id"),
    "AllocateDups": acts(),
    "UseResources": acts(),
    "RollRating": acts(),
    "ChooseTarget": gm("L377: opponents' random choice of targets", "candidates[]"),
    "BecomeBountyHunter": acts(),
}

AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    _TYPES[name]: authority for name, authority in _DECLARED.items()}
