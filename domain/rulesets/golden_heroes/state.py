"""The domain's own Golden Heroes stream states: a character's sheet and a fight, and every
value only they hold.

These are the domain's classes, not the wire's: ``contracts.rulesets.golden_heroes`` keeps its
own ``GoldenHeroesSheet`` and ``EncounterState`` as the public views (the CreateCharacter sheet
schema, the gRPC messages, the OpenAPI document), and ``views.py`` maps these to them. Field
names, types, defaults, order and struct options are the same as the views', so the stored
form (plain data in read models, snapshots and exports) is byte for byte what it was.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

CharacterType = Literal["superpowered", "minor_villain", "non_superpowered"]
Side = Literal["heroes", "villains"]
# a combatant's state as far as its frames go (L123): stunned has 2 a round, helpless none
FightCondition = Literal["fine", "staggered", "stunned", "helpless"]


class PowerHeld(msgspec.Struct, kw_only=True):
    """A superpower on the sheet: its grade, upgrades bought (L13) and values rolled once."""

    power: str
    grade: int = 1
    upgrades: int = 0
    rolled: dict[str, int] = {}  # e.g. {"strength": 17}: +1d10+10 per grade (L271)
    choice: str = ""  # e.g. the Weapon Skill weapon type, the Martial Arts style


class PendingAttack(msgspec.Struct, kw_only=True):
    """A hit between its strike roll and its damage: the target's response window (L79)."""

    attacker_id: str
    encounter_id: str | None = None
    attack: str
    weapon_type: str = ""
    weapon_class: int
    frames: int  # the time the attack took, which a dodge or parry costs (L101, L107)
    parry_row: str  # the Parry Table's attack row (L104-L111)
    htc_dice: int
    htc_plus: int
    htk_dice: int
    htk_plus: int
    damage_modifier: int = 0  # the cumulative Damage Modifiers (L118)
    to_htk: int = 0  # how much of a bonus the attacker put on HTK (L118)
    divider_reduction: int = 0  # energy attacks -2, stunners -2, ... (L119)
    tags: list[str] = []  # "bullet", "knife" (DC immunity L118), "energy"
    critical_die: int | None = None  # the Critical Hit Table d10 (L86-L90)
    attacker_superpowered: bool = True
    target_surprised: bool = False
    obstruction_metres: int | None = None  # a solid obstruction behind the target (L119)
    obstruction_htk: int | None = None


class DeclaredAttack(msgspec.Struct, frozen=True, kw_only=True):
    """An attack declared on this character and not yet rolled: the moment a Judo Throw is
    made, "just attacked in melee but before the strike roll for that attack" (L116)."""

    attacker_id: str
    attack: str
    melee: bool
    encounter_id: str | None = None


class Grip(msgspec.Struct, frozen=True, kw_only=True):
    """How a character is held: by whom, with which hands, and, once grappled, the hold chosen
    when the grapple was made (L120) with this Action's hypothetical HTC (L121)."""

    holder_id: str
    hands: list[str] = []
    hold: str | None = None  # None: grabbed only; "real" or "hypothetical": grappled
    hypothetical_htc: int = 0  # the penalties of a hypothetical hold this Action (L121)
    lifted: bool = False  # lifted clear of the ground by the holder, to be thrown (L71, L73)
    struggling: bool = True  # able to resist: its throw takes an Action, not a Frame (L73)
    weapon: str | None = None  # a grapple by a weapon (a bullwhip): hypothetical only (L75)
    binding_wc: int | None = None  # bindings: a lasting hypothetical grapple (L134-L135)
    encounter_id: str | None = None


class EnergyPool(msgspec.Struct, kw_only=True):
    """Energy Attack dice spent in a fight's 5-Round window (L178)."""

    encounter_id: str
    from_round: int
    spent: int
    size: int


class LastStrike(msgspec.Struct, kw_only=True):
    """A character's last strike, which Hero Points may still change (L373)."""

    number: int
    target_id: str
    natural: int
    total: int
    hit: bool
    critical: str | None = None
    hero_points: bool = False  # already changed by Hero Points: one spend a roll
    attack: PendingAttack | None = None  # the hit it is, or would be


