"""Golden Heroes wire schema: the sheet, command payloads, event bodies and views, one module
per family.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
The ruleset id has a hyphen (``golden-heroes``); ``RULESET_ID`` tells the schema generator.
"""

from __future__ import annotations

import msgspec

from contracts.rulesets.golden_heroes.campaign import (
    AllocateDups,
    Allocation,
    BecomeBountyHunter,
    BountyHunterDeclared,
    CharacterImproved,
    DupsAllocated,
    HeroPointsSpent,
    ImproveCharacter,
    Rating,
    RatingReasonNoted,
    RatingSet,
    ResourcesUsed,
    ScenarioStarted,
    SetRating,
    SpendHeroPoints,
    StartScenario,
    StartWeek,
    UseResources,
    WeekStarted,
)
from contracts.rulesets.golden_heroes.combat import (
    Act,
    Activity,
    Combatant,
    CombatEnded,
    CombatStarted,
    ConditionNoted,
    CriticalMissSuffered,
    EncounterState,
    EndCombat,
    EndPhase,
    FightCondition,
    FightJoined,
    FramesUsed,
    GeneralField,
    InitiativeRolled,
    LeftOpenTaken,
    PhaseEnded,
    RollInitiative,
    Side,
    StartCombat,
    StoodUp,
)
from contracts.rulesets.golden_heroes.coup_de_grace import CoupDeGrace, CoupDeGraceDelivered
from contracts.rulesets.golden_heroes.damage import (
    Aid,
    Aided,
    AttackResolved,
    DamageStep,
    Fall,
    ForceFieldRaised,
    HitPending,
    ParryMode,
    PersonalField,
    RaiseForceField,
    Recover,
    Recovered,
    Respond,
    ResponseKind,
)
from contracts.rulesets.golden_heroes.equipment import (
    ChooseEquipment,
    EquipmentChosen,
    Item,
    ItemKind,
)
from contracts.rulesets.golden_heroes.falling_objects import (
    DropObject,
    ObjectFell,
    Ram,
    VehicleRammed,
)
from contracts.rulesets.golden_heroes.general_fields import (
    GeneralFieldChanged,
    GeneralFieldType,
    PlaceForceField,
)
from contracts.rulesets.golden_heroes.generation import (
    AttributeRoll,
    Background,
    BackgroundTaken,
    CharacterGenerated,
    ChoosePower,
    ChoosePowerOption,
    ConvertPowerRolls,
    GenerateCharacter,
    PowerGained,
    PowerOptionChosen,
    PowerRollsConverted,
    RollPower,
    TakeBackground,
    UpgradePower,
)
from contracts.rulesets.golden_heroes.grapple import (
    Bind,
    BindingRolled,
    EscapeBinding,
    Grab,
    GrabRolled,
    Grapple,
    GripChanged,
    Hand,
    Hold,
    JudoThrow,
    JudoThrown,
    LetGo,
    MaintainGrapple,
    ThrowStopped,
)
from contracts.rulesets.golden_heroes.lifting import Lift, ObjectHandled, Push
from contracts.rulesets.golden_heroes.mental import MentalAttack, MentalAttackRolled
from contracts.rulesets.golden_heroes.rating_rolls import (
    ChooseTarget,
    RatingRolled,
    RatingUse,
    RollRating,
    TargetChosen,
)
from contracts.rulesets.golden_heroes.scenario import (
    EndScenario,
    Result,
    ScenarioEnded,
    ScenarioOutcome,
)
from contracts.rulesets.golden_heroes.sheet import (
    RULESET_ID,
    AttackName,
    Attribute,
    CharacterType,
    Circumstance,
    DeclaredAttack,
    DefenceClass,
    EnergyPool,
    GoldenHeroesSheet,
    Grip,
    LastStrike,
    PendingAttack,
    PowerHeld,
    StrikeModifier,
    WeaponClass,
    WeaponType,
    WeaponVariant,
)
from contracts.rulesets.golden_heroes.strike import (
    AttackDeclared,
    CheckOdds,
    ModifierLine,
    OddsQuery,
    OddsView,
    Strike,
    StrikeRolled,
    StrikeSpec,
)

COMMANDS: tuple[type[msgspec.Struct], ...] = (
    GenerateCharacter, RollPower, ChoosePower, UpgradePower, ChoosePowerOption,
    ConvertPowerRolls, TakeBackground, Strike, StartCombat, RollInitiative, Act, EndPhase,
    EndCombat, Respond, RaiseForceField, Fall, Recover, Aid, StartWeek, StartScenario, SetRating,
    SpendHeroPoints, ImproveCharacter, CoupDeGrace, DropObject,
    MentalAttack, EndScenario, Grab, Grapple, MaintainGrapple, LetGo, Push, Lift,
    ChooseEquipment, JudoThrow, PlaceForceField, AllocateDups, UseResources,
    RollRating, ChooseTarget, Bind, EscapeBinding, Ram, BecomeBountyHunter)

EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{cls.__name__}": cls for cls in (
        CharacterGenerated, PowerGained, PowerOptionChosen, PowerRollsConverted,
        BackgroundTaken, StrikeRolled, HitPending, CombatStarted, InitiativeRolled, FramesUsed, PhaseEnded,
        CombatEnded, AttackResolved, ForceFieldRaised, Recovered, Aided, WeekStarted,
        ScenarioStarted, RatingSet, HeroPointsSpent, CharacterImproved, CoupDeGraceDelivered,
        ObjectFell, MentalAttackRolled, RatingReasonNoted, ScenarioEnded, GrabRolled,
        GripChanged, ObjectHandled, EquipmentChosen, JudoThrown, GeneralFieldChanged,
        DupsAllocated, ResourcesUsed, RatingRolled, TargetChosen,
        BindingRolled, VehicleRammed, ThrowStopped, AttackDeclared, BountyHunterDeclared,
        ConditionNoted, FightJoined, CriticalMissSuffered, LeftOpenTaken, StoodUp)
}
# The registry of Golden Heroes' events (``EVENTS`` by type tag).
GOLDEN_HEROES_EVENTS: tuple[type[msgspec.Struct], ...] = tuple(EVENTS.values())

__all__ = [
    "CheckOdds", "GOLDEN_HEROES_EVENTS",
    "CoupDeGrace", "CoupDeGraceDelivered", "EnergyPool", "DropObject", "ObjectFell",
    "MentalAttack", "MentalAttackRolled", "Grab", "GrabRolled", "Grapple", "GripChanged",
    "ChooseEquipment", "EquipmentChosen", "Item", "ItemKind",
    "ThrowStopped", "AttackDeclared", "DeclaredAttack", "BecomeBountyHunter",
    "BountyHunterDeclared",
    "Bind", "BindingRolled", "EscapeBinding", "Ram", "VehicleRammed",
    "ChooseTarget", "RatingRolled", "RatingUse", "RollRating", "TargetChosen",
    "AllocateDups", "Allocation", "DupsAllocated", "ResourcesUsed", "UseResources",
    "GeneralField", "GeneralFieldChanged", "GeneralFieldType", "PlaceForceField",
    "JudoThrow", "JudoThrown", "Grip", "Hand", "Hold", "LetGo", "MaintainGrapple", "Lift",
    "ObjectHandled", "Push",
    "Fall", "ForceFieldRaised", "PersonalField", "RaiseForceField",
    "CharacterImproved", "HeroPointsSpent", "ImproveCharacter", "LastStrike", "Rating",
    "EndScenario", "Result", "ScenarioEnded", "ScenarioOutcome", "RatingReasonNoted",
    "RatingSet", "ScenarioStarted", "SetRating", "SpendHeroPoints", "StartScenario",
    "StartWeek", "WeekStarted",
    "RULESET_ID", "COMMANDS", "EVENTS", "Act", "Activity", "Aid", "Aided", "AttackName",
    "AttackResolved", "Attribute", "AttributeRoll", "Background", "BackgroundTaken",
    "CharacterGenerated", "CharacterType", "ChoosePower", "ChoosePowerOption", "Circumstance",
    "Combatant", "CombatEnded", "ConditionNoted", "FightCondition", "FightJoined",
    "CriticalMissSuffered", "LeftOpenTaken", "StoodUp",
    "CombatStarted", "ConvertPowerRolls", "DamageStep",
    "DefenceClass", "EncounterState", "EndCombat", "EndPhase", "FramesUsed",
    "GenerateCharacter", "GoldenHeroesSheet", "HitPending", "InitiativeRolled", "ModifierLine", "OddsQuery",
    "OddsView", "ParryMode", "PendingAttack", "PhaseEnded", "PowerGained", "PowerHeld",
    "PowerOptionChosen", "PowerRollsConverted", "Recover", "Recovered", "Respond",
    "ResponseKind", "RollInitiative", "RollPower", "Side", "StartCombat", "Strike",
    "StrikeModifier", "StrikeRolled", "StrikeSpec", "TakeBackground", "UpgradePower",
    "WeaponClass", "WeaponType", "WeaponVariant",
]
