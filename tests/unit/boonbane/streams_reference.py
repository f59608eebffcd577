"""The oracle for boon/bane's declared streams: how ``streams_for`` found a command's streams
before they were declared as data (``getattr`` over field names), kept to test the declaration."""

from __future__ import annotations

import msgspec

from domain.rulesets.base import character_key, encounter_key


def streams_for(command: msgspec.Struct) -> list[str]:
    """The encounter's stream, the acting character's, and any target's or participant's."""
    out: list[str] = []
    eid = getattr(command, "encounter_id", None)
    if eid is not None:
        out.append(encounter_key(eid))
    for other in ("character_id", "target_id", "fortune_by"):
        cid = getattr(command, other, None)
        if cid is not None:
            out.append(character_key(cid))
    out.extend(character_key(cid) for cid in getattr(command, "away_from", []))
    for part in getattr(command, "participants", []):
        out.append(character_key(part if isinstance(part, str) else part.character_id))
    out.extend(character_key(t.character_id) for t in getattr(command, "targets", []))
    return list(dict.fromkeys(out))
