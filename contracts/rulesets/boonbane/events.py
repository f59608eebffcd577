"""Every boon/bane event body, in one registry: the Structs its decider records, each under
``boonbane.<ClassName>`` (the domain's folds read them by these tags)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import DamageTaken, FateRolled, FortuneSpent, Healed, RollMade
from contracts.rulesets.boonbane.concentration import ConcentrationChanged
from contracts.rulesets.boonbane.grabs import Dropped, GrabEnded, GrabStarted, Moved
from contracts.rulesets.boonbane.minor import MinorActivityDone, MinorActivityUsed
from contracts.rulesets.boonbane.overlays import (
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
from contracts.rulesets.boonbane.play import (
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
from contracts.rulesets.boonbane.rests import RestFailed
from contracts.rulesets.boonbane.stealth import HiddenChanged
from contracts.rulesets.boonbane.weapons import WeaponChanged

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
