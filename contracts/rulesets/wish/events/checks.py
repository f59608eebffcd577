"""WISH events of checks: rolled, amended by Fortune, contested, and the lines read from them
(L13-19, L220-222, L340-367, L520-528, D-1, D-9)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.records import CheckRecord, CheckResult, DieRoll, Tally


class CheckRolled(WishEvent, frozen=True, kw_only=True, tag="wish.CheckRolled"):
    """A check rolled: its record (pool, dice, tally, result) and the exertion it cost (L13-19);
    ``stunt`` and ``stunt_rating`` when a stunt was used (L510)."""

    character_id: str
    target_id: str | None
    check_id: str
    kind: str
    check: CheckRecord
    stress: int
    fatigue: int
    fortune_spent: int
    recharge: dict[str, int]
    stunt: str | UnsetType = UNSET
    stunt_rating: int | UnsetType = UNSET


class CheckAmended(WishEvent, frozen=True, kw_only=True, tag="wish.CheckAmended"):
    """Fortune spent after a roll: the dice it added and the amended tally and result (L222)."""

    check_id: str
    spent_by: str
    fortune_spent: int
    dice: list[DieRoll]
    previous_tally: Tally
    tally: Tally
    result: CheckResult
    fatigue: int
    stress: int


class CheckRerolled(WishEvent, frozen=True, kw_only=True, tag="wish.CheckRerolled"):
    """Mystical Reality: dice of a recorded check rolled again (L837)."""

    check_id: str
    by: str
    whole_pool: bool
    replaced: list[DieRoll]
    dice: list[DieRoll]
    previous_tally: Tally
    tally: Tally
    result: CheckResult
    fatigue: int
    stress: int


class ContestResolved(WishEvent, frozen=True, kw_only=True, tag="wish.ContestResolved"):
    """A contested check: each side's net successes and who won; ties go to the defender
    (D-1, D-9)."""

    check_id: str
    target_id: str
    opposition_check_id: str
    opposition_skill: str | None
    actor_net: int
    opposition_net: int
    net_successes: int
    success: bool


class AssistsUsed(WishEvent, frozen=True, kw_only=True, tag="wish.AssistsUsed"):
    """The assists given for the next check, spent on it (L384)."""

    check_id: str
    by: list[str]


class OptionLinesChosen(WishEvent, frozen=True, kw_only=True, tag="wish.OptionLinesChosen"):
    """Option lines read from a check's boons or banes (L520-528)."""

    check_id: str
    chooser: str
    lines: list[str]
    consumed: dict[str, int]


class JustificationLineTriggered(WishEvent, frozen=True, kw_only=True,
                                 tag="wish.JustificationLineTriggered"):
    """A justification line read from a check (L340-367): ``stunt_rating`` and ``fails`` for
    arcane lines, ``result`` for a karmic Fortune line."""

    check_id: str
    stunt: str | None
    justification: str
    line: str
    times: int
    consumed: dict[str, int]
    rule: str
    stunt_rating: int | UnsetType = UNSET
    fails: bool | UnsetType = UNSET
    result: CheckResult | UnsetType = UNSET


class StuntFailed(WishEvent, frozen=True, kw_only=True, tag="wish.StuntFailed"):
    """An Unreliable stunt failed on its calamities (L273)."""

    stunt: str | None
    calamities: int
    rule: str


class ChargeRoundUsed(WishEvent, frozen=True, kw_only=True, tag="wish.ChargeRoundUsed"):
    """A round of a Limited Charges item used (L1010)."""

    round: str
    used: int
    limit: int


class RallyAbilityUsed(WishEvent, frozen=True, kw_only=True, tag="wish.RallyAbilityUsed"):
    """A Rally ability used in the rally step (L1405)."""

    stunt: str | None
