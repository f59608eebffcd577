"""Every ruleset at the web table, driven only by its metadata: its commands appear as forms
generated from their OpenAPI payload schemas, one command sent through its form changes the
character's sheet on the GM's and the player's screens, and the ruleset's odds form answers with
the exact chance from the rulebook's own numbers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.async_api import Page, expect

from tests.browser.conftest import ARTIFACTS, Seat, Sit, unfold
from tests.conftest import Api
from tests.integration.test_wish_http import HERO


@dataclass(frozen=True)
class Case:
    ruleset: str
    sheet: dict[str, Any]
    command: str
    fill: dict[str, str]  # data-path -> value typed into the generated form
    choose: dict[str, str] = field(default_factory=dict)  # data-path -> option to select
    tick: dict[str, str] = field(default_factory=dict)  # data-path -> checkbox value to tick
    card: str = ""  # what to look at inside the character's card
    before: str = ""  # the text it shows before the command
    after: Callable[[dict[str, Any]], str] = lambda sheet: ""  # then, from the read model's sheet
    shown: tuple[tuple[str, str], ...] = ()  # (selector in the card, text) shown from the start
    odds: dict[str, str] = field(default_factory=dict)
    p_success: str = ""
    check: dict[str, Any] = field(default_factory=dict)  # the check-odds body, typed into its form


CASES = [
    # Stunned is a WISH condition (L1468); the card lists it under conditions.
    Case("wish", HERO, "wish.AddCondition", {"name": "Stunned"}, choose={"duration": "encounter"},
         card=".conditions", before="conditions: none", after=lambda sheet: "Stunned",
         odds={"pool": "CHR:3,OFF:2"}, check={"characteristic": "str", "difficulty": 1}),
    # Damage counts up to Health (seed 001 L26); 4 damage on Health 10 shows as 4/10.
    Case("boonbane", {"strength": 13, "afflictions": [{"name": "frightened"}]}, "boonbane.TakeDamage",
         {"amount": "4"}, card='[data-meter="damage"]', before="damage 0/10",
         after=lambda sheet: "damage 4/10", shown=((".conditions", "frightened"), (".states", "active")),
         odds={"modifier": "0", "boons": "1", "banes": "0", "target": "10"}, p_success="29/40",
         check={"target_number": 12}),
    # Generation rolls the attributes and HTK (seed 002); the card then shows HTK against its maximum.
    Case("golden-heroes", {}, "golden-heroes.GenerateCharacter", {}, card='[data-meter="HTK"]',
         before="HTK 0/0", after=lambda sheet: f"HTK {sheet['htk']}/{sheet['max_htk']}",
         odds={"wc": "2", "dc": "6"}, p_success="11/20",  # WC 2 against DC 6 needs 10 (digest 3.3)
         check={"defence_class": 6}),
    # Combat starts with the chosen participants; the card then says "in combat".
    Case("potential", {"free_resist": "shield", "advantages": [
        {"id": "shield", "title": "Shield", "cp": 6, "modifier": 2},
        {"id": "body", "title": "Body", "cp": 25, "keywords": ["Life"]}]},
        "potential.StartCombat", {}, tick={"participants": "hero"}, card=".states", before="conscious",
        after=lambda sheet: "in combat",
        odds={"dice": "4", "resistance": "14"}, p_success="575/1296",  # 4d6 beats 14 (digest 2.2)
        check={"advantages": ["shield"], "resistance": 5}),
]


def payload_fields(doc: dict[str, Any], command: str) -> set[str]:
    """The payload's property names (but the campaign's) as the OpenAPI document gives them."""
    schemas = doc["components"]["schemas"]

    def resolve(schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    body = doc["paths"]["/v1/commands"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    for ref in body["oneOf"]:
        envelope = resolve(ref)
        if envelope["properties"]["type"].get("const") == command:
            return set(resolve(envelope["properties"]["payload"])["properties"]) - {"campaign_id"}
    raise AssertionError(f"{command} is not in the OpenAPI document")


async def form_fields(page: Page, command: str) -> set[str]:
    await page.select_option("#command", command)
    form = page.locator(f'form[data-command="{command}"]')
    await expect(form).to_have_count(1)
    paths = await form.locator("[data-path]").evaluate_all("nodes => nodes.map(n => n.dataset.path)")
    # Every field is generated from its schema: none falls back to a JSON text box.
    await expect(form.locator('[data-kind="json"]')).to_have_count(0)
    return {path.split(".")[0] for path in paths}


@pytest.mark.parametrize("case", CASES, ids=[c.ruleset for c in CASES])
async def test_ruleset_at_the_table(api: Api, seats: Sit, case: Case) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    created = await api.ok(ann, "CreateCampaign", {"name": case.ruleset, "ruleset": case.ruleset})
    cid = created["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "t"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Hero", "character_id": "hero",
                                          "sheet": case.sheet})
    await api.ok(ann, "SeatCharacter", {"campaign_id": cid, "table_id": "t", "character_id": "hero"})
    base = str(api.client.base_url).rstrip("/")
    gm: Seat = await seats(base, ann)
    player: Seat = await seats(base, bob, width=390)

    # Every command of the ruleset is offered, each as a form with a field per payload property.
    listed = next(r for r in (await api.get(ann, "/v1/rulesets")).json() if r["id"] == case.ruleset)
    doc = (await api.client.get("/schema/openapi.json")).json()
    offered = await gm.page.locator("#command option").evaluate_all(
        "options => options.map(o => o.value).filter(Boolean)")
    assert set(offered) == set(listed["commands"]) and case.command in offered
    for command in offered:
        assert await form_fields(gm.page, command) == payload_fields(doc, command), command

    # One command through its generated form changes the sheet on both screens.
    await gm.page.select_option("#command", case.command)
    form = gm.page.locator(f'form[data-command="{case.command}"]')
    await unfold(form)
    if await form.locator('[data-path="character_id"]').count():
        await form.locator('[data-path="character_id"]').select_option("hero")
    for path, value in case.fill.items():
        await form.locator(f'[data-path="{path}"]').fill(value)
    for path, value in case.choose.items():
        await form.locator(f'[data-path="{path}"]').select_option(value)
    for path, value in case.tick.items():
        await form.locator(f'[data-path="{path}"] input[value="{value}"]').check()
    for seat in (gm, player):
        # The card shows what the ruleset declares (GET /v1/rulesets "display"), not a guess.
        assert listed["display"]["health"]
        await expect(seat.page.locator('.sheet[data-character="hero"]')).to_have_attribute(
            "data-display", "declared")
        card = seat.page.locator(f'.sheet[data-character="hero"] {case.card}')
        await expect(card).to_have_text(case.before)
        for selector, text in case.shown:
            await expect(seat.page.locator(f'.sheet[data-character="hero"] {selector}')).to_contain_text(text)
    await form.get_by_role("button", name="Send").click()
    status = form.locator(".status")
    await expect(status).to_have_attribute("data-position", re.compile(r"^\d+$"))
    assert not (await status.text_content() or "").startswith("Refused")
    position = int(await status.get_attribute("data-position") or 0)
    read = (await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=position)).json()
    for seat in (gm, player):
        card = seat.page.locator(f'.sheet[data-character="hero"] {case.card}')
        await expect(card).to_contain_text(case.after(read["sheet"]))

    # The ruleset's odds, before any roll: the exact chance the odds route answers.
    for name, value in case.odds.items():
        await player.page.fill(f"#odds-{name}", value)
    await player.page.locator("#odds").get_by_role("button", name="Odds").click()
    expected = (await api.get(bob, f"/v1/rulesets/{case.ruleset}/odds", **case.odds)).json()
    assert not case.p_success or expected["p_success"] == case.p_success
    await expect(player.page.locator("#odds-summary")).to_contain_text(
        f"chance of success {expected['p_success']} (")

    # The odds of a check by this character, from its sheet, before it is rolled.
    check_form = player.page.locator("#check-odds")
    await unfold(check_form)
    await check_form.locator('[data-path="character_id"]').select_option("hero")
    for name, value in case.check.items():
        node = check_form.locator(f'[data-path="{name}"]')
        text = ",".join(value) if isinstance(value, list) else str(value)
        if await node.evaluate("n => n.tagName") == "SELECT":
            await node.select_option(text)
        else:
            await node.fill(text)
    await check_form.get_by_role("button", name="Odds").click()
    await expect(check_form.locator("#check-odds-result")).not_to_be_empty()
    answer = (await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                    json=case.check, headers=api.auth(bob))).json()
    view = check_form.locator("#check-odds-result > .odds-view")
    shown = json.loads(await view.get_attribute("data-answer") or "")
    assert shown == answer
    p = answer.get("p_success") or next(v["p_success"] for v in answer.values()
                                          if isinstance(v, dict) and "p_success" in v)
    await expect(check_form.locator(".status")).to_contain_text(f"chance of success {p} (")

    ARTIFACTS.mkdir(exist_ok=True)
    await gm.page.screenshot(path=str(ARTIFACTS / f"{case.ruleset}-gm.png"), full_page=True)
    await player.page.screenshot(path=str(ARTIFACTS / f"{case.ruleset}-player.png"), full_page=True)
