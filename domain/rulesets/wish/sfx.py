"""The SFX list (L1253-1291): the Open set and the 31 named SFX, each row citing its line."""

from __future__ import annotations

from typing import Final

from domain.errors import DomainError

SFX: Final[dict[str, int]] = {
    "Open": 1257,
    "Acuity": 1261, "Archery": 1262, "Augment": 1263, "Bedevil": 1264, "Beguile": 1265,
    "Brawl": 1266, "Cold": 1267, "Ego": 1268, "Electric": 1269, "Feral": 1270, "Force": 1271,
    "Fire": 1272, "Fitness": 1273, "Gear": 1274, "Grenadier": 1275, "Luck": 1276,
    "Magic": 1277, "Melee": 1278, "Might": 1279, "Mind": 1280, "Morph": 1281,
    "Radiation": 1282, "Ranged": 1283, "Regen": 1284, "Resist": 1285, "Shadow": 1286,
    "Screen": 1287, "Stone": 1288, "Sonic": 1289, "Speed": 1290, "TK": 1291,
}


def known(name: str, field: str, *, open_allowed: bool = True) -> str:
    """``name`` if it is an SFX of the list (L1253-1291); a refusal naming ``field`` if not."""
    if name not in SFX or (name == "Open" and not open_allowed):
        names = sorted(n for n in SFX if open_allowed or n != "Open")
        raise DomainError(field, "wish.sfx L1253-1291", f"{name!r} is not an SFX: {names}")
    return name
