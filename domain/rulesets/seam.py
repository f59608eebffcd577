"""The typed seam between the platform and a ruleset: one decider shape, one dispatch style.

A ruleset's rules are a ``Decider[C, E, S]``: its commands ``C``, its events ``E`` (frozen
msgspec Structs, one registry per ruleset) and the state ``S`` of the streams they act on
(a character's sheet, an encounter). ``decide`` and ``evolve`` dispatch by class, from
registries built the same way in every ruleset (``Handlers``, ``Folds``); a handler decides in
a ``Working`` context that folds each event it emits into a working copy, so later steps see
what earlier ones decided.

The platform keeps stream states in their stored form (plain data: it is what read models,
snapshots and exports hold). ``CommandRuleset`` is the one adapter between the two: it maps the
stored form to the ruleset's typed state and back through the ruleset's ``StateCodec``, decodes
each recorded event into its registered Struct before folding it, and encodes each decided event
to its tag and body. Nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar

import msgspec

from domain.authority import Authority, values_at
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.base import RulesetEvent, character_key, encounter_key

C = TypeVar("C", bound=msgspec.Struct)  # a ruleset's commands
E = TypeVar("E", bound=msgspec.Struct)  # a ruleset's events
S = TypeVar("S")  # the state of one of its streams (a sheet, an encounter)
SC = TypeVar("SC")  # a character's state (its sheet)
SE = TypeVar("SE")  # an encounter's state
O = TypeVar("O")  # its parsed campaign options  # noqa: E741 - the conventional name
X = TypeVar("X")  # a context handlers decide in
C1 = TypeVar("C1", bound=msgspec.Struct)
E1 = TypeVar("E1", bound=msgspec.Struct)
S1 = TypeVar("S1")
C_contra = TypeVar("C_contra", bound=msgspec.Struct, contravariant=True)

Visibility = Literal["public", "gm"]
StreamKind = Literal["character", "encounter"]


class Emitted(msgspec.Struct, Generic[E], frozen=True, kw_only=True):
    """A decided event bound for one stream (``character:<id>`` or ``encounter:<id>``);
    ``gm`` visibility for what the rules keep from the players."""

    stream: str
    event: E
    visibility: Visibility = "public"


def stream_kind(stream: str) -> StreamKind:
    """The kind of a ruleset stream key (``character:<id>`` or ``encounter:<id>``)."""
    return "encounter" if stream.startswith("encounter:") else "character"


# --------------------------------------------------------------------------- registries


class Handlers(Generic[X]):
    """Command handlers by command class: the one way a ruleset dispatches its commands.

    ``add(Cls, handler)`` and ``@on(Cls)`` type each entry (a handler of ``Cls`` takes a
    ``Cls``); a class handled twice is an error at import."""

    def __init__(self) -> None:
        self._by: dict[type[msgspec.Struct], Callable[[X, Any], None]] = {}

    def add(self, cls: type[C1], handler: Callable[[X, C1], None]) -> None:
        if cls in self._by:
            raise RuntimeError(f"two handlers for {cls.__name__}")
        self._by[cls] = handler

    def on(self, cls: type[C1]) -> Callable[[Callable[[X, C1], None]], Callable[[X, C1], None]]:
        def register(handler: Callable[[X, C1], None]) -> Callable[[X, C1], None]:
            self.add(cls, handler)
            return handler
        return register

    def merge(self, *others: Handlers[X]) -> Handlers[X]:
        """These handlers and the others' (a ruleset collects its families' this way)."""
        for other in others:
            for cls, handler in other._by.items():
                self.add(cls, handler)
        return self

    def commands(self) -> tuple[type[msgspec.Struct], ...]:
        return tuple(self._by)

    def items(self) -> Iterable[tuple[type[msgspec.Struct], Callable[[X, Any], None]]]:
        return self._by.items()

    def dispatch(self, ctx: X, command: msgspec.Struct) -> None:
        handler = self._by.get(type(command))
        if handler is None:
            raise DomainError("type", "ruleset.command",
                              f"no handler for {type(command).__name__}")
        handler(ctx, command)


class Folds(Generic[S]):
    """How each event class folds into a state ``S``: the one way a ruleset evolves.

    A fold is total for a recorded event: it never re-decides a rule and never raises on a
    state it cannot apply to (the adapter keeps the state when it does)."""

    def __init__(self) -> None:
        self._by: dict[type[msgspec.Struct], Callable[[S, Any], S]] = {}

    def add(self, cls: type[E1], fold: Callable[[S, E1], S]) -> None:
        if cls in self._by:
            raise RuntimeError(f"two folds for {cls.__name__}")
        self._by[cls] = fold

    def on(self, cls: type[E1]) -> Callable[[Callable[[S, E1], S]], Callable[[S, E1], S]]:
        def register(fold: Callable[[S, E1], S]) -> Callable[[S, E1], S]:
            self.add(cls, fold)
            return fold
        return register

    def merge(self, *others: Folds[S]) -> Folds[S]:
        for other in others:
            for cls, fold in other._by.items():
                self.add(cls, fold)
        return self

    def events(self) -> tuple[type[msgspec.Struct], ...]:
        return tuple(self._by)

    def items(self) -> Iterable[tuple[type[msgspec.Struct], Callable[[S, Any], S]]]:
        return self._by.items()

    def __contains__(self, cls: object) -> bool:
        return cls in self._by

    def fold(self, state: S, event: msgspec.Struct) -> S:
        """``state`` with ``event`` folded in; an event of a class without a fold changes nothing."""
        fold = self._by.get(type(event))
        return state if fold is None else fold(state, event)


class EventCodec(Generic[E]):
    """A ruleset's event registry both ways: tag (``wish.CheckRolled``) to Struct, and back.

    The stored body is the Struct's fields (a tag field, if the Struct has one, is left out:
    the envelope's ``type`` carries it), so the wire form is the one recorded logs hold."""

    def __init__(self, types: Mapping[str, type[E]]) -> None:
        self.types: Mapping[str, type[E]] = types
        self._tags: dict[type[E], str] = {cls: tag for tag, cls in types.items()}
        self._tag_fields: dict[type[E], str | None] = {
            cls: cls.__struct_config__.tag_field if cls.__struct_config__.tag is not None
            else None for cls in types.values()}

    def tag(self, event: E) -> str:
        tag = self._tags.get(type(event))
        if tag is None:
            raise TypeError(f"{type(event).__name__} is not a registered event")
        return tag

    def encode(self, event: E) -> tuple[str, dict[str, Any]]:
        """The event's type and stored body."""
        tag = self.tag(event)
        body: dict[str, Any] = msgspec.to_builtins(event)
        tag_field = self._tag_fields[type(event)]
        if tag_field is not None:
            body.pop(tag_field, None)
        return tag, body

    def decode(self, event_type: str, data: Mapping[str, Any]) -> E | None:
        """The recorded event as its Struct; None for a type this ruleset does not register or
        a body that does not fit it (folds stay total)."""
        cls = self.types.get(event_type)
        if cls is None:
            return None
        try:
            return msgspec.convert(data, cls)
        except (msgspec.ValidationError, TypeError):
            return None


