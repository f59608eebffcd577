"""Boon/bane's stream states, the domain's own: a creature's sheet (``BoonbaneSheet``, L4-L69,
L248-L417) and an encounter's round state (``BoonbaneEncounter``, digest §3.2, §3.5), with the
nested values only a state holds (the latest roll, a carried weapon).

These are not the wire: ``contracts.rulesets.boonbane`` keeps the sheet and encounter schemas
the API documents, and ``views.py`` maps a state to them. Field names, types, defaults, order
and options are those of the stored form, so a stored state decodes and encodes byte for byte.
Seed: ``seeds/001``; ``L###`` points into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.boonbane import (
    AfflictionInstance,
    Count,
    FateRolled,
    OnSuccess,
    RoundEffect,
    Score,
)
from contracts.rulesets.boonbane.play import Side, TurnKind


class Weapon(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A weapon a creature carries and its properties (L125-L134)."""

    kind: Literal["melee", "ranged"] = "melee"
    wielded: bool = True
    cumbersome: bool = False  # attacks with 1 bane (L125)
    finesse: bool = False  # a melee weapon that may attack with Agi instead of Str (L9, L127)
    reach: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0  # Reach +X: X yards more reach (L130)
    defensive: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0  # + Defense while wielded (L126)
    misfire: bool = False  # a total of 0 or less rolls the misfire d6 (L128)
    reload: bool = False  # attacks only if loaded (L131)
    loaded: bool = True
    min_size: Annotated[float, msgspec.Meta(ge=0, le=100)] = 0  # Size needed to wield (L132)
    ammunition: Annotated[int, msgspec.Meta(ge=0, le=9999)] | None = None  # 1 a attack (L133)
    # Range (Short, Medium, Long): the weapon's range band (L129; 5, 20, 100 yards, L86-L88)
    range: Literal["short", "medium", "long"] | None = None
    thrown: bool = False  # can be thrown as a ranged attack, within its range (L134)


class LastRoll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The creature's latest attack or challenge roll, which Fortune may still amend (L45, L47)."""

    number: int
    net: int
    d6: list[int] = []
    total: int | None = None
    target_number: int
    success: bool
    automatic: str | None = None
    fortune_six: bool = False
    fortune_success: bool = False
    on_success: list[OnSuccess] = []  # what a success does, should Fortune make one (L45)
    task_key: str | None = None  # the Escalation task a success clears (L361)


class BoonbaneSheet(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A creature (L4-L69, L248-L417): scores as data; modifiers and thresholds are derived."""

    kind: Literal["pc", "npc"] = "pc"
    strength: Score = 10
    agility: Score = 10
    intellect: Score = 10
    will: Score = 10
    perception: Score = 10
    defense: Score = 10
    health: Annotated[int, msgspec.Meta(ge=1, le=999)] = 10
    damage: Annotated[int, msgspec.Meta(ge=0, le=999)] = 0
    size: Annotated[float, msgspec.Meta(gt=0, le=100)] = 1.0
    speed: Annotated[int, msgspec.Meta(ge=0, le=100)] = 10
    fortune: Count = 0
    insanity: Count = 0
    corruption: Count = 0
    exposure_tier: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    escalation: dict[str, Count] = {}  # task key -> tokens (L359-L361)
    afflictions: list[AfflictionInstance] = []
    knowledge: dict[str, Literal["unknown", "partial", "known"]] = {}
    marked_dead: bool = False  # Death State (L351-L356)
    # incapacitated is derived (Damage == Health, L61); these are the states beyond it (L31-L42, L64)
    life_state: Literal["active", "disabled", "dying", "unconscious", "dead"] = "active"
    disabled_rounds: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0  # consecutive, completed (L38)
    corrupted: bool = False  # a corrupted entity, for Corruption's interactions (L345-L346)
    rolls: Annotated[int, msgspec.Meta(ge=0)] = 0  # attack and challenge rolls made
    last_roll: LastRoll | None = None
    last_fate: FateRolled | None = None  # the latest Fate roll, which Fortune may amend (L47)
    # overlay bookkeeping (L357-L417): thresholds reached, traits gained, the Repetition chain,
    # this scene's spell casts, the Death State's source condition
    insanity_thresholds: list[int] = []
    corruption_thresholds: list[int] = []
    traits: list[str] = []
    repetition_key: str | None = None
    repetition_count: Count = 0
    scene_casts: list[str] = []
    triggering_casts: Count = 0
    death_condition: str | None = None
    round_effects: list[RoundEffect] = []
    jammed_weapons: list[str] = []  # jammed by an even misfire until repaired (L128, D-30)
    concentrating: str | None = None  # the effect the creature concentrates on (L145)
    reinterpreted: bool = False  # the GM's tier-2 reinterpretation used this session (L371)
    hidden: bool = False  # hidden by the Hide action until revealed (L186-L188)
    weapons: dict[str, Weapon] = {}  # by name: properties applied when an attack names one


class BoonbaneEncounter(msgspec.Struct, kw_only=True):
    """An encounter's round state (digest §3.2, §3.5)."""

    encounter_id: str
    round: int = 1
    phase: int = 0  # index into turns.PHASES: no turn may come before the phase reached
    sides: dict[str, Side] = {}
    order: list[str] = []
    turns: dict[str, TurnKind] = {}  # who took which turn this round
    current: str | None = None  # whose turn it is
    spent: list[str] = []  # what the current turn has spent: "move", "action"
    triggered: list[str] = []  # who used the round's triggered action
    minor: int = 0  # minor activities of the current turn (L74)
