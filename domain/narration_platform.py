"""The platform's events in words (``domain.narration``): members, tables, sessions,
characters, generic dice rolls, seeds and retcons."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from contracts.narration import EventLine
from domain.narration_text import who
from domain.words import words

Data = Mapping[str, Any]


def _line(text: str) -> EventLine:
    return EventLine(text=text)


def dice_text(data: Data) -> str:
    """A generic roll: each term's faces, a dropped die struck out as ``~~n~~`` (``4d6kh3``)."""
    parts = []
    for term in data.get("terms", []):
        kept = term.get("kept") or [True] * len(term.get("faces", []))
        faces = [str(f) if k else f"~~{f}~~" for f, k in zip(term.get("faces", []), kept,
                                                              strict=False)]
        sign = "-" if term.get("sign", 1) < 0 else ""
        parts.append(f"{sign}{term.get('notation', '')} [{', '.join(faces)}]" if faces
                     else f"{sign}{term.get('notation', '')}")
    return " ".join(parts)


def _rolled(d: Data, _c: str | None) -> EventLine:
    by = who(d["character_id"]) if d.get("character_id") else d.get("actor", "someone")
    label = f" for {d['label']}" if d.get("label") else ""
    hidden = " (GM only)" if d.get("visibility") == "gm" else ""
    return _line(f"{by} rolled {d['expression']}{label}: {d['total']}"
                 f" ({dice_text(d)}){hidden}.")


def _retconned(d: Data, _c: str | None) -> EventLine:
    return _line(f"{d.get('by', 'A GM')} retconned event {d['position']} "
                 f"({words(d.get('event_type', 'event')).lower()}): {d.get('reason', '')}.")


LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {
    "CampaignCreated": ("Campaign created", lambda d, c: _line(
        f"{d['created_by']} created the campaign {d['name']}.")),
    "MemberAdded": ("Member added", lambda d, c: _line(f"{d['user']} joined as {d['role']}.")),
    "MemberRemoved": ("Member removed", lambda d, c: _line(f"{d['user']} left the campaign.")),
    "TableCreated": ("Table created", lambda d, c: _line(f"Table {d['name']} opened.")),
    "CharacterSeated": ("Character seated", lambda d, c: _line(
        f"{who(d['character_id'])} sat down at table {d['table_id']}.")),
    "CharacterUnseated": ("Character unseated", lambda d, c: _line(
        f"{who(d['character_id'])} left table {d['table_id']}.")),
    "SessionStarted": ("Session started", lambda d, c: _line(
        f"Session {d['number']} started at table {d['table_id']}.")),
    "SessionEnded": ("Session ended", lambda d, c: _line(
        f"The session at table {d['table_id']} ended.")),
    "CharacterCreated": ("Character created", lambda d, c: _line(
        f"{d['owner']} created {who(d['character_id'])}.")),
    "CharacterRenamed": ("Character renamed", lambda d, c: _line(
        f"{who(d['character_id'])} is now called {d['name']}.")),
    "CharacterRetired": ("Character retired", lambda d, c: _line(
        f"{who(d['character_id'])} retired" + (f": {d['reason']}." if d.get("reason") else "."))),
    "DiceRolled": ("Dice rolled", _rolled),
    "SeedRevealed": ("Dice seed revealed", lambda d, c: _line(
        f"The dice seed of epoch {d['epoch']} was revealed: every roll of it can be checked.")),
    "SeedCommitted": ("New dice seed", lambda d, c: _line(
        f"A new dice seed (epoch {d['epoch']}) was committed.")),
    "RollRevealed": ("Roll revealed", lambda d, c: _line(
        f"A GM revealed a hidden roll (event {d['position']}).")),
    "EventRetconned": ("Event retconned", _retconned),
}
