"""Every operation of the OpenAPI document, one by one: each status it declares is provoked by
a real request, and no request gets a status the operation does not declare.

The first test runs a table of probes (one or more per declared status) against the real service;
the second takes PostgreSQL away behind a relay, and every /v1 operation answers its declared
503, then Redis, and nothing undeclared comes back."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, served
from tests.integration.test_http import setup_table
from tests.integration.test_wish_http import HERO
from tests.tcp_relay import TcpRelay

PROBLEM = "application/problem+json"
URI = re.compile(r"^https://[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+$")


@dataclass
class Probe:
    """One request and the status it must get."""

    status: int
    path: str
    token: str | None = None
    body: bytes | None = None
    media: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


def _operations(doc: dict[str, Any]) -> dict[tuple[str, str], set[int]]:
    return {(method.upper(), path): {int(s) for s in op["responses"]}
            for path, item in doc["paths"].items() for method, op in item.items()
            if isinstance(op, dict) and "responses" in op}


async def _send(client: httpx.AsyncClient, method: str, probe: Probe) -> httpx.Response:
    headers = dict(probe.headers)
    if probe.token is not None:
        headers["Authorization"] = f"Bearer {probe.token}"
    if probe.body is not None:
        headers["Content-Type"] = probe.media
    request = client.build_request(method, probe.path, content=probe.body, headers=headers)
    response = await client.send(request, stream=True)
    try:
        if "text/event-stream" not in response.headers.get("content-type", ""):
            await response.aread()  # a live stream's 200 stays open: its status is enough
    finally:
        await response.aclose()
    return response


async def _oversized(client: httpx.AsyncClient, path: str, token: str, length: int) -> int:
    """The status of a POST announcing ``length`` bytes (none sent: the limit is checked first)."""
    url = urlsplit(str(client.base_url))
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\nAuthorization: Bearer {token}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n".encode())
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), 10)
    writer.close()
    return int(status_line.split()[1])


def _check_problem(doc: dict[str, Any], where: str, response: httpx.Response) -> None:
    if response.status_code < 400:
        return
    assert response.headers["content-type"].startswith(PROBLEM), (where, response.text)
    if response.status_code == 503 and response.url.path == "/readyz":
        schema = "NotReady"
    else:
        schema = "ProblemDetails"
    body = response.json()
    assert set(doc["components"]["schemas"][schema]["required"]) <= set(body), (where, body)
    assert URI.match(body["type"]), (where, body["type"])  # even for rules such as "x L220"
    assert {"field", "rule"} <= set(doc["components"]["schemas"][schema]["required"])
    assert body["field"] and body["rule"], (where, body)  # named, always


async def test_every_operation_gives_each_declared_status_and_nothing_else(api: Api) -> None:
    doc = (await api.client.get("/schema/openapi.json")).json()
    operations = _operations(doc)
    t = await setup_table(api)
    ann, bob, cid, vex = t["ann"], t["bob"], t["cid"], t["vex"]
    zed = await api.token("zed")  # a member of nothing
    await api.ok(ann, "StartSession", {"campaign_id": cid, "table_id": t["table"]})
    wish = (await api.ok(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": wish, "user": "bob", "role": "player"})
    hero = await api.ok(bob, "CreateCharacter", {"campaign_id": wish, "name": "Titan",
                                                 "character_id": "hero", "sheet": HERO})
    await api.get(ann, f"/v1/campaigns/{wish}", position=hero["position"])
    head = hero["position"]
    c = f"/v1/campaigns/{cid}"
    odds = f"/v1/campaigns/{wish}/characters/hero/check-odds"

    ids = itertools.count(1)

    def command(type_: str, payload: dict[str, Any], command_id: str = "") -> bytes:
        return json.dumps({"command_id": command_id or f"probe-{next(ids)}", "type": type_,
                           "payload": payload}).encode()

    def campaign_read(path: str, *, unknown: list[str], bad: list[str]) -> list[Probe]:
        """A read under /v1/campaigns/{id}: anyone, a stranger, unknown ids, bad parameters."""
        return [Probe(200, path, ann), Probe(401, path), Probe(401, path, "skald_unknown"),
                Probe(403, path, zed), *[Probe(404, p, ann) for p in unknown],
                *[Probe(422, p, ann) for p in bad]]

    def any_user(path: str, *, bad: list[str]) -> list[Probe]:
        return [Probe(200, path, ann), Probe(401, path), Probe(401, path, "skald_unknown"),
                *[Probe(422, p, ann) for p in bad]]

    def bodies(path: str, good: bytes) -> list[Probe]:
        return [Probe(401, path, body=good), Probe(400, path, ann, b'{"a": '),
                Probe(400, path, ann, b""), Probe(415, path, ann, good, "text/plain"),
                Probe(422, path, ann, b'{"a": "x\\u0000"}'),
                Probe(422, path, ann, b'{"a": 1, "a": 2}')]

    roll = {"campaign_id": cid, "expression": "1d6"}
    probes: dict[tuple[str, str], list[Probe]] = {
        ("GET", "/healthz"): [Probe(200, "/healthz")],
        ("GET", "/readyz"): [Probe(200, "/readyz")],  # 503: the second test
        ("POST", "/v1/commands"): [
            Probe(200, "/v1/commands", bob, command("RollDice", roll)),
            *bodies("/v1/commands", command("RollDice", roll)),
            Probe(403, "/v1/commands", bob, command("AddMember", {
                "campaign_id": cid, "user": "x", "role": "player"})),
            Probe(403, "/v1/commands", bob, command("RollDice", {**roll, "visibility": "gm"})),
            Probe(404, "/v1/commands", ann, command("RollDice", {**roll, "campaign_id": "none"})),
            Probe(409, "/v1/commands", ann, command("StartSession", {
                "campaign_id": cid, "table_id": t["table"]})),
            Probe(422, "/v1/commands", ann, command("RollDice", {**roll, "expression": "2d6*3"})),
            Probe(422, "/v1/commands", ann, command("RollDice", roll, "CON")),
        ],
        ("GET", "/v1/me"): any_user("/v1/me", bad=["/v1/me?table_id=.."]),
        ("GET", "/v1/campaigns"): any_user("/v1/campaigns", bad=[
            "/v1/campaigns?after=CON", "/v1/campaigns?limit=0", "/v1/campaigns?limit=x"]),
        ("GET", "/v1/campaigns/{campaign_id}"): campaign_read(c, unknown=["/v1/campaigns/none"], bad=[
            "/v1/campaigns/CON", f"{c}?position=99999999999999999999", f"{c}?position={head + 10**6}",
            f"{c}?position=\u0663"]),
        ("GET", "/v1/campaigns/{campaign_id}/members"): campaign_read(
            f"{c}/members", unknown=["/v1/campaigns/none/members"],
            bad=["/v1/campaigns/a..b/members", f"{c}/members?position=0"]),
        ("GET", "/v1/campaigns/{campaign_id}/tables"): campaign_read(
            f"{c}/tables", unknown=["/v1/campaigns/none/tables"],
            bad=["/v1/campaigns/CON/tables", f"{c}/tables?position=-1"]),
        ("GET", "/v1/campaigns/{campaign_id}/tables/{table_id}"): campaign_read(
            f"{c}/tables/{t['table']}", unknown=[f"{c}/tables/none", "/v1/campaigns/none/tables/x"],
            bad=[f"{c}/tables/CON", f"{c}/tables/{t['table']}?position=x"]),
        ("GET", "/v1/campaigns/{campaign_id}/characters"): campaign_read(
            f"{c}/characters", unknown=["/v1/campaigns/none/characters"],
            bad=["/v1/campaigns/NUL/characters", f"{c}/characters?position=1.5"]),
        ("GET", "/v1/campaigns/{campaign_id}/characters/{character_id}"): campaign_read(
            f"{c}/characters/{vex}", unknown=[f"{c}/characters/none"],
            bad=[f"{c}/characters/a..b", f"{c}/characters/{vex}?position=\u00b2"]),
        ("GET", "/v1/campaigns/{campaign_id}/rolls"): campaign_read(
            f"{c}/rolls", unknown=["/v1/campaigns/none/rolls"],
            bad=[f"{c}/rolls?table_id=CON", f"{c}/rolls?limit=0", f"{c}/rolls?limit=x"]),
        ("GET", "/v1/campaigns/{campaign_id}/events"): campaign_read(
            f"{c}/events", unknown=["/v1/campaigns/none/events"],
            bad=[f"{c}/events?after=99999999999999999999", f"{c}/events?after=-1",
                 f"{c}/events?limit=1001"]),
        ("GET", "/v1/campaigns/{campaign_id}/live"): [
            *campaign_read(f"{c}/live", unknown=["/v1/campaigns/none/live"],
                           bad=[f"{c}/live?after=99999999999999999999", "/v1/campaigns/CON/live"]),
            Probe(422, f"{c}/live", ann, headers={"Last-Event-ID": "99999999999999999999"}),
        ],
        ("GET", "/v1/campaigns/{campaign_id}/encounters/{encounter_id}"): [
            # 200: an encounter of a ruleset that has them (tests of each ruleset read them).
            Probe(401, f"{c}/encounters/e1"), Probe(403, f"{c}/encounters/e1", zed),
            Probe(404, f"{c}/encounters/e1", ann), Probe(422, f"{c}/encounters/CON", ann)],
        ("GET", "/v1/campaigns/{campaign_id}/as-of/{position}"): campaign_read(
            f"{c}/as-of/2", unknown=["/v1/campaigns/none/as-of/1", f"{c}/as-of/{10**9}"],
            bad=[f"{c}/as-of/0", f"{c}/as-of/99999999999999999999", "/v1/campaigns/CON/as-of/1"]),
        ("GET", "/v1/rulesets"): any_user("/v1/rulesets", bad=["/v1/rulesets?campaign_id=CON"]),
        ("GET", "/v1/rulesets/{ruleset_id}/guide"): [
            *any_user("/v1/rulesets/wish/guide", bad=["/v1/rulesets/wish/guide?table_id=CON"]),
            Probe(404, "/v1/rulesets/chess/guide", ann)],
        ("GET", "/v1/rulesets/wish/odds"): any_user("/v1/rulesets/wish/odds?pool=CHR:2", bad=[
            "/v1/rulesets/wish/odds?pool=CHR:\u00b2", "/v1/rulesets/wish/odds"]),
        ("GET", "/v1/rulesets/golden-heroes/odds"): any_user(
            "/v1/rulesets/golden-heroes/odds?wc=3&dc=3", bad=[
                "/v1/rulesets/golden-heroes/odds?wc=x", "/v1/rulesets/golden-heroes/odds?wc=1&wc=2"]),
        ("GET", "/v1/rulesets/boonbane/odds"): any_user("/v1/rulesets/boonbane/odds", bad=[
            "/v1/rulesets/boonbane/odds?boons=99999999999999999999"]),
        ("GET", "/v1/rulesets/potential/odds"): any_user(
            "/v1/rulesets/potential/odds?dice=2&resistance=3", bad=["/v1/rulesets/potential/odds"]),
        ("POST", "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds"): [
            Probe(200, odds, bob, b'{"characteristic": "str"}'),
            *bodies(odds, b'{"characteristic": "str"}'),
            Probe(403, odds, zed, b'{"characteristic": "str"}'),
            Probe(404, f"/v1/campaigns/{wish}/characters/none/check-odds", bob, b"{}"),
            Probe(404, f"{c}/characters/{vex}/check-odds", bob, b"{}"),  # generic: no odds
            # More Fortune than the hero has: the state does not allow it, as a roll would not.
            Probe(409, odds, bob, b'{"characteristic": "str", "fortune_points": 5}'),
            Probe(422, odds, bob, b'{"characteristic": "lck"}'),
            Probe(422, f"/v1/campaigns/{wish}/characters/CON/check-odds", bob, b"{}"),
        ],
        ("GET", "/v1/campaigns/{campaign_id}/export"): [
            *campaign_read(f"{c}/export", unknown=["/v1/campaigns/none/export"],
                           bad=["/v1/campaigns/CON/export", f"{c}/export?table_id=.."]),
            Probe(403, f"{c}/export", bob)],  # a player: GM-only rolls are in it
        ("POST", "/v1/verify"): [
            Probe(200, "/v1/verify", ann, b'{"format": "skald-export"}\n', "application/x-ndjson"),
            Probe(401, "/v1/verify", body=b"{}"), Probe(422, "/v1/verify", ann, b" "),
            # Like every other body, an export sent as something else is refused.
            Probe(415, "/v1/verify", ann, b'{"format": "skald-export"}\n', "text/plain"),
            Probe(422, "/v1/verify?campaign_id=..", ann, b"{}")],
    }
    assert set(probes) == set(operations), "every operation of the document has probes here"
    oversized = {("POST", "/v1/commands"), ("POST", "/v1/verify"),
                 ("POST", "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds")}
    rules: set[str] = set()
    for (method, template), declared in sorted(operations.items()):
        seen: set[int] = set()
        for probe in probes[(method, template)]:
            response = await _send(api.client, method, probe)
            where = f"{method} {probe.path} {probe.body!r:.60}"
            assert response.status_code == probe.status, (where, response.text)
            _check_problem(doc, where, response)
            seen.add(response.status_code)
            if response.status_code >= 400:
                rules.add(response.json().get("rule") or "")
        if (method, template) in oversized:
            path = {"/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds": odds
                    }.get(template, template)
            too_big = 2**31 if template == "/v1/verify" else 70_000
            assert await _oversized(api.client, path, ann, too_big) == 413, template
            seen.add(413)
        # 503 (a dependency down) is the second test's; 200 of an encounter is each ruleset's.
        # 429 (a rate limit) is tests/integration/test_rate_limits.py's.
        assert seen == declared - {503, 429} - ({200} if "encounter" in template else set()), (
            method, template, sorted(seen), sorted(declared))
    assert any(" " in rule for rule in rules)  # and their problem types were URIs all the same


def _via(url: str, port: int) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))


async def test_with_a_dependency_down_every_operation_answers_a_declared_status(
        api: Api, database_url: str, redis_url: str) -> None:
    """PostgreSQL away: every /v1 operation answers 503 (the token is checked first), /readyz
    503 naming it. Redis away: whatever an operation answers, it declares it."""
    doc = (await api.client.get("/schema/openapi.json")).json()
    operations = _operations(doc)
    t = await setup_table(api)
    ann, cid = t["ann"], t["cid"]
    pg_url, rd_url = urlsplit(database_url), urlsplit(redis_url)
    pg = TcpRelay(pg_url.hostname or "127.0.0.1", pg_url.port or 5432)
    rd = TcpRelay(rd_url.hostname or "127.0.0.1", rd_url.port or 6379)
    app = create_app(Settings(database_url=_via(database_url, await pg.up()),
                              redis_url=_via(redis_url, await rd.up()), read_wait_ms=2_000))
    concrete = {"{campaign_id}": cid, "{character_id}": t["vex"], "{table_id}": t["table"],
                "{encounter_id}": "e1", "{position}": "1", "{ruleset_id}": "wish"}

    def path_of(template: str) -> str:
        for name, value in concrete.items():
            template = template.replace(name, value)
        return template

    async def answers(client: httpx.AsyncClient) -> dict[tuple[str, str], httpx.Response]:
        out = {}
        for method, template in operations:
            body = b'{"command_id": "dep-1", "type": "RollDice", "payload": {"campaign_id": "' + \
                cid.encode() + b'", "expression": "1d6"}}' if method == "POST" else None
            out[(method, template)] = await _send(client, method, Probe(
                0, path_of(template), None if template.endswith("z") else ann, body))
        return out

    async with served(app) as client:
        assert (await client.get("/v1/me", headers=api.auth(ann))).status_code == 200
        await pg.down()
        await asyncio.sleep(1.2)  # the token cache (1 s) has forgotten the token
        without_pg = await answers(client)
        await pg.up()
        await rd.down()
        without_redis = await answers(client)
        await rd.up()
    for (method, template), response in without_pg.items():
        where = f"postgres down: {method} {template}"
        expected = 200 if template == "/healthz" else 503
        assert response.status_code == expected, (where, response.text)
        _check_problem(doc, where, response)
        assert response.status_code in operations[(method, template)], where
        if expected == 503 and template != "/readyz":
            assert response.json()["field"] == "postgres" and response.headers["retry-after"]
    assert without_pg[("GET", "/readyz")].json()["checks"]["postgres"].startswith("unreachable")
    assert without_pg[("GET", "/readyz")].json()["field"] == "postgres"
    for (method, template), response in without_redis.items():
        where = f"redis down: {method} {template}"
        assert response.status_code in operations[(method, template)], (where, response.text)
        _check_problem(doc, where, response)
    assert without_redis[("GET", "/readyz")].json()["checks"]["redis"].startswith("unreachable")
    assert without_redis[("GET", "/readyz")].json()["field"] == "redis"
    assert without_redis[("GET", "/v1/campaigns/{campaign_id}")].status_code == 503
