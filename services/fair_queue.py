"""Fair turns for commands: a campaign's burst waits behind itself, not in front of the others.

Every command of a campaign goes through the campaign's gate, which lets at most ``per_campaign``
of them run at once in this process; the rest wait their turn in arrival order. A table (or a
bot) flooding one campaign can then hold at most that many of the process's database connections,
and every other campaign's commands find one free. Commands of one campaign gain little from
running side by side anyway: they append to one log and would mostly conflict and retry.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

PER_CAMPAIGN = 4  # commands of one campaign at once, per process (the pool has 10 connections)


class FairQueue:
    def __init__(self, per_campaign: int = PER_CAMPAIGN) -> None:
        self.per_campaign = per_campaign
        self._gates: dict[str, tuple[asyncio.Semaphore, list[int]]] = {}

    def waiting(self, campaign_id: str) -> int:
        """Commands of ``campaign_id`` in this process, running or waiting their turn."""
        gate = self._gates.get(campaign_id)
        return gate[1][0] if gate else 0

    @asynccontextmanager
    async def turn(self, campaign_id: str | None) -> AsyncIterator[None]:
        if not campaign_id:
            yield
            return
        gate = self._gates.get(campaign_id)
        if gate is None:
            gate = self._gates[campaign_id] = (asyncio.Semaphore(self.per_campaign), [0])
        semaphore, users = gate
        users[0] += 1
        try:
            async with semaphore:
                yield
        finally:
            users[0] -= 1
            if not users[0] and self._gates.get(campaign_id) is gate:
                del self._gates[campaign_id]  # forgotten once idle: memory follows the load
