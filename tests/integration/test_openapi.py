"""The OpenAPI 3.1 document: JSON at /schema/openapi.json, no HTML, refusals as problems."""

from __future__ import annotations

import json
import uuid
from typing import Any

from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, free_port, served
from tests.integration.test_http import setup_table


async def test_the_document_lists_each_operations_problems(api: Api) -> None:
    response = await api.client.get("/schema/openapi.json")
    assert response.status_code == 200
    doc: dict[str, Any] = response.json()
    assert doc["openapi"].startswith("3.1")
    problem = doc["components"]["schemas"]["ProblemDetails"]
    assert {"type", "title", "status", "detail", "field", "rule"} <= set(problem["properties"])
    for page in ("/schema", "/schema/swagger", "/schema/redoc", "/schema/elements"):
        got = await api.client.get(page)
        assert "<script" not in got.text  # no page that loads scripts (from a CDN or anywhere)
        assert got.status_code == 404 or "html" not in got.headers.get("content-type", ""), page
    operations = {(m, p): op for p, item in doc["paths"].items() for m, op in item.items()
                  if isinstance(op, dict) and "responses" in op}
    commands = operations[("post", "/v1/commands")]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "415", "422", "503"} <= set(commands)
    for (method, path), op in operations.items():
        if not path.startswith("/v1/"):
            continue
        for status, answer in op["responses"].items():
            if status.startswith(("4", "5")):
                [media] = answer["content"]
                assert media == "application/problem+json", (method, path, status)
                assert answer["content"][media]["schema"]["$ref"].endswith("/ProblemDetails")
        assert {"401", "422"} <= set(op["responses"]), (method, path)
        if "{campaign_id}" in path:
            assert {"403", "404"} <= set(op["responses"]), (method, path)


async def test_a_refusal_has_the_documented_shape(api: Api) -> None:
    token = await api.token("ann")
    doc = (await api.client.get("/schema/openapi.json")).json()
    required = set(doc["components"]["schemas"]["ProblemDetails"]["required"])
    response = await api.get(token, "/v1/campaigns/CON")
    assert response.status_code == 422
    assert required <= set(response.json())


def _declared(doc: dict[str, Any], method: str, path: str) -> set[int]:
    return {int(s) for s in doc["paths"][path][method]["responses"]}


def _problem_ok(doc: dict[str, Any], response: Any) -> None:
    """A refusal is problem+json with every field the declared schema requires."""
    if response.status_code < 400:
        return
    assert response.headers["content-type"].startswith("application/problem+json"), response
    ref = "NotReady" if response.url.path == "/readyz" else "ProblemDetails"
    required = set(doc["components"]["schemas"][ref]["required"])
    assert required <= set(response.json()), (ref, response.json())


async def test_a_sample_of_operations_gives_exactly_the_responses_it_declares(
        api: Api, database_url: str) -> None:
    """Provoke every declared status of a command, a campaign read and /readyz, and check that
    nothing undeclared comes back (503 of /v1 reads and /readyz: Redis down, below)."""
    doc = (await api.client.get("/schema/openapi.json")).json()
    t = await setup_table(api)
    ann, bob, cid = t["ann"], t["bob"], t["cid"]
    stranger = await api.token("zed")
    c = api.client

    def envelope(type_: str, payload: dict[str, Any]) -> dict[str, Any]:
        return {"command_id": f"oa-{uuid.uuid4().hex[:10]}", "type": type_, "payload": payload}

    await api.ok(ann, "StartSession", {"campaign_id": cid, "table_id": t["table"]})
    commands = [
        await api.command(ann, "RollDice", {"campaign_id": cid, "expression": "1d6"}),
        await c.post("/v1/commands", content=b'{"command_id": ', headers=api.auth(ann)
                     | {"Content-Type": "application/json"}),
        await c.post("/v1/commands", json=envelope("RollDice", {"campaign_id": cid,
                                                                "expression": "1d6"})),
        await api.command(bob, "AddMember", {"campaign_id": cid, "user": "x", "role": "player"}),
        await api.command(ann, "RollDice", {"campaign_id": "nowhere", "expression": "1d6"}),
        await api.command(ann, "StartSession", {"campaign_id": cid, "table_id": t["table"]}),
        await c.post("/v1/commands", content=b"[" + b" " * 70_000 + b"]",
                     headers=api.auth(ann) | {"Content-Type": "application/json"}),
        await c.post("/v1/commands", content=json.dumps(envelope("RollDice", {})).encode(),
                     headers=api.auth(ann) | {"Content-Type": "text/plain"}),
        await api.command(ann, "RollDice", {"campaign_id": cid, "expression": "2d6*3"}),
    ]
    reads = [
        await api.get(ann, f"/v1/campaigns/{cid}"),
        await c.get(f"/v1/campaigns/{cid}"),
        await api.get(stranger, f"/v1/campaigns/{cid}"),
        await api.get(ann, "/v1/campaigns/nowhere"),
        await api.get(ann, "/v1/campaigns/CON"),
    ]
    for response in [*commands, *reads]:
        _problem_ok(doc, response)
    # A command's 503 (PostgreSQL down) is provoked by tests/e2e/test_faults.py, and 429 (a rate
    # limit) by tests/integration/test_rate_limits.py.
    assert {r.status_code for r in commands} == _declared(doc, "post", "/v1/commands") - {503, 429}
    read_declared = _declared(doc, "get", "/v1/campaigns/{campaign_id}")
    assert {r.status_code for r in reads} == read_declared - {503, 429}
    ready = await c.get("/readyz")
    assert ready.status_code == 200

    # The same service with Redis gone: reads and /readyz answer their declared 503.
    down = create_app(Settings(database_url=database_url,
                               redis_url=f"redis://127.0.0.1:{free_port()}/0"))
    async with served(down) as client:
        not_ready = await client.get("/readyz")
        read = await client.get(f"/v1/campaigns/{cid}", headers=api.auth(ann))
    for response in (not_ready, read):
        assert response.status_code == 503, response.text
        _problem_ok(doc, response)
    assert not_ready.json()["checks"]["redis"].startswith("unreachable")
    assert _declared(doc, "get", "/readyz") == {200, 503}
    assert 503 in read_declared


