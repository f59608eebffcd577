"""Boonbane wire schema: the creature sheet, the roll commands' payloads and their event bodies
(what rolls are made with and their sources in ``sources``, the odds in ``odds``).

Seed: ``seeds/001`` (a boon/bane d20 rules reference with an Overlay module); ``L###`` points
into it. The seed gives no attribute scale, so the sheet takes scores as data (digest D-2).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

# Their own modules, re-exported: the package is the ruleset's wire (the .proto takes its Structs).
from contracts.rulesets.boonbane.odds import CheckOdds as CheckOdds
from contracts.rulesets.boonbane.odds import OddsQuery as OddsQuery
from contracts.rulesets.boonbane.odds import OddsView as OddsView
from contracts.rulesets.boonbane.odds import RollSpec as RollSpec
from contracts.rulesets.boonbane.sources import Against as Against
from contracts.rulesets.boonbane.sources import Situation as Situation
from contracts.rulesets.boonbane.sources import SourceLine as SourceLine
from contracts.rulesets.boonbane.sources import Stat as Stat
from contracts.rulesets.boonbane.weapons import Weapon

RULESET_ID = "boonbane"

Attribute = Literal["strength", "agility", "intellect", "will"]
Affliction = Literal["asleep", "blinded", "charmed", "compelled", "dazed", "deafened",
                     "defenseless", "diseased", "fatigued", "frightened", "grabbed",
                     "immobilized", "impaired", "poisoned", "prone", "slowed", "stunned",
                     "surprised", "unconscious"]
Score = Annotated[int, msgspec.Meta(ge=0, le=40)]
Count = Annotated[int, msgspec.Meta(ge=0, le=99)]


# --------------------------------------------------------------------------- sheet


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


# what a rolled action's success does (L11 "On a success, the attack deals damage or applies its
# effect"), one entry per action (domain/rulesets/boonbane/success.py); the last three undo what
# the roll's failure did (a resister knocked prone, a surprised creature, a lost concentration)
SuccessAction = Literal["knock_down", "shove", "disarm", "grab", "escape", "pull", "hide", "find",
                        "help", "distract", "feint", "stabilize", "driving", "shifting",
                        "knocking", "resisted", "not_surprised", "kept_concentration"]


class OnSuccess(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A rolled action's effect on a success, recorded with its roll so that the same effect
    follows whether the dice succeed or Fortune turns the failure into a success (L45)."""

    action: SuccessAction
    target_id: str | None = None  # the creature the effect acts on, when another
    item: str | None = None  # Disarm's dropped object (L155)
    # the option's seed line (knocking, resisted), the feint's choice, the concentrated effect
    detail: str | None = None
    until_round: int | None = None  # the encounter round a grab or feint lasts to (L171, L180)


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


# --------------------------------------------------------------------------- commands


class AttackRoll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An attack roll (L4-L11): d20 + the attribute's modifier against Defense or a score."""

    campaign_id: str
    character_id: str
    target_id: str
    attribute: Attribute = "strength"
    against: Against = "defense"
    situations: list[Situation] = []
    situational_banes: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0  # weather, firing (L3)
    in_reach: bool = True  # whether the attacker can reach a prone target (L315-L316)
    distance: Annotated[int, msgspec.Meta(ge=0, le=10000)] | None = None  # yards, declared (L84)
    task_key: str | None = None  # the task Escalation tokens belong to (L359-L361)
    critical: bool = False  # a critical roll: failing it gains an Escalation token (L359)
    action_key: str | None = None  # the action Repetition counts (L408-L412)
    knowledge: str | None = None  # the Knowledge Gate the action needs (L401-L405)
    interaction: Literal["corrupted", "non_corrupted"] | None = None  # Corruption (L345-L346)
    # Fortune (L45, L47): "succeed" turns a failure into a success, "six" treats a boon d6 as a
    # 6 (another player's 2 boons, L46, come before the roll by GiveFortune)
    fortune: Literal["succeed", "six", "misfire_six"] | None = None  # misfire_six: L47, L128
    # in an encounter, the roll uses the turn's action or the round's triggered action (L112-L122)
    encounter_id: str | None = None
    use: Literal["action", "triggered"] = "action"
    charge: bool = False  # Charge (L142-L143): 1 bane on this and every roll until round's end
    free_attack: bool = False  # a triggered attack on a creature leaving reach (L50)
    off_hand: str | None = None  # Two Weapons (L238-L243): the other weapon of the sheet
    social: bool = False  # a social attack (L98-L104): a total of 0 or lower backfires
    misfire: bool = False  # a Misfire weapon (L128): a total of 0 or lower rolls a d6
    # the weapon's name: one jammed by an even misfire cannot attack until repaired (L128); a
    # Misfire attack naming none uses "misfire weapon"
    weapon: Annotated[str, msgspec.Meta(min_length=1, max_length=80)] | None = None
    # the GM's choice should a misfire's 2d6 incapacitate a non-player wielder (L64)
    npc_outcome: Literal["die", "unconscious"] | None = None


