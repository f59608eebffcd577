"""Boonbane wire schema for play at the table: encounters, turns and rounds (L110-L122), affliction
commands (L248-L334), the GM's awards (digest D-62), area damage (L29) and Fortune after a roll.

Seed: ``seeds/001``; ``L###`` points into it. The sheet and roll types are in ``boonbane.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.boonbane import Affliction, AfflictionInstance, FateRolled, RoundEffect

Side = Literal["players", "enemies"]
TurnKind = Literal["fast", "slow"]
# what an encounter records a creature spending: its turn's move or action, the round's trigger
Spent = Literal["move", "action", "triggered"]
# figures the GM may award, each with a reason (the seed has no advancement, digest D-62)
AwardedStat = Literal["strength", "agility", "intellect", "will", "perception", "defense", "health",
                    "speed", "fortune"]


# --------------------------------------------------------------------------- commands


class Participant(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A creature in an encounter and its side (L118-L119); by default player characters are
    the players' side and other creatures the enemies' (digest D-20)."""

    character_id: str
    side: Side | None = None


class StartEncounter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM starts an encounter: round 1 begins (L117)."""

    campaign_id: str
    encounter_id: str
    participants: list[Participant]


class TakeTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A creature takes its turn this round, fast or slow (L117-L122)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    turn: TurnKind


class Move(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The turn's move (L121-L122): a fast turn moves or acts, a slow turn does both. ``stand``:
    a prone creature uses its move to stand (L313); ``away_from``: creatures the move takes it
    away from (a grabbed creature cannot leave a grabber its Size or larger, L294; a grabber
    leaving its grabbed creature's reach ends the grab, L181)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    stand: bool = False
    away_from: Annotated[list[str], msgspec.Meta(max_length=50)] = []


class EndRound(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM ends the round: end-of-round effects in the digest's order (§4.6.3), then the next
    round. ``participants`` names every creature of the encounter (their sheets are read)."""

    campaign_id: str
    encounter_id: str
    participants: list[str]


