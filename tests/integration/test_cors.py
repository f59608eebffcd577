"""CORS: off by default; with SKALD_CORS_ORIGINS a browser app on a listed origin gets its
preflight answered (no token needed for it) and can read the answers, problems included."""

from __future__ import annotations

import pytest

from services.application.settings import Settings
from services.entrypoints.app import create_app
from services.entrypoints.http.cors import cors_config
from tests.conftest import Api, served

APP_ORIGIN = "https://table.example.org"
PREFLIGHT = {"Origin": APP_ORIGIN, "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "authorization, content-type"}


async def test_no_cors_headers_unless_origins_are_configured(api: Api) -> None:
    token = await api.token("ann")
    preflight = await api.client.options("/v1/commands", headers=PREFLIGHT)
    assert "access-control-allow-origin" not in preflight.headers
    read = await api.client.get("/v1/me", headers=api.auth(token) | {"Origin": APP_ORIGIN})
    assert read.status_code == 200 and "access-control-allow-origin" not in read.headers


async def test_a_listed_origin_gets_its_preflight_and_its_answers(
        database_url: str, redis_url: str, api: Api) -> None:
    settings = Settings(database_url=database_url, redis_url=redis_url,
                        cors_origins=[APP_ORIGIN, "http://localhost:5173"])
    token = await api.token("ann")
    async with served(create_app(settings)) as client:
        preflight = await client.options("/v1/commands", headers=PREFLIGHT)
        assert preflight.status_code in (200, 204), preflight.text  # not 401: no token is sent
        assert preflight.headers["access-control-allow-origin"] == APP_ORIGIN
        allowed = {h.strip().lower() for h in
                   preflight.headers["access-control-allow-headers"].split(",")}
        assert {"authorization", "content-type"} <= allowed
        assert "POST" in preflight.headers["access-control-allow-methods"]
        for path in ("/v1/campaigns/c-1/rolls", "/v1/campaigns/c-1/live"):
            again = await client.options(path, headers=PREFLIGHT | {
                "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers":
                "authorization, last-event-id"})
            assert again.headers.get("access-control-allow-origin") == APP_ORIGIN, path
        # The request itself: the answer, and a refusal, are readable by the app.
        me = await client.get("/v1/me", headers={"Authorization": f"Bearer {token}",
                                                 "Origin": APP_ORIGIN})
        assert me.status_code == 200 and me.headers["access-control-allow-origin"] == APP_ORIGIN
        refused = await client.get("/v1/me", headers={"Origin": APP_ORIGIN})
        assert refused.status_code == 401
        assert refused.headers["access-control-allow-origin"] == APP_ORIGIN
        assert "link" in refused.headers["access-control-expose-headers"].lower()
        # An origin not on the list gets no permission.
        other = await client.options("/v1/commands", headers=PREFLIGHT | {
            "Origin": "https://elsewhere.example"})
        assert other.headers.get("access-control-allow-origin") != "https://elsewhere.example"
        stranger = await client.get("/v1/me", headers={"Authorization": f"Bearer {token}",
                                                       "Origin": "https://elsewhere.example"})
        assert "access-control-allow-origin" not in stranger.headers


def test_the_setting_is_read_from_the_environment_and_checked() -> None:
    env = {"SKALD_CORS_ORIGINS": " https://a.example , http://localhost:5173,"}
    assert Settings.from_env(env).cors_origins == ["https://a.example", "http://localhost:5173"]
    assert Settings.from_env({}).cors_origins == []
    assert cors_config([]) is None
    with pytest.raises(ValueError, match="not an origin"):
        cors_config(["https://a.example/path"])
