"""Generated forms for a payload that holds a map: Potential's StartCombat takes ``readiness``
(character -> tokens) as rows of key and value; then a bid for the initiative and the nominee's
yield, each for one character (L37); both change the sheets on both screens."""

from __future__ import annotations

import re

from playwright.async_api import expect

from tests.browser.conftest import ARTIFACTS, Sit, unfold
from tests.conftest import Api

SHEET = {"advantages": [{"id": "body", "title": "Body", "cp": 25, "keywords": ["Life"]},
                        {"id": "parry", "title": "Parry", "cp": 6, "modifier": 2}]}


async def test_map_form_and_initiative_bids(api: Api, seats: Sit) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Bids", "ruleset": "potential"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Hero", "character_id": "hero",
                                          "sheet": SHEET})
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Foe", "character_id": "foe",
                                          "sheet": SHEET})
    for who in ("hero", "foe"):
        await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": who})
    base = str(api.client.base_url).rstrip("/")
    gm, player = await seats(base, ann), await seats(base, bob, width=390)
    potential = '.sheet[data-character="{}"] [data-meter="dynamic potential"]'
    for seat in (gm, player):
        for who in ("hero", "foe"):
            await expect(seat.page.locator(potential.format(who))).to_have_text("dynamic potential 4/4")

    # A map: readiness (L33-35) as rows of a key (seated characters suggested) and a value.
    page = gm.page
    await page.select_option("#command", "potential.StartCombat")
    form = page.locator('form[data-command="potential.StartCombat"]')
    await unfold(form)
    for who in ("hero", "foe"):
        await form.locator(f'[data-path="participants"] input[value="{who}"]').check()
    readiness = form.locator('[data-path="readiness"]')
    await expect(readiness).to_have_attribute("data-kind", "map")
    await readiness.get_by_role("button", name="add to readiness").click()
    await expect(readiness.locator("[data-map-key]")).to_be_focused()  # the new row, by keyboard
    suggested = await readiness.locator("datalist option").evaluate_all("os => os.map(o => o.value)")
    assert sorted(suggested) == ["foe", "hero"]
    await readiness.locator("[data-map-key]").fill("foe")
    await readiness.locator('[data-path="readiness.0.value"]').fill("1")
    await form.locator('[data-path="first"]').select_option("hero")  # the GL's first nominee
    assert await form.evaluate("f => f.payload()") == {
        "campaign_id": cid, "participants": ["hero", "foe"], "readiness": {"foe": 1}, "first": "hero",
        "combat_id": "combat"}
    await form.get_by_role("button", name="Send").click()
    await expect(form.locator(".status")).to_have_attribute("data-position", re.compile(r"^\d+$"))
    for seat in (gm, player):
        await expect(seat.page.locator(potential.format("foe"))).to_have_text("dynamic potential 3/4")
        await expect(seat.page.locator('.sheet[data-character="hero"] .states')).to_contain_text("in combat")

    # A bid for the initiative (L37), one character's: the foe bids 1 against the nominee (the
    # hero, the first to act) and then 3; the hero's 2 between them; the hero yields.
    seize = 'form[data-command="potential.SeizeInitiative"]'

    await page.select_option("#command", "potential.SeizeInitiative")

    async def bid(who: str, tokens: str) -> None:
        form = page.locator(seize)
        await unfold(form)
        await form.locator(".status").evaluate("s => { s.textContent = ''; }")  # this send's own
        await form.locator('[data-path="character_id"]').select_option(who)
        await form.locator('[data-path="tokens"]').fill(tokens)
        await form.get_by_role("button", name="Send").click()

    gm.tolerate(r"status of 422 \(Unprocessable Entity\)$")
    await bid("hero", "1")  # the nominee defends; it does not open the bidding (L37)
    await expect(page.locator(seize).locator(".status")).to_have_text(
        "refused: a seize is opened by someone other than the nominee")
    for who, tokens in (("foe", "1"), ("hero", "2"), ("foe", "3")):
        await bid(who, tokens)
        await expect(page.locator(seize).locator(".status")).to_have_attribute(
            "data-position", re.compile(r"^\d+$"))
    await bid("hero", "3")  # bids rise strictly (P-25)
    await expect(page.locator(seize).locator(".status")).to_have_text(
        "refused: each bid must exceed 3")
    await page.select_option("#command", "potential.YieldInitiative")
    form = page.locator('form[data-command="potential.YieldInitiative"]')
    await unfold(form)
    await form.locator('[data-path="character_id"]').select_option("hero")
    await form.locator('[data-path="to"]').select_option("foe")
    assert await form.evaluate("f => f.payload()") == {
        "campaign_id": cid, "character_id": "hero", "to": "foe", "combat_id": "combat"}
    await form.get_by_role("button", name="Send").click()
    await expect(form.locator(".status")).to_have_attribute("data-position", re.compile(r"^\d+$"))
    # Only the winner pays its bid from the bank (L37): the foe, 3 of its 3 banked
    for seat in (gm, player):
        await expect(seat.page.locator(potential.format("foe"))).to_have_text("dynamic potential 0/4")
        await expect(seat.page.locator(potential.format("hero"))).to_have_text("dynamic potential 4/4")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "potential-rows-gm.png"), full_page=True)
