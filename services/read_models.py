"""Redis keys of the read models and the reads the gateway makes.

Every key of a campaign carries ``{campaign_id}`` as its hash tag, so a
campaign's keys share a Redis Cluster slot and one MULTI/EXEC can update
them together with the campaign's checkpoint.
"""

from __future__ import annotations

from typing import Any

import msgspec
from redis.asyncio import Redis

PREFIX = "skald"
ROLL_LOG_LENGTH = 200
GLOBAL_CURSOR = f"{PREFIX}:projector:cursor"


def campaign_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:campaign"


def characters_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:characters"


def encounters_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:encounters"


def rolls_key(cid: str, table_id: str | None = None) -> str:
    return f"{PREFIX}:{{{cid}}}:rolls" + (f":table:{table_id}" if table_id else "")


def position_key(cid: str) -> str:
    """The campaign's checkpoint: the last position applied to its read models."""
    return f"{PREFIX}:{{{cid}}}:position"


def user_campaigns_key(user: str) -> str:
    return f"{PREFIX}:user:{user}:campaigns"


def live_channel(cid: str) -> str:
    return f"{{{cid}}}:live"


class ReadModels:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def campaign(self, cid: str) -> dict[str, Any] | None:
        raw = await self.redis.get(campaign_key(cid))
        return msgspec.json.decode(raw) if raw else None

    async def characters(self, cid: str) -> list[dict[str, Any]]:
        values = await self.redis.hvals(characters_key(cid))
        return sorted((msgspec.json.decode(v) for v in values), key=lambda ch: ch["character_id"])

    async def character(self, cid: str, character_id: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(characters_key(cid), character_id)
        return msgspec.json.decode(raw) if raw else None

    async def encounter(self, cid: str, encounter_id: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(encounters_key(cid), encounter_id)
        return msgspec.json.decode(raw) if raw else None

    async def rolls(self, cid: str, table_id: str | None, limit: int) -> list[dict[str, Any]]:
        raw = await self.redis.lrange(rolls_key(cid, table_id), 0, ROLL_LOG_LENGTH - 1)
        return [msgspec.json.decode(r) for r in raw]

    async def position(self, cid: str) -> int:
        raw = await self.redis.get(position_key(cid))
        return int(raw) if raw else 0

    async def campaigns_of(self, user: str) -> list[str]:
        return sorted(m.decode() if isinstance(m, bytes) else m
                      for m in await self.redis.smembers(user_campaigns_key(user)))
