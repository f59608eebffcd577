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
from domain.authority import Authority, CharacterField, acts, gm

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

# The campaign's own commands, all a GM's (``domain.campaign.decide`` enforces each; the
# ruleset guide reads them here, and a test holds the two together). ``CreateCampaign`` is any
# signed-in user's: its sender becomes the campaign's first GM.
CAMPAIGN_AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    c.AddMember: gm("only GMs manage members"),
    c.RemoveMember: gm("only GMs manage members"),
    c.CreateTable: gm("only GMs create tables"),
    c.StartSession: gm("only a GM of the table starts its sessions"),
    c.EndSession: gm("only a GM of the table ends its sessions"),
    c.RotateSeed: gm("only a GM reveals the dice seed"),
    c.RevealRoll: gm("only a GM shows a GM-only roll"),
    c.Retcon: gm("only a GM reverses a recorded event"),
}
ANYONE: Final[frozenset[type[msgspec.Struct]]] = frozenset({c.CreateCampaign})