class StateCodec(Protocol[S]):
    """The explicit mapping between a stream's stored form and the ruleset's typed state."""

    def load(self, kind: StreamKind, stored: Any) -> S | None:
        """The typed state of a stream from its stored form (None: no state yet)."""
        ...

    def dump(self, state: S | None) -> Any:
        """The stored form of a typed state (plain data: dicts, lists, numbers, text)."""
        ...


# --------------------------------------------------------------------------- deciding


class Working(Generic[S, E, O]):
    """The states a command is decided in, its options and dice, and the events so far.

    ``emit`` folds each event into a working copy of its stream's state, so a later step of
    the same command sees what an earlier one decided (a check's exertion before its damage)."""

    def __init__(self, states: Mapping[str, S | None], options: O, dice: Dice,
                 evolve: Callable[[S | None, E], S | None]) -> None:
        self.states: dict[str, S | None] = dict(states)
        self.options = options
        self.dice = dice
        self.events: list[Emitted[E]] = []
        self._evolve = evolve

    def emit(self, stream: str, event: E, visibility: Visibility = "public") -> None:
        self.events.append(Emitted(stream=stream, event=event, visibility=visibility))
        self.states[stream] = self._evolve(self.states.get(stream), event)


class Decider(Protocol[C_contra, E, S]):
    """A ruleset's rules: decide a command against its streams' states; fold an event."""

    def decide(self, command: C_contra, states: Mapping[str, S | None],
               options: Mapping[str, Any], dice: Dice) -> Sequence[Emitted[E]]:
        """The events a command decides, each bound for a stream; raise DomainError (naming the
        payload field bare and the rule) to refuse it."""
        ...

    def evolve(self, state: S | None, event: E) -> S | None:
        """Fold one event into the state of its stream. Total."""
        ...

    def kind_of(self, event: E) -> StreamKind:
        """The kind of stream an event is recorded on (and folds into)."""
        ...

    def initial_state(self, kind: StreamKind) -> S | None:
        """A stream's state before its first event (None: nothing until an event makes one)."""
        ...


