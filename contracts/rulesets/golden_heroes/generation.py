"""Golden Heroes character generation (L3-L19): attributes, HTC/HTK, power rolls, backgrounds."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import CharacterType

Background = Literal["rich_industrialist", "rich_inherited", "scientist_mechanical",
                     "scientist_chemical", "immortal", "position_of_power",
                     "previous_training", "contacts_government", "contacts_criminal"]


class GenerateCharacter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll the four attributes (L3), then HTC and HTK, 1d6 per point of Vigour each (L9)."""

    campaign_id: str
    character_id: str
    character_type: CharacterType = "superpowered"


class RollPower(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend a Power Roll on the d100 Superpower Generation Table (L12-L15)."""

    campaign_id: str
    character_id: str


class ChoosePower(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A 96-00 result: choose any superpower, or one more grade of one already held (L14)."""

    campaign_id: str
    character_id: str
    power: str


class UpgradePower(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Upgrade a power one grade: the first upgrade costs 1 Power Roll, the next 2, ... (L13)."""

    campaign_id: str
    character_id: str
    power: str


class ChoosePowerOption(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Record a power's choice: the Weapon Skill weapon type, the Martial Arts style (L239, L279)."""

    campaign_id: str
    character_id: str
    power: str
    choice: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]


class ConvertPowerRolls(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Enhancing: each Power Roll becomes 10 DUPs (L13)."""

    campaign_id: str
    character_id: str
    count: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1


class TakeBackground(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An Advantageous Background for 1 Power Roll; only Previous Training repeats (L16-L17).

    Previous Training adds 2 to one attribute or 1 to two (``training``)."""

    campaign_id: str
    character_id: str
    background: Background
    training: dict[str, Annotated[int, msgspec.Meta(ge=1, le=2)]] = {}


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
    power_rolls: int = 0  # the campaign's Power Rolls (L11); none for the non-superpowered


class PowerGained(msgspec.Struct, frozen=True, kw_only=True):
    """A power gained or raised a grade, with every die it rolled and what it cost."""

    character_id: str
    how: Literal["rolled", "chosen", "upgraded"]
    d100: list[int] = []  # every d100 of the command: re-rolls of maxed powers included (L12)
    power: str = ""  # "" for a 96-00 result waiting for ChoosePower (L14)
    grade: int = 0
    cost: int = 0  # Power Rolls spent (L12, L13, L15)
    dice: list[int] = []  # the fixed values' dice (Strength 1d10+10, Vigour 1d6+6 + HTC/HTK)
    rolled: dict[str, int] = {}  # what the dice give, added to the sheet
    note: str = ""


class PowerOptionChosen(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    power: str
    choice: str
    cost: int = 0  # Power Rolls spent: the Judo Throw option costs 1 (L239)


class PowerRollsConverted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    count: int
    dups: int


class BackgroundTaken(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    background: str
    training: dict[str, int] = {}
    dice: list[int] = []  # Previous Training to Vigour: 1d6 HTC and 1d6 HTK a point (decision #27)
