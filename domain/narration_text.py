"""Small helpers for event lines (``domain.narration``): character tokens and counted words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from contracts.narration import EventLine


def who(character_id: object) -> str:
    """The token a reader replaces with a character's name (``{character:<id>}``)."""
    return f"{{character:{character_id}}}" if character_id else "someone"


def count(n: int, one: str, many: str) -> str:
    """``1 boon``, ``2 boons``, ``-1 net successes``."""
    return f"{n} {one if n == 1 else many}"


def plain(text: object) -> str:
    """Text without its seed-line citations (``nerve centre: +1d6 HTC (L88)`` -> ``nerve
    centre: +1d6 HTC``): a table reads the words, the rule is in the event's data."""
    from domain.words import strip_citations

    return strip_citations(str(text))


def dice(faces: object) -> str:
    """Faces as ``3, 5, 1``."""
    return ", ".join(str(f) for f in faces) if isinstance(faces, (list, tuple)) else str(faces)


def plainly(label: str) -> Callable[[Mapping[str, Any], str | None], EventLine]:
    """A line with no more than the event's label, for its character where it has one."""
    said = label[:1].lower() + label[1:]

    def line(d: Mapping[str, Any], character: str | None) -> EventLine:
        subject = character or d.get("character_id")
        return EventLine(text=f"{who(subject)}: {said}." if subject else f"{label}.")

    return line


def plain_lines(types: tuple[str, ...]) -> dict[str, tuple[str, Callable[
        [Mapping[str, Any], str | None], EventLine | None] | None]]:
    """Labels and plain lines for event types a ruleset words no further."""
    from domain.words import words

    return {t: (words(t), plainly(words(t))) for t in types}
