"""What a table needs to offer a ruleset's commands to people: labels, help, who may send each
command, and the schema a form is built from (``GET /v1/rulesets/{ruleset_id}/guide``)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

# Who may send a command, as its declared authority says (``domain.authority``):
#   anyone     - any signed-in user (creating a campaign);
#   gm         - a GM of the campaign only;
#   controller - the player who controls the characters it acts for, or a GM;
#   member     - any player or GM of the campaign (observers only read).
Sender = Literal["anyone", "gm", "controller", "member"]
CharacterKind = Literal["acting", "controlled", "target", "ally", "created"]


class FieldGuide(msgspec.Struct, kw_only=True):
    """One field of a command or a sheet, in words: ``character_kind`` says whose character a
    character-valued field names (the acting one, a target, an ally, the one created)."""

    name: str
    label: str
    help: str = ""
    required: bool = False
    character_kind: CharacterKind | None = None


class CommandGuide(msgspec.Struct, kw_only=True):
    """One command a table may send: ``type`` is the envelope's ``type``; ``schema`` is the JSON
    schema of its ``payload``; ``rule`` says why a GM-only command is the GM's."""

    type: str
    label: str
    help: str
    sender: Sender
    scope: Literal["platform", "ruleset"]
    fields: list[FieldGuide]
    schema: dict[str, Any]
    rule: str = ""


class RulesetGuide(msgspec.Struct, kw_only=True):
    """A ruleset in words: its commands and the platform's, the fields of its character sheet
    (``sheet_schema`` to build the creation form), the command that generates a character by
    its own rules (``generation``, null if it has none), and a label for each event type."""

    id: str
    title: str
    commands: list[CommandGuide]
    sheet: list[FieldGuide]
    sheet_schema: dict[str, Any]
    generation: str | None
    events: dict[str, str]
