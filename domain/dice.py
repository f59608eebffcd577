"""The dice source a decider draws from.

``decide`` never rolls on its own: it draws from a ``Dice`` passed in and writes
every face into the event it returns, so replaying events never rolls again.
In the service the faces are derived from the campaign's committed seed
(``services.fair_dice``); tests pass a ``ScriptedDice``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """Return one face in ``1..sides``, each equally likely."""
        ...


class ScriptedDice:
    """Dice that return faces from a script, for tests and replays."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0
        self.drawn: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise AssertionError(f"script exhausted after {self._next} draws (asked for a d{sides})")
        face = self._faces[self._next]
        self._next += 1
        if not 1 <= face <= sides:
            raise AssertionError(f"scripted face {face} is not on a d{sides}")
        self.drawn.append((sides, face))
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next
