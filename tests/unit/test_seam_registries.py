"""Every ruleset built on the typed seam (``domain.rulesets.seam.CommandRuleset``) registers
what its annotations say: each handler takes the command class it is registered for, each fold
the event class it folds; every command has a handler and declared streams; every registered
event has a fold or is declared to change no state (``fold_free``). No I/O."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterable
from typing import Any

import msgspec
import pytest

from domain.rulesets import RULESETS
from domain.rulesets.seam import CommandRuleset

SEAM = [r for r in RULESETS.values() if isinstance(r, CommandRuleset)]
IDS = [r.id for r in SEAM]  # type: ignore[attr-defined]
MAX_UNANNOTATED = 3  # registered functions without an annotation to check (lambdas): keep few


def _second_parameter(fn: Callable[..., Any]) -> type | None:
    """The annotation of ``fn``'s second parameter (the command or the event), None if it
    has none."""
    params = list(inspect.signature(fn).parameters.values())
    assert len(params) == 2, f"{fn!r} takes (context or state, command or event)"
    hints = typing.get_type_hints(fn)
    found: type | None = hints.get(params[1].name)
    return found


def _mismatches(entries: Iterable[tuple[type[msgspec.Struct], Callable[..., Any]]]
                ) -> tuple[list[str], int]:
    wrong, unannotated = [], 0
    for cls, fn in entries:
        annotated = _second_parameter(fn)
        if annotated is None:
            unannotated += 1
        elif annotated is not cls and cls not in typing.get_args(annotated):
            wrong.append(f"{cls.__name__}: {getattr(fn, '__qualname__', fn)} takes {annotated!r}")
    return wrong, unannotated


def test_the_wish_ruleset_is_on_the_seam() -> None:
    assert "wish" in IDS


@pytest.mark.parametrize("ruleset", SEAM, ids=IDS)
def test_each_handler_takes_the_command_class_it_is_registered_for(ruleset: Any) -> None:
    wrong, unannotated = _mismatches(ruleset.decider.handlers.items())
    assert wrong == []
    assert unannotated <= MAX_UNANNOTATED


@pytest.mark.parametrize("ruleset", SEAM, ids=IDS)
def test_each_fold_takes_the_event_class_it_is_registered_for(ruleset: Any) -> None:
    decider = ruleset.decider
    wrong, unannotated = _mismatches([*decider.characters.items(), *decider.encounters.items()])
    assert wrong == []
    assert unannotated <= MAX_UNANNOTATED


@pytest.mark.parametrize("ruleset", SEAM, ids=IDS)
def test_every_command_has_a_handler_and_declared_streams(ruleset: Any) -> None:
    commands = set(ruleset.command_types.values())
    assert commands, ruleset.id
    assert commands == set(ruleset.decider.handlers.commands())
    assert commands <= set(ruleset.command_streams)


@pytest.mark.parametrize("ruleset", SEAM, ids=IDS)
def test_every_registered_event_has_a_fold_or_is_declared_fold_free(ruleset: Any) -> None:
    decider = ruleset.decider
    folded = {*decider.characters.events(), *decider.encounters.events()}
    fold_free = set(decider.fold_free)
    registered = set(ruleset.events.types.values())
    assert registered, ruleset.id
    assert sorted(c.__name__ for c in registered - folded - fold_free) == []
    assert folded <= registered  # nothing folds an event the registry does not hold
    assert not fold_free & folded  # a fold-free event is not folded after all


class Strike(msgspec.Struct):
    pass


class Parry(msgspec.Struct):
    pass


def strike(ctx: object, cmd: Strike) -> None:
    pass


def test_a_mismatched_registration_is_caught() -> None:
    wrong, unannotated = _mismatches([(Parry, strike), (Strike, strike),
                                      (Strike, lambda ctx, cmd: None)])
    assert len(wrong) == 1 and "Parry" in wrong[0] and unannotated == 1
