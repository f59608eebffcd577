"""Who may send each WISH command (seed 000), and the kind of each character it names.

The rule and the kinds are ``domain.authority``'s; every line cites the seed. ``character_id``
is the acting character unless said otherwise; the GM runs encounters, the initiative tracker
and the Rally Step, places participants, awards experience and picks detrimental lines.

Assistance (L382-388) is the assistant's own maneuver (``TakeManeuver`` kind ``assist``, sent by
the assistant's controller): a check's ``assisted_by`` names allies that took it, and the ruleset
refuses one that did not. A contest's opposition follows the rules (L1011, L1017-1018), never the
challenger's choice (the ruleset refuses any); the defender's own pool is the defender's. Fortune
added to an opponent's pool (L220) is the target's to spend.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import wish as c
from domain.authority import Authority, ChosenBy, acts, gm, gm_on

_TYPES: Final = {t.__name__: t for t in c.COMMANDS}
# L382-388: the Assist maneuver is the assistant's own; the check uses what was given
_ASSIST = {"assisted_by[]": "L384-388: an ally that took the Assist maneuver for this check"}
# L220: a character spends its own Fortune to add a die to an opponent's pool that targets it
_TARGET_FORTUNE = ChosenBy(path="opponent_fortune_points", by="target_id",
                           rule="L220: the target spends its own Fortune on the attacker's pool")


def _at(line: str, **more: str) -> Authority:
    """The acting character's check on ``target_id`` (``line``)."""
    return acts(target={"target_id": line, **more}, ally=_ASSIST)


_DECLARED: Final[dict[str, Authority]] = {
    # checks and attacks (L184, L212-222, L482-528)
    "RollCheck": acts(target={"target_id": "L504: a check 'vs Target Defense'"}, ally=_ASSIST,
                      chosen_by=(_TARGET_FORTUNE,)),
    "Attack": acts(target={
        "target_id": "L504: an attack 'vs Target Defense'",
        "engaged[]": "L270: a Burst attack hits the others in the target's engagement"},
        ally=_ASSIST, chosen_by=(_TARGET_FORTUNE,)),
    "ContestedCheck": acts(
        controlled=("opposition.assisted_by[]",),  # the defender's own pool
        target={"target_id": "L1011, L1017-1018: skill against a defender's skill"},
        ally=_ASSIST),
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
