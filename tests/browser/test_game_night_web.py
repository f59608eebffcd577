"""Game night from nothing, in the page alone: a GM on a laptop (1280x800) creates a campaign in
each of the four rulesets, invites a player, creates a table, starts a session, creates and
seats a character for each of them from the ruleset's sheet (Golden Heroes rolls its own), and
plays a short fight; the player on a phone (390x844) sees the outcomes in words, never a GM-only
roll (neither in the page nor in any response), and is never offered a command it may not send.
axe-core checks every view; each ruleset's table is saved as a screenshot for the docs."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, Seat, Sit, accessible, unfold
from tests.conftest import Api

# The screenshots land in test-artifacts/; with SKALD_DOCS_IMAGES=1 in docs/images/ (the pictures
# docs/web-table.md shows), so an ordinary run leaves the tracked files as they are.
DOCS_IMAGES = (Path(__file__).resolve().parents[2] / "docs" / "images" if os.environ.get("SKALD_DOCS_IMAGES")
               else ARTIFACTS)
# A type name as a developer writes it (DiceRolled, wish.CheckRolled): never in the words shown.
TYPE_NAME = re.compile(r"\b(?:[a-z-]+\.)?[A-Z][a-z]+[A-Z]\w*\b")


@dataclass(frozen=True)
class Move:
    """One command sent from the page's generated form: data-path -> value (a list ticks boxes)."""

    command: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    ruleset: str
    hero_sheet: dict[str, Any] = field(default_factory=dict)  # data-path -> value in "New character"
    foe_sheet: dict[str, Any] = field(default_factory=dict)
    gm: tuple[Move, ...] = ()
    player: tuple[Move, ...] = ()
    player_first: bool = False  # the player acts before the GM's moves (outside a combat)


# WISH's six characteristics, each a field labelled with its name in the rulebook (L103-L133)
CHARACTERISTICS = {f"sheet.characteristics.{k}": v for k, v in
                   {"str": "5", "ag": "2", "to": "2", "int": "2", "wp": "2", "fel": "2"}.items()}
GAMES = [
    # WISH: a Strength check by the hero (net successes against difficulty 1); the GM wounds the foe.
    Game("wish", {**CHARACTERISTICS, "sheet.phase": "play"}, {**CHARACTERISTICS, "sheet.phase": "play"},
         gm=(Move("wish.ApplyDamage", {"character_id": "Foe", "amount": "2"}),),
         player=(Move("wish.RollCheck", {"character_id": "Hero", "characteristic": "str",
                                         "difficulty": "1"}),)),
    # Boonbane: a Strength challenge by the hero; the GM deals 4 damage to the foe.
    Game("boonbane", {"sheet.strength": "13"}, {},
         gm=(Move("boonbane.TakeDamage", {"character_id": "Foe", "amount": "4"}),),
         player=(Move("boonbane.ChallengeRoll", {"character_id": "Hero", "stat": "strength",
                                                 "target_number": "12"}),)),
    # Golden Heroes: both rolled by the ruleset's generation; the hero strikes the foe.
    Game("golden-heroes",
         player=(Move("golden-heroes.Strike", {"character_id": "Hero", "target_id": "Foe"}),)),
    # Potential: the hero forces a gate with their body; the GM starts a combat.
    Game("potential", {"advantages": [{"id": "body", "title": "Body", "cp": "25"}]}, {},
         gm=(Move("potential.StartCombat", {"participants": ["Hero", "Foe"]}),),
         player=(Move("potential.TakeAction", {"character_id": "Hero", "focus": "force the gate",
                                                "advantages": ["body"], "resistance": "3"}),),
         player_first=True),
]


