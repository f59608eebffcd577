"""Small helpers for event lines (``domain.narration``): character tokens and counted words."""

from __future__ import annotations


def who(character_id: object) -> str:
    """The token a reader replaces with a character's name (``{character:<id>}``)."""
    return f"{{character:{character_id}}}" if character_id else "someone"


def count(n: int, one: str, many: str) -> str:
    """``1 boon``, ``2 boons``, ``-1 net successes``."""
    return f"{n} {one if n == 1 else many}"
