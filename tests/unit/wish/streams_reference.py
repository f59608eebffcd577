"""The streams WISH commands touched before they were declared as data: the ruleset's former
``streams_for``, kept verbatim as the oracle ``test_streams.py`` checks ``streams.STREAMS``
against (the same streams, in the same order, for every command)."""

from __future__ import annotations

import msgspec

from domain.rulesets.base import character_key as char
from domain.rulesets.base import encounter_key as enc


def streams_for(command: msgspec.Struct) -> list[str]:
    """The character (and target, and encounter) streams a command reads and writes."""
    out: list[str] = []
    eid = getattr(command, "encounter_id", None)
    if eid is not None:
        out.append(enc(eid))
    for f in ("character_id", "target_id", "roller_id", "attacker_id", "ally_id"):
        v = getattr(command, f, None)
        if v is not None:
            out.append(char(v))
    out.extend(char(p) for p in getattr(command, "participants", []))
    out.extend(char(p) for p in getattr(command, "engaged", []))  # Burst, L270
    out.extend(char(p) for p in getattr(command, "allies", []))  # Ward, L445
    out.extend(char(p) for p in getattr(command, "sides", {}))  # RollInitiative
    return list(dict.fromkeys(out))