async def put(scope: Locator, path: str, value: Any, names: dict[str, str]) -> None:
    """Set one generated field (by its data-path) the way a person would."""
    if isinstance(value, dict):  # a map: a key and a value per row
        group = scope.locator(f'[data-path="{path}"]')
        for i, (key, v) in enumerate(value.items()):
            await group.locator(":scope > button.add").click()
            row = group.locator(".row").nth(i)
            await row.locator("[data-map-key]").fill(key)
            await put(row, f"{path}.{i}.value", v, names)
        return
    if isinstance(value, list) and value and isinstance(value[0], dict):  # rows of a list
        group = scope.locator(f'[data-path="{path}"]')
        for i, row in enumerate(value):
            await group.locator(":scope > button.add").click()
            for key, v in row.items():
                await put(group.locator(".row").nth(i), f"{path}.{i}.{key}", v, names)
        return
    node = scope.locator(f'[data-path="{path}"]')
    await expect(node).to_have_count(1)
    if isinstance(value, list) and await node.evaluate("n => n.tagName") == "INPUT":  # comma-separated
        await node.fill(",".join(value))
        return
    if isinstance(value, list):  # ticked boxes
        for v in value:
            await node.locator(f'input[value="{names.get(v, v)}"]').check()
        return
    tag = await node.evaluate("n => n.tagName")
    if tag == "SELECT":
        await node.select_option(names.get(value, value))
    else:
        await node.fill(str(value))


async def send(page: Page, move: Move, names: dict[str, str]) -> str:
    """Choose the command, fill its form, send it; the feedback the page gives."""
    await page.select_option("#command", move.command)
    form = page.locator(f'form[data-command="{move.command}"]')
    if move.command == "wish.RollCheck":  # the characteristics by their names, not their codes
        options = await form.locator('[data-path="characteristic"] option').all_text_contents()
        assert {"Strength", "Fellowship"} <= set(options) and "Str" not in options, options
    await unfold(form)
    for path, value in move.values.items():
        await put(form, path, value, names)
    await form.get_by_role("button", name="Send").click()
    status = form.locator(".status")
    await expect(status).not_to_have_text(re.compile(r"^(…)?$"))
    text = await status.text_content() or ""
    assert not text.lower().startswith("refused"), f"{move.command}: {text}"
    assert "position" not in text and not TYPE_NAME.search(text), text  # words, not "done at position N"
    return text


async def scrub(page: Page, position: int) -> None:
    """Move the history scrubber to ``position`` (as arrow keys would) and show the table then."""
    await page.locator("#scrub").evaluate(
        "(n, v) => { n.value = v; n.dispatchEvent(new Event('input', {bubbles: true})); }", str(position))
    await page.locator("#view-past").click()


async def create_character(page: Page, name: str, owner: str, sheet: dict[str, Any]) -> None:
    form = page.locator("#new-character")
    await form.locator('[data-path="name"]').fill(name)
    await form.locator('[data-path="owner"]').select_option(owner)
    more = form.locator("details.sheet-more")
    if await more.count():
        await more.locator("summary").click()
    if any(p.startswith("sheet.characteristics.") for p in sheet):  # named, never typed as codes
        named = form.locator('fieldset.keys:has([data-path="sheet.characteristics.str"])')
        labels = await named.locator("label").all_text_contents()
        assert labels == [f"{n} *" for n in ("Strength", "Agility", "Toughness", "Intelligence",
                                            "Willpower", "Fellowship")], labels
        assert await named.locator("[data-map-key]").count() == 0
    for path, value in sheet.items():
        await put(form, f"sheet.{path}" if not path.startswith("sheet.") else path, value, {})
    await form.get_by_role("button", name="Create character").click()
    created = page.locator("#characters li", has_text=name)
    for _ in range(80):
        if await created.count() or "efused" in (await form.locator(".status").text_content() or ""):
            break
        await page.wait_for_timeout(100)
    invalid = await form.locator(":invalid").evaluate_all(
        "ns => ns.map(n => n.dataset.path || n.id || n.tagName)")
    assert await created.count() == 1, (await form.locator(".status").text_content(), invalid)


