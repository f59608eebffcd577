"""Every WISH event body as a frozen Struct, one module per area, and the registry of them.

``WISH_EVENTS`` is the registry: the decider emits only these (``decide_context.Ctx.emit`` derives
the type from the class), the OpenAPI document describes each, and a test decodes a recorded log
into them. ``AnyWishEvent`` is their tagged union (``type`` is the tag, ``wish.<ClassName>``).
"""

from __future__ import annotations

from typing import Union

from contracts.rulesets.wish.events.advancement import (
    AdvanceSpent,
    ArchetypeChosen,
    CreationFinished,
    ExperienceAwarded,
    FortuneGained,
    FortuneSpent,
    HindranceTaken,
    OriginChosen,
)
from contracts.rulesets.wish.events.base import WishEvent, tag
from contracts.rulesets.wish.events.checks import (
    AssistsUsed,
    ChargeRoundUsed,
    CheckAmended,
    CheckRerolled,
    CheckRolled,
    ContestResolved,
    JustificationLineTriggered,
    OptionLinesChosen,
    RallyAbilityUsed,
    StuntFailed,
)
from contracts.rulesets.wish.events.conditions import (
    BriefConditionRolled,
    ConditionAdded,
    ConditionIgnored,
    ConditionRemoved,
    ConditionsTicked,
    ConditionTokensAdded,
    DoTExpired,
    DoTPlaced,
    DoTTriggered,
    StanceSet,
)
from contracts.rulesets.wish.events.encounter import (
    ActionTaken,
    AssistGiven,
    CardPinned,
    Dared,
    EncounterEnded,
    EncounterStarted,
    Grandstanded,
    InitiativeMoved,
    InitiativeRolled,
    InitiativeSlotTaken,
    ManeuverTaken,
    ParticipantLeft,
    PinLapsed,
    PinnedPlayed,
    RallyStepBegan,
    RoundEnded,
    SeparationSet,
    StanceShifted,
    StanceShiftTaken,
    TurnEnded,
    TurnStarted,
)
from contracts.rulesets.wish.events.health import (
    DamageTaken,
    DeviceDamaged,
    DeviceDisarmed,
    DeviceRestored,
    Exerted,
    LastingInflicted,
    Restored,
    StabilizationEnded,
    Stabilized,
)
from contracts.rulesets.wish.events.origin import (
    CosmicWindsUsed,
    ItemOfPowerRecharged,
    MalfunctionRepaired,
    OriginGrantsChosen,
    OriginHindranceOvercome,
    OriginSkillsGranted,
    StuntMalfunctioned,
    TravelDeviceRepaired,
)
from contracts.rulesets.wish.events.reacts import (
    ReactDeclared,
    ReactUsed,
)
from contracts.rulesets.wish.events.stunts import (
    ExtendedBegun,
    ExtendedFailed,
    ExtendedProgressed,
    ExtendedResolved,
    LingeringEnded,
    LingeringMaintained,
    LingeringUpkeep,
    RechargeTokensAdded,
    RechargeTokensRemoved,
    StuntCostPaid,
    StuntRestored,
    StuntToggled,
)
from contracts.rulesets.wish.events.travel import (
    TravelRechargeSet,
    TravelResolved,
)

WISH_EVENTS: tuple[type[WishEvent], ...] = (
    CheckRolled, CheckAmended, CheckRerolled, ContestResolved, AssistsUsed, OptionLinesChosen,
    JustificationLineTriggered, StuntFailed, ChargeRoundUsed, RallyAbilityUsed, ConditionAdded,
    ConditionIgnored, ConditionRemoved, ConditionTokensAdded, ConditionsTicked,
    BriefConditionRolled, StanceSet, DoTPlaced, DoTTriggered, DoTExpired, EncounterStarted,
    EncounterEnded, TurnStarted, TurnEnded, RoundEnded, RallyStepBegan, ActionTaken, ManeuverTaken,
    StanceShiftTaken, StanceShifted, InitiativeRolled, InitiativeSlotTaken, InitiativeMoved,
    SeparationSet, ParticipantLeft, Dared, Grandstanded, CardPinned, PinLapsed, PinnedPlayed,
    AssistGiven, DamageTaken, Restored, Exerted, LastingInflicted, Stabilized, StabilizationEnded,
    DeviceDamaged, DeviceDisarmed, DeviceRestored, FortuneGained, FortuneSpent, ExperienceAwarded,
    AdvanceSpent, HindranceTaken, CreationFinished, OriginChosen, ArchetypeChosen,
    OriginSkillsGranted, OriginGrantsChosen, OriginHindranceOvercome, TravelDeviceRepaired,
    MalfunctionRepaired, StuntMalfunctioned, CosmicWindsUsed, ItemOfPowerRecharged, StuntCostPaid,
    StuntToggled, StuntRestored, LingeringMaintained, LingeringUpkeep, LingeringEnded,
    ExtendedBegun, ExtendedProgressed, ExtendedResolved, ExtendedFailed, RechargeTokensAdded,
    RechargeTokensRemoved, ReactDeclared, ReactUsed, TravelResolved, TravelRechargeSet,
)

AnyWishEvent = Union[WISH_EVENTS]  # type: ignore[valid-type]  # noqa: UP007
EVENT_TYPES: dict[str, type[WishEvent]] = {tag(cls): cls for cls in WISH_EVENTS}

__all__ = [
    "EVENT_TYPES", "WISH_EVENTS", "AnyWishEvent", "WishEvent", "tag", "ActionTaken", "AdvanceSpent",
    "ArchetypeChosen", "AssistGiven", "AssistsUsed", "BriefConditionRolled", "CardPinned",
    "ChargeRoundUsed", "CheckAmended", "CheckRerolled", "CheckRolled", "ConditionAdded",
    "ConditionIgnored", "ConditionRemoved", "ConditionTokensAdded", "ConditionsTicked",
    "ContestResolved", "CosmicWindsUsed", "CreationFinished", "DamageTaken", "Dared",
    "DeviceDamaged", "DeviceDisarmed", "DeviceRestored", "DoTExpired", "DoTPlaced", "DoTTriggered",
    "EncounterEnded", "EncounterStarted", "Exerted", "ExperienceAwarded", "ExtendedBegun",
    "ExtendedFailed", "ExtendedProgressed", "ExtendedResolved", "FortuneGained", "FortuneSpent",
    "Grandstanded", "HindranceTaken", "InitiativeMoved", "InitiativeRolled", "InitiativeSlotTaken",
    "ItemOfPowerRecharged", "JustificationLineTriggered", "LastingInflicted", "LingeringEnded",
    "LingeringMaintained", "LingeringUpkeep", "MalfunctionRepaired", "ManeuverTaken",
    "OptionLinesChosen", "OriginChosen", "OriginGrantsChosen", "OriginHindranceOvercome",
    "OriginSkillsGranted", "ParticipantLeft", "PinLapsed", "PinnedPlayed", "RallyAbilityUsed",
    "RallyStepBegan", "ReactDeclared", "ReactUsed", "RechargeTokensAdded", "RechargeTokensRemoved",
    "Restored", "RoundEnded", "SeparationSet", "StabilizationEnded", "Stabilized", "StanceSet",
    "StanceShiftTaken", "StanceShifted", "StuntCostPaid", "StuntFailed", "StuntMalfunctioned",
    "StuntRestored", "StuntToggled", "TravelDeviceRepaired", "TravelRechargeSet", "TravelResolved",
    "TurnEnded", "TurnStarted",
]
