"""Boon/bane's stream states, the domain's own: a creature's sheet (``BoonbaneSheet``, L4-L69,
L248-L417) and an encounter's round state (``BoonbaneEncounter``, digest §3.2, §3.5), with every
nested value a state holds (an affliction's instance, a round's effect, the latest roll and
Fate roll, a carried weapon). Events and commands carry the wire's classes of the same shape;
``views.py`` converts between the two.

These are not the wire: ``contracts.rulesets.boonbane`` keeps the sheet and encounter schemas
the API documents, and ``views.py`` maps a state to them. Field names, types, defaults, order
and options are those of the stored form, so a stored state decodes and encodes byte for byte.
Seed: ``seeds/001``; ``L###`` points into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.boonbane import Affliction, Count, Score, SuccessAction
from contracts.rulesets.boonbane.play import Side, TurnKind


class AfflictionInstance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One instance of an affliction (L303-L306: instances stack, each must be removed)."""

    name: Affliction
    source: str | None = None
    # rounds left before it ends by itself, counted down at each end of round (digest §4.6.3
    # step 4; 1 minute = the campaign's rounds_per_minute); None: until removed
    rounds: Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None = None
    # hours of game time left (Unconscious 1d3 hours, L38, L64), ended by PassTime and rests
    hours: Annotated[int, msgspec.Meta(ge=1, le=1_000)] | None = None
    # Impaired "for 1 minute" after L38's sleep starts counting on waking (digest D-8)
    starts_on_waking: bool = False


class RoundEffect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An action's effect on a creature until the end of the round (digest §3.2): charging
    (L143), defending (L150), helped (L184), distracted (L160) and prepared (L207), the last
    three used up by the creature's next (for prepared: next triggered) attack or challenge roll."""

    kind: Literal["charging", "defending", "helped", "distracted", "prepared", "feinting",
                  "feint_safe_movement", "grabbing", "guarded", "fortune_boons", "shifting",
                  "shield_used", "retreating"]
    source: str | None = None
    # Feint (L171), Grab (L180): the creature feinted or grabbed, and the encounter round at whose
    # end the effect ends (None: this round's end)
    target_id: str | None = None
    until_round: int | None = None


class OnSuccess(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A rolled action's effect on a success, recorded with its roll so that the same effect
    follows whether the dice succeed or Fortune turns the failure into a success (L45)."""

    action: SuccessAction
    target_id: str | None = None  # the creature the effect acts on, when another
    item: str | None = None  # Disarm's dropped object (L155)
    # the option's seed line (knocking, resisted), the feint's choice, the concentrated effect
    detail: str | None = None
    until_round: int | None = None  # the encounter round a grab or feint lasts to (L171, L180)


class LastFate(msgspec.Struct, frozen=True, kw_only=True):
    """The creature's latest Fate roll (one d6 read as 1 / 2-5 / 6, L34-L42), kept so that
    Fortune may treat its d6 as a 6 (L47): the ``FateRolled`` event's body as the sheet holds it."""

    character_id: str
    d6: int | None  # None: the third disabled round's L38 effect replaced the roll (count_first)
    was: str  # "disabled" or "dying"
    life_state: str
    outcome: str  # the rule applied, e.g. "dying L35", "three disabled rounds L38"
    disabled_rounds: int
    healed: int = 0
    damage: int
    added: list[AfflictionInstance] = []
    removed_sources: list[str] = []
    d3: int | None = None  # hours unconscious after three disabled rounds (L38)
    marked_dead: bool = False  # death became the Death State (L352-L356)


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
    last_fate: LastFate | None = None  # the latest Fate roll, which Fortune may amend (L47)
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
