"""WISH wire schema: the sheet, command payloads, event bodies and views.

Seed: ``seeds/000`` (the WISH rulebook); line references ``L###`` point into it.
Every command carries ``campaign_id`` and the ids it acts on; the platform
checks who may act for which character.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Characteristic = Literal["str", "ag", "to", "int", "wp", "fel"]
Die = Literal["CHR", "OFF", "DFN", "CHL", "EXP", "FRT", "MIS"]
SkillKind = Literal["basic", "advanced", "travel"]
Duration = Literal["brief", "encounter", "contingent"]
DamageKind = Literal["physical", "nonphysical", "direct_wounds", "direct_grit"]
Currency = Literal["creation", "advance", "hindrance"]
Phase = Literal["creation", "play"]


# --------------------------------------------------------------------------- sheet


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


class Stunt(msgspec.Struct, kw_only=True):
    rating: int = 1
    sfx: str = "Open"
    traits: list[str] = []
    justification: str = "innate"
    recharge_rating: int = 0
    recharge_tokens: int = 0
    off_sfx: bool = False  # bought from outside the available SFX (L476-478)
    facilitators: list[str] = []  # per-stunt facilitators: Reliable, Easy, Frequent ... (L1293-1333)
    hindrances: list[str] = []  # per-stunt hindrances: Erratic, Difficult, Infrequent ... (L1371-1383)


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
    origin: str | None = None
    archetype_tiers: list[ArchetypeTier] = []
    experience: int = 0
    advances: int = 0
    creation_points: int = 0
    hindrance_points: int = 0
    hindrances: list[Hindrance] = []
    facilitators: list[str] = []
    conditions: list[ConditionInstance] = []
    phase: Phase = "creation"
    serial: int = 0  # ids handed out so far (conditions, criticals, schisms)
    checks_rolled: int = 0  # checks recorded so far; numbers derived check ids
    recent_checks: list[RecentCheck] = []  # the latest checks, newest last (L222)


# --------------------------------------------------------------------------- commands


class DiceSource(msgspec.Struct, frozen=True, kw_only=True):
    """Dice a named source adds to (count > 0) or removes from (count < 0) a pool."""

    source: str
    die: Die
    count: int


class CheckSpec(msgspec.Struct, frozen=True, kw_only=True):
    """What a check is made of; shared by RollCheck and Attack."""

    characteristic: Characteristic | None = None
    skill: str | None = None
    difficulty: int = 0  # challenge dice (L37)
    specializations: list[str] = []
    assists: int = 0
    sources: list[DiceSource] = []
    fortune_points: int = 0  # own Fortune spent, one die each (L220)
    downgrade_serendipity: int = 0  # serendipities turned into successes (L528)
    stunt: str | None = None  # the card used, for recharge (L510)
    tags: list[str] = []  # "social", "hearing", "sight", "detect", "movement"


class RollCheck(CheckSpec, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    check_id: str | None = None  # derived from the sheet's check count when absent
    target_id: str | None = None
    encounter_id: str | None = None
    opponent_fortune_points: int = 0  # the target spends Fortune to add dice (L220)
    bypass_defense: bool = False


class Attack(CheckSpec, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    target_id: str
    check_id: str | None = None
    encounter_id: str | None = None
    mode: Literal["melee", "ranged", "mental"] = "melee"
    base_damage: int | None = None
    damage_kind: Literal["physical", "nonphysical"] = "physical"
    pierce: int = 0
    bypass_defense: bool = False
    opponent_fortune_points: int = 0


class ContestedCheck(CheckSpec, frozen=True, kw_only=True):
    """Skill against skill (L1011, L1017-1020): both sides roll, the actor's net minus the
    opposition's net decides, ties go to the defender (digest D-9)."""

    campaign_id: str
    character_id: str
    target_id: str
    opposition: CheckSpec  # the target's side: e.g. Observation or Discipline
    encounter_id: str | None = None
    check_id: str | None = None


class SpendFortuneAfterRoll(msgspec.Struct, frozen=True, kw_only=True):
    """Fortune spent after the roll (L222, campaign option ``fortune_after_roll``): each point
    rolls one more die into a recorded check, own (FRT) or, as its target, the roller's (MIS)."""

    campaign_id: str
    character_id: str  # who spends the Fortune
    check_id: str
    points: int = 1
    roller_id: str | None = None  # whose check; None: the spender's own


