"""A retcon reaches the web table live: the reversed roll is marked on every screen as the
retcon event arrives, and a character whose command was reversed shows its sheet as it was,
without the page reading the roll log again; a GM-only roll's retcon never reaches a player."""

from __future__ import annotations

from playwright.async_api import expect

from tests.browser.conftest import Sit
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


async def test_retcon_marks_the_roll_and_restores_the_sheet_live(api: Api, seats: Sit) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Undo", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan", "character_id": "hero",
                                          "sheet": HERO})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    base = str(api.client.base_url).rstrip("/")
    gm, player = await seats(base, ann), await seats(base, bob, width=390)

    rolled = await api.ok(bob, "RollDice", {"campaign_id": cid, "table_id": "t", "expression": "2d6"})
    kept = await api.ok(bob, "RollDice", {"campaign_id": cid, "table_id": "t", "expression": "1d8"})
    shifted = await api.ok(bob, "wish.ShiftStance", {"campaign_id": cid, "character_id": "hero", "steps": 1})
    stance = '.sheet[data-character="hero"] .fields dd[data-field="stance"]'
    for seat in (gm, player):
        await expect(seat.page.locator("#rolls li.roll")).to_have_count(2)
        await seat.page.locator('.sheet[data-character="hero"] summary').click()
        await expect(seat.page.locator(stance)).to_contain_text("Position 1")
    reads_before = [len([u for u in seat.urls if "/rolls" in u]) for seat in (gm, player)]

    # The GM retcons the roll from the page: it asks first, with the reason.
    entry = gm.page.locator(f'#rolls li[data-position="{rolled["position"]}"]')
    await entry.get_by_role("button", name="Retcon").click()
    dialog = gm.page.locator("dialog.confirm")
    await dialog.get_by_role("button", name="Cancel").click()
    await expect(dialog).to_have_count(0)
    await entry.get_by_role("button", name="Retcon").click()
    await dialog.get_by_label("Reason").fill("rolled for the wrong scene")
    await dialog.get_by_role("button", name="Retcon").click()
    await api.ok(ann, "Retcon", {"campaign_id": cid, "position": shifted["position"],
                                 "reason": "the stance shift never happened"})
    for seat in (gm, player):
        mark = seat.page.locator(f'#rolls li[data-position="{rolled["position"]}"] .retconned')
        await expect(mark).to_have_text("retconned: rolled for the wrong scene")
        untouched = seat.page.locator(f'#rolls li[data-position="{kept["position"]}"]')
        await expect(untouched.locator(".retconned")).to_have_count(0)
        await expect(seat.page.locator("#rolls li.roll")).to_have_count(2)  # marked, not removed or doubled
        await expect(seat.page.locator(stance)).to_contain_text("Position 0")
    # Marked from the live stream: neither page read the roll log again.
    assert [len([u for u in seat.urls if "/rolls" in u]) for seat in (gm, player)] == reads_before

    # A GM-only roll's retcon is the GM's too: marked on the GM's screen, never sent to the player.
    hidden = await api.ok(ann, "RollDice", {"campaign_id": cid, "table_id": "t", "expression": "1d20",
                                            "visibility": "gm"})
    await api.ok(ann, "Retcon", {"campaign_id": cid, "position": hidden["position"],
                                 "reason": "a secret correction"})
    mark = gm.page.locator(f'#rolls li[data-position="{hidden["position"]}"] .retconned')
    await expect(mark).to_have_text("retconned: a secret correction")
    await api.ok(bob, "RollDice", {"campaign_id": cid, "table_id": "t", "expression": "1d4"})
    await expect(player.page.locator("#rolls li.roll")).to_have_count(3)  # the 1d4 arrived after it
    assert "a secret correction" not in await player.received()
