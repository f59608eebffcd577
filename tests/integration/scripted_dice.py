"""Scripting the service's own dice in HTTP tests.

The service derives every face from the campaign's secret seed, the command id and the draw's
index (docs/fair-dice.md). A test reads the secret seed from the database and picks, for each
step it scripts, a command id whose faces give that step.
"""

from __future__ import annotations

from collections.abc import Callable

import asyncpg

from domain.fair_dice import derive_face

Draw = Callable[[int, int], int]  # (draw index, sides) -> face


async def secret_seed(database_url: str, cid: str, epoch: int = 1) -> bytes:
    """The campaign's secret dice seed of ``epoch``, read straight from the event store."""
    conn = await asyncpg.connect(database_url)
    try:
        seed: bytes = await conn.fetchval(
            "SELECT seed FROM dice_seeds WHERE campaign_id = $1 AND epoch = $2", cid, epoch)
        return seed
    finally:
        await conn.close()


def scripted_command_id(seed: bytes, cid: str, tag: str, wanted: Callable[[Draw], bool],
                        tries: int = 20_000) -> str:
    """The first command id ``tag-N`` whose dice satisfy ``wanted``."""
    for n in range(tries):
        command_id = f"{tag}-{n}"

        def draw(i: int, sides: int, command_id: str = command_id) -> int:
            return derive_face(seed, cid, command_id, i, sides)

        if wanted(draw):
            return command_id
    raise AssertionError(f"no command id scripts {tag}")
