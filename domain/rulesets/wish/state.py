"""The domain's own WISH character state: the sheet and its running state (L81-226,
L458-1383). Same fields, defaults and options as the wire's sheet
(``contracts.rulesets.wish.sheet``), so the stored form is the same bytes; the wire's classes are
mapped to and from these by ``views.py``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import Characteristic, Duration, Phase, SkillKind
from domain.rulesets.wish.state_checks import RecentCheck
from domain.rulesets.wish.state_effects import DeflectSpec, DoTEffect, DoTSpec, PendingReact


class Stance(msgspec.Struct, kw_only=True):
    """The stance meter (L81-97): owned steps each side and the marker (<0 Defensive)."""

    defensive: int = 2
    offensive: int = 2
    position: int = 0


class Skill(msgspec.Struct, kw_only=True):
    characteristic: Characteristic
    kind: SkillKind = "basic"
    ranks: int = 0
    acquired: bool = True  # advanced and travel skills must be acquired (L1044)
    mode: str | None = None  # travel mode chosen on acquisition (L1084)


class Specialization(msgspec.Struct, kw_only=True):
    name: str
    target: str  # a characteristic code or a skill name (L165-171, L984)
    level: int = 1


class StuntCost(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A card's printed Cost, paid up front before any check (L508)."""

    stress: int = 0
    fatigue: int = 0
    fortune: int = 0
    wounds: int = 0
    grit: int = 0


class Stunt(msgspec.Struct, kw_only=True):
    rating: int = 1
    cost: StuntCost = msgspec.field(default_factory=StuntCost)  # L508
    sfx: str = "Open"
    traits: list[str] = []
    justification: str = "innate"
    recharge_rating: int = 0
    recharge_tokens: int = 0
    off_sfx: bool = False  # bought from outside the available SFX (L476-478)
    facilitators: list[str] = []  # per-stunt facilitators: Reliable, Easy, Frequent ... (L1293-1333)
    hindrances: list[str] = []  # per-stunt hindrances: Erratic, Difficult, Infrequent ... (L1371-1383)
    wielded: bool = False  # bought with Wielded Abilities points: usable with the item (L921)
    unusable: bool = False  # an Unreliable stunt whose calamities came up (L273)
    toggled_on: bool = False  # a Toggle stunt switched on by a maneuver (L260)
    dot: DoTSpec | None = None  # a DoT card's stipulation (L256)
    deflect: DeflectSpec | None = None  # what a Deflect card nullifies (L271)
    rally_only: bool = False  # a Rally ability usable only in Rally Steps (L257)


class GivenAssist(msgspec.Struct, kw_only=True):
    """An Assist maneuver an ally took for this character's next check (L384-388)."""

    by: str  # the assisting character
    skill: str | None = None  # the skill the check will use, named for an Advanced one (L386)


class ExtendedEffect(msgspec.Struct, kw_only=True):
    """An "N Turns" stunt under way (L261): it takes ``turns`` entire Turns, ``done`` so far."""

    stunt: str
    turns: int
    done: int = 0


class PinnedCard(msgspec.Struct, kw_only=True):
    """An Action card Pin turned into a React until the character's next action (L446)."""

    card: str
    trigger: str