class HandlerDecider(Generic[E, SC, SE, O]):
    """The ``Decider`` every ruleset uses: handlers and folds by class, options parsed once per
    command, and an optional ``settle`` step that runs after every command (what follows a
    state however it was reached: a WISH character's collapse, a Golden Heroes fight noting a
    fighter's condition).

    A character's state is an ``SC`` (its sheet), an encounter's an ``SE``; an encounter's
    first event makes its state from nothing (``starts``); a character's state comes from its
    creation, which the platform records."""

    def __init__(self, *, handlers: Handlers[Working[SC | SE, E, O]], characters: Folds[SC],
                 encounters: Folds[SE], options: Callable[[Mapping[str, Any]], O],
                 starts: Callable[[E], SE | None] | None = None,
                 settle: Callable[[Working[SC | SE, E, O]], None] | None = None,
                 fold_free: frozenset[type[msgspec.Struct]] = frozenset()) -> None:
        both = [cls.__name__ for cls in characters.events() if cls in encounters]
        if both:
            raise RuntimeError(f"events folded into both kinds of stream: {both}")
        self.handlers = handlers
        self.characters = characters
        self.encounters = encounters
        self.parse_options = options
        self.starts = starts
        self.settle = settle
        # events that change no state (a roll whose outcome other events carry), declared so
        # that an event without a fold is a choice, not an omission
        self.fold_free = fold_free

    def decide(self, command: msgspec.Struct, states: Mapping[str, SC | SE | None],
               options: Mapping[str, Any], dice: Dice) -> Sequence[Emitted[E]]:
        ctx: Working[SC | SE, E, O] = Working(states, self.parse_options(options), dice,
                                              self.evolve)
        self.handlers.dispatch(ctx, command)
        if self.settle is not None:
            self.settle(ctx)
        return ctx.events

    def kind_of(self, event: E) -> StreamKind:
        return "encounter" if type(event) in self.encounters else "character"

    def initial_state(self, kind: StreamKind) -> SC | SE | None:
        return None  # a character starts from its creation; an encounter from ``starts``

    def evolve(self, state: SC | SE | None, event: E) -> SC | SE | None:
        if type(event) in self.encounters:
            if state is None:
                return self.starts(event) if self.starts is not None else None
            return self.encounters.fold(state, event)  # type: ignore[arg-type]
        if state is None:
            return None
        return self.characters.fold(state, event)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- streams as data


class Streams(msgspec.Struct, frozen=True, kw_only=True):
    """The streams a command touches, as data: the encounter at ``encounter`` (a payload path)
    and each character at ``characters`` (payload paths, as in ``domain.authority``)."""

    characters: tuple[str, ...] = ()
    encounter: str | None = None

    def of(self, payload: msgspec.Struct) -> list[str]:
        """The ruleset stream keys, encounter first, each once, in declaration order."""
        out: list[str] = []
        if self.encounter is not None:
            out += [encounter_key(v) for _, v in values_at(payload, self.encounter)
                    if isinstance(v, str)]
        for path in self.characters:
            out += [character_key(v) for _, v in values_at(payload, path) if isinstance(v, str)]
        return list(dict.fromkeys(out))