async def test_every_operation_has_a_named_2xx_schema_and_unique_names(api: Api) -> None:
    """A generator needs a named schema for every answer, one name per schema and a
    discriminator on each union; the document is versioned as the package is."""
    from contracts.commands import ENVELOPES
    from services.entrypoints.http.openapi_doc import package_version

    doc: dict[str, Any] = (await api.client.get("/schema/openapi.json")).json()
    assert doc["info"]["version"] == package_version()
    schemas = doc["components"]["schemas"]
    text_media = {("get", "/v1/campaigns/{campaign_id}/live"): "text/event-stream",
                  ("get", "/v1/campaigns/{campaign_id}/export"): "application/x-ndjson"}
    count = 0
    for path, item in doc["paths"].items():
        for method, op in item.items():
            [ok] = [s for s in op["responses"] if s.startswith("2")]
            [(media, body)] = op["responses"][ok]["content"].items()
            count += 1
            if (method, path) in text_media:
                assert media == text_media[(method, path)], (method, path)
                assert op["responses"][ok]["description"], (method, path)
                continue
            assert media == "application/json", (method, path)
            schema = body["schema"]
            ref = schema.get("$ref") or schema.get("items", {}).get("$ref")
            assert ref and ref.rsplit("/", 1)[-1] in schemas, (method, path, schema)
    assert count >= 23
    titles = [s.get("title") for s in schemas.values() if s.get("title")]
    assert len(titles) == len(set(titles))
    assert all(s.get("title", key) == key for key, s in schemas.items())
    for name in ("WishAttack", "PotentialAttack", "GoldenHeroesStrike", "BoonbaneStartSession",
                 "StartSession", "WishOddsView", "LiveReady", "WireEvent"):
        assert name in schemas, name
    body = doc["paths"]["/v1/commands"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"]["discriminator"]["propertyName"] == "type"
    assert set(body["schema"]["discriminator"]["mapping"]) == set(ENVELOPES)
    assert {"CreateCampaign", "AddMember", "RollDice"} <= set(body["examples"])
    verify = doc["paths"]["/v1/verify"]["post"]["requestBody"]
    assert verify["required"] and set(verify["content"]) == {"application/x-ndjson"}


async def test_verify_refuses_a_body_that_is_not_json_lines(api: Api) -> None:
    token = await api.token("ann")
    line = b'{"format": "skald-export"}\n'
    plain = await api.client.post("/v1/verify", content=line,
                                  headers=api.auth(token) | {"Content-Type": "text/plain"})
    assert plain.status_code == 415, plain.text
    assert (plain.json()["field"], plain.json()["rule"]) == ("Content-Type", "request.media-type")
    untyped = await api.client.post("/v1/verify", content=line, headers=api.auth(token))
    assert untyped.status_code == 415
    for media in ("application/x-ndjson", "application/jsonl", "application/json"):
        ok = await api.client.post("/v1/verify", content=line,
                                   headers=api.auth(token) | {"Content-Type": media})
        assert ok.status_code == 200, (media, ok.text)
