"""The keys a ruleset's rules name for the maps of its character sheet, each with its name in
the rulebook's words, so a form offers the ruleset's own names rather than asking for codes.

Each ruleset that names any keeps them in its own package's ``sheet_keys`` module (``SHEET_KEYS``
by field, and ``REQUIRED``: the maps whose every key must be given)."""

from __future__ import annotations

from typing import Final

from domain.rulesets import RULESETS, part

Keys = tuple[tuple[str, str], ...]  # (key, its name in words)


def sheet_keys(ruleset_id: str) -> dict[str, Keys]:
    """The named keys of the ruleset's sheet maps, by field (empty when it names none)."""
    module = part(ruleset_id, "sheet_keys")
    found: dict[str, Keys] = dict(module.SHEET_KEYS) if module is not None else {}
    return found


def _required() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for ruleset_id in RULESETS:
        module = part(ruleset_id, "sheet_keys")
        if module is not None and module.REQUIRED:
            out[ruleset_id] = frozenset(module.REQUIRED)
    return out


REQUIRED: Final[dict[str, frozenset[str]]] = _required()