def touches(authority: Authority, *, encounter: str | None = "encounter_id",
            skip: tuple[str, ...] = (), extra: tuple[str, ...] = ()) -> Streams:
    """The streams of a command whose declared authority names every character it touches:
    those characters (but ``skip``, plus ``extra``) and the encounter at ``encounter``."""
    paths = tuple(f.path for f in authority.fields if f.path not in skip and f.kind != "created")
    return Streams(characters=(*paths, *extra), encounter=encounter)


# --------------------------------------------------------------------------- the adapter


# The wire view of a typed state (a sheet as the contracts describe it, an encounter as its read
# returns it): the ruleset's explicit mapper from its own state types to the wire's.
View = Callable[[Any], msgspec.Struct]

# Brings a body recorded before its event's Struct changed up to date before it is decoded
# (``(stored state, event type, body) -> body``): an old body still folds as it was recorded.
Upcast = Callable[[Any, str, Mapping[str, Any]], Mapping[str, Any]]


class CommandRuleset(Generic[E, S]):
    """What the platform calls on a ruleset with commands, the same for every ruleset: the
    stored form in and out, the ruleset's typed decider in between."""

    def __init__(self, *, decider: Decider[Any, E, S], codec: StateCodec[S],
                 events: Mapping[str, type[E]], commands: Mapping[str, type[msgspec.Struct]],
                 streams: Mapping[type[msgspec.Struct], Streams],
                 view: View, upcast: Upcast | None = None) -> None:
        missing = [cls.__name__ for cls in commands.values() if cls not in streams]
        if missing:
            raise RuntimeError(f"commands that declare no streams: {missing}")
        self.decider = decider
        self.codec = codec
        self.events = EventCodec(events)
        self.command_streams = streams
        self.upcast = upcast
        self._view = view

    def streams_for(self, command: msgspec.Struct) -> list[str]:
        """The ruleset streams a command reads and may write, from its declaration."""
        return self.command_streams[type(command)].of(command)

    def decide(self, command: msgspec.Struct, states: Mapping[str, Any],
               options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        """Decide a command against its streams' stored states; the events in wire form."""
        typed = {key: self.codec.load(stream_kind(key), raw) for key, raw in states.items()}
        out: list[RulesetEvent] = []
        for emitted in self.decider.decide(command, typed, options, dice):
            tag, body = self.events.encode(emitted.event)
            out.append(RulesetEvent(stream=emitted.stream, type=tag, data=body,
                                    visibility=emitted.visibility))
        return out

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded event into its stream's stored state. Total: an event this ruleset
        does not register, a body that does not fit its Struct, or a state it cannot apply to
        leaves the state as it was."""
        if self.upcast is not None:
            data = self.upcast(state, event_type, data)
        event = self.events.decode(event_type, data)
        if event is None:
            return state
        try:
            kind = self.decider.kind_of(event)
            typed = self.codec.load(kind, state)
            if typed is None:
                typed = self.decider.initial_state(kind)
            folded = self.decider.evolve(typed, event)
        except (msgspec.ValidationError, TypeError, KeyError, ValueError, DomainError):
            return state
        return state if folded is typed else self.codec.dump(folded)

    def view(self, kind: StreamKind, stored: Any) -> Any:
        """What a read serves for a stream's stored state: the ruleset's view of its typed state
        (its ``views.py``), as plain data. A state that does not load (none yet, or stored by
        hand in an older shape) is served as stored: a read never fails on it."""
        try:
            typed = self.codec.load(kind, stored)
        except (msgspec.ValidationError, TypeError, KeyError, ValueError):
            return stored
        return stored if typed is None else msgspec.to_builtins(self._view(typed))
