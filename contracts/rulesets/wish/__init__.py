"""WISH wire schema: the sheet, command payloads, event bodies and views, one module per family.

Seed: ``seeds/000`` (the WISH rulebook); line references ``L###`` point into it.
Every command carries ``campaign_id`` and the ids it acts on; the platform
checks who may act for which character.
"""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish.advancement import (
    AwardExperience,
    ChooseArchetype,
    ChooseOrigin,
    FinishCreation,
    GainFortune,
    Purchase,
    SpendAdvance,
    SpendFortune,
    TakeHindrance,
)
from contracts.rulesets.wish.checks import (
    Attack,
    CheckSpec,
    ChooseOptionLines,
    ContestedCheck,
    ImposeOptionLines,
    OptionLine,
    RollCheck,
    SpendFortuneAfterRoll,
)
from contracts.rulesets.wish.conditions import AddCondition, ExposeToFear, RemoveCondition, RollBriefCondition
from contracts.rulesets.wish.encounter import (
    EncounterState,
    EndEncounter,
    EndRound,
    EndTurn,
    ShiftStance,
    StartEncounter,
    StartTurn,
    TakeManeuver,
    TurnState,
)
from contracts.rulesets.wish.health import ApplyDamage, Heal, InflictLasting, Recover
from contracts.rulesets.wish.literals import (
    Characteristic,
    Currency,
    DamageKind,
    Die,
    Duration,
    Phase,
    SkillKind,
)
from contracts.rulesets.wish.odds import OddsQuery, OddsView, Outcome
from contracts.rulesets.wish.records import CheckRecord, CheckResult, DiceSource, DieRoll, RecentCheck, Tally
from contracts.rulesets.wish.sheet import (
    ArchetypeTier,
    ConditionInstance,
    Hindrance,
    Lasting,
    Skill,
    Specialization,
    Stance,
    Stunt,
    WishSheet,
)

__all__ = [
    "AddCondition",
    "ApplyDamage",
    "ArchetypeTier",
    "Attack",
    "AwardExperience",
    "COMMANDS",
    "Characteristic",
    "CheckRecord",
    "CheckResult",
    "CheckSpec",
    "ChooseArchetype",
    "ChooseOptionLines",
    "ChooseOrigin",
    "ConditionInstance",
    "ContestedCheck",
    "Currency",
    "DamageKind",
    "DiceSource",
    "Die",
    "DieRoll",
    "Duration",
    "EncounterState",
    "EndEncounter",
    "EndRound",
    "EndTurn",
    "ExposeToFear",
    "FinishCreation",
    "GainFortune",
    "Heal",
    "Hindrance",
    "ImposeOptionLines",
    "InflictLasting",
    "Lasting",
    "OddsQuery",
    "OddsView",
    "OptionLine",
    "Outcome",
    "Phase",
    "Purchase",
    "RecentCheck",
    "Recover",
    "RemoveCondition",
    "RollBriefCondition",
    "RollCheck",
    "ShiftStance",
    "Skill",
    "SkillKind",
    "Specialization",
    "SpendAdvance",
    "SpendFortune",
    "SpendFortuneAfterRoll",
    "Stance",
    "StartEncounter",
    "StartTurn",
    "Stunt",
    "TakeHindrance",
    "TakeManeuver",
    "Tally",
    "TurnState",
    "WishSheet",
]

COMMANDS: tuple[type[msgspec.Struct], ...] = (
    RollCheck,
    Attack,
    ApplyDamage,
    InflictLasting,
    Heal,
    Recover,
    ShiftStance,
    StartEncounter,
    StartTurn,
    EndTurn,
    EndRound,
    EndEncounter,
    TakeManeuver,
    AddCondition,
    RemoveCondition,
    RollBriefCondition,
    SpendFortune,
    GainFortune,
    AwardExperience,
    SpendAdvance,
    FinishCreation,
    SpendFortuneAfterRoll,
    ContestedCheck,
    TakeHindrance,
    ExposeToFear,
    ChooseOptionLines,
    ImposeOptionLines,
    ChooseOrigin,
    ChooseArchetype,
)
"""Every WISH command payload; its wire ``type`` is ``wish.<ClassName>``."""