async def setup_game(api: Api, gm: Seat, game: Game) -> tuple[str, str, dict[str, str]]:
    """The GM's clicks from the campaign list to a table with two seated characters."""
    page = gm.page
    if await page.locator(".crumbs a", has_text="Campaigns").count():
        await page.locator(".crumbs a", has_text="Campaigns").click()
    await expect(page.locator("#new-campaign")).to_be_visible()
    title = {"wish": "WISH", "golden-heroes": "Golden Heroes"}.get(game.ruleset, game.ruleset.title())
    await page.fill("#new-campaign-name", f"{title} night")
    await page.select_option("#new-campaign-ruleset", game.ruleset)
    await page.locator("#new-campaign-name").press("Enter")  # a form sends with Enter, as any
    await expect(page.locator("#tables-section")).to_be_visible()
    cid = page.url.split("#/c/")[1].split("/")[0]
    await expect(page.locator("#tables-section .empty")).to_contain_text("Create one below")
    await accessible(page, "campaign")

    await page.fill("#invite-user", "bob")
    await page.select_option("#invite-role", "player")
    await page.locator("#invite").get_by_role("button", name="Invite").click()
    await expect(page.locator("#members li", has_text="bob")).to_contain_text("player")
    await page.fill("#new-table-name", "Main")
    await page.locator("#new-table").get_by_role("button", name="Create table").click()
    await expect(page.locator("#tables li")).to_have_count(1)
    await page.locator("#tables .start-session").click()
    await expect(page.locator("#tables .session")).to_have_text("session 1 running")

    await create_character(page, "Hero", "bob", game.hero_sheet)
    await create_character(page, "Foe", "ann", game.foe_sheet)
    for name in ("Hero", "Foe"):
        await page.locator("#characters li", has_text=name).locator(".seat-character").click()
        await expect(page.locator("#characters li", has_text=name)).to_contain_text("at Main")
    characters = (await api.get(await api.token("ann"), f"/v1/campaigns/{cid}/characters")).json()
    names = {c["name"]: c["character_id"] for c in characters}
    await accessible(page, "campaign with characters")
    if game.ruleset == "wish":
        await page.screenshot(path=str(DOCS_IMAGES / "campaign-setup.png"), full_page=True)
    await page.locator("#tables button", has_text="Main").click()
    await expect(page.locator("#live-state")).to_have_text("live")
    tid = page.url.split("/t/")[1].split("/")[0]
    return cid, tid, names