class Device(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A physical device justifying one or more stunts (L299-332): Detached, Integrated, or a
    Wielder's Item of Power (L920); it can be disarmed or broken."""

    kind: Literal["detached", "integrated", "item_of_power"] = "detached"
    stunts: list[str] = []  # the stunts it justifies (L322)
    soak_bonus: int = 0  # Soak it gives its user, and so itself (L324)
    wounds_lost: int = 0
    state: Literal["ready", "disarmed", "broken"] = "ready"


class Lasting(msgspec.Struct, kw_only=True):
    """A critical wound or schism: a contingent condition with a severity (L1417-1419)."""

    id: str
    name: str
    severity: int = 1


class ConditionInstance(msgspec.Struct, kw_only=True):
    """One application of a condition; Brief ones carry their own tokens (L1393-1399)."""

    id: str
    name: str
    duration: Duration = "brief"
    tokens: int = 0
    severity: int = 0
    note: str = ""
    stunt: str | None = None  # the one stunt Spiked or Buffed affects (L1447, L1498)


class ArchetypeTier(msgspec.Struct, kw_only=True):
    archetype: str
    tier: int = 1
    advances: int = 0  # slots used on this 15-slot track (L739-741)
    raises: dict[str, int] = {}  # raises per category this Tier ("stunt", "open", "primary:str")


class Hindrance(msgspec.Struct, kw_only=True):
    name: str
    points: int
    stunt: str | None = None  # per-stunt hindrances name their stunt (L1371-1383)
    detail: str = ""  # the object of an obsession, the anathema ... (L1353, L1355)


class WishSheet(msgspec.Struct, kw_only=True):
    """A WISH character sheet and its running state."""

    characteristics: dict[str, int]
    maxima: dict[str, int] = {}
    stance: Stance = msgspec.field(default_factory=Stance)
    skills: dict[str, Skill] = {}
    specializations: list[Specialization] = []
    defense: int = 0
    soak: int = 0
    psyche: int = 0
    mitigation_maxima: dict[str, int] = {}
    wounds_purchased: int = 0
    grit_purchased: int = 0
    wounds_lost: int = 0
    grit_lost: int = 0
    criticals: list[Lasting] = []
    schisms: list[Lasting] = []
    stress: int = 0
    fatigue: int = 0
    fortune_rating: int = 2
    fortune: int = 2
    stunts: dict[str, Stunt] = {}
    devices: dict[str, Device] = {}  # L299-332, L920
    origin: str | None = None
    origin_talent: str | None = None  # a Mystic's Mystical Talent (L840)
    archetype_tiers: list[ArchetypeTier] = []
    experience: int = 0
    advances: int = 0
    creation_points: int = 0
    # origin points spendable only as the seed restricts them, by currency: "alien" (Alien
    # Advantages, L776) and "wielded" (Wielded Abilities, L921)
    restricted_points: dict[str, int] = {}
    hindrance_points: int = 0
    hindrances: list[Hindrance] = []
    facilitators: list[str] = []
    conditions: list[ConditionInstance] = []
    phase: Phase = "creation"
    serial: int = 0  # ids handed out so far (conditions, criticals, schisms)
    checks_rolled: int = 0  # checks recorded so far; numbers derived check ids
    recent_checks: list[RecentCheck] = []  # the latest checks, newest last (L222)
    # what the Origin's free choices granted (origin_grants.py): Archetype skills and SFX
    # (L775, L827, L878; L1212), and whether they have been chosen
    origin_skills: list[str] = []
    origin_sfx: list[str] = []
    origin_grants_chosen: bool = False
    travel_broken: list[str] = []  # Travel skills whose Unreliable device broke (L1110)
    travel_recharge: dict[str, int] = {}  # recharge tokens on Travel skills' Reacts (L510)
    overcome: list[str] = []  # Origin hindrances overcome (L777 ... L924)
    # Limited Charges: the encounter Rounds ("encounter_id#round") in which a Wielded ability
    # was used since the item of power was last recharged (L924)
    charged_rounds: list[str] = []
    malfunctions: dict[str, str] = {}  # Critical Intolerance: stunt -> critical id (L897)
    react: PendingReact | None = None  # a Brace, Parry or Dodge awaiting its attack (L437)
    # Lingering stunts in effect -> maintained this turn (used or a maneuver spent, L262)
    lingering: dict[str, bool] = {}
    assists_given: list[GivenAssist] = []  # Assist maneuvers awaiting the next check (L384)
    stabilized: bool = False  # first aid stopped the bleeding at 0 Wounds (option dying, G-3)
    extended: ExtendedEffect | None = None  # an "N Turns" stunt under way (L261)
    pinned: PinnedCard | None = None  # the card a Pin holds ready as a React (L446)
    dots: list[DoTEffect] = []  # DoT effects placed on this character (L256)
