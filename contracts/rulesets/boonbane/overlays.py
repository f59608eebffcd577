"""Boonbane wire schema for the Overlay module (L335-L417): Insanity, Corruption, Exposure,
Knowledge Gate, Spell Consequence, Artifacts, Death State and the end of a scene.

Seed: ``seeds/001``; ``L###`` points into it. Escalation, Repetition and Invulnerability ride on
the roll and damage commands of ``boonbane.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Change = Annotated[int, msgspec.Meta(ge=-99, le=99)]
Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
ExposureTrigger = Literal["forbidden_information", "supernatural_beyond_power", "unsafe_ability",
                          "failed_sanity_roll", "artifact"]
ExposureRelief = Literal["safe_rest", "ability", "artifact", "stabilizing_event"]
Grade = Literal["minor", "standard", "major", "sealed"]


# --------------------------------------------------------------------------- commands


class ChangeInsanity(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM changes a creature's Insanity (L384-L392), with a reason."""

    campaign_id: str
    character_id: str
    change: Change
    reason: Reason


class ChangeCorruption(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM changes a creature's Corruption (L342-L350), with a reason."""

    campaign_id: str
    character_id: str
    change: Change
    reason: Reason


class TriggerExposure(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """+1 Exposure tier from one of the seed's triggers (L373-L379)."""

    campaign_id: str
    character_id: str
    trigger: ExposureTrigger


class RelieveExposure(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """-1 Exposure tier: a full rest in a safe location, or an ability, artifact or stabilizing
    event (L380-L383)."""

    campaign_id: str
    character_id: str
    cause: ExposureRelief


class SetKnowledge(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM sets what a character knows of a Knowledge Gate (L399-L405)."""

    campaign_id: str
    character_id: str
    gate: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    level: Literal["unknown", "partial", "known"]


class CastSpell(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A spell cast, checked for a Spell Consequence roll (L413-L417): Rank 3+, a forbidden
    tradition, or the same spell again this scene."""

    campaign_id: str
    character_id: str
    spell: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    rank: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    forbidden_tradition: bool = False
    fortune_six: bool = False  # spend 1 Fortune: the Spell Consequence d6 read as a 6 (L47)


class UseArtifact(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An artifact used (L336-L341): its primary effect, its immediate cost, the Exposure check,
    then its aftereffect, in that order."""

    campaign_id: str
    character_id: str
    artifact: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    grade: Grade
    effect: str = ""
    insanity: Annotated[int, msgspec.Meta(ge=0, le=99)] = 0
    corruption: Annotated[int, msgspec.Meta(ge=0, le=99)] = 0
    aftereffect: str | None = None


class FulfillDeathCondition(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Death State's source condition is fulfilled (L356); Damage becomes ``damage``
    (Health - 1 by default, digest D-60)."""

    campaign_id: str
    character_id: str
    damage: Annotated[int, msgspec.Meta(ge=0, le=999)] | None = None


class EndScene(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The scene ends: Escalation tokens clear (L361), the Repetition chain resets (D-55) and
    the scene's spell casts are forgotten (L417)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]


class ReinterpretAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Exposure tier 2 Fractured: once per session the GM alters a declared action's
    interpretation (L371)."""

    campaign_id: str
    character_id: str
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    interpretation: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class StartSession(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new session of play: each participant's once-per-session reinterpretation is
    available again (L371, digest D-50)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]


# --------------------------------------------------------------------------- events


class ActionReinterpreted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    action: str
    interpretation: str


class SessionStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str


class OverlayFigures(msgspec.Struct, frozen=True, kw_only=True):
    """A creature's overlay figures after an event."""

    insanity: int
    corruption: int
    exposure_tier: int
    insanity_thresholds: list[int] = []
    corruption_thresholds: list[int] = []
    traits: list[str] = []


class OverlayChanged(msgspec.Struct, frozen=True, kw_only=True):
    """Insanity, Corruption or Exposure changed, with every threshold crossed and its effect."""

    character_id: str
    cause: str
    before: OverlayFigures
    after: OverlayFigures
    effects: list[str] = []  # each with its seed line, e.g. "At 9: gain +1 Exposure tier L391"


class KnowledgeSet(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    gate: str
    before: str
    after: str


class SpellCast(msgspec.Struct, frozen=True, kw_only=True):
    """A cast and its Spell Consequence roll (L415-L417): 1d6 + earlier triggering casts this
    scene, above 6 counting as 6 (digest D-56)."""

    character_id: str
    spell: str
    triggers: list[str]
    d6: int | None = None
    bonus: int = 0
    fortune_six: bool = False  # the d6 read as a 6 by Fortune (L47); ``d6`` keeps the face
    result: int | None = None
    outcome: str
    before: OverlayFigures
    after: OverlayFigures
    effects: list[str] = []


class ArtifactUsed(msgspec.Struct, frozen=True, kw_only=True):
    """An artifact's use resolved in the seed's order (L341)."""

    character_id: str
    artifact: str
    grade: str
    steps: list[str]
    before: OverlayFigures
    after: OverlayFigures
    effects: list[str] = []


class DeathStateEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    condition: str | None
    damage: int


class EscalationChanged(msgspec.Struct, frozen=True, kw_only=True):
    """Escalation tokens of one task after a roll or the end of a scene (L359-L361)."""

    character_id: str
    task_key: str
    tokens: int
    cause: str


class SceneEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    cleared_escalation: list[str]


COMMANDS: tuple[type[msgspec.Struct], ...] = (
    ChangeInsanity, ChangeCorruption, TriggerExposure, RelieveExposure, SetKnowledge, CastSpell,
    UseArtifact, FulfillDeathCondition, EndScene, ReinterpretAction, StartSession)