async def test_game_night_in_four_rulesets(api: Api, seats: Sit) -> None:
    ann, bob = await api.token("ann"), await api.token("bob")
    base = str(api.client.base_url).rstrip("/")
    gm = await seats(base, ann, width=1280, height=800, enter=False)
    player = await seats(base, bob, width=390, height=844, enter=False)
    for seat, token in ((gm, ann), (player, bob)):
        await seat.page.fill("#token", token)
        await seat.page.keyboard.press("Enter")
        await expect(seat.page.locator("main .empty")).to_contain_text("no campaign yet")
        await accessible(seat.page, "campaigns (empty)")
    DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
    hidden_rolls: list[str] = []

    for game in GAMES:
        cid, tid, names = await setup_game(api, gm, game)
        guide = (await api.get(ann, f"/v1/rulesets/{game.ruleset}/guide")).json()
        senders = {c["type"]: c["sender"] for c in guide["commands"]}

        # The player follows a deep link to the table; a reload stays there.
        await player.received()  # every body read before the page moves on
        await player.page.goto(f"{base}/table/#/c/{cid}/t/{tid}")
        await expect(player.page.locator("#live-state")).to_have_text("live")
        await player.received()
        await player.page.reload()
        await expect(player.page.locator("#live-state")).to_have_text("live")
        await expect(player.page.locator("#role")).to_have_text("player")
        await accessible(player.page, f"{game.ruleset} table (player)")
        await accessible(gm.page, f"{game.ruleset} table (GM)")

        # Only the commands the player may send: none of the GM's.
        offered = await player.page.locator("#command option").evaluate_all(
            "options => options.map(o => o.value).filter(Boolean)")
        assert offered and all(senders[c] in ("controller", "member") for c in offered), offered
        gm_offered = await gm.page.locator("#command option").evaluate_all(
            "options => options.map(o => o.value).filter(Boolean)")
        gm_only = {c for c, s in senders.items() if s == "gm" and c.startswith(f"{game.ruleset}.")}
        assert gm_only and gm_only <= set(gm_offered) and not gm_only & set(offered)
        labels = await player.page.locator("#command option").evaluate_all("o => o.map(x => x.textContent)")
        assert not any(TYPE_NAME.search(label) for label in labels), labels

        # A GM-only roll for the foe: on the GM's page, never on the player's.
        await gm.page.fill("#expression", "3d12+7")
        await gm.page.select_option("#dice-character", names["Foe"])
        await gm.page.select_option("#visibility", "gm")
        await gm.page.locator("#dice-box").get_by_role("button", name="Roll").click()
        await expect(gm.page.locator("#rolls li.hidden")).to_have_count(1)
        hidden = int(await gm.page.locator("#rolls li.hidden").get_attribute("data-position") or 0)
        events = (await api.get(ann, f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
        hidden_rolls.append(next(e for e in events if e["position"] == hidden)["data"]["roll_id"])
        await gm.page.select_option("#visibility", "public")

        # A public roll with a dropped die (4d6kh3): one die struck out on both pages.
        await player.page.fill("#expression", "4d6kh3")
        await player.page.locator("#dice-box").get_by_role("button", name="Roll").click()
        for seat in (gm, player):
            entry = seat.page.locator("#rolls li.roll", has_text="4d6kh3")
            await expect(entry.locator(".die.dropped")).to_have_count(1)
            await expect(entry.locator(".die")).to_have_count(4)

        # The fight: each side's commands through the page, the outcome in words.
        sides = [(gm, game.gm), (player, game.player)]
        for seat, moves in reversed(sides) if game.player_first else sides:
            for move in moves:
                await send(seat.page, move, names)
        await accessible(player.page, f"{game.ruleset} table with a sent form (player)")
        log = player.page.locator("#rolls li")
        await expect(log.last).to_be_visible()
        for text in await player.page.locator("#rolls li .what").all_text_contents():
            assert text and not TYPE_NAME.search(text), text
            assert "{character:" not in text
        await expect(player.page.locator("#rolls li .when").first).not_to_be_empty()
        await expect(player.page.locator(f'#rolls li[data-position="{hidden}"]')).to_have_count(0)
        if game.ruleset == "wish":  # WISH dice: faces with their symbols, in words for a reader
            check = player.page.locator("#rolls li .die.wish").first
            await expect(check).to_be_visible()
        nulls = await player.page.locator("main :text-matches('\\bnull\\b')").all_text_contents()
        assert not nulls, nulls  # no `null` shown to people

        # History: the table as it was before the fight, then one click back to live.
        await scrub(gm.page, hidden - 1)
        await expect(gm.page.locator("#history-note")).to_contain_text(f"position {hidden - 1}")
        await expect(gm.page.locator(f'#rolls li[data-position="{hidden}"]')).to_have_count(0)
        await expect(gm.page.locator("#past-encounters")).to_contain_text("No encounter had begun")
        await accessible(gm.page, f"{game.ruleset} history")
        await gm.page.go_back()
        await expect(gm.page.locator("#live-state")).to_have_text("live")
        await scrub(gm.page, hidden - 1)
        await gm.page.locator("#back-to-live").click()
        await expect(gm.page.locator("#live-state")).to_have_text("live")
        await expect(gm.page.locator(f'#rolls li[data-position="{hidden}"]')).to_have_count(1)
        if game.ruleset == "potential":  # the combat as it was then: who is in it, its round
            events = (await api.get(ann, f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
            await scrub(gm.page, max(e["position"] for e in events))
            past = gm.page.locator("#past-encounters li")
            await expect(past).to_have_count(1)
            await expect(past).to_have_text("Hero, Foe: round 1")
            await gm.page.locator("#back-to-live").click()
            await expect(gm.page.locator("#live-state")).to_have_text("live")

        for seat in (gm, player):  # the actions folded back, for the pictures
            await seat.page.select_option("#command", "")
        # The player looks back too (the as-of read): the GM-only roll is not there either.
        await scrub(player.page, hidden + 1)
        await expect(player.page.locator("#history-note")).to_contain_text(f"position {hidden + 1}")
        await expect(player.page.locator(f'#rolls li[data-position="{hidden}"]')).to_have_count(0)
        await player.page.locator("#back-to-live").click()
        await expect(player.page.locator("#live-state")).to_have_text("live")

        await gm.page.screenshot(path=str(DOCS_IMAGES / f"table-{game.ruleset}.png"), full_page=True)
        await player.page.screenshot(path=str(DOCS_IMAGES / f"table-{game.ruleset}-phone.png"),
                                     full_page=True)

        # Ending the session asks first; Escape (or Cancel) keeps it running.
        await gm.page.locator("#end-session").click()
        await expect(gm.page.locator("dialog.confirm")).to_be_visible()
        await accessible(gm.page, f"{game.ruleset} confirmation")
        await gm.page.keyboard.press("Escape")
        await expect(gm.page.locator("dialog.confirm")).to_have_count(0)
        await gm.page.locator("#end-session").click()
        await gm.page.locator("dialog.confirm").get_by_role("button", name="Cancel").click()
        await expect(gm.page.locator("#end-session")).to_be_visible()
        await gm.page.locator("#end-session").click()
        await gm.page.locator("dialog.confirm").get_by_role("button", name="End session").click()
        await expect(gm.page.locator("#start-session")).to_be_visible()

    # Retiring a character asks first; once confirmed it leaves the campaign's list.
    await gm.page.locator(".crumbs a").nth(1).click()
    foe = gm.page.locator("#characters li", has_text="Foe")
    await foe.get_by_role("button", name="Retire Foe").click()
    await gm.page.locator("dialog.confirm").get_by_role("button", name="Cancel").click()
    await expect(foe).to_have_count(1)
    await foe.get_by_role("button", name="Retire Foe").click()
    await gm.page.locator("dialog.confirm").get_by_role("button", name="Retire character").click()
    await expect(foe).to_have_count(0)
    await expect(gm.page.locator("#characters li", has_text="Hero")).to_have_count(1)

    # Removing a member asks first: Escape keeps them (the focus back on Remove), then confirmed.
    await gm.page.fill("#invite-user", "cat")
    await gm.page.select_option("#invite-role", "observer")
    await gm.page.locator("#invite").get_by_role("button", name="Invite").click()
    cat = gm.page.locator("#members li", has_text="cat")
    await expect(cat).to_contain_text("observer")
    remove = cat.get_by_role("button", name="Remove cat")
    await remove.click()
    await expect(gm.page.locator("dialog.confirm")).to_contain_text("Remove cat from")
    await gm.page.keyboard.press("Escape")
    await expect(gm.page.locator("dialog.confirm")).to_have_count(0)
    await expect(remove).to_be_focused()
    await expect(cat).to_have_count(1)
    await remove.click()
    await gm.page.locator("dialog.confirm").get_by_role("button", name="Remove member").click()
    await expect(cat).to_have_count(0)
    await expect(gm.page.locator("#members li", has_text="bob")).to_have_count(1)

    received = await player.received()
    assert "4d6kh3" in received  # the inspection sees what the player may see
    for roll_id in hidden_rolls:
        assert roll_id not in received
    assert "3d12+7" not in received
