"""Every boon/bane event body, in one registry: the Structs its decider records, each under
``boonbane.<ClassName>`` (the domain's folds read them by these tags)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import DamageTaken, FateRolled, FortuneSpent, Healed, RollMade
from contracts.rulesets.boonbane_concentration import ConcentrationChanged
from contracts.rulesets.boonbane_grabs import Dropped, GrabEnded, GrabStarted, Moved
from contracts.rulesets.boonbane_minor import MinorActivityDone, MinorActivityUsed
from contracts.rulesets.boonbane_overlays import (
    ActionReinterpreted,
    ArtifactUsed,
    DeathStateEnded,
    EscalationChanged,
    KnowledgeSet,
    OverlayChanged,
    SceneEnded,
    SessionStarted,
    SpellCast,
)
from contracts.rulesets.boonbane_play import (
    ActionUsed,
    AfflictionAdded,
    AfflictionRemoved,
    AfflictionsTicked,
    DamageRolled,
    EncounterStarted,
    FateAmended,
    FortuneAmended,
    RoundEffectAdded,
    RoundEffectUsed,
    RoundEnded,
    StatAwarded,
    TimePassed,
    TurnTaken,
    WeaponRepaired,
)
from contracts.rulesets.boonbane_rests import RestFailed
from contracts.rulesets.boonbane_stealth import HiddenChanged
from contracts.rulesets.boonbane_weapons import WeaponChanged

BOONBANE_EVENTS: tuple[type[msgspec.Struct], ...] = (
    RollMade, FateRolled, DamageTaken, Healed, FortuneSpent,
    ActionUsed, AfflictionAdded, AfflictionRemoved, AfflictionsTicked, DamageRolled,
    EncounterStarted, FateAmended, FortuneAmended, RoundEffectAdded, RoundEffectUsed, RoundEnded,
    StatAwarded, TimePassed, TurnTaken, WeaponRepaired,
    ActionReinterpreted, ArtifactUsed, DeathStateEnded, EscalationChanged, KnowledgeSet,
    OverlayChanged, SceneEnded, SessionStarted, SpellCast,
    ConcentrationChanged, Dropped, GrabEnded, GrabStarted, Moved, MinorActivityDone,
    MinorActivityUsed, RestFailed, HiddenChanged, WeaponChanged,
)
EVENT_TYPES: dict[str, type[msgspec.Struct]] = {f"boonbane.{cls.__name__}": cls
                                                for cls in BOONBANE_EVENTS}
