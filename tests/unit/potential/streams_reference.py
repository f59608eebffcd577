"""The streams each Potential command touched before they were declared as data: the
``streams_for`` the ruleset had, finding character-valued fields by name. It is the oracle the
declared streams (``domain.rulesets.potential.streams``) are checked against."""

from __future__ import annotations

import msgspec

from domain.rulesets.base import character_key, encounter_key


def streams_for(command: msgspec.Struct) -> list[str]:
    """The acting character's stream, the target's, or every participant's."""
    out: list[str] = []
    for f in ("character_id", "target_id", "attacker_id", "nominate", "challenged_id", "to"):
        v = getattr(command, f, None)
        if v is not None:
            out.append(character_key(v))
    out.extend(character_key(p) for p in getattr(command, "participants", []))
    out.extend(character_key(p) for p in getattr(command, "aid_from", []))
    combat_id = getattr(command, "combat_id", None)
    if combat_id is not None:
        out.append(encounter_key(combat_id))
    return list(dict.fromkeys(out))
