"""Per-token and per-user request rates, counted in Redis so every gateway process shares them.

Each /v1 request counts once against its token and once against its user, in one-second windows
(``INCR`` and ``EXPIRE`` in one pipelined round trip; keys expire after two windows). Over either
limit the request is refused with 429 and ``Retry-After`` (the seconds to the next window) before
it does any work, so a client gone wrong cannot take the capacity every other table shares. A
limit of 0 turns that limit off. A fixed window lets a client send up to twice its limit across a
window boundary; nothing is queued or lost: a refused request did nothing and can be sent again.
"""

from __future__ import annotations

import math
import time

from redis.asyncio import Redis
from redis.exceptions import RedisError

from services.tokens import token_digest

PREFIX = "skald:rate"


class RateLimits:
    def __init__(self, redis: Redis, per_token: int, per_user: int) -> None:
        self.redis = redis
        self.per_token = per_token
        self.per_user = per_user

    @property
    def enabled(self) -> bool:
        return self.per_token > 0 or self.per_user > 0

    async def wait_for(self, token: str, user: str, now: float | None = None) -> float:
        """Count one request of ``token`` (``user``'s); 0 when it is within both limits, else the
        seconds until the window in which it would be counted afresh."""
        if not self.enabled:
            return 0.0
        now = time.time() if now is None else now
        window = math.floor(now)
        token_key = f"{PREFIX}:t:{token_digest(token)[:24]}:{window}"
        user_key = f"{PREFIX}:u:{user}:{window}"
        pipe = self.redis.pipeline(transaction=False)
        pipe.incr(token_key)
        pipe.expire(token_key, 2)
        pipe.incr(user_key)
        pipe.expire(user_key, 2)
        try:
            by_token, _, by_user, _ = await pipe.execute()
        except (RedisError, OSError, TimeoutError):
            return 0.0  # Redis away: commands (which need only PostgreSQL) still go through
        over = (0 < self.per_token < by_token) or (0 < self.per_user < by_user)
        return max(0.001, window + 1 - now) if over else 0.0
