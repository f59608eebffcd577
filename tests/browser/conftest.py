"""Chromium for the browser tests, and a person's page at a table (``Seat``).

Every page is watched: a console error or an uncaught page error fails the test that opened it.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Locator, Page, Response, async_playwright, expect

CHROMIUM = os.environ.get("SKALD_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Every chunk the page's stream reader decodes, so the live stream's bytes can be inspected too.
# And every /v1 response body the page's fetch receives (read from a clone, inside the page: the
# browser's own copy of a body is gone once the page navigates, a hash route included).
RECORD_DECODED = """(() => { const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = function (...a) {
    const t = decode.apply(this, a); window.skaldRecord(t); return t; };
  const get = window.fetch;
  window.fetch = async (...a) => {
    const response = await get(...a);
    const url = String(a[0] instanceof Request ? a[0].url : a[0]);
    if (url.includes("/v1/") && !url.includes("/live")) {
      response.clone().text().then((t) => window.skaldBody(t));
    }
    return response;
  };
})();"""


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(f"Chromium not found at {CHROMIUM}: install it with "
                    "'apt-get update && apt-get install -y chromium' (or set SKALD_CHROMIUM)")
    async with async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        await launched.close()


class Seat:
    """One person's page, with every console error and every /v1 response body it received."""

    def __init__(self, page: Page, decoded: list[str]) -> None:
        self.page, self.decoded = page, decoded
        self.errors: list[str] = []
        self.tolerated: list[re.Pattern[str]] = []
        self.bodies: list[str] = []  # every /v1 body the page's fetch read (RECORD_DECODED)
        self.responses = 0
        self.urls: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("response", self._keep)

    def _keep(self, response: Response) -> None:
        if "/v1/" in response.url and "/live" not in response.url:
            self.responses += 1

    def tolerate(self, pattern: str) -> None:
        """Let console errors matching ``pattern`` pass: only for what a test itself provokes."""
        self.tolerated.append(re.compile(pattern))

    def untolerated_errors(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.tolerated)]

    async def received(self) -> str:
        """Every /v1 response body and every live-stream chunk this page has received so far."""
        for _ in range(100):  # the bodies still on their way from the page
            if len(self.bodies) >= self.responses:
                break
            await asyncio.sleep(0.05)
        return "\n".join(self.bodies) + "".join(self.decoded)


Sit = Callable[..., Awaitable[Seat]]
AXE = Axe()
BLOCKING = {"serious", "critical"}


async def unfold(form: Locator) -> None:
    """Open a generated form's folded options ("More options"), as a person would to fill one."""
    more = form.locator(":scope > details.more")
    if await more.count() and not await more.evaluate("d => d.open"):
        await more.locator(":scope > summary").click()


async def accessible(page: Page, view: str) -> None:
    """axe-core on the page as it stands: no serious or critical violation (WCAG 2 A/AA rules)."""
    found = (await AXE.run(page)).response["violations"]
    blocking = [f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:5])}"
                for v in found if v.get("impact") in BLOCKING]
    assert blocking == [], f"accessibility violations on the {view} view: {blocking}"


@pytest.fixture
async def seats(browser: Browser) -> AsyncIterator[Sit]:
    """``await seats(base, token, width=..., enter=True)``: a fresh context signed in at the first
    table of its first campaign. After the test, no page may have logged a console or page error,
    nor requested anything from outside the service (no CDN: the client works offline)."""
    opened: list[tuple[str, Seat]] = []

    async def sit(base: str, token: str, width: int = 1100, enter: bool = True, height: int = 900) -> Seat:
        context = await browser.new_context(viewport={"width": width, "height": height})
        decoded: list[str] = []
        await context.expose_function("skaldRecord", lambda text: decoded.append(text))
        await context.add_init_script(RECORD_DECODED)
        bodies: list[str] = []
        await context.expose_function("skaldBody", lambda text: bodies.append(text))
        seat = Seat(await context.new_page(), decoded)
        seat.bodies = bodies
        opened.append((base, seat))
        page = seat.page
        await page.goto(f"{base}/table/")
        if enter:
            await page.fill("#token", token)
            await page.keyboard.press("Enter")
            await page.click("#campaigns button")
            await page.click("#tables button")
            await expect(page.locator("#live-state")).to_have_text("live")
            await accessible(page, "table")
        return seat

    yield sit
    errors = [error for _, seat in opened for error in seat.untolerated_errors()]
    elsewhere = [url for base, seat in opened for url in seat.urls
                 if not url.startswith(f"{base}/") and not url.startswith("data:")]
    for _, seat in opened:
        await seat.page.context.close()
    assert errors == [], f"console or page errors: {errors}"
    assert elsewhere == [], f"requests outside the service: {elsewhere}"