class OptionLine(msgspec.Struct, frozen=True, kw_only=True):
    """One option line of a card's effect block in card notation (L520-528): ``"2"`` (2
    successes), ``"-1"`` (1 failure), ``"++"`` (2 boons), ``"--"`` (2 banes), ``"!"``, ``"?"``."""

    key: str
    label: str = ""  # the card's text, to tell lines with the same key apart
    times: int = 1  # > 1 only for lines "usable more than once per resolution" (L520)
    repeatable: bool = False


class ChooseOptionLines(msgspec.Struct, frozen=True, kw_only=True):
    """The acting character picks beneficial lines (success, boon, serendipity) (L520)."""

    campaign_id: str
    character_id: str
    check_id: str
    lines: list[OptionLine]


class ImposeOptionLines(msgspec.Struct, frozen=True, kw_only=True):
    """The GM picks detrimental lines (failure, bane, calamity) for a check (L520)."""

    campaign_id: str
    character_id: str
    check_id: str
    lines: list[OptionLine]


class TakeHindrance(msgspec.Struct, frozen=True, kw_only=True):
    """A GM-approved hindrance gives hindrance points per the seed's table (L1339-1383)."""

    campaign_id: str
    character_id: str
    name: str
    stunt: str | None = None  # per-stunt hindrances (Erratic, Tiring, Difficult ...)
    detail: str = ""  # the obsession's object, the anathema ...
    points: int | None = None  # Anathema and custom hindrances state their points
    gm_controls_alter_ego: bool = False  # Alter Ego: 6 points instead of 3 (L1365)


class ExposeToFear(msgspec.Struct, frozen=True, kw_only=True):
    """Exposure to a Fear based effect of a given rating (Frightened, L1445)."""

    campaign_id: str
    character_id: str
    rating: int


class ShiftStance(msgspec.Struct, frozen=True, kw_only=True):
    """Move the marker: +N towards Offensive, -N towards Defensive (L83)."""

    campaign_id: str
    character_id: str
    steps: int
    encounter_id: str | None = None


