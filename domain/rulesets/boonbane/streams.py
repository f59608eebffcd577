"""The streams each boon/bane command reads and may write, as data: the encounter it names
(``encounter_id``, when the command has one) first, then every character its authority declares
(``authority.py``), in that order."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.boonbane import play as p
from domain.rulesets.boonbane.authority import AUTHORITY
from domain.rulesets.seam import Streams, touches

# Area damage's Fortune spender is read before its targets (the order the streams load in)
_OWN: Final[dict[type[msgspec.Struct], Streams]] = {
    p.AreaDamage: Streams(characters=("fortune_by", "targets[].character_id")),
}

STREAMS: Final[dict[type[msgspec.Struct], Streams]] = {
    cls: _OWN.get(cls) or touches(
        authority, encounter="encounter_id" if "encounter_id" in cls.__struct_fields__ else None)
    for cls, authority in AUTHORITY.items()}
