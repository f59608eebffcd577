"""Fortune (L44-L47): spend 1 to turn a failed roll into a success, to give another player 2 boons
on their roll, or to treat a d6 as a 6."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import FortuneSpent, RollMade, RoundEffect
from contracts.rulesets.boonbane.play import FortuneAmended, RoundEffectAdded
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.state import BoonbaneSheet, LastRoll


def require(sheet: BoonbaneSheet, field: str, use: str) -> None:
    """Refuse spending Fortune the character does not have (L45)."""
    if sheet.fortune < 1:
        raise StateConflict(field, "boonbane.fortune L45",
                            f"no Fortune to spend ({use}): this character has {sheet.fortune}")


def give(giver: BoonbaneSheet, giver_id: str, target: BoonbaneSheet, target_id: str
         ) -> list[tuple[str, BoonbaneEvent]]:
    """Fortune gives another player 2 boons on their roll (L46): spent by the giver's player
    before the roll, kept on the other character's sheet until its next attack or challenge
    roll uses it (the ``fortune_boons`` effect; one gift waits at a time)."""
    if giver_id == target_id:
        raise DomainError("target_id", "boonbane.fortune L46",
                          "Fortune gives boons to another player's roll, not one's own")
    if target.kind != "pc":
        raise DomainError("target_id", "boonbane.fortune L46",
                          "Fortune gives boons to another player's character")
    require(giver, "character_id", "boons")
    if any(e.kind == "fortune_boons" for e in target.round_effects):
        raise StateConflict("target_id", "boonbane.fortune L46",
                            f"{target_id!r} already has another player's 2 boons for its "
                            f"next roll")
    gift = RoundEffect(kind="fortune_boons", source=f"fortune from {giver_id} L46")
    return [(giver_id, spent(giver, giver_id, "boons", target_id)),
            (target_id, RoundEffectAdded(character_id=target_id,
                                                             effect=gift))]


def spent(sheet: BoonbaneSheet, character_id: str, use: str, for_character: str) -> FortuneSpent:
    return msgspec.convert({"character_id": character_id, "use": use,
                            "for_character": for_character, "fortune": sheet.fortune - 1},
                           FortuneSpent)


def fold(sheet: BoonbaneSheet, ev: FortuneSpent) -> BoonbaneSheet:
    """The sheet after spending 1 Fortune."""
    return msgspec.structs.replace(sheet, fortune=max(0, ev.fortune))


def amend(sheet: BoonbaneSheet, character_id: str, use: str) -> FortuneAmended:
    """Fortune spent after the roll on the character's latest roll: turn it, if it failed, into a
    success (L45; never an automatic failure, which rolled nothing, digest D-34), or treat its
    highest boon d6 as a 6 (L47); once per roll for each use."""
    last = sheet.last_roll
    if last is None:
        raise StateConflict("use", "boonbane.fortune L45", "this character has made no roll")
    require(sheet, "use", use)
    if use == "succeed":
        if last.automatic is not None:
            raise StateConflict("use", "boonbane.fortune D-34",
                                f"an automatic failure ({last.automatic}) cannot be turned")
        if last.success:
            raise StateConflict("use", "boonbane.fortune L45", "the roll did not fail")
        total, success = last.total, True
    else:
        if last.net <= 0 or not last.d6 or last.fortune_six:
            raise StateConflict("use", "boonbane.fortune L47",
                                "the roll has no boon d6 left to treat as a 6")
        assert last.total is not None
        total = last.total - max(last.d6) + 6
        success = last.fortune_success or total >= last.target_number
    return FortuneAmended(character_id=character_id, roll=last.number, use=use, total=total,
                          success=success, fortune=sheet.fortune - 1)


def fold_roll(sheet: BoonbaneSheet, ev: RollMade) -> BoonbaneSheet:
    """The roller's latest roll, which Fortune may amend."""
    last = LastRoll(number=ev.number, net=ev.net, d6=list(ev.d6), total=ev.total,
                    target_number=ev.target_number, success=ev.success, automatic=ev.automatic,
                    fortune_six=ev.fortune_six, fortune_success=ev.fortune_success,
                    on_success=views.on_success(ev.on_success), task_key=ev.task_key)
    chain = {}
    if ev.action_key is not None:  # Repetition counts actions only (digest D-55)
        chain = {"repetition_key": ev.action_key,
                 "repetition_count": sheet.repetition_count + 1
                 if ev.action_key == sheet.repetition_key else 1}
    effects = list(sheet.round_effects)
    for kind in ev.consumed:  # helped and distracted: the next roll uses them up (L160, L184)
        match = next((e for e in effects if e.kind == kind), None)
        if match is not None:
            effects.remove(match)
    return msgspec.structs.replace(sheet, rolls=max(sheet.rolls, ev.number), last_roll=last,
                                   round_effects=effects, **chain)


def fold_amended(sheet: BoonbaneSheet, ev: FortuneAmended) -> BoonbaneSheet:
    last = sheet.last_roll
    if last is not None and last.number == ev.roll:
        last = msgspec.structs.replace(
            last, total=ev.total, success=ev.success,
            fortune_six=last.fortune_six or ev.use == "six",
            fortune_success=last.fortune_success or ev.use == "succeed")
    return msgspec.structs.replace(sheet, fortune=max(0, ev.fortune), last_roll=last)