class GoldenHeroesSheet(msgspec.Struct, kw_only=True):
    """A Golden Heroes character: attributes (L3), HTC/HTK (L9), movement (L10), type (L42),
    superpowers (L12-L15), its current state in combat (L122-L128)."""

    character_type: CharacterType = "superpowered"
    attributes: dict[str, int] = {}
    base_attributes: dict[str, int] = {}  # the die rolls (+ training): Movement uses these (L10)
    max_htc: int = 0
    max_htk: int = 0
    htc: int = 0
    htk: int = 0
    defence_class: Annotated[int, msgspec.Meta(ge=1, le=12)] = 6
    weapon_class: Annotated[int, msgspec.Meta(ge=0, le=5)] = 2
    generated: bool = False
    powers: list[PowerHeld] = []
    power_rolls_left: int = 0
    choices_pending: int = 0  # 96-00 results not yet chosen (L14)
    backgrounds: list[str] = []
    dups: int = 0
    unconscious: bool = False  # latched until HTC is above a twentieth (L123)
    wake_roll_pending: bool = False  # back to 0 from negative HTC: 1d20 < Vigour each round
    aid_used: bool = False  # smelling salts etc. once per recovery (L124)
    first_aid_used: bool = False  # once per injury (digest decision #49)
    prone: bool = False  # fallen over: 1 Frame to get up (L92, L120)
    fight: str | None = None  # the encounter the character is fighting in (FightJoined)
    left_open: bool = False  # a "left open" critical miss: the next attack +2, no response (L98)
    energy_pool: EnergyPool | None = None  # the Energy Attack dice spent this window (L178)
    no_recovery_hours: int = 0  # a coup de grace's hours still to pass (L78)
    fields_up: list[str] = []  # personal force fields switched on (L206-L207)
    pending_attack: PendingAttack | None = None
    declared_attack: DeclaredAttack | None = None  # declared, its strike not yet rolled (L116)
    bounty_hunter: bool = False  # hunts crooks for the reward money (L376)
    equipped: bool = False  # starting equipment chosen (L29)
    costume: str = "standard"  # DC 6 (L27), or Destabilised Molecules (L30)
    costume_dc: int = 6  # the DC without padding, kept when the equipment is chosen again
    equipment: list[str] = []
    dup_plan: dict[str, int] = {}  # the player's instructions for spare DUPs (L286-L287)
    refinements: dict[str, int] = {}  # power -> IPP Rating of its Superpower Refinement (L117)
    grip: Grip | None = None  # held by another's grab or grapple (L75-L76, L83)
    # Personal Status components, their initial values (L351-L365; digest §6.8)
    ratings: dict[str, int] = msgspec.field(default_factory=lambda: {
        "conscience": 3, "expression": 3, "success_rate": 0, "public_response": 2,
        "security": 5})
    practice_half: bool = False  # Practice's retained half (L329)
    scenario_results: list[str] = []  # the last five scenarios' outcomes (L357)
    hero_points: int = 0  # this scenario's allowance (L371)
    hero_points_used: int = 0  # each once a scenario (L373)
    strikes: int = 0  # strikes made, numbering the last one
    last_strike: LastStrike | None = None


class Combatant(msgspec.Struct, kw_only=True):
    """A fighter in a fight: its side, frames a round by type (L42), Dexterity for the acting
    order (L51-L52) and what the fight knows of its state (L55-L57, L123)."""

    character_id: str
    side: Side
    frames: int  # frames per round by type (L42)
    dexterity: int
    speed: bool = False  # Speed acts first on its side (L270)
    tiebreak: int = 0  # a d20 between equal Dexterities (digest decision #35)
    surprised: bool = False  # no combat response until attacked (L55-L57)
    condition: FightCondition = "fine"  # kept up to date by ConditionNoted (L123)


class GeneralField(msgspec.Struct, frozen=True, kw_only=True):
    """A General Force Barrier or Wall placed in the fight (L206-L207): its caster
    concentrates on it; the characters behind it are attacked through it."""

    caster_id: str
    field: str  # "general_force_barrier" (3d6 HTK) or "general_force_wall" (5d6 HTK)
    strength: int
    protects: list[str] = []


class EncounterState(msgspec.Struct, kw_only=True):
    """A Golden Heroes fight: the round, its phase, and every combatant's frames."""

    encounter_id: str = ""
    active: bool = False
    round: int = 0
    phase: int = 0  # 0 between rounds; 1 winners, 2 the opposition, 3 winners again (L46-L54)
    combatants: list[Combatant] = []
    rolls: list[list[int]] = []  # each initiative roll, heroes then villains (ties re-rolled)
    winner: str | None = None
    frames_won: int = 0
    frames: dict[str, int] = {}  # each combatant's frames this round (stunned 2, helpless 0)
    used: dict[str, list[int]] = {}  # frame slots spent this round
    half: list[str] = []  # Speed characters half-way through a frame (L48)
    delayed: list[str] = []  # winners who delayed their odd frame to phase 3 (L46)
    borrowed: dict[str, int] = {}  # next round's frames already spent on responses (L60)
    free_responses: dict[str, int] = {}  # responses to WC 0/1 attacks this round (L101)
    fields: list[GeneralField] = []  # general force fields up in the fight (L206-L207)
    walls_broken: list[str] = []  # casters whose General Force Wall cannot regenerate (L207)
