"""The web table on a phone-width screen (390 px), by keyboard only: sign in, open the campaign
and the table, roll, send a ruleset command from its generated form, pause and resume the live
stream; nothing is wider than the screen."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from tests.browser.conftest import ARTIFACTS, Sit
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


async def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if await page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"{selector} never took the focus after {limit} tabs")


async def fits(page: Page) -> None:
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"


async def test_phone_width_by_keyboard_only(api: Api, seats: Sit) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Pocket", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan", "character_id": "hero",
                                          "sheet": HERO})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    seat = await seats(str(api.client.base_url).rstrip("/"), bob, width=390, enter=False)
    page, keys = seat.page, seat.page.keyboard

    await expect(page.locator("#token")).to_be_focused()
    await fits(page)
    await keys.type(bob)
    await keys.press("Enter")
    await expect(page.locator("#campaigns button")).to_be_focused()
    await keys.press("Enter")
    await expect(page.locator("#tables button")).to_be_focused()
    await keys.press("Enter")
    await expect(page.locator("#live-state")).to_have_text("live")
    await expect(page.locator("#expression")).to_be_focused()
    await fits(page)

    # Roll by notation.
    await keys.press("Control+A")
    await keys.type("2d6+1")
    await keys.press("Enter")
    await expect(page.locator("#rolls li.roll .what")).to_contain_text("2d6+1")

    # A ruleset command: choose it with the arrow keys, fill its generated form, send with Enter.
    await tab_to(page, "#command")
    options = await page.locator("#command option").evaluate_all("o => o.map(x => x.value)")
    for _ in range(options.index("wish.ShiftStance")):
        await keys.press("ArrowDown")
    await expect(page.locator("#command")).to_have_value("wish.ShiftStance")
    form = page.locator('form[data-command="wish.ShiftStance"]')
    await tab_to(page, 'form[data-command="wish.ShiftStance"] [data-path="character_id"]')
    await expect(form.locator('[data-path="character_id"]')).to_have_value("hero")  # bob's only one
    if await form.locator("details.more").count():  # the folded options, opened by keyboard
        await tab_to(page, 'form[data-command="wish.ShiftStance"] details.more > summary')
        await keys.press("Enter")
    await tab_to(page, 'form[data-command="wish.ShiftStance"] [data-path="steps"]')
    await keys.type("1")
    await keys.press("Enter")
    await expect(form.locator(".status")).to_have_attribute("data-position", re.compile(r"^\d+$"))
    await tab_to(page, '.sheet[data-character="hero"] summary')
    await keys.press("Enter")
    stance = page.locator('.sheet[data-character="hero"] .fields dd[data-field="stance"]')
    await expect(stance).to_contain_text("Position 1")

    # Pause and resume the live stream from the keyboard.
    await tab_to(page, "#pause")
    await keys.press("Enter")
    await expect(page.locator("#live-state")).to_have_text("paused")
    await keys.press("Enter")
    await expect(page.locator("#live-state")).to_have_text("live")
    await fits(page)
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "phone-keyboard.png"), full_page=True)
