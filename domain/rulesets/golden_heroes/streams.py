"""The streams each Golden Heroes command reads and may write, as data: the acting character,
those it acts on (the target, a thrown being, a strike's roller), every fighter of a fight it
starts, every character a week, a scenario or a random choice names, and the fight at
``encounter_id``. A character field left empty names no stream."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.seam import Streams

_ACTOR: Final = Streams(characters=("character_id",))
_ACTOR_IN_FIGHT: Final = Streams(characters=("character_id",), encounter="encounter_id")
_ON_TARGET: Final = Streams(characters=("character_id", "target_id"), encounter="encounter_id")
_FIGHT: Final = Streams(encounter="encounter_id")

STREAMS: Final[dict[type[msgspec.Struct], Streams]] = {
    # generation (L3-L30) and equipment
    c.GenerateCharacter: _ACTOR,
    c.RollPower: _ACTOR,
    c.ChoosePower: _ACTOR,
    c.UpgradePower: _ACTOR,
    c.ChoosePowerOption: _ACTOR,
    c.ConvertPowerRolls: _ACTOR,
    c.TakeBackground: _ACTOR,
    c.ChooseEquipment: _ACTOR,
    # the fight (L40-L140)
    c.Strike: Streams(characters=("character_id", "target_id", "thrown_id"),
                      encounter="encounter_id"),
    c.StartCombat: Streams(characters=("heroes[]", "villains[]"), encounter="encounter_id"),
    c.RollInitiative: _FIGHT,
    c.Act: _ACTOR_IN_FIGHT,
    c.EndPhase: _FIGHT,
    c.EndCombat: _FIGHT,
    c.Respond: _ACTOR_IN_FIGHT,
    c.RaiseForceField: _ACTOR_IN_FIGHT,
    c.PlaceForceField: _ACTOR_IN_FIGHT,
    c.CoupDeGrace: _ON_TARGET,
    c.DropObject: _ACTOR_IN_FIGHT,
    c.MentalAttack: _ON_TARGET,
    c.Grab: _ON_TARGET,
    c.Grapple: _ON_TARGET,
    c.MaintainGrapple: _ON_TARGET,
    c.LetGo: _ON_TARGET,
    c.Push: _ACTOR_IN_FIGHT,
    c.Lift: _ON_TARGET,
    c.JudoThrow: _ON_TARGET,
    c.EscapeBinding: _ACTOR_IN_FIGHT,
    c.Ram: _ACTOR_IN_FIGHT,
    c.Fall: _ACTOR,
    c.Bind: _ACTOR,
    c.Recover: _ACTOR,
    c.Aid: Streams(characters=("character_id", "target_id")),
    # the campaign (L285-L377)
    c.StartWeek: Streams(characters=("characters[]",)),
    c.StartScenario: Streams(characters=("characters[]",)),
    c.SetRating: _ACTOR,
    c.SpendHeroPoints: Streams(characters=("character_id", "roller_id", "target_id")),
    c.ImproveCharacter: _ACTOR,
    c.EndScenario: Streams(characters=("outcomes[].character_id",)),
    c.AllocateDups: _ACTOR,
    c.UseResources: _ACTOR,
    c.RollRating: _ACTOR,
    c.ChooseTarget: Streams(characters=("candidates[]",)),
    c.BecomeBountyHunter: _ACTOR,
}
