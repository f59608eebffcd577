"""The getattr-based ``streams_for`` Golden Heroes used before its streams were declared as data
(``domain/rulesets/golden_heroes/streams.py``): kept as the oracle the declaration is tested
against (``test_streams.py``)."""

from __future__ import annotations

import msgspec

from domain.rulesets.base import character_key, encounter_key


def streams_for(command: msgspec.Struct) -> list[str]:
    """The acting character's, the target's, the fight's and, starting one, every fighter's."""
    out: list[str] = []
    for field in ("character_id", "roller_id", "target_id", "thrown_id"):
        value = getattr(command, field, None)
        if value is not None:
            out.append(character_key(value))
    for ids in (getattr(command, "heroes", []), getattr(command, "villains", []),
                getattr(command, "characters", []), getattr(command, "candidates", [])):
        out.extend(character_key(i) for i in ids)
    out.extend(character_key(o.character_id) for o in getattr(command, "outcomes", []))
    eid = getattr(command, "encounter_id", None)
    if eid is not None:
        out.append(encounter_key(eid))
    return list(dict.fromkeys(out))