class StartEncounter(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str
    participants: list[str]


class StartTurn(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str
    character_id: str


class EndTurn(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str
    character_id: str
    fortune_recharge: dict[str, int] = {}  # stunt -> tokens (+add / -remove), 1 Fortune each (L224)


class EndRound(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str


class EndEncounter(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str
    participants: list[str]  # their Encounter conditions end too (L1405)


class TakeManeuver(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    encounter_id: str
    character_id: str
    kind: str = "interact"  # assist, interact, prepare, movement, skill, grandstand, ...


class ApplyDamage(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    amount: int
    kind: DamageKind = "physical"
    pierce: int = 0
    bypass_mitigation: bool = False


class InflictLasting(msgspec.Struct, frozen=True, kw_only=True):
    """An ability explicitly inflicts a critical or a schism (L206)."""

    campaign_id: str
    character_id: str
    kind: Literal["critical", "schism"]
    name: str
    severity: int = 1


class Heal(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    wounds: int = 0
    grit: int = 0
    treat: list[str] = []  # ids of criticals or schisms healed


class Recover(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    stress: int = 0
    fatigue: int = 0


class AddCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    name: str
    duration: Duration | None = None  # None: the table's own (Brief for the two tables)
    tokens: int | None = None
    severity: int | None = None
    stay_in_stance: bool = False  # Calmed/Irritated/Enraged: pay 2 stress to stay (L1487)
    stunt: str | None = None  # Spiked and Buffed affect one named stunt (L1447, L1498)


class RemoveCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    condition_id: str


class RollBriefCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    table: Literal["malign", "benign"]
    tokens: int | None = None


class SpendFortune(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    points: int = 1
    purpose: str = ""


class GainFortune(msgspec.Struct, frozen=True, kw_only=True):
    """A GM award (capped at the rating) or the session reset (L230)."""

    campaign_id: str
    character_id: str
    points: int = 0
    reset: bool = False


class AwardExperience(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    xp: int
    reason: str = ""


class Purchase(msgspec.Struct, frozen=True, kw_only=True):
    """One raise (L143-L1048). ``target`` names the characteristic, skill, side or stunt."""

    kind: Literal[
        "characteristic",
        "maximum",
        "mitigation",
        "mitigation_maximum",
        "wounds",
        "grit",
        "fortune",
        "stance_step",
        "skill_rank",
        "acquire_skill",
        "specializations",
        "stunt",
        "stunt_rating",
    ]
    target: str = ""
    specializations: list[Specialization] = []
    sfx: str = "Open"
    off_sfx: bool = False
    recharge_rating: int = 0
    archetype_raise: bool = False  # counts on the current Archetype's track (L739)


class SpendAdvance(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    purchase: Purchase
    currency: Currency = "advance"


class FinishCreation(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str


class ChooseArchetype(msgspec.Struct, frozen=True, kw_only=True):
    """Take a starting Archetype during creation, or in play switch Archetype (or start a new Tier
    of the current one once its 15 slots are filled) at the seed's price (L726-749)."""

    campaign_id: str
    character_id: str
    archetype: str


class ChooseOrigin(msgspec.Struct, frozen=True, kw_only=True):
    """Pick the character's origin during creation, with its free +1/-1 picks (L747-800)."""

    campaign_id: str
    character_id: str
    origin: str
    picks: dict[str, int] = {}  # statistic -> +1 or -1, as many as the origin grants (L774)


# --------------------------------------------------------------------------- events and views


class DieRoll(msgspec.Struct, frozen=True, kw_only=True):
    die: Die
    face: int
    symbols: list[str]
    chained: bool = False  # rolled because an Expertise die said "roll another" (L49)


class Tally(msgspec.Struct, kw_only=True):
    S: int = 0
    F: int = 0
    B: int = 0
    N: int = 0
    SER: int = 0
    CAL: int = 0
    EXR: int = 0
    RCH: int = 0


class CheckResult(msgspec.Struct, frozen=True, kw_only=True):
    net_successes: int  # successes minus failures; >= 1 succeeds (L522-524)
    net_boons: int  # boons minus banes; < 0 means banes (L526)
    serendipity: int
    calamity: int
    success: bool
    critical_failure_eligible: bool  # failed with a calamity (L528)
    downgraded: int


class CheckRecord(msgspec.Struct, frozen=True, kw_only=True):
    characteristic: str
    effective_characteristic: int
    skill: str | None
    pool: dict[str, int]
    sources: list[DiceSource]
    dice: list[DieRoll]
    tally: Tally
    result: CheckResult


class RecentCheck(msgspec.Struct, kw_only=True):
    """A recorded check that Fortune may still amend after the roll (L222)."""

    check_id: str
    kind: Literal["check", "attack", "contest"] = "check"
    characteristic: str = ""
    target_id: str | None = None
    tally: Tally = msgspec.field(default_factory=Tally)
    result: CheckResult | None = None
    lines: list[str] = []  # option lines triggered so far ("key label")
    consumed: dict[str, int] = {}  # boons, banes, serendipities, calamities spent on lines


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    net_successes: int
    net_boons: int
    serendipity: int
    calamity: int
    probability: str  # an exact fraction "p/q"


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The parameters of ``GET /v1/rulesets/wish/odds``."""

    # DIE:COUNT pairs, comma-separated: ``CHR:3,OFF:2,CHL:1`` (dice of L3-69)
    pool: Annotated[str, msgspec.Meta(
        min_length=1, max_length=200, pattern=r"^[A-Za-z]+:[0-9]{1,3}(,[A-Za-z]+:[0-9]{1,3})*$",
        description="DIE:COUNT pairs, e.g. CHR:3,OFF:2,CHL:1")]
    # read each Serendipity as one more success instead
    downgrade: bool = False


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """The exact outcome distribution of a pool (``odds``)."""

    pool: dict[str, int]
    outcomes: list[Outcome]
    tail: str  # exact mass of chains deeper than ``max_chain`` (left out)
    p_success: str
    expected_net_successes: str


class TurnState(msgspec.Struct, kw_only=True):
    character_id: str
    maneuvers: int = 0
    actions: int = 0
    stance_shifted: bool = False


class EncounterState(msgspec.Struct, kw_only=True):
    """An encounter's rounds and turns (L378-380, L263-264)."""

    encounter_id: str
    participants: list[str]
    round: int = 1
    acted: list[str] = []  # characters whose turn this round is over
    turn: TurnState | None = None
    active: bool = True


# --------------------------------------------------------------------------- registry

COMMANDS: tuple[type[msgspec.Struct], ...] = (
    RollCheck,
    Attack,
    ApplyDamage,
    InflictLasting,
    Heal,
    Recover,
    ShiftStance,
    StartEncounter,
    StartTurn,
    EndTurn,
    EndRound,
    EndEncounter,
    TakeManeuver,
    AddCondition,
    RemoveCondition,
    RollBriefCondition,
    SpendFortune,
    GainFortune,
    AwardExperience,
    SpendAdvance,
    FinishCreation,
    SpendFortuneAfterRoll,
    ContestedCheck,
    TakeHindrance,
    ExposeToFear,
    ChooseOptionLines,
    ImposeOptionLines,
    ChooseOrigin,
    ChooseArchetype,
)
"""Every WISH command payload; its wire ``type`` is ``wish.<ClassName>``."""