class Defend(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Defend action (L148-L151): until the end of the round attacks against the creature
    have 1 bane, while it can use actions."""

    campaign_id: str
    encounter_id: str
    character_id: str


class Help(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Help action (L182-L184): an Int challenge roll; on a success the target's next attack
    or challenge roll this round has 1 boon."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str


class Distract(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Distract action (L157-L160): an Int attack roll against the target's Int; on a success
    the target's next attack or challenge roll before the end of the round has 2 banes. That the
    target can see the distracter within short range is the GM's to judge (not checked)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str


class Prepare(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Prepare action (L204-L208): an action readied to go off as a triggered action when
    ``trigger`` occurs this round; its attack or challenge rolls have 1 boon. The GM judges the
    trigger; the prepared roll is sent with ``"use": "triggered"``."""

    campaign_id: str
    encounter_id: str
    character_id: str
    trigger: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class Feint(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Feint action (L168-L171): an Agi attack roll against the target's Perception; on a
    success, by ``choice``, the feinter's next attack against the target before the end of the
    next round has 2 boons, or its movement triggers no free attacks from the target for 1 round
    (recorded as a round effect; free attacks are not modelled)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    choice: Literal["two_boons", "safe_movement"] = "two_boons"


class CheckSurprise(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A creature on the side that could be surprised makes a Perception challenge roll; on a
    failure it is surprised until the end of the first round (L107-L109)."""

    campaign_id: str
    encounter_id: str
    character_id: str


class AddAffliction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM adds one instance of an affliction (instances stack, L303-L306)."""

    campaign_id: str
    character_id: str
    name: Affliction
    source: str | None = None
    rounds: Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None = None


class RemoveAffliction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM removes one instance (each must be removed, L306): the one from ``source`` if
    given, else the oldest."""

    campaign_id: str
    character_id: str
    name: Affliction
    source: str | None = None


class WakeCreature(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Another creature uses an action to wake a sleeping one (L252)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None


class AwardStat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM changes an attribute, Perception, Defense, Health, Speed or Fortune by ``change``,
    with a reason (the seed has no advancement, digest D-62)."""

    campaign_id: str
    character_id: str
    stat: AwardedStat
    change: Annotated[int, msgspec.Meta(ge=-99, le=99)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
    # the GM's choice should a lower Health incapacitate a non-player creature (L64)
    npc_outcome: Literal["die", "unconscious"] | None = None


class AreaTarget(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    character_id: str
    halve: bool = False
    npc_outcome: Literal["die", "unconscious"] | None = None
    invulnerability: Literal["met", "partial", "unmet"] | None = None  # L395-L397


class AreaDamage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One damage roll applied to each target of an area or attack (L29): ``dice`` d``sides`` +
    ``bonus``, rolled once; each target may take half (L30) and has its own GM choice for a
    non-player creature it incapacitates (L64)."""

    campaign_id: str
    targets: Annotated[list[AreaTarget], msgspec.Meta(min_length=1, max_length=50)]
    dice: Annotated[int, msgspec.Meta(ge=0, le=40)] = 1
    sides: Literal[3, 4, 6, 8, 10, 12, 20] = 6
    bonus: Annotated[int, msgspec.Meta(ge=0, le=999)] = 0
    fortune_by: str | None = None  # a player character spending 1 Fortune: lowest d6 a 6 (L47)


class SpendFortune(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fortune spent after a roll (L45, L47): turn the character's latest roll, if it failed,
    into a success, or treat its highest boon d6 as a 6 (the event names the roll it amends);
    ``fate_six`` treats its latest Fate roll's d6 as a 6 while that roll's result stands."""

    campaign_id: str
    character_id: str
    use: Literal["succeed", "six", "fate_six"]
    # the creature a success made by Fortune acts on (the Knock Down's target, the stabilized
    # creature, ...): named when the amended roll's action has one, so its sheet is read (L45)
    target_id: str | None = None


# --------------------------------------------------------------------------- events


class EncounterStarted(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    sides: dict[str, str]
    order: list[str]


class TurnTaken(msgspec.Struct, frozen=True, kw_only=True):
    """A creature's turn (L117): ``phase`` is the seed's order (L118-L119)."""

    character_id: str
    turn: str
    round: int
    phase: str
    # Exposure tier 3: the Will challenge roll at the start of the turn failed, so the GM
    # controls the action, forces inaction or mis-targets it (L372); None: no roll was due
    loss_of_control: bool | None = None


class ActionUsed(msgspec.Struct, frozen=True, kw_only=True):
    """A creature spent its move, its action (L121-L122) or the round's triggered action (L112)."""

    character_id: str
    spent: Spent
    command: str
    round: int


class RoundEnded(msgspec.Struct, frozen=True, kw_only=True):
    """The end of a round (L120): who made Fate rolls, what expired; the next round begins."""

    round: int
    fate_rolls: list[str]
    expired: dict[str, list[AfflictionInstance]]
    dice: list[int] = []  # every face drawn at this end of round, in order (the Fate rolls' d6, d3)


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


class AfflictionAdded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    instance: AfflictionInstance
    instances: int  # of that affliction, after
    cause: str


class AfflictionRemoved(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    instance: AfflictionInstance
    instances: int  # of that affliction left: it ends at 0 (L306)
    cause: str


class AfflictionsTicked(msgspec.Struct, frozen=True, kw_only=True):
    """Timed instances counted down at the end of a round; those at 0 ended; round effects
    ended with the round."""

    character_id: str
    afflictions: list[AfflictionInstance]
    expired: list[AfflictionInstance]
    round_effects_ended: list[RoundEffect] = []


class RoundEffectAdded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    effect: RoundEffect


class RoundEffectUsed(msgspec.Struct, frozen=True, kw_only=True):
    """Another creature's roll used up this creature's effect (Guarded, L200)."""

    character_id: str
    effect: RoundEffect


class StatAwarded(msgspec.Struct, frozen=True, kw_only=True):
    """A GM award (digest D-62): the figure before and after, and the reason."""

    character_id: str
    stat: str
    before: int
    after: int
    reason: str
    damage: int  # Damage, capped to a lowered Health (digest §4.4)
    life_state: str
    # a Health change incapacitates (L61-L65) or ends incapacitation as damage or healing would
    incapacitated: bool = False
    cause: str | None = None  # the rule that changed the life state, e.g. "disabled L65"
    added: list[AfflictionInstance] = []
    removed_sources: list[str] = []
    d3: int | None = None  # hours unconscious (L64)
    marked_dead: bool = False  # death became the Death State (L352-L356)


class DamageRolled(msgspec.Struct, frozen=True, kw_only=True):
    """One damage roll for every target of an area (L29)."""

    dice: list[int]
    sides: int
    bonus: int
    amount: int
    targets: list[str]
    fortune_die: int | None = None  # the index of the die Fortune treated as a 6 (L47)
    fortune_by: str | None = None


class FortuneAmended(msgspec.Struct, frozen=True, kw_only=True):
    """A recorded roll amended by Fortune after it was rolled (L45, L47)."""

    character_id: str
    roll: int  # the character's roll number it amends (RollMade.number)
    use: str
    total: int | None
    success: bool
    fortune: int  # left


class FateAmended(msgspec.Struct, frozen=True, kw_only=True):
    """A Fate roll's d6 treated as a 6 by Fortune (L47): the roll read again, and the
    afflictions after it."""

    character_id: str
    rolled: int  # the face the die showed
    fate: FateRolled  # the Fate roll read with a 6
    afflictions: list[AfflictionInstance]
    fortune: int  # left


class PassTime(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Game time passes for a creature outside rounds: hour-long afflictions (Unconscious 1d3
    hours, L38, L64) count down and end."""

    campaign_id: str
    character_id: str
    hours: Annotated[int, msgspec.Meta(ge=1, le=1_000)]


class TimePassed(msgspec.Struct, frozen=True, kw_only=True):
    """Hours passed (PassTime, or a rest's hours, L93-L94): the afflictions after, those that
    ended, and the waking (Impaired's minute starts, L38; an unconscious NPC heals, digest D-13)."""

    character_id: str
    hours: int
    afflictions: list[AfflictionInstance]
    expired: list[AfflictionInstance] = []
    woke: bool = False
    healed: int = 0
    damage: int
    life_state: str


class RepairWeapon(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A minute of repair clears a weapon an even misfire jammed (L128)."""

    campaign_id: str
    character_id: str
    weapon: Annotated[str, msgspec.Meta(min_length=1, max_length=80)] = "misfire weapon"


class WeaponRepaired(msgspec.Struct, frozen=True, kw_only=True):
    """A jammed weapon repaired (L128): it can attack again."""

    character_id: str
    weapon: str


COMMANDS: tuple[type[msgspec.Struct], ...] = (
    StartEncounter, TakeTurn, Move, EndRound, AddAffliction, RemoveAffliction, WakeCreature,
    AwardStat, AreaDamage, SpendFortune, CheckSurprise, Defend, Help, PassTime,
    RepairWeapon, Distract, Prepare, Feint)
