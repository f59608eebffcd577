"""WISH check and attack payloads: checks, attacks, contests, Fortune after the roll,
option lines (L184, L212-222, L482-528)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import Characteristic
from contracts.rulesets.wish.records import DiceSource


class CheckSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a check is made of; shared by RollCheck and Attack."""

    characteristic: Characteristic | None = None
    skill: str | None = None
    difficulty: int = 0  # challenge dice (L37)
    specializations: list[str] = []
    assists: int = 0  # unnamed assists: only with the campaign option unnamed_assists
    assisted_by: list[str] = []  # the allies who took the Assist maneuver (L384-388)
    sources: list[DiceSource] = []
    fortune_points: int = 0  # own Fortune spent, one die each (L220)
    downgrade_serendipity: int = 0  # serendipities turned into successes (L528)
    stunt: str | None = None  # the card used, for recharge (L510)
    tags: list[str] = []  # "social", "hearing", "sight", "detect", "movement"


class RollCheck(CheckSpec, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    check_id: str | None = None  # derived from the sheet's check count when absent
    target_id: str | None = None
    encounter_id: str | None = None
    opponent_fortune_points: int = 0  # the target spends Fortune to add dice (L220)
    bypass_defense: bool = False


class Attack(CheckSpec, frozen=True, kw_only=True, forbid_unknown_fields=True):
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
    device: str | None = None  # a device of the target's attacked directly (L309-315)
    disarm: bool = False  # with ``device``: a hit disarms it rather than damaging it (L314-315)
    engaged: list[str] = []  # a Burst attack: the others in the target's engagement (L270)


class ContestedCheck(CheckSpec, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Skill against skill (L1011, L1017-1020): both sides roll, the actor's net minus the
    opposition's net decides, ties go to the defender (digest D-9)."""

    campaign_id: str
    character_id: str
    target_id: str
    opposition: CheckSpec  # the target's side: e.g. Observation or Discipline
    encounter_id: str | None = None
    check_id: str | None = None


class SpendFortuneAfterRoll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fortune spent after the roll (L222, campaign option ``fortune_after_roll``): each point
    rolls one more die into a recorded check, own (FRT) or, as its target, the roller's (MIS)."""

    campaign_id: str
    character_id: str  # who spends the Fortune
    check_id: str
    points: int = 1
    roller_id: str | None = None  # whose check; None: the spender's own


class OptionLine(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One option line of a card's effect block in card notation (L520-528): ``"2"`` (2
    successes), ``"-1"`` (1 failure), ``"++"`` (2 boons), ``"--"`` (2 banes), ``"!"``, ``"?"``."""

    key: str
    label: str = ""  # the card's text, to tell lines with the same key apart
    times: int = 1  # > 1 only for lines "usable more than once per resolution" (L520)
    repeatable: bool = False


class ChooseOptionLines(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The acting character picks beneficial lines (success, boon, serendipity) (L520)."""

    campaign_id: str
    character_id: str
    check_id: str
    lines: list[OptionLine]


class ImposeOptionLines(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM picks detrimental lines (failure, bane, calamity) for a check (L520)."""

    campaign_id: str
    character_id: str
    check_id: str
    lines: list[OptionLine]
