"""What each ruleset's contracts package offers the wire, in one shape: its command payloads and
its events, by type tag. Every package under ``contracts/rulesets/`` has a ``contract`` module
exporting one ``CONTRACT``; ``contracts.rulesets.PACKAGES`` lists them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec


class RulesetContract(msgspec.Struct, frozen=True, kw_only=True):
    """A ruleset's wire: ``commands`` maps each command tag (``wish.RollCheck``) to its payload
    Struct, ``events`` each event tag (``wish.CheckRolled``) to the Struct its ``data`` is."""

    id: str
    commands: Mapping[str, type[msgspec.Struct]]
    events: Mapping[str, type[msgspec.Struct]]
    # what the ruleset's encounter stream folds to, as ``GET .../encounters/{id}`` serves it
    encounter: type[msgspec.Struct] | None = None


def tagged(ruleset_id: str, classes: Iterable[type[msgspec.Struct]]
           ) -> dict[str, type[msgspec.Struct]]:
    """Classes by ``<ruleset id>.<class name>``, in order; a name given twice is an error."""
    out: dict[str, type[msgspec.Struct]] = {}
    for cls in classes:
        tag = f"{ruleset_id}.{cls.__name__}"
        if tag in out:
            raise ValueError(f"{tag} given twice")
        out[tag] = cls
    return out
