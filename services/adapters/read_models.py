"""Redis keys of the read models and the reads the gateway makes.

Every key of a campaign carries ``{campaign_id}`` as its hash tag, so a
campaign's keys share a Redis Cluster slot and one script can update them
together with the campaign's checkpoint (``services.adapters.read_model_commit``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from services.application.ports import LISTING_PAGE_SIZE as LISTING_PAGE_SIZE
from services.application.ports import ROLL_LOG_LENGTH as ROLL_LOG_LENGTH
from services.application.projection import with_marks

PREFIX = "skald"


def campaign_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:campaign"


def characters_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:characters"


def encounters_key(cid: str) -> str:
    return f"{PREFIX}:{{{cid}}}:encounters"


def roll_marks_key(cid: str) -> str:
    """Per rolled event (by position): later news about it, such as a reveal or a retcon."""
    return f"{PREFIX}:{{{cid}}}:roll-marks"


def rolls_key(cid: str, table_id: str | None = None) -> str:
    return f"{PREFIX}:{{{cid}}}:rolls" + (f":table:{table_id}" if table_id else "")


def position_key(cid: str) -> str:
    """The campaign's checkpoint: the last position applied to its read models."""
    return f"{PREFIX}:{{{cid}}}:position"


def user_campaigns_key(user: str) -> str:
    return f"{PREFIX}:user:{user}:campaigns"


# The per-user campaign listing: a sorted set of campaign ids (all scores 0, so ordered by id and
# paged with ZRANGEBYLEX) and a hash of each campaign's summary for this user. Both carry the
# ``{user:NAME}`` hash tag, so a page is read from one Redis Cluster slot (``LISTING_PAGE_SIZE``
# campaigns a page).


def user_listing_key(user: str) -> str:
    return f"{PREFIX}:{{user:{user}}}:listing"


def user_entries_key(user: str) -> str:
    return f"{PREFIX}:{{user:{user}}}:listing-entries"


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

    async def rolls(self, cid: str, table_id: str | None,
                    campaign: dict[str, Any]) -> list[dict[str, Any]]:
        """Recent rolls, newest first, each with its provenance (``campaign`` is the campaign view
        the caller already read); a revealed GM-only roll reads as public, a retconned one
        carries the retcon."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.lrange(rolls_key(cid, table_id), 0, ROLL_LOG_LENGTH - 1)
        pipe.hgetall(roll_marks_key(cid))
        raw, raw_marks = await pipe.execute()
        rolls = [msgspec.json.decode(r) for r in raw]
        marks = {int(k): msgspec.json.decode(v) for k, v in raw_marks.items()}
        return with_marks(rolls, marks, campaign)

    async def position(self, cid: str) -> int:
        raw = await self.redis.get(position_key(cid))
        return int(raw) if raw else 0

    async def positions(self, cids: Sequence[str]) -> list[int]:
        """Several campaigns' checkpoints in one command (on a cluster, one per node)."""
        if not cids:
            return []
        keys = [position_key(cid) for cid in cids]
        if isinstance(self.redis, RedisCluster):  # the keys are on many slots
            found = await self.redis.mget_nonatomic(keys)
        else:
            found = await self.redis.mget(keys)
        return [int(raw or 0) for raw in found]

    async def listing(self, user: str, after: str = "",
                      limit: int = LISTING_PAGE_SIZE) -> tuple[list[dict[str, Any]], str | None]:
        """One page of the user's campaign summaries in campaign-id order, after the id
        ``after``; also the id to pass as ``after`` for the next page (None on the last)."""
        raw_ids = await self.redis.zrangebylex(user_listing_key(user),
                                               f"({after}" if after else "-", "+", 0, limit + 1)
        ids = [i.decode() if isinstance(i, bytes) else i for i in raw_ids]
        more = len(ids) > limit
        ids = ids[:limit]
        raw = await self.redis.hmget(user_entries_key(user), ids) if ids else []
        page = [msgspec.json.decode(r) for r in raw if r]
        return page, (ids[-1] if more else None)

    async def campaigns_of(self, user: str) -> list[str]:
        return sorted(m.decode() if isinstance(m, bytes) else m
                      for m in await self.redis.smembers(user_campaigns_key(user)))
