"""A tiny in-memory event log for Golden Heroes domain tests: decide, then fold, no I/O."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.base import RulesetEvent
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from domain.rulesets.golden_heroes import state as st


def sheet(**kw: Any) -> dict[str, Any]:
    """A generated sheet: Dex/Str/Vig 10 unless given, HTC/HTK at their maxima."""
    attrs = {"ego": 10, "strength": 10, "dexterity": 10, "vigour": 10,
             **kw.pop("attributes", {})}
    max_htc, max_htk = kw.pop("max_htc", 40), kw.pop("max_htk", 40)
    powers = [st.PowerHeld(**p) for p in kw.pop("powers", [])]
    out: dict[str, Any] = msgspec.to_builtins(st.GoldenHeroesSheet(
        attributes=attrs, base_attributes=dict(attrs), max_htc=max_htc, max_htk=max_htk,
        htc=kw.pop("htc", max_htc), htk=kw.pop("htk", max_htk), generated=True, powers=powers,
        **kw))
    return out


class World:
    def __init__(self, options: dict[str, Any] | None = None, **sheets: dict[str, Any]) -> None:
        self.states: dict[str, Any] = {f"character:{k}": v for k, v in sheets.items()}
        self.log: list[RulesetEvent] = []
        self.options = GOLDEN_HEROES.validate_options(options or {})

    def run(self, cmd: msgspec.Struct, faces: list[int] | None = None) -> list[RulesetEvent]:
        dice = ScriptedDice(faces or [])
        streams = GOLDEN_HEROES.streams_for(cmd)
        view = {s: self.states.get(s) for s in streams}
        events = GOLDEN_HEROES.decide(cmd, view, self.options, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces unused"
        for ev in events:
            self.states[ev.stream] = GOLDEN_HEROES.evolve(self.states.get(ev.stream), ev.type,
                                                          ev.data)
        self.log.extend(events)
        return events

    def sheet(self, cid: str) -> st.GoldenHeroesSheet:
        return msgspec.convert(self.states[f"character:{cid}"], st.GoldenHeroesSheet)

    def encounter(self, eid: str = "fight") -> st.EncounterState:
        return msgspec.convert(self.states[f"encounter:{eid}"], st.EncounterState)


def refused(w: World, cmd: msgspec.Struct, faces: list[int] | None = None) -> DomainError:
    """The refusal ``cmd`` meets, having checked that it appended nothing."""
    before = len(w.log)
    with pytest.raises(DomainError) as err:
        w.run(cmd, faces)
    assert len(w.log) == before
    return err.value
