"""The typed seam (domain.rulesets.seam) on a toy ruleset: dispatch by class, events encoded to
their stored form and decoded back, folds total, streams read from their declaration. No I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
import pytest

from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.base import RulesetEvent
from domain.rulesets.seam import (
    CommandRuleset,
    EventCodec,
    Folds,
    HandlerDecider,
    Handlers,
    StreamKind,
    Streams,
    Working,
)


class Hurt(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    encounter_id: str | None = None
    helpers: list[str] = []


class Hurted(msgspec.Struct, frozen=True, kw_only=True, tag="toy.Hurted", tag_field="type"):
    character_id: str
    amount: int


class Began(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str


class Sheet(msgspec.Struct, kw_only=True):
    hp: int = 10


class SheetView(msgspec.Struct, kw_only=True):
    """The wire's sheet: a type of its own, mapped from the state by the ruleset's view."""

    hp: int


class Fight(msgspec.Struct, kw_only=True):
    encounter_id: str
    hits: int = 0


Event = Hurted | Began
Ctx = Working[Sheet | Fight, Event, int]
handlers: Handlers[Ctx] = Handlers()


@handlers.on(Hurt)
def hurt(ctx: Ctx, cmd: Hurt) -> None:
    if not isinstance(ctx.states.get(f"character:{cmd.character_id}"), Sheet):
        raise DomainError("character_id", "toy.character", "no such character")
    amount = ctx.dice.roll(6) + ctx.options
    ctx.emit(f"character:{cmd.character_id}", Hurted(character_id=cmd.character_id, amount=amount))
    ctx.emit(f"character:{cmd.character_id}", Hurted(character_id=cmd.character_id, amount=amount),
             visibility="gm")


characters: Folds[Sheet] = Folds()
characters.add(Hurted, lambda s, e: msgspec.structs.replace(s, hp=s.hp - e.amount))
encounters: Folds[Fight] = Folds()
encounters.add(Began, lambda f, e: f)


class Codec:
    def load(self, kind: StreamKind, stored: Any) -> Sheet | Fight | None:
        if stored is None:
            return None
        return msgspec.convert(stored, Sheet if kind == "character" else Fight)

    def dump(self, state: Sheet | Fight | None) -> Any:
        return msgspec.to_builtins(state)


def options(raw: Mapping[str, Any]) -> int:
    return int(raw.get("bonus", 0))


DECIDER: HandlerDecider[Event, Sheet, Fight, int] = HandlerDecider(
    handlers=handlers, characters=characters, encounters=encounters, options=options,
    starts=lambda e: Fight(encounter_id=e.encounter_id) if isinstance(e, Began) else None)
TOY = CommandRuleset(decider=DECIDER, codec=Codec(),
                     events={"toy.Hurted": Hurted, "toy.Began": Began},  # type: ignore[dict-item]
                     commands={"toy.Hurt": Hurt},
                     streams={Hurt: Streams(characters=("character_id", "helpers[]"),
                                            encounter="encounter_id")},
                     view=lambda state: SheetView(hp=state.hp) if isinstance(state, Sheet) else state)


def test_a_command_is_decided_by_its_class_and_its_events_are_stored_without_their_tag() -> None:
    events = TOY.decide(Hurt(campaign_id="c", character_id="a"), {"character:a": {"hp": 10}},
                        {"bonus": 1}, ScriptedDice([3]))
    assert events == [
        RulesetEvent(stream="character:a", type="toy.Hurted", data={"character_id": "a", "amount": 4}),
        RulesetEvent(stream="character:a", type="toy.Hurted", data={"character_id": "a", "amount": 4},
                     visibility="gm"),
    ]


def test_the_working_state_sees_what_earlier_steps_emitted() -> None:
    seen: list[int] = []
    inner: Handlers[Ctx] = Handlers()

    @inner.on(Hurt)
    def twice(ctx: Ctx, cmd: Hurt) -> None:
        for _ in range(2):
            ctx.emit("character:a", Hurted(character_id="a", amount=3))
            state = ctx.states["character:a"]
            assert isinstance(state, Sheet)
            seen.append(state.hp)

    decider: HandlerDecider[Event, Sheet, Fight, int] = HandlerDecider(
        handlers=inner, characters=characters, encounters=encounters, options=options)
    decider.decide(Hurt(campaign_id="c", character_id="a"), {"character:a": Sheet()}, {},
                   ScriptedDice([]))
    assert seen == [7, 4]


def test_a_refusal_raises_and_a_class_without_a_handler_is_refused() -> None:
    with pytest.raises(DomainError) as refused:
        TOY.decide(Hurt(campaign_id="c", character_id="a"), {"character:a": None}, {},
                   ScriptedDice([3]))
    assert refused.value.rule == "toy.character"
    with pytest.raises(DomainError) as unknown:
        handlers.dispatch(Working({}, 0, ScriptedDice([]), DECIDER.evolve), Sheet())  # type: ignore[arg-type]
    assert unknown.value.rule == "ruleset.command"


def test_a_class_registered_twice_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        handlers.add(Hurt, hurt)
    with pytest.raises(RuntimeError):
        HandlerDecider(handlers=handlers, characters=characters,
                       encounters=Folds[Fight]().merge(encounters, _also(Hurted)), options=options)


def _also(cls: type[Hurted]) -> Folds[Fight]:
    folds: Folds[Fight] = Folds()
    folds.add(cls, lambda f, e: f)
    return folds


def test_a_recorded_event_is_decoded_then_folded_and_the_fold_is_total() -> None:
    assert TOY.evolve({"hp": 10}, "toy.Hurted", {"character_id": "a", "amount": 4}) == {"hp": 6}
    assert TOY.evolve({"hp": 10}, "toy.Hurted", {"character_id": "a", "amount": "four"}) == {"hp": 10}
    assert TOY.evolve({"hp": 10}, "toy.Unknown", {}) == {"hp": 10}
    assert TOY.evolve({"hp": "x"}, "toy.Hurted", {"character_id": "a", "amount": 4}) == {"hp": "x"}
    assert TOY.evolve(None, "toy.Hurted", {"character_id": "a", "amount": 4}) is None
    assert TOY.evolve(None, "toy.Began", {"encounter_id": "f"}) == {"encounter_id": "f", "hits": 0}


def test_streams_come_from_the_declaration_encounter_first_each_once() -> None:
    cmd = Hurt(campaign_id="c", character_id="a", encounter_id="f", helpers=["b", "a"])
    assert TOY.streams_for(cmd) == ["encounter:f", "character:a", "character:b"]
    assert TOY.streams_for(Hurt(campaign_id="c", character_id="a")) == ["character:a"]


def test_a_command_without_declared_streams_is_an_error_at_build() -> None:
    with pytest.raises(RuntimeError):
        CommandRuleset(decider=DECIDER, codec=Codec(), events={}, commands={"toy.Hurt": Hurt},
                       streams={}, view=lambda state: state)


def test_the_event_codec_round_trips_tagged_and_untagged_structs() -> None:
    codec: EventCodec[Event] = EventCodec({"toy.Hurted": Hurted, "toy.Began": Began})  # type: ignore[dict-item]
    assert codec.encode(Began(encounter_id="f")) == ("toy.Began", {"encounter_id": "f"})
    tag, body = codec.encode(Hurted(character_id="a", amount=2))
    assert codec.decode(tag, body) == Hurted(character_id="a", amount=2)
    with pytest.raises(TypeError):
        codec.encode(Sheet())  # type: ignore[arg-type]


def test_an_upcast_brings_an_old_body_up_to_date_before_it_is_decoded() -> None:
    def upcast(state: Any, event_type: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"amount": 1, **data} if event_type == "toy.Hurted" else data

    toy = CommandRuleset(decider=DECIDER, codec=Codec(),
                         events={"toy.Hurted": Hurted, "toy.Began": Began},  # type: ignore[dict-item]
                         commands={}, streams={}, view=lambda state: state, upcast=upcast)
    assert toy.evolve({"hp": 10}, "toy.Hurted", {"character_id": "a"}) == {"hp": 9}
    assert TOY.evolve({"hp": 10}, "toy.Hurted", {"character_id": "a"}) == {"hp": 10}


def test_a_read_serves_the_rulesets_view_of_the_typed_state_and_never_fails() -> None:
    assert TOY.view("character", {"hp": 7}) == {"hp": 7}
    assert TOY.view("encounter", {"encounter_id": "f"}) == {"encounter_id": "f", "hits": 0}
    assert TOY.view("character", {"hp": "x"}) == {"hp": "x"}  # an older shape: as stored
    assert TOY.view("character", None) is None
