"""Recorded events as lines for people: each ruleset package's ``narration`` module words its own
events in its own terms; the platform's are worded here. Pure: a line is made from the event's
stored type and data (the wire form) and the character whose stream holds it, if any.

Characters appear as ``{character:<id>}`` tokens (``who``), which a reader replaces with names.
An event type no module words gets a generic line: its type in words, never its raw name."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from contracts.narration import EventLine
from domain.narration_text import who
from domain.words import words

Data = Mapping[str, Any]
# An event type's label, and how to word one (None: bookkeeping no table shows).
Liner = Callable[[Data, str | None], EventLine | None] | None


@functools.cache
def _platform() -> dict[str, tuple[str, Liner]]:
    from domain import narration_platform

    return narration_platform.LINES


@functools.cache
def _ruleset(ruleset_id: str) -> dict[str, tuple[str, Liner]]:
    """The ruleset's table: its package's ``narration`` module's ``LINES``."""
    from domain.rulesets import part

    module = part(ruleset_id, "narration")
    table: dict[str, tuple[str, Liner]] = module.LINES if module is not None else {}
    return table


def _table(event_type: str) -> dict[str, tuple[str, Liner]]:
    prefix, dot, _ = event_type.partition(".")
    return _ruleset(prefix) if dot else _platform()


def event_label(event_type: str) -> str:
    """An event type's label: its ruleset's (or the platform's), else its name in words."""
    found = _table(event_type).get(event_type)
    return found[0] if found else words(event_type)


def event_types_of(ruleset_id: str) -> list[str]:
    """The event types a ruleset words."""
    return list(_ruleset(ruleset_id))


def line(event_type: str, data: Data, character_id: str | None = None) -> EventLine | None:
    """The line for one recorded event (``character_id``: the character whose stream holds
    it); None when the event is not one a table shows (bookkeeping)."""
    found = _table(event_type).get(event_type)
    subject = character_id or data.get("character_id")
    if found is None:
        lead = f"{who(subject)}: " if subject else ""
        return EventLine(text=f"{lead}{words(event_type).lower()}." if lead
                         else f"{words(event_type)}.")
    if found[1] is None:
        return None
    try:
        return found[1](data, subject if isinstance(subject, str) else None)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # an older event's shape: say what happened, in words, rather than nothing
        return EventLine(text=f"{found[0]}.")


