"""Fortune (L44-L47): spend 1 to turn a failed roll into a success, to give another player 2 boons
on their roll, or to treat a d6 as a 6."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import BoonbaneSheet, FortuneSpent, SourceLine
from domain.errors import DomainError, StateConflict

FORTUNE_BOONS = 2  # L46


def require(sheet: BoonbaneSheet, field: str, use: str) -> None:
    """Refuse spending Fortune the character does not have (L45)."""
    if sheet.fortune < 1:
        raise StateConflict(field, "boonbane.fortune L45",
                            f"no Fortune to spend ({use}): this character has {sheet.fortune}")


def gift(giver: BoonbaneSheet, giver_id: str, roller_id: str) -> SourceLine:
    """Another player's Fortune gives 2 boons on this roll (L46)."""
    if giver_id == roller_id:
        raise DomainError("fortune_from", "boonbane.fortune L46",
                          "Fortune gives boons to another player's roll, not one's own")
    require(giver, "fortune_from", "boons")
    return SourceLine(source=f"fortune from {giver_id}", line="L46", boons=FORTUNE_BOONS)


def spent(sheet: BoonbaneSheet, character_id: str, use: str, for_character: str) -> FortuneSpent:
    return msgspec.convert({"character_id": character_id, "use": use,
                            "for_character": for_character, "fortune": sheet.fortune - 1},
                           FortuneSpent)


def fold(sheet: BoonbaneSheet, ev: FortuneSpent) -> BoonbaneSheet:
    """The sheet after spending 1 Fortune."""
    return msgspec.structs.replace(sheet, fortune=max(0, ev.fortune))
