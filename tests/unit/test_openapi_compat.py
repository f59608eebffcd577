"""The OpenAPI document stays compatible with the recorded one (contracts/openapi/v1.json)
unless CHANGELOG.md names the break; and the check finds each kind of break it claims to."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.openapi_compat import (
    CHANGELOG,
    RECORDED,
    breaking_changes,
    current_document,
    unannounced,
)


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(RECORDED.read_text())
    return doc


def test_the_document_breaks_nothing_the_changelog_does_not_name(recorded: dict[str, Any]) -> None:
    changes = breaking_changes(recorded, current_document())
    missing = unannounced(changes, CHANGELOG.read_text())
    assert missing == [], (
        "incompatible with contracts/openapi/v1.json; name each in CHANGELOG.md (in backquotes) "
        "or keep the old shape:\n" + "\n".join(map(str, missing)))


def test_each_kind_of_break_is_found_and_additions_are_not(recorded: dict[str, Any]) -> None:
    new = copy.deepcopy(recorded)
    schemas = new["components"]["schemas"]
    del new["paths"]["/v1/me"]
    del new["paths"]["/v1/campaigns/{campaign_id}"]["get"]["parameters"][0]
    del schemas["CampaignView"]["properties"]["epoch"]
    schemas["RollDice"]["properties"]["expression"] = {"type": "integer"}
    schemas["RollDice"]["required"].append("label")
    schemas["CampaignView"]["properties"]["added"] = {"type": "string"}  # compatible
    new["paths"]["/v1/new"] = new["paths"]["/v1/campaigns"]  # compatible
    found = {(b.subject, b.why) for b in breaking_changes(recorded, new)}
    assert ("/v1/me", "path removed") in found
    assert ("CampaignView.epoch", "field removed") in found
    assert ("RollDice.expression", "type changed") in found
    assert ("RollDice.label", "newly required in a request") in found
    assert any(subject.startswith("GET /v1/campaigns/{campaign_id} ?") for subject, _ in found)
    assert len(found) == 5, found
    assert breaking_changes(recorded, recorded) == []
    named = unannounced(breaking_changes(recorded, new), "## 2.0.0\n- `/v1/me` is gone\n")
    assert "/v1/me" not in {b.subject for b in named} and len(named) == 4


def test_a_new_command_in_the_command_union_is_no_break(recorded: dict[str, Any]) -> None:
    """A request body that accepts one more variant still accepts every client's; one that
    accepts one fewer does not."""
    new = copy.deepcopy(recorded)
    body = new["paths"]["/v1/commands"]["post"]["requestBody"]["content"]["application/json"]
    union = body["schema"]
    variants = union.get("oneOf") or union.get("anyOf")
    assert variants, union
    new["components"]["schemas"]["NewCommand"] = {"type": "object", "properties": {}}
    variants.append({"$ref": "#/components/schemas/NewCommand"})
    assert breaking_changes(recorded, new) == []
    variants.pop()
    variants.pop(0)
    found = {(b.subject, b.why) for b in breaking_changes(recorded, new)}
    assert ("POST /v1/commands body", "type changed") in found
