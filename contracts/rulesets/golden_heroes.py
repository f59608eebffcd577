"""Golden Heroes wire schema: the sheet, command payloads, event bodies and views.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
The ruleset id has a hyphen (``golden-heroes``); ``RULESET_ID`` tells the schema generator.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

RULESET_ID = "golden-heroes"

Attribute = Literal["ego", "strength", "dexterity", "vigour"]
CharacterType = Literal["superpowered", "minor_villain", "non_superpowered"]
Circumstance = Literal["behind", "above", "unaware", "restrained", "obscured",
                       "attacker_staggered", "attacker_stunned"]

WeaponClass = Annotated[int, msgspec.Meta(ge=0, le=5)]
DefenceClass = Annotated[int, msgspec.Meta(ge=1, le=12)]
StrikeModifier = Annotated[int, msgspec.Meta(ge=-40, le=40)]


# --------------------------------------------------------------------------- sheet


class GoldenHeroesSheet(msgspec.Struct, kw_only=True):
    """A Golden Heroes character: attributes (L3), HTC/HTK (L9), movement (L10), type (L42)."""

    character_type: CharacterType = "superpowered"
    attributes: dict[str, int] = {}
    max_htc: int = 0
    max_htk: int = 0
    htc: int = 0
    htk: int = 0
    defence_class: Annotated[int, msgspec.Meta(ge=1, le=12)] = 6
    weapon_class: Annotated[int, msgspec.Meta(ge=0, le=5)] = 2
    generated: bool = False


# --------------------------------------------------------------------------- commands


class GenerateCharacter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll the four attributes (L3), then HTC and HTK, 1d6 per point of Vigour each (L9)."""

    campaign_id: str
    character_id: str
    character_type: CharacterType = "superpowered"


class Strike(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A strike roll (L79): d20 + WC + DC (1-4 count as 5) + strike modifiers >= 18 hits."""

    campaign_id: str
    character_id: str
    target_id: str
    weapon_class: WeaponClass | None = None  # the attacker's sheet's WC when omitted
    circumstances: list[Circumstance] = []
    cover: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0  # -1 to -10 by the referee (L80-L82)
    extreme_range_fifths: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0  # -1 per fifth, max -5
    other_modifier: StrikeModifier = 0  # a power's or the referee's modifier, recorded as given


COMMANDS: tuple[type[msgspec.Struct], ...] = (GenerateCharacter, Strike)


# --------------------------------------------------------------------------- events


class AttributeRoll(msgspec.Struct, frozen=True, kw_only=True):
    attribute: str
    dice: list[int]
    kept: list[int]
    value: int


class CharacterGenerated(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    character_type: str
    method: str  # "3d6" or "4d6k3" (L3)
    attributes: list[AttributeRoll]
    htc_dice: list[int]
    htk_dice: list[int]
    max_htc: int
    max_htk: int


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


EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.CharacterGenerated": CharacterGenerated,
    f"{RULESET_ID}.StrikeRolled": StrikeRolled,
}


# --------------------------------------------------------------------------- odds


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

    weapon_class: WeaponClass | None = None
    defence_class: DefenceClass | None = None  # the target's sheet's DC when a target is named
    circumstances: list[Circumstance] = []
    cover: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    extreme_range_fifths: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    other_modifier: StrikeModifier = 0
