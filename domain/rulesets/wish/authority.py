"""Who may send each WISH command (seed 000), and the kind of each character it names.

The rule and the kinds are ``domain.authority``'s; every line cites the seed. ``character_id``
is the acting character unless said otherwise; the GM runs encounters, the initiative tracker
and the Rally Step, places participants, awards experience and picks detrimental lines.

Assistance (L382-388) is the assistant's own maneuver: a check names in ``assisted_by`` only
characters its sender controls. A contest's opposition (L1011, L1017-1020) is the defender's
side, chosen by the defender's controller (or a GM).
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import wish as c
from domain.authority import Authority, ChosenBy, acts, gm, gm_on

_TYPES: Final = {t.__name__: t for t in c.COMMANDS}
_ASSIST = ("assisted_by[]",)  # L382-388: the Assist maneuver is the assistant's own


def _at(line: str, **more: str) -> Authority:
    """The acting character's check on ``target_id`` (``line``)."""
    return acts(controlled=_ASSIST, target={"target_id": line, **more})


_DECLARED: Final[dict[str, Authority]] = {
    # checks and attacks (L184, L212-222, L482-528)
    "RollCheck": _at("L504: a check 'vs Target Defense'"),
    "Attack": acts(controlled=_ASSIST, target={
        "target_id": "L504: an attack 'vs Target Defense'",
        "engaged[]": "L270: a Burst attack hits the others in the target's engagement"}),
    "ContestedCheck": acts(
        controlled=(*_ASSIST, "opposition.assisted_by[]"),
        target={"target_id": "L1011, L1017-1020: skill against a defender's skill"},
        chosen_by=(ChosenBy(path="opposition", by="target_id",
                            rule="L1017-1020: the defender's side of a contest"),)),
    "PlayPinned": _at("L446: a pinned Action card played against a target"),
    "TravelCheck": acts(),
    "ChooseOptionLines": acts(),
    "ImposeOptionLines": gm_on("L520: the GM chooses detrimental options"),
    "ChooseJustificationLine": acts(target={"target_id": "L353: the check's target suffers"}),
    "ImposeJustificationLine": gm_on("L520, L341, L354, L368: the GM's detrimental lines"),
    "SpendFortune": acts(),
    "SpendFortuneAfterRoll": acts(target={
        "roller_id": "L222: Fortune spent, as its target, into the roller's check"}),
    "GainFortune": acts(),
    # health and conditions (L184-206, L1405-1445)
    "ApplyDamage": acts(),
    "InflictLasting": gm_on("L206: an ability explicitly inflicts a critical or a schism"),
    "Heal": acts(),
    "Recover": acts(),
    "Repair": acts(),
    "Stabilize": acts(ally={"target_id": "L1031, L196: First Aid (Int) on a dying character"}),
    "AddCondition": acts(),
    "RemoveCondition": acts(),
    "RollBriefCondition": acts(),
    "ExposeToFear": acts(),
    # encounters (L255-264, L378-451)
    "StartEncounter": gm("L378: the GM runs encounters", "participants[]"),
    "RollInitiative": gm("digest G-7: the GM runs the initiative tracker", "sides{}"),
    "StartTurn": acts(),
    "EndTurn": acts(),
    "EndRound": gm("L378-380: the GM runs encounters", "participants[]"),
    "EndEncounter": gm("L1405: the GM runs encounters", "participants[]"),
    "RallyStep": gm("digest G-8: the GM calls a Rally Step", "participants[]"),
    "SetSeparation": gm("L402-419: the GM places two participants", "character_id",
                        "target_id"),
    "TakeManeuver": acts(ally={
        "ally_id": "L382-384: the Assist maneuver adds to an engaged ally's next check"}),
    "TakeBasicAction": acts(
        target={"opponents[]": "L450: Dare encourages opponents to attack the actor"},
        ally={"allies[]": "L445: Ward also protects engaged allies"}),
    "Grandstand": acts(),
    "Move": acts(target={"target_id": "L402-419: movement towards or away from another"}),
    "Charge": acts(target={"target_id": "L451: Charge engages an opponent"}),
    "React": acts(target={"attacker_id": "L437-441: a React against an attacker's attack"}),
    "MaintainEffect": acts(),
    "ShiftStance": acts(),
    "BeginExtended": acts(),
    # advancement, creation and origins (L153, L597, L747-924, L1339-1383)
    "AwardExperience": gm_on("L597: XP for completing sessions and story events"),
    "SpendAdvance": acts(),
    "FinishCreation": acts(),
    "ChooseOrigin": acts(),
    "ChooseArchetype": acts(),
    "ChooseOriginGrants": acts(),
    "TakeHindrance": gm_on("L1339: all hindrances must be approved by the GM"),
    "OvercomeOriginHindrance": acts(),
    "RestoreDevice": acts(),
    "RestoreStunt": gm_on("L273: an Unreliable stunt's return is the GM's call"),
    "RechargeItemOfPower": gm_on("L924: the GM recharges an item of power"),
    "UseMysticalReality": acts(target={
        "roller_id": "L837: a Mystic may influence any character's roll"}),
    "UseCosmicWinds": acts(),
    "RemindXeno": gm_on("L777: the GM reminds an Alien of its nature"),
    "ChooseMalfunction": gm_on("L897: the GM picks the malfunctioning stunt"),
}

AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    _TYPES[name]: authority for name, authority in _DECLARED.items()}
