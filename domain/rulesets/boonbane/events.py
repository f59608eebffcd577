"""Boon/bane's events as one tagged union (``BoonbaneEvent``): every Struct its decider records,
each under ``boonbane.<ClassName>`` in the registry (``contracts.rulesets.boonbane.events``)."""

from __future__ import annotations

from typing import Final, TypeAlias, cast

from contracts.rulesets.boonbane import DamageTaken, FateRolled, FortuneSpent, Healed, RollMade
from contracts.rulesets.boonbane.concentration import ConcentrationChanged
from contracts.rulesets.boonbane.events import BOONBANE_EVENTS, EVENT_TYPES
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

BoonbaneEvent: TypeAlias = (
    RollMade | FateRolled | DamageTaken | Healed | FortuneSpent
    | ActionUsed | AfflictionAdded | AfflictionRemoved | AfflictionsTicked | DamageRolled
    | EncounterStarted | FateAmended | FortuneAmended | RoundEffectAdded | RoundEffectUsed
    | RoundEnded | StatAwarded | TimePassed | TurnTaken | WeaponRepaired
    | ActionReinterpreted | ArtifactUsed | DeathStateEnded | EscalationChanged | KnowledgeSet
    | OverlayChanged | SceneEnded | SessionStarted | SpellCast
    | ConcentrationChanged | Dropped | GrabEnded | GrabStarted | Moved | MinorActivityDone
    | MinorActivityUsed | RestFailed | HiddenChanged | WeaponChanged)
EVENT_CLASSES: Final = (
    RollMade, FateRolled, DamageTaken, Healed, FortuneSpent,
    ActionUsed, AfflictionAdded, AfflictionRemoved, AfflictionsTicked, DamageRolled,
    EncounterStarted, FateAmended, FortuneAmended, RoundEffectAdded, RoundEffectUsed, RoundEnded,
    StatAwarded, TimePassed, TurnTaken, WeaponRepaired,
    ActionReinterpreted, ArtifactUsed, DeathStateEnded, EscalationChanged, KnowledgeSet,
    OverlayChanged, SceneEnded, SessionStarted, SpellCast,
    ConcentrationChanged, Dropped, GrabEnded, GrabStarted, Moved, MinorActivityDone,
    MinorActivityUsed, RestFailed, HiddenChanged, WeaponChanged,
)
if set(EVENT_CLASSES) != set(BOONBANE_EVENTS):  # the union is the registry, no more, no less
    raise RuntimeError("boonbane's event union and its registry differ")
# the registry (tag -> Struct) as the seam reads it: every class in it is one of the union's
EVENTS: Final = cast("dict[str, type[BoonbaneEvent]]", EVENT_TYPES)

