"""Exposure (L362-L383): tiers 0-3, +1 from each trigger, -1 from relief."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.boonbane.overlays import (
    ActionReinterpreted,
    OverlayFigures,
    ReinterpretAction,
)
from domain.errors import StateConflict
from domain.rulesets.boonbane.state import BoonbaneSheet

TIERS: Final[dict[int, tuple[str, str]]] = {
    0: ("Stable", "L364"), 1: ("Disturbed", "L365"), 2: ("Fractured", "L366"),
    3: ("Unstable", "L367"),
}
# each trigger gains +1 tier (L375-L379)
GAIN: Final[dict[str, str]] = {
    "forbidden_information": "L375", "supernatural_beyond_power": "L376",
    "unsafe_ability": "L377", "failed_sanity_roll": "L378", "artifact": "L379",
}
# each relief reduces 1 tier (L382-L383)
RELIEF: Final[dict[str, str]] = {
    "safe_rest": "L382", "ability": "L383", "artifact": "L383", "stabilizing_event": "L383",
}


def shift(fig: OverlayFigures, tiers: int, cause: str, max_tier: int
          ) -> tuple[OverlayFigures, list[str]]:
    """Move the tier by ``tiers``, held to 0..max tier; a gain at the top is an overflow for the
    GM (digest D-47)."""
    after = max(0, min(max_tier, fig.exposure_tier + tiers))
    effects = []
    if after != fig.exposure_tier:
        name, line = TIERS[after]
        effects.append(f"Exposure tier {after} {name} ({cause}) {line}")
    elif tiers > 0:
        effects.append(f"Exposure overflow at tier {fig.exposure_tier} ({cause}) D-47")
    return msgspec.structs.replace(fig, exposure_tier=after), effects


REINTERPRET_TIER: Final = 2  # Tier 2 Fractured (L371)


def reinterpret(sheet: BoonbaneSheet, cmd: ReinterpretAction) -> ActionReinterpreted:
    """Tier 2 Fractured: "once per session the GM may alter a declared action interpretation"
    (L371), per character (digest D-50; StartSession makes it available again)."""
    if sheet.exposure_tier < REINTERPRET_TIER:
        raise StateConflict("character_id", "boonbane.exposure L371",
                            f"the GM reinterprets the actions of a creature at Exposure tier 2 or "
                            f"more, not {sheet.exposure_tier}")
    if sheet.reinterpreted:
        raise StateConflict("character_id", "boonbane.exposure L371",
                            "once per session: this session's reinterpretation is used")
    return ActionReinterpreted(character_id=cmd.character_id, action=cmd.action,
                               interpretation=cmd.interpretation)
