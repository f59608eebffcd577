"""Hidden creatures (L186-L190): a hidden attacker's boon, the guess an attack on a hidden
creature needs, and revealing it."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import SourceLine
from contracts.rulesets.boonbane.stealth import HiddenChanged
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.state import BoonbaneSheet

Decided = list[tuple[str, BoonbaneEvent]]
UNGUESSED = "hidden target, location not guessed L190 D-31"


def attacker_source(actor: BoonbaneSheet, kind: str, against: str | None) -> list[SourceLine]:
    """While hidden, attack rolls against the Defense or Agi of targets have 1 boon (L189)."""
    if actor.hidden and kind == "attack" and against in ("defense", "agility"):
        return [SourceLine(source="hidden attacker", line="L189", boons=1)]
    return []


def unguessed(target: BoonbaneSheet, situations: list[str]) -> str | None:
    """An attack on a hidden creature needs its location guessed (the ``guessed_location``
    situation, 3 banes, L190); without it the attack misses with no roll (digest D-31)."""
    return UNGUESSED if target.hidden and "guessed_location" not in situations else None


def revealed(sheet: BoonbaneSheet, cid: str, cause: str) -> Decided:
    """A hidden creature stays hidden until it reveals its position (L188)."""
    if not sheet.hidden:
        return []
    return [(cid, HiddenChanged(character_id=cid, hidden=False, cause=cause))]


def fold(sheet: BoonbaneSheet, ev: HiddenChanged) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, hidden=ev.hidden)
