"""The streams each WISH command reads and may write, declared as data (``seam.Streams``).

A command touches the encounter it names (``encounter_id``) and the characters its authority
declares (``authority.py``), but those it only reads from the payload: an ally's Assist named in
``assisted_by`` is the ally's own recorded maneuver (L382-388), checked against the acting
character's sheet, and a Dare's ``opponents`` (L450) are recorded on the encounter, not on their
sheets.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import wish as c
from domain.rulesets.seam import Streams, touches
from domain.rulesets.wish.authority import AUTHORITY as A

_ASSISTED: Final = ("assisted_by[]",)  # L382-388: the assistant's own maneuver, not its stream

STREAMS: Final[dict[type[msgspec.Struct], Streams]] = {
    c.RollCheck: touches(A[c.RollCheck], skip=_ASSISTED),
    c.Attack: touches(A[c.Attack], skip=_ASSISTED),
    c.ApplyDamage: touches(A[c.ApplyDamage], encounter=None),
    c.InflictLasting: touches(A[c.InflictLasting], encounter=None),
    c.Heal: touches(A[c.Heal], encounter=None),
    c.Recover: touches(A[c.Recover], encounter=None),
    c.ShiftStance: touches(A[c.ShiftStance]),
    c.StartEncounter: touches(A[c.StartEncounter]),
    c.StartTurn: touches(A[c.StartTurn]),
    c.EndTurn: touches(A[c.EndTurn]),
    c.EndRound: touches(A[c.EndRound]),
    c.EndEncounter: touches(A[c.EndEncounter]),
    c.TakeManeuver: touches(A[c.TakeManeuver]),
    c.AddCondition: touches(A[c.AddCondition], encounter=None),
    c.RemoveCondition: touches(A[c.RemoveCondition], encounter=None),
    c.RollBriefCondition: touches(A[c.RollBriefCondition], encounter=None),
    c.SpendFortune: touches(A[c.SpendFortune], encounter=None),
    c.GainFortune: touches(A[c.GainFortune], encounter=None),
    c.AwardExperience: touches(A[c.AwardExperience], encounter=None),
    c.SpendAdvance: touches(A[c.SpendAdvance], encounter=None),
    c.FinishCreation: touches(A[c.FinishCreation], encounter=None),
    c.SpendFortuneAfterRoll: touches(A[c.SpendFortuneAfterRoll], encounter=None),
    c.ContestedCheck: touches(A[c.ContestedCheck], skip=(*_ASSISTED, "opposition.assisted_by[]")),
    c.TakeHindrance: touches(A[c.TakeHindrance], encounter=None),
    c.ExposeToFear: touches(A[c.ExposeToFear], encounter=None),
    c.ChooseOptionLines: touches(A[c.ChooseOptionLines], encounter=None),
    c.ImposeOptionLines: touches(A[c.ImposeOptionLines], encounter=None),
    c.ChooseOrigin: touches(A[c.ChooseOrigin], encounter=None),
    c.ChooseArchetype: touches(A[c.ChooseArchetype], encounter=None),
    c.TakeBasicAction: touches(A[c.TakeBasicAction], skip=("opponents[]",)),
    c.Grandstand: touches(A[c.Grandstand]),
    c.SetSeparation: touches(A[c.SetSeparation]),
    c.Move: touches(A[c.Move]),
    c.RestoreDevice: touches(A[c.RestoreDevice], encounter=None),
    c.RestoreStunt: touches(A[c.RestoreStunt], encounter=None),
    c.ChooseJustificationLine: touches(A[c.ChooseJustificationLine], encounter=None),
    c.ImposeJustificationLine: touches(A[c.ImposeJustificationLine], encounter=None),
    c.ChooseOriginGrants: touches(A[c.ChooseOriginGrants], encounter=None),
    c.Repair: touches(A[c.Repair], encounter=None),
    c.TravelCheck: touches(A[c.TravelCheck]),
    c.RollInitiative: touches(A[c.RollInitiative]),
    c.Stabilize: touches(A[c.Stabilize]),
    c.Charge: touches(A[c.Charge]),
    c.UseMysticalReality: touches(A[c.UseMysticalReality], encounter=None),
    c.UseCosmicWinds: touches(A[c.UseCosmicWinds], encounter=None),
    c.RemindXeno: touches(A[c.RemindXeno], encounter=None),
    c.RechargeItemOfPower: touches(A[c.RechargeItemOfPower], encounter=None),
    c.OvercomeOriginHindrance: touches(A[c.OvercomeOriginHindrance], encounter=None),
    c.React: touches(A[c.React]),
    c.ChooseMalfunction: touches(A[c.ChooseMalfunction], encounter=None),
    c.MaintainEffect: touches(A[c.MaintainEffect]),
    c.BeginExtended: touches(A[c.BeginExtended]),
    c.PlayPinned: touches(A[c.PlayPinned], skip=_ASSISTED),
    c.RallyStep: touches(A[c.RallyStep]),
}
