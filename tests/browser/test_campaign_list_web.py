"""The campaign list shows every campaign of the user, past the API's first page of 100."""

from __future__ import annotations

import asyncio

from playwright.async_api import expect

from tests.browser.conftest import Sit
from tests.conftest import Api


async def test_every_campaign_is_listed_across_pages(api: Api, seats: Sit) -> None:
    ann = await api.token("ann")
    names = [f"Campaign {n:03}" for n in range(101)]
    for name in names:
        await api.ok(ann, "CreateCampaign", {"name": name})
    for _ in range(200):  # until the listing (a read model) has all of them: two pages
        first = await api.get(ann, "/v1/campaigns")
        if "link" in first.headers:
            second = await api.get(ann, "/v1/campaigns", after=first.json()[-1]["campaign_id"])
            if len(first.json()) + len(second.json()) == 101:
                break
        await asyncio.sleep(0.05)
    assert len(first.json()) == 100 and 'rel="next"' in first.headers["link"]
    seat = await seats(str(api.client.base_url).rstrip("/"), ann, enter=False)
    await seat.page.fill("#token", ann)
    await seat.page.keyboard.press("Enter")
    buttons = seat.page.locator("#campaigns button")
    await expect(buttons).to_have_count(101)
    shown = await buttons.evaluate_all("bs => bs.map(b => b.textContent.split(' (')[0])")
    assert sorted(shown) == names
