"""The live roll log when the network drops under it: the page notices, reconnects from the last
position it showed (``?after=``), and shows every roll made meanwhile exactly once.

The page reaches the service through a TCP proxy, so the test can cut every open connection and
refuse new ones for a while, as a lost network does.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import pytest
from playwright.async_api import expect

from tests.browser.conftest import Sit
from tests.conftest import Api
from tests.tcp_relay import TcpRelay


@pytest.fixture
async def proxy(api: Api) -> AsyncIterator[TcpRelay]:
    target = urlsplit(str(api.client.base_url))
    forwarding = TcpRelay(target.hostname or "127.0.0.1", target.port or 80)
    yield forwarding
    await forwarding.down()


async def test_dropped_stream_resumes_with_nothing_missed_or_twice(api: Api, seats: Sit,
                                                                   proxy: TcpRelay) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Flaky", "ruleset": "generic"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    roll = {"campaign_id": cid, "table_id": "t"}
    before = [await api.ok(ann, "RollDice", {**roll, "expression": f"{n}d6"}) for n in (1, 2)]
    player = await seats(f"http://127.0.0.1:{await proxy.up()}", bob, width=390)
    page = player.page
    # Chromium itself logs each connection the proxy cuts or refuses; the page's code logs nothing.
    player.tolerate(r"^Failed to load resource: net::ERR_[A-Z_]+$")  # a network error, not an HTTP one
    await expect(page.locator("#rolls li.roll")).to_have_count(2)
    live = await api.ok(ann, "RollDice", {**roll, "expression": "3d6"})
    await expect(page.locator("#rolls li.roll")).to_have_count(3)

    # The network goes away: the open stream fails and the page says so.
    await proxy.down()
    await expect(page.locator("#live-state")).to_have_text("reconnecting", timeout=15_000)
    meanwhile = [await api.ok(ann, "RollDice", {**roll, "expression": f"{n}d4"}) for n in (1, 2, 3)]
    await page.wait_for_timeout(1500)  # a reconnect attempt or two while still offline
    await expect(page.locator("#rolls li.roll")).to_have_count(3)
    await proxy.up()
    await expect(page.locator("#live-state")).to_have_text("live", timeout=15_000)
    await expect(page.locator("#rolls li.roll")).to_have_count(6)
    after = await api.ok(ann, "RollDice", {**roll, "expression": "4d6"})
    await expect(page.locator("#rolls li.roll")).to_have_count(7)

    shown = await page.locator("#rolls li.roll").evaluate_all(
        "items => items.map(i => Number(i.dataset.position))")
    expected = [r["position"] for r in [*before, live, *meanwhile, after]]
    assert shown == expected  # in order, each once
    # The stream was reopened from the last position shown, not from the start.
    opened = [int(m.group(1)) for url in player.urls if (m := re.search(r"/live\?after=(\d+)", url))]
    assert opened[0] < live["position"] and live["position"] in opened[1:]
    # The live stream's bytes carried each event once (the reopened stream started after it).
    ids = re.findall(r"^id: ?(\d+)$", "".join(player.decoded), flags=re.M)
    assert sorted(map(int, ids)) == sorted(set(map(int, ids)))
