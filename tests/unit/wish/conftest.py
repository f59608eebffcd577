"""Every event a WISH handler emits in these tests is typed all the way down: decoding its
stored body gives back the very event (a nested Struct built as a plain dict would not), so a
typed fold reads in the working state what it reads from a recorded log."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from contracts.rulesets.wish.events import WishEvent
from domain.rulesets.seam import Visibility
from domain.rulesets.wish.decide_context import Ctx


@pytest.fixture(autouse=True)
def every_emitted_event_is_typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    emit = Ctx.emit

    def typed(self: Ctx, stream: str, event: WishEvent, visibility: Visibility = "public") -> None:
        decoded = msgspec.convert(msgspec.to_builtins(event), type(event))
        assert decoded == event, f"{type(event).__name__} holds untyped values: {event!r}"
        emit(self, stream, event, visibility)

    monkeypatch.setattr(Ctx, "emit", typed)
    yield
