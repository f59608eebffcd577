"""Conditions and health at the web table come from each ruleset's own ``display`` declaration
(``GET /v1/rulesets``), not from field names the client knows: WISH criticals (a list no name
rule would find) show as conditions and count against Wounds; a ruleset that declares fields of
any other names gets them shown; one that declares none falls back to recognising shapes."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.async_api import Route, expect

from tests.browser.conftest import ARTIFACTS, Sit
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


async def test_wish_card_shows_what_the_ruleset_declares(api: Api, seats: Sit) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Scars", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan", "character_id": "hero",
                                          "sheet": HERO})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    display = next(r["display"] for r in (await api.get(ann, "/v1/rulesets")).json() if r["id"] == "wish")
    base = str(api.client.base_url).rstrip("/")
    gm, player = await seats(base, ann), await seats(base, bob, width=390)

    for seat in (gm, player):
        card = seat.page.locator('.sheet[data-character="hero"]')
        await expect(card).to_have_attribute("data-display", "declared")
        # One row per declared track, in the declared order, each citing its seed line.
        await expect(card.locator(".meters li")).to_have_text(
            ["Wounds 12/12", "Grit 12/12", "fatigue 0", "stress 0"])  # 10 + Toughness 2 (L201)
        titles = await card.locator(".meters li").evaluate_all("rows => rows.map(r => r.title)")
        assert titles == [f"seed {t['rule']}" for t in display["health"]]
        await expect(card.locator(".conditions")).to_have_text("conditions: none")
        await expect(card.locator(".states .state")).to_have_count(0)  # no declared state holds

    # The GM inflicts a critical (L206): it is listed with the conditions and, counting as a
    # Wound (L1417), takes one from the Wounds track, on both screens as it happens.
    await api.ok(ann, "wish.InflictLasting", {"campaign_id": cid, "character_id": "hero",
                                              "kind": "critical", "name": "Broken arm", "severity": 2})
    for seat in (gm, player):
        card = seat.page.locator('.sheet[data-character="hero"]')
        condition = card.locator(".conditions .condition")
        await expect(condition).to_have_text("Broken arm (severity 2)")
        await expect(condition).to_have_attribute("title", "criticals (seed L206, L1417)")
        await expect(card.locator('[data-meter="Wounds"]')).to_have_text("Wounds 11/12")
    ARTIFACTS.mkdir(exist_ok=True)
    await player.page.screenshot(path=str(ARTIFACTS / "display-player.png"), full_page=True)


GENERIC_SHEET = {"woes": [{"name": "hexed", "rounds": 2}], "vigour": 3, "vigour_cap": 7,
                 "asleep": True, "stance": "on_guard", "mood": "calm", "conditions": ["by-name-only"],
                 "luck": {"bank": 3, "spent": 1}}
# What a ruleset with these field names would declare (the generic ruleset declares nothing).
DECLARED = {"conditions": [{"path": "sheet.woes", "label": "woes", "rule": "L1"}],
            "health": [{"label": "vigour", "value": "sheet.vigour", "max": "sheet.vigour_cap", "rule": "L2"}],
            "states": [{"path": "sheet.asleep", "label": "asleep", "rule": "L3"},
                       {"path": "sheet.stance", "label": "stance", "rule": "L4"},
                       # a text naming the absence of a state ("fine") is not shown
                       {"path": "sheet.mood", "label": "mood", "rule": "L5", "unless": ["calm"]}]}


async def test_any_field_names_a_ruleset_declares_are_shown(api: Api, seats: Sit) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Free", "ruleset": "generic"}))["campaign_id"]
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Wren", "character_id": "wren",
                                          "sheet": GENERIC_SHEET})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "wren"})
    listed = next(r for r in (await api.get(ann, "/v1/rulesets")).json() if r["id"] == "generic")
    assert listed["display"] == {}
    base = str(api.client.base_url).rstrip("/")

    # Declared nothing: the client falls back to names and shapes ("conditions", true flags).
    plain = await seats(base, ann)
    card = plain.page.locator('.sheet[data-character="wren"]')
    await expect(card).to_have_attribute("data-display", "inferred")
    await expect(card.locator(".conditions .condition")).to_have_text(["by-name-only"])
    # A {bank, spent} pool is a meter of the bank out of both; "vigour_cap" is no known name.
    await expect(card.locator(".meters li")).to_have_text(["luck 3/4"])

    # The same read model under a declaration of other names: exactly what it declares.
    async def declare(route: Route) -> None:
        response = await route.fetch()
        rulesets: list[dict[str, Any]] = await response.json()
        for ruleset in rulesets:
            if ruleset["id"] == "generic":
                ruleset["display"] = DECLARED
        await route.fulfill(response=response, body=json.dumps(rulesets))

    declared = await seats(base, ann, enter=False)
    await declared.page.route(re.compile(r".*/v1/rulesets$"), declare)
    await declared.page.fill("#token", ann)
    await declared.page.keyboard.press("Enter")
    await declared.page.click("#campaigns button")
    await declared.page.click("#tables button")
    card = declared.page.locator('.sheet[data-character="wren"]')
    await expect(card).to_have_attribute("data-display", "declared")
    await expect(card.locator(".conditions .condition")).to_have_text(["hexed (rounds 2)"])
    await expect(card.locator(".meters li")).to_have_text(["vigour 3/7"])
    await expect(card.locator('.meters meter')).to_have_attribute("max", "7")
    await expect(card.locator(".states .state")).to_have_text(["asleep", "on guard"])
    await expect(card.locator(".states .state").last).to_have_attribute("title", "stance (seed L4)")
