"""Golden Heroes strike rolls (L79-L98): the command, its event, and the odds query."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import (
    AttackName,
    Circumstance,
    DefenceClass,
    EnergyPool,
    PendingAttack,
    StrikeModifier,
    WeaponClass,
    WeaponType,
    WeaponVariant,
)

Dice6 = Annotated[int, msgspec.Meta(ge=0, le=15)]


class Strike(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A strike roll (L79): d20 + WC + DC (1-4 count as 5) + strike modifiers >= 18 hits.

    In an encounter it spends the attack's frames (L48-L50); a hit waits for the target's
    response (``Respond``) before its damage is rolled."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    attack: AttackName = "fist"
    weapon: WeaponType | None = None  # for attack "weapon" (L130-L133)
    # a bull-whip (-2 to strike), an SMG or assault rifle (dodged at -1), a laser (WC2, dodged
    # at -2, parried as energy, dividers -1), a blaster (WC2, parried as energy, dividers -2)
    variant: WeaponVariant | None = None
    object_size: Annotated[int, msgspec.Meta(ge=0, le=21)] | None = None  # a hurled object (L72)
    # a being this character holds and has lifted, thrown as a hand-hurled object of its Size
    # (3 unless object_size says otherwise): 1 Action, 1 Frame if it cannot resist (L73)
    thrown_id: str | None = None
    weapon_class: WeaponClass | None = None  # the attack form's WC when omitted
    energy_htc_dice: Dice6 = 0  # an energy attack's split, at most 2 dice apart (L178)
    energy_htk_dice: Dice6 = 0
    # a charge, dive, swing or leap into combat after a move of 4 m or more (L77)
    charge: Literal["basic", "agility", "leaping", "speed", "flight_dive", "growth",
                    "shrink"] | None = None
    martial_option: Literal["a", "b"] = "a"  # Oriental Martial Arts' two damage options (L239)
    to_htk: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0  # bonus points put on HTK (L118)
    pull: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0  # bonus points not used ("pulling")
    circumstances: list[Circumstance] = []
    cover: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0  # -1 to -10 by the referee (L80-L82)
    extreme_range_fifths: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0  # -1 per fifth, max -5
    other_modifier: StrikeModifier = 0  # a power's or the referee's modifier, recorded as given
    # a solid obstruction this far behind the target, and its HTK (none: it does not give way)
    obstruction_metres: Annotated[int, msgspec.Meta(ge=0, le=1000)] | None = None  # L119
    obstruction_htk: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    # declare the attack and spend its frames, the strike roll to come: the target may Judo
    # Throw before it (L116); the attacker's next Strike on that target rolls it
    declare: bool = False


class AttackDeclared(msgspec.Struct, frozen=True, kw_only=True):
    """An attack on ``character_id`` declared (its frames spent, its strike roll to come),
    then ``rolled``, or ``foiled`` by a Judo Throw that threw the attacker (L116)."""

    character_id: str
    attacker_id: str
    attack: str
    melee: bool
    state: Literal["declared", "rolled", "foiled"]
    encounter_id: str | None = None


class ModifierLine(msgspec.Struct, frozen=True, kw_only=True):
    source: str  # e.g. "dexterity 18 (L7)", "behind (L80-L82)"
    value: int


class StrikeRolled(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    target_id: str
    natural: int
    weapon_class: int
    defence_class: int
    defence_added: int  # DC 1-4 add 5 (L79)
    modifiers: list[ModifierLine]
    total: int
    hit: bool
    critical: Literal["hit", "miss"] | None = None
    critical_die: int | None = None  # the d10 on the Critical Hit/Miss Table (L86-L98)
    critical_effect: str | None = None
    backfire_die: int | None = None  # a critical miss's backfire: 1d6 HTC on the attacker (L98)
    attack: str = "fist"
    encounter_id: str | None = None
    frames: int = 1  # the attack's time: 1 frame or an action of 2 (L48-L50)
    pending: bool = False  # a hit now waits for the target's response (L79)
    crit_range: int = 1  # criticals on 19-20 with Precision (L242)
    miss_range: int = 1  # critical misses on 1-2 when Jinxed (L370)
    attack_form: PendingAttack | None = None  # the hit it is or would be, for Hero Points
    energy_pool: EnergyPool | None = None  # an energy attack in a fight: the pool after it


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/rulesets/golden-heroes/odds?wc=W&dc=D&modifier=M`` (L79)."""

    wc: WeaponClass
    dc: DefenceClass
    modifier: StrikeModifier = 0
    crit_range: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1  # 2 with Precision (L242)


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """Exact strike odds as fractions "n/d" in lowest terms."""

    need: int  # the lowest natural d20 that hits
    p_success: str
    p_critical_hit: str
    p_critical_miss: str


class StrikeSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The body of check-odds: a strike by this character (on ``target_id``'s DC)."""

    attack: AttackName = "fist"
    weapon: WeaponType | None = None
    variant: WeaponVariant | None = None
    weapon_class: WeaponClass | None = None
    defence_class: DefenceClass | None = None  # the target's sheet's DC when a target is named
    circumstances: list[Circumstance] = []
    cover: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    extreme_range_fifths: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    other_modifier: StrikeModifier = 0


class CheckOdds(msgspec.Struct, frozen=True, kw_only=True, tag_field="ruleset",
                tag="golden-heroes"):
    """``POST .../check-odds`` in a Golden Heroes campaign: the strike as the rules would
    assemble it (weapon and defence class, each modifier) and its odds (L79)."""

    weapon_class: int
    defence_class: int
    modifier: int
    modifiers: list[ModifierLine]
    odds: OddsView