class ChallengeRoll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A challenge roll (L17-L22): d20 + modifier against 10 unless the rule says otherwise."""

    campaign_id: str
    character_id: str
    stat: Stat
    target_number: Annotated[int, msgspec.Meta(ge=1, le=40)] = 10
    situations: list[Situation] = []
    situational_banes: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    senses: list[Literal["sight", "hearing"]] = []  # Perception rolls relying on a sense
    task_key: str | None = None
    critical: bool = False
    action_key: str | None = None
    knowledge: str | None = None
    interaction: Literal["corrupted", "non_corrupted"] | None = None
    # Fortune (L45, L47): "succeed" turns a failure into a success, "six" treats a boon d6 as a
    # 6 (another player's 2 boons, L46, come before the roll by GiveFortune)
    fortune: Literal["succeed", "six"] | None = None
    # in an encounter, a challenge roll that is the turn's action or a triggered action
    encounter_id: str | None = None
    use: Literal["action", "triggered"] | None = None


class TakeDamage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Damage to one creature or, rolled once, to each target of an area (L25-L30, L61-L65)."""

    campaign_id: str
    character_id: str
    amount: Annotated[int, msgspec.Meta(ge=0, le=999)]
    halve: bool = False  # half damage, rounded down (L30)
    # a non-player creature reaching incapacitation dies or falls unconscious, the GM's choice (L64)
    npc_outcome: Literal["die", "unconscious"] | None = None
    # Invulnerability (L395-L398): the condition met (full damage), partly met (half) or not (0)
    invulnerability: Literal["met", "partial", "unmet"] | None = None


class Heal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Healing by an amount (L53-L54) or by a completed rest of 8 or 24 hours (L93-L95)."""

    campaign_id: str
    character_id: str
    amount: Annotated[int, msgspec.Meta(ge=1, le=999)] | None = None
    rest_hours: Literal[8, 24] | None = None
    source: str = ""


class GiveFortune(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A player spends 1 Fortune of ``character_id`` to give another player's character
    ``target_id`` 2 boons on its next attack or challenge roll (L46)."""

    campaign_id: str
    character_id: str
    target_id: str


