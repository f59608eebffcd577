"""Fair turns: a campaign's burst of commands waits behind itself; another campaign's command does
not wait for it, and no acknowledged command of the burst is lost."""

from __future__ import annotations

import asyncio

from services.fair_queue import FairQueue
from tests.conftest import Api


async def test_a_campaigns_burst_takes_at_most_its_share_and_others_go_first() -> None:
    queue = FairQueue(per_campaign=2)
    running: list[str] = []
    release = asyncio.Event()

    async def command(cid: str) -> None:
        async with queue.turn(cid):
            running.append(cid)
            await release.wait()

    burst = [asyncio.create_task(command("flood")) for _ in range(10)]
    await asyncio.sleep(0.05)
    assert running == ["flood", "flood"] and queue.waiting("flood") == 10
    other = asyncio.create_task(command("quiet"))
    await asyncio.sleep(0.05)
    assert running[-1] == "quiet"  # not behind the eight still waiting
    release.set()
    await asyncio.gather(*burst, other)
    assert running.count("flood") == 10 and queue.waiting("flood") == 0
    assert not queue._gates  # nothing kept once idle


async def test_a_flooded_campaign_does_not_hold_up_another_and_loses_nothing(api: Api) -> None:
    bot, ann = await api.token("bot"), await api.token("ann")
    flood = (await api.ok(bot, "CreateCampaign", {"name": "Flood"}))["campaign_id"]
    quiet = (await api.ok(ann, "CreateCampaign", {"name": "Quiet"}))["campaign_id"]
    burst = [asyncio.create_task(api.command(bot, "RollDice", {"campaign_id": flood,
                                                               "expression": "1d6"}))
             for _ in range(40)]
    await asyncio.sleep(0.01)
    mine = await api.ok(ann, "RollDice", {"campaign_id": quiet, "expression": "1d6"})
    still = sum(not task.done() for task in burst)
    replies = await asyncio.gather(*burst)
    assert all(r.status_code == 200 for r in replies), [r.text for r in replies if r.status_code != 200]
    assert mine["position"] == 2 and still > 0  # answered while the flood was still queued
    positions = sorted(r.json()["position"] for r in replies)
    assert positions == list(range(2, 42))  # every acknowledged command is in the log, once
