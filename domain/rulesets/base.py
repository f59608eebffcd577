"""What a ruleset supplies to the platform's deciders.

A ruleset is a package under ``domain/rulesets/<id>/``. The platform asks it to
validate campaign options and character sheets; a full ruleset also supplies
its own commands (checks, damage, conditions, advancement), decided and folded
by the pure functions below. Ruleset events are recorded on character and
encounter streams like any other event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import msgspec

from domain.authority import Authority
from domain.dice import Dice


def character_key(character_id: str) -> str:
    """How a ruleset names a character's stream in ``streams_for`` and in ``decide``'s states;
    the platform scopes it by campaign (``domain.decider``)."""
    return f"character:{character_id}"


def encounter_key(encounter_id: str) -> str:
    """How a ruleset names an encounter's stream (see ``character_key``)."""
    return f"encounter:{encounter_id}"


class RulesetEvent(msgspec.Struct, frozen=True, kw_only=True):
    """A decided ruleset outcome bound for one stream.

    ``stream`` is ``character:<id>`` or ``encounter:<id>``; ``type`` names the
    event (``wish.CheckRolled``); ``data`` is its msgspec-encodable body.
    """

    stream: str
    type: str
    data: dict[str, Any]
    # "gm" for what the rules keep from the players (e.g. why a rating changed); else "public"
    visibility: str = "public"


class Ruleset(Protocol):
    id: str
    title: str

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Return the campaign options with defaults filled in; raise DomainError naming the field."""
        ...

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the normalized sheet; raise DomainError naming each invalid field (``sheet.<path>``)."""
        ...


@runtime_checkable
class RulesetWithCommands(Ruleset, Protocol):
    """A ruleset that decides commands of its own."""

    # type tag (e.g. "wish.RollCheck") -> payload Struct (msgspec decodes and validates it)
    command_types: Mapping[str, type[msgspec.Struct]]
    # commands only a GM may send (awarding experience, running encounters)
    gm_commands: frozenset[type[msgspec.Struct]]
    # event types that record dice, shown in the roll log
    roll_events: frozenset[str]
    # the registry of the ruleset's events: type tag (``wish.CheckRolled``) -> the Struct its
    # ``data`` is; the decider emits no other type (tests check it), the OpenAPI document
    # describes each
    event_types: Mapping[str, type[msgspec.Struct]]
    # who may send each command type and the kind of each character it names (domain.authority);
    # the platform enforces it before ``decide``; a type missing here is refused
    authority: Mapping[type[msgspec.Struct], Authority]

    def streams_for(self, command: msgspec.Struct) -> list[str]:
        """The streams the command reads and may write (``character:<id>``, ``encounter:<id>``)."""
        ...

    def decide(
        self,
        command: msgspec.Struct,
        states: Mapping[str, Any],
        options: Mapping[str, Any],
        dice: Dice,
    ) -> list[RulesetEvent]:
        """Decide a command against the folded states of its streams; raise DomainError on refusal."""
        ...

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded ruleset event into a stream's state. Total: never fails."""
        ...


@runtime_checkable
class RulesetWithOdds(Protocol):
    """A ruleset that answers ``GET /v1/rulesets/<id>/odds``: exact odds before anyone rolls."""

    # The odds query's parameters as a Struct (kw_only; optional fields have defaults; bounds
    # as ``msgspec.Meta``). The gateways convert the query string to it, so an unknown parameter,
    # a wrong type or a bound violated is refused naming the parameter, and the OpenAPI
    # document lists its fields as this ruleset's odds parameters.
    odds_query: type[msgspec.Struct]

    def odds(self, query: Any) -> msgspec.Struct:
        """Exact odds for one query (the ruleset's contracts ``OddsView``); raise DomainError
        naming the parameter for a combination the bounds cannot express."""
        ...


@runtime_checkable
class RulesetWithCheckOdds(Protocol):
    """A ruleset that answers the odds of a concrete character's check before it is rolled."""

    # The body of ``POST .../characters/<id>/check-odds`` (the gateway takes an optional
    # ``target_id`` out of it and passes that character's sheet as ``target``).
    check_spec_type: type[msgspec.Struct]

    def check_odds(self, sheet: Mapping[str, Any], spec: Any, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> msgspec.Struct:
        """The check as the rules would assemble it and its exact odds (the ruleset's contracts
        ``CheckOdds``, tagged ``ruleset``: the answer names its ruleset); draws no dice."""
        ...


@runtime_checkable
class RulesetWithViews(Protocol):
    """A ruleset whose reads serve its states through its own mappers to the wire's views
    (``kind``: ``character`` for a sheet, ``encounter``), not as the stored form."""

    def view(self, kind: Literal["character", "encounter"], stored: Any) -> Any:
        ...


@runtime_checkable
class RulesetWithDerived(Protocol):
    """A ruleset whose character reads carry figures that follow from the sheet (``derived``
    beside ``sheet``: thresholds, current health, ranks)."""

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        ...


@runtime_checkable
class RulesetWithReread(Protocol):
    """A ruleset whose recorded rolls ``verify`` reads again against their draws
    (``domain.audit``): the differences between the recorded reading and the rules applied to
    the draws, or nothing."""

    def reread(self, event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        ...


@runtime_checkable
class RulesetWithDrawCounts(Protocol):
    """A ruleset whose commands may roll more than once: how many of its command's draws a
    recorded roll shows (None: not a roll), so ``verify`` reads each roll against its own."""

    def draws_read(self, event_type: str, data: Mapping[str, Any]) -> int | None:
        ...


class Shown(msgspec.Struct, frozen=True, kw_only=True):
    """One read-model field a table shows. ``path`` is dotted from the character read model
    (``sheet.conditions``, ``derived.unconscious``); ``label`` defaults to its last part;
    ``rule`` cites the seed line that makes it a condition or a state; a text state equal to one
    of ``unless`` (``"fine"``) is the absence of one and is not shown."""

    path: str
    label: str = ""
    rule: str = ""
    unless: tuple[str, ...] = ()


class Track(msgspec.Struct, frozen=True, kw_only=True):
    """A health track: the number at ``value`` out of the one at ``max`` (``""``: a count with
    no ceiling, such as stress tokens), both dotted read-model paths; ``rule`` cites the seed."""

    label: str
    value: str
    max: str = ""
    rule: str = ""


class Display(msgspec.Struct, frozen=True, kw_only=True):
    """Which fields of a character's read model are the ruleset's conditions, health tracks
    and states, served by ``GET /v1/rulesets`` so a client shows them without knowing names.

    ``conditions`` are lists (of names, or of objects with a ``name``); ``states`` are flags
    (shown while true) or texts (shown as their value)."""

    conditions: tuple[Shown, ...] = ()
    health: tuple[Track, ...] = ()
    states: tuple[Shown, ...] = ()


@runtime_checkable
class RulesetWithDisplay(Protocol):
    """A ruleset that declares how a table shows its characters' conditions and health."""

    display: Display
