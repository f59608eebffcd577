"""Who may send each platform command that names a character (``domain.authority``).

The campaign's own commands (members, tables, sessions, seeds, retcons) are the GM's by the
campaign decider's rules and name no character; ``CreateCharacter`` names the character it
creates (nobody's yet) and its owner, a user. The commands below act for an existing character:
its owner or a GM sends them. A missing character is reported by the command's decider (404).
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts import commands as c
from domain.authority import Authority, CharacterField, acts

# Creating a character names a new id, not a character anyone controls yet; the character
# decider says who may create one and for whom (a player for themselves, a GM for anyone).
_CREATION: Final = Authority(sender="member", rule="character.player-owns-own", fields=(
    CharacterField(path="character_id", kind="created"),))

PLATFORM_AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    c.SeatCharacter: acts(),
    c.UnseatCharacter: acts(),
    c.RenameCharacter: acts(),
    c.RetireCharacter: acts(),
    c.RollDice: acts(),  # a roll for a character (optional) is made by its controller
    c.CreateCharacter: _CREATION,
}