class FateRoll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The end-of-round Fate roll of a disabled or dying character (L34-L38, L41-L42)."""

    campaign_id: str
    character_id: str


class Stabilize(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An Int challenge roll on an incapacitated, disabled or dying creature (L233-L237)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    use: Literal["action", "triggered"] = "action"


COMMANDS: tuple[type[msgspec.Struct], ...] = (AttackRoll, ChallengeRoll, TakeDamage, Heal, FateRoll,
                                              Stabilize, GiveFortune)


# --------------------------------------------------------------------------- events


class RollMade(msgspec.Struct, frozen=True, kw_only=True):
    """An attack or challenge roll: every source, every die, the total and the outcome."""

    character_id: str
    kind: Literal["attack", "challenge"]
    stat: str
    target_id: str | None = None
    against: str | None = None
    target_number: int
    modifier: int
    sources: list[SourceLine]
    boons: int
    banes: int
    net: int  # boons - banes after cancelling one for one (L16)
    d20: int | None = None
    d6: list[int] = []
    kept: int = 0  # the highest d6, added (boons) or subtracted (banes) (L14-L15)
    total: int | None = None
    success: bool
    automatic: str | None = None  # the rule that decided the roll with no dice (e.g. "stunned L324")
    fortune_six: bool = False  # a boon d6 treated as a 6 (L47)
    fortune_success: bool = False  # a failure turned into a success (L45)
    number: int = 0  # the roller's roll number, which a later Fortune spend names
    action_key: str | None = None  # the action the Repetition chain counts (L408-L412)
    task_key: str | None = None
    critical: bool = False
    reduced_effect: bool = False  # partial knowledge, or unknown as reduced effect (L403, L405)
    social: bool = False
    consumed: list[str] = []  # round effects this roll used up (helped, distracted)
    backfire: bool = False  # a social roll's total of 0 or lower (L104)
    misfire: list[int] = []  # a Misfire weapon's d6 at total <= 0, then 2d6 if odd (L128)
    misfire_fortune: bool = False  # the misfire d6 treated as a 6 by Fortune (L47)
    jammed: bool = False  # an even misfire: 1 minute of repair (L128)
    weapon: str | None = None  # the weapon that jammed
    knocked: str | None = None  # the option whose target's resist roll follows (L203, L218)
    on_success: list[OnSuccess] = []  # what the roll's success does (L11), the dice's or Fortune's


class DamageTaken(msgspec.Struct, frozen=True, kw_only=True):
    """Damage applied, with every state it caused (L25-L30, L61-L65, L251-L253)."""

    character_id: str
    rolled: int
    applied: int  # after halving (L30)
    excess: int  # ignored: Damage never exceeds Health (L27)
    damage: int  # the Damage total after
    health: int
    injured: bool  # Damage at least half of Health (L68)
    incapacitated: bool  # Damage equals Health (L26, L61)
    life_state: str
    cause: str | None = None  # the rule that changed the life state, e.g. "died L28"
    added: list[AfflictionInstance] = []
    removed: list[str] = []  # affliction types whose every instance ended
    d3: int | None = None  # hours unconscious (L64)
    invulnerability: str | None = None  # the condition's adjudication (L396-L397)
    marked_dead: bool = False  # death became the Death State (L352-L356)
    removed_sources: list[str] = []  # linked afflictions that ended with the life state


class Healed(msgspec.Struct, frozen=True, kw_only=True):
    """Damage healed (L53, L93-L95) and the incapacitation it ended."""

    character_id: str
    healed: int
    damage: int
    life_state: str
    source: str
    removed_sources: list[str] = []  # linked afflictions that ended with incapacitation


class FortuneSpent(msgspec.Struct, frozen=True, kw_only=True):
    """1 Fortune spent (L45-L47) on a roll, by its roller or by another player (L46)."""

    character_id: str
    use: Literal["succeed", "six", "boons", "misfire_six", "damage_six", "consequence_six"]
    for_character: str
    fortune: int  # what is left
    rolled: int | None = None  # the face the d6 showed before Fortune made it a 6 (L47)


class FateRolled(msgspec.Struct, frozen=True, kw_only=True):
    """A Fate roll (one d6 read as 1 / 2-5 / 6) and the state it leads to (L34-L42)."""

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


EVENTS: dict[str, type[msgspec.Struct]] = {f"{RULESET_ID}.RollMade": RollMade,
                                           f"{RULESET_ID}.FateRolled": FateRolled}
STATE_EVENTS: dict[str, type[msgspec.Struct]] = {f"{RULESET_ID}.DamageTaken": DamageTaken,
                                                 f"{RULESET_ID}.Healed": Healed,
                                                 f"{RULESET_ID}.FateRolled": FateRolled,
                                                 f"{RULESET_ID}.FortuneSpent": FortuneSpent,
                                                 f"{RULESET_ID}.RollMade": RollMade}
