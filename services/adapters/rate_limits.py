"""Per-token and per-user request rates, counted in Redis so every gateway process shares them.

Each /v1 request counts once against its token and once against its user, in one-second windows
(keys expire after two windows). Over either limit the request is refused with 429 and
``Retry-After`` (the seconds to the next window) before it does any work, so a client gone wrong
cannot take the capacity every other table shares. A limit of 0 turns that limit off. A fixed
window lets a client send up to twice its limit across a window boundary; nothing is queued or
lost: a refused request did nothing and can be sent again.

Two things keep the limits cheap, for the requests within them and for a flood beyond them:

* **Slots are reserved a few at a time.** A gateway takes ``limit // RESERVE_DIVISOR`` slots (at
  least 1) of a window in one ``INCRBY`` and spends them locally, so most requests within their
  limits make no Redis round trip at all (for the default 100 a second per token, one request in
  five does). Every gateway's slots together never exceed the limit; slots a gateway reserved
  and did not use are lost to the others for that window, so a client spread over ``G``
  gateways may be refused up to ``(G - 1) * (slots - 1)`` requests before its limit (5% of it
  with 2 gateways and the default divisor).
* **A flood is refused locally and slowly.** Once a window's count says a token (or user) is
  over, this gateway knows it until the window ends: its next requests are refused with no Redis
  round trip, and each of their 429s is held ``hold`` seconds (1 by default) before it is sent,
  by when a retry may succeed. A bot that sends again as soon as it hears back then costs a
  gateway about one request per connection a second instead of thousands; the first refusal of
  a window is answered at once.
"""

from __future__ import annotations

import asyncio
import math
import time

from redis.asyncio import Redis
from redis.exceptions import RedisError

from services.adapters.tokens import token_digest
from services.application.settings import DEFAULT_RATE_HOLD_S

PREFIX = "skald:rate"
RESERVE_DIVISOR = 20  # a gateway reserves a twentieth of a limit (at least 1 slot) at a time


class RateLimits:
    def __init__(self, redis: Redis, per_token: int, per_user: int, *,
                 hold: float = DEFAULT_RATE_HOLD_S) -> None:
        self.redis = redis
        self.per_token = per_token
        self.per_user = per_user
        self.hold = hold
        self._slots: dict[str, tuple[int, int]] = {}  # key: (window, slots left here)
        self._over: dict[str, int] = {}  # key: the window in which it is known over its limit
        self._window = 0
        self.reservations = 0  # INCRBY round trips made (for tests and benches)

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
        if window != self._window:
            self._forget_before(window)
        keys = []
        if self.per_token > 0:
            keys.append((f"{PREFIX}:t:{token_digest(token)[:24]}", self.per_token))
        if self.per_user > 0:
            keys.append((f"{PREFIX}:u:{user}", self.per_user))
        if any(self._over.get(key) == window for key, _ in keys):
            return await self._refused(window, now, held=True)
        needed = [(key, limit) for key, limit in keys if not self._take(key, window)]
        if not needed:
            return 0.0
        try:
            granted = await self._reserve(needed, window)
        except (RedisError, OSError, TimeoutError):
            return 0.0  # Redis away: commands (which need only PostgreSQL) still go through
        over = False
        for (key, _), slots in zip(needed, granted, strict=True):
            if slots:
                self._slots[key] = (window, slots - 1)  # one of them is this request's
            else:
                self._over[key] = window
                over = True
        return await self._refused(window, now, held=False) if over else 0.0

    def _take(self, key: str, window: int) -> bool:
        """Spend one of this gateway's reserved slots of ``key`` in ``window``, if it has one."""
        held_in, left = self._slots.get(key, (0, 0))
        if held_in != window or left <= 0:
            return False
        self._slots[key] = (window, left - 1)
        return True

    async def _reserve(self, needed: list[tuple[str, int]], window: int) -> list[int]:
        """Reserve slots of each key's window in Redis, one pipelined round trip: how many each
        got (0: the key is over its limit in this window)."""
        pipe = self.redis.pipeline(transaction=False)
        chunks = []
        for key, limit in needed:
            chunk = max(1, limit // RESERVE_DIVISOR)
            chunks.append(chunk)
            pipe.incrby(f"{key}:{window}", chunk)
            pipe.expire(f"{key}:{window}", 2)
        self.reservations += 1
        replies = await pipe.execute()
        return [max(0, min(chunk, limit - (int(total) - chunk)))
                for (_, limit), chunk, total in zip(needed, chunks, replies[::2], strict=True)]

    async def _refused(self, window: int, now: float, *, held: bool) -> float:
        """The seconds to the next window; a repeated refusal is first held ``hold`` seconds
        from its arrival (not until the window turns: the held replies of a client's many
        connections then come back spread as their requests came, never all at one moment)."""
        if held and self.hold > 0:
            await asyncio.sleep(self.hold)
            return max(0.001, window + 1 - time.time())
        return max(0.001, window + 1 - now)

    def _forget_before(self, window: int) -> None:
        self._window = window
        self._slots = {k: v for k, v in self._slots.items() if v[0] >= window}
        self._over = {k: w for k, w in self._over.items() if w >= window}
