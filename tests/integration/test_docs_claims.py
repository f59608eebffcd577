"""What docs/operations.md and docs/http.md say about the running service, checked against it:
the HTTP metrics' names and labels, and the endpoints that need no token."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.conftest import Api
from tests.integration.live_stream import open_live
from tests.integration.test_http import setup_table

DOCS = Path(__file__).resolve().parents[2] / "docs"


async def test_the_http_metrics_are_as_documented(api: Api) -> None:
    t = await setup_table(api)
    assert (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}")).status_code == 200
    text = (await api.client.get("/metrics")).text
    series = re.findall(r'^(skald_http_\w+)\{(.*)\} \S+$', text, re.M)
    families = {name.removesuffix("_bucket").removesuffix("_count").removesuffix("_sum")
                for name, _ in series if not name.endswith("_created")}
    assert {"skald_http_requests_total", "skald_http_request_duration_seconds",
            "skald_http_requests_in_progress"} <= families
    read = [dict(re.findall(r'(\w+)="([^"]*)"', labels)) for name, labels in series
            if name == "skald_http_requests_total"]
    # The registry is the process's: earlier tests' series are there too, so find the read above
    # by its labels (a route template, never the campaign's id).
    assert not [labels for labels in read if t["cid"] in labels["path"]], read
    campaign = [labels for labels in read if labels["path"] == "/v1/campaigns/{campaign_id}"
                and labels["method"] == "GET" and labels["status_code"] == "200"]
    assert campaign, read
    assert set(campaign[0]) == {"method", "path", "status_code", "app_name"}
    assert campaign[0]["app_name"] == "skald"
    doc = (DOCS / "operations.md").read_text()
    for family in families:
        assert f"`{family}`" in doc, family
    assert '`path="/v1/campaigns/{campaign_id}"`' in doc
    # Every other metric the service serves is in the table too.
    served = set(re.findall(r"^# TYPE (skald_\w+) ", text, re.M))
    for family in served:
        if not family.startswith("skald_http_") and not family.endswith("_created"):
            assert f"`{family}`" in doc or f"`{family}{{" in doc, family
    for label in ("method", "status_code", "app_name"):
        assert f"`{label}`" in doc


async def test_the_live_stream_is_counted_as_a_stream_not_as_an_http_request(api: Api) -> None:
    """docs/operations.md: the live stream is left out of ``skald_http_*``; ``skald_live_streams``
    counts the open ones."""
    t = await setup_table(api)

    def live_gauge(text: str) -> float:
        return float(re.findall(r"^skald_live_streams (\S+)$", text, re.M)[0])

    before = live_gauge((await api.client.get("/metrics")).text)
    live, lines = await open_live(api, t["bob"], t["cid"], t["position"])
    try:
        assert any(line.startswith("event: ready") for line in lines), lines
        text = (await api.client.get("/metrics")).text
        assert live_gauge(text) == before + 1
        http_paths = re.findall(r'^skald_http_\w+\{[^}]*path="([^"]*)"', text, re.M)
        assert "/v1/campaigns/{campaign_id}" in http_paths  # setup_table's reads are there
        assert not [p for p in http_paths if p.endswith("/live")], sorted(set(http_paths))
    finally:
        live.cancel()
        await asyncio.gather(live, return_exceptions=True)
    assert "The live stream (`GET /v1/campaigns/{id}/live`) is left out" in (
        DOCS / "operations.md").read_text()


async def test_the_endpoints_documented_without_a_token_answer_without_one(api: Api) -> None:
    doc = (DOCS / "http.md").read_text()
    for path in ("/healthz", "/readyz", "/metrics", "/schema/openapi.json", "/table/"):
        assert f"`GET {path}`" in doc or f"`{path}`" in doc, path
        response = await api.client.get(path)
        assert response.status_code == 200, (path, response.status_code)
    for path in ("/v1/me", "/v1/campaigns", "/v1/rulesets"):
        assert (await api.client.get(path)).status_code == 401
