"""The web table client in a real Chromium against the real service: two people at one table."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.async_api import Page, expect

from tests.browser.conftest import ARTIFACTS, Sit, unfold
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


def roll_item(page: Page, position: int) -> Any:
    return page.locator(f'#rolls li[data-position="{position}"]')


async def test_gm_and_player_at_one_table(api: Api, seats: Sit) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan",
                                          "character_id": "hero", "sheet": HERO})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    base = str(api.client.base_url).rstrip("/")
    gm = await seats(base, ann)
    player = await seats(base, bob, width=390)  # a phone-width screen
    await expect(player.page.locator("#role")).to_have_text("player")
    await expect(player.page.locator('#visibility option[value="gm"]')).to_have_count(0)

    # Each sees the other's roll live.
    await gm.page.fill("#expression", "2d6")
    await gm.page.click("#dice-box button")
    await expect(player.page.locator("#rolls li.roll")).to_have_count(1)
    gm_roll = int(await player.page.locator("#rolls li.roll").first.get_attribute("data-position") or 0)
    await expect(roll_item(player.page, gm_roll).locator(".who")).to_have_text("ann")
    await player.page.fill("#expression", "1d8")
    await player.page.click("#dice-box button")
    await expect(gm.page.locator("#rolls li.roll .who", has_text="bob")).to_have_count(1)

    # A GM-only roll: the GM sees it; the player's page and its responses never hold it.
    await gm.page.fill("#expression", "3d12+7")
    await gm.page.select_option("#visibility", "gm")
    await gm.page.click("#dice-box button")
    await expect(gm.page.locator("#rolls li.hidden")).to_have_count(1)
    hidden = int(await gm.page.locator("#rolls li.hidden").get_attribute("data-position") or 0)
    events = (await api.get(ann, f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    roll_id = next(e for e in events if e["position"] == hidden)["data"]["roll_id"]
    await gm.page.select_option("#visibility", "public")
    await gm.page.fill("#expression", "1d4")
    await gm.page.click("#dice-box button")
    await expect(player.page.locator("#rolls li.roll")).to_have_count(3)  # 2d6, 1d8, 1d4: not 3d12+7
    await expect(roll_item(player.page, hidden)).to_have_count(0)
    # Reload the player's page too, so the backfill's responses are inspected as well.
    await player.page.reload()  # the address keeps the view: the table again, not the campaign list
    await expect(player.page.locator("#live-state")).to_have_text("live")
    await expect(player.page.locator("#rolls li.roll")).to_have_count(3)
    received = await player.received()
    assert "1d4" in received  # the inspection sees the rolls the player may see
    assert roll_id not in received and "3d12+7" not in received  # "+": never in a hex digest

    # A dropped stream, three rolls while away, resumed: each arrives once.
    await player.page.click("#pause")
    await expect(player.page.locator("#live-state")).to_have_text("paused")
    for notation in ("1d6", "1d10", "1d12"):
        await gm.page.fill("#expression", notation)
        await gm.page.click("#dice-box button")
    await expect(gm.page.locator("#rolls li.roll")).to_have_count(7)
    await player.page.click("#pause")
    await expect(player.page.locator("#rolls li.roll")).to_have_count(6)
    positions = [int(p or 0) for p in await player.page.locator("#rolls li.roll").evaluate_all(
        "items => items.map(i => i.dataset.position)")]
    assert positions == sorted(set(positions)) and hidden not in positions

    # Before the reveal a roll cannot be verified; after RotateSeed the player's page verifies it.
    item = roll_item(player.page, gm_roll)
    await item.get_by_role("button", name="Verify").click()
    await expect(item.locator(".verify")).to_contain_text("not revealed")
    await gm.page.click("#rotate-seed")  # irreversible: the page asks first
    await gm.page.locator("dialog.confirm").get_by_role("button", name="Reveal seed").click()
    await expect(item.locator(".verify")).to_contain_text("not revealed")
    for _ in range(50):
        await item.get_by_role("button", name="Verify").click()
        await player.page.wait_for_timeout(100)
        if "verified" in (await item.locator(".verify").text_content() or ""):
            break
    await expect(item.locator(".verify")).to_have_text(re.compile(r"^verified: 2 draws"))
    await expect(item.locator(".verify")).to_have_attribute("data-ok", "true")

    # A tampered face is shown as a mismatch.
    async def tamper(route: Any) -> None:
        response = await route.fetch()
        rolls = await response.json()
        for roll in rolls:
            if roll["position"] == gm_roll:
                draw = roll["provenance"]["draws"][0]
                draw["face"] = draw["face"] % 6 + 1
        await route.fulfill(response=response, body=json.dumps(rolls))
    await player.page.route(re.compile(r".*/rolls\?.*"), tamper)
    await item.get_by_role("button", name="Verify").click()
    await expect(item.locator(".verify")).to_contain_text("mismatch: draw 0")
    await expect(item.locator(".verify")).to_have_attribute("data-ok", "false")
    await player.page.unroute(re.compile(r".*/rolls\?.*"))

    # A ruleset command from its generated form changes the sheet on both screens.
    stance = '.fields dd[data-field="stance"]'
    for seat in (gm, player):
        await seat.page.locator('.sheet[data-character="hero"] summary').click()
        sheet = seat.page.locator('.sheet[data-character="hero"]')
        await expect(sheet.locator(stance)).to_contain_text("Position 0")
    await player.page.select_option("#command", "wish.ShiftStance")
    form = player.page.locator('form[data-command="wish.ShiftStance"]')
    await unfold(form)
    await form.locator('[data-path="character_id"]').select_option("hero")
    await form.locator('[data-path="steps"]').fill("1")
    await form.get_by_role("button", name="Send").click()
    await expect(form.locator(".status")).to_have_attribute("data-position", re.compile(r"^\d+$"))
    for seat in (gm, player):
        sheet = seat.page.locator('.sheet[data-character="hero"]')
        await expect(sheet.locator(stance)).to_contain_text("Position 1")
    await gm.page.locator('.sheet[data-character="hero"] summary').click()  # folded again

    # The odds route's form, generated from the OpenAPI parameters.
    await gm.page.fill("#odds-pool", "CHR:3,OFF:2")
    await gm.page.click("#odds button")
    await expect(gm.page.locator("#odds-result")).not_to_be_empty()
    expected = (await api.get(ann, "/v1/rulesets/wish/odds", pool="CHR:3,OFF:2", downgrade="false")).json()
    summary = gm.page.locator("#odds-summary")
    await expect(summary).to_contain_text(f"chance of success {expected['p_success']} (")
    view = gm.page.locator("#odds-result > .odds-view")
    assert json.loads(await view.get_attribute("data-answer") or "") == expected
    await expect(gm.page.locator("#odds-result table").first).to_be_visible()  # a table, not a JSON dump

    # The GM reveals the GM-only roll from the page: it then reaches the player's log, live.
    await roll_item(gm.page, hidden).get_by_role("button", name="Reveal").click()
    revealed = roll_item(player.page, hidden)
    await expect(revealed.locator(".what")).to_contain_text("3d12+7")
    await expect(revealed.locator(".faces .die")).to_have_count(3)
    for seat in (gm, player):
        await expect(roll_item(seat.page, hidden).locator(".revealed")).to_have_text("revealed")
        await expect(roll_item(seat.page, hidden)).not_to_have_class(re.compile(r"\bhidden\b"))

    await gm.page.screenshot(path=str(ARTIFACTS / "gm.png"), full_page=True)
    await player.page.screenshot(path=str(ARTIFACTS / "player.png"), full_page=True)
