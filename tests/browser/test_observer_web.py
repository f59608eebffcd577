"""An observer at the web table only watches: rolls and sheets arrive live, and the page offers no
dice box, no command forms and no GM tools; a GM-only roll reaches neither its page nor the
responses it received."""

from __future__ import annotations

import re

from playwright.async_api import expect

from tests.browser.conftest import ARTIFACTS, Sit, unfold
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


async def test_observer_only_watches(api: Api, seats: Sit) -> None:
    ann, bob, olga = await api.token("ann"), await api.token("bob"), await api.token("olga")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Watched", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "olga", "role": "observer"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan", "character_id": "hero",
                                          "sheet": HERO})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    base = str(api.client.base_url).rstrip("/")
    gm = await seats(base, ann)
    observer = await seats(base, olga, width=390)
    page = observer.page
    await expect(page.locator("#role")).to_have_text("observer")
    for absent in ("#dice-box", "#expression", "#command", "#commands", "#rotate-seed"):
        await expect(page.locator(absent)).to_have_count(0)
    await expect(gm.page.locator("#dice-box")).to_have_count(1)  # the GM's page does have them
    await expect(gm.page.locator("#command")).to_have_count(1)

    # A GM-only roll, then a public one: the observer sees only the public one, live.
    await gm.page.fill("#expression", "3d12+7")
    await gm.page.select_option("#visibility", "gm")
    await gm.page.click("#dice-box button")
    await expect(gm.page.locator("#rolls li.hidden")).to_have_count(1)
    await expect(gm.page.locator("#rolls li.hidden").get_by_role("button", name="Reveal")).to_have_count(1)
    hidden = int(await gm.page.locator("#rolls li.hidden").get_attribute("data-position") or 0)
    await gm.page.select_option("#visibility", "public")
    await gm.page.fill("#expression", "2d8")
    await gm.page.click("#dice-box button")
    await expect(page.locator("#rolls li.roll")).to_have_count(1)
    await expect(page.locator("#rolls li.roll .what")).to_contain_text("2d8")
    await expect(page.locator(f'#rolls li[data-position="{hidden}"]')).to_have_count(0)
    await expect(page.get_by_role("button", name="Reveal")).to_have_count(0)
    await expect(page.locator("#rolls li.roll").get_by_role("button", name="Verify")).to_have_count(1)

    # A sheet change made by the player arrives on the observer's screen too.
    await api.ok(bob, "wish.ShiftStance", {"campaign_id": cid, "character_id": "hero", "steps": 1})
    await page.locator('.sheet[data-character="hero"] summary').click()
    stance = page.locator('.sheet[data-character="hero"] .fields dd[data-field="stance"]')
    await expect(stance).to_contain_text("Position 1")

    # Watching includes the odds: the odds of a check by a seated character, from its sheet.
    check = page.locator("#check-odds")
    await unfold(check)
    await check.locator('[data-path="characteristic"]').select_option("str")
    await check.get_by_role("button", name="Odds").click()
    await expect(check.locator(".status")).to_contain_text("chance of success ")

    # A roll with a client seed (docs/fair-dice.md: it joins the derivation), verified by the
    # observer's page once the GM reveals the seed.
    body = {"command_id": "with-client-seed", "type": "RollDice", "client_seed": "olga-picks-7",
            "payload": {"campaign_id": cid, "table_id": "t", "expression": "4d6"}}
    sent = await api.client.post("/v1/commands", json=body, headers=api.auth(ann))
    assert sent.status_code == 200, sent.text
    seeded = page.locator(f'#rolls li[data-position="{sent.json()["position"]}"]')
    await expect(seeded.locator(".what")).to_contain_text("4d6")
    await api.ok(ann, "RotateSeed", {"campaign_id": cid})
    verdict = seeded.locator(".verify")
    for _ in range(50):  # until the read models have the revealed seed
        await seeded.get_by_role("button", name="Verify").click()
        await expect(verdict).not_to_be_empty()
        if (await verdict.text_content() or "").startswith("verified"):
            break
        await page.wait_for_timeout(100)
    await expect(verdict).to_have_text(re.compile(r"^verified: 4 draws"))

    received = await observer.received()
    assert "2d8" in received and "3d12+7" not in received  # "+": never in a hex digest
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "observer.png"), full_page=True)
