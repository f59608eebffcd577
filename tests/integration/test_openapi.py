"""The OpenAPI 3.1 document: JSON at /schema/openapi.json, no HTML, refusals as problems."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api


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
