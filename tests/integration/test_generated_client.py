"""A Python client generated from the running service's OpenAPI document runs the README
walkthrough, with no generator warning; every body it reads parses into its typed models, with
no field the document does not declare; the client builds as a wheel of its own. The web table's
modules type-check against TypeScript types generated from the same document."""

from __future__ import annotations

import asyncio
import importlib
import io
import sys
from pathlib import Path
from typing import Any

import attrs

from services.entrypoints.http.openapi_doc import package_version
from tests.conftest import Api
from tests.generated_clients import python_client, run, typescript_check, typescript_errors


def undocumented(value: Any, where: str = "body") -> list[str]:
    """Fields a parsed body carries that its model does not declare (a model with declared
    fields keeps the rest in ``additional_properties``; a free-form map declares none)."""
    found: list[str] = []
    if attrs.has(type(value)):
        declared = [f.name for f in attrs.fields(type(value)) if f.name != "additional_properties"]
        extra = getattr(value, "additional_properties", {})
        if declared and extra:
            found += [f"{where}.{key}" for key in extra]
        for name in declared:
            found += undocumented(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += undocumented(item, f"{where}[{i}]")
    return found


def load(project: Path) -> Any:
    sys.path.insert(0, str(project))
    for name in [m for m in sys.modules if m == "skald_client" or m.startswith("skald_client.")]:
        del sys.modules[name]
    return importlib.import_module("skald_client")


async def test_the_generated_python_client_runs_the_walkthrough(api: Api, tmp_path: Path) -> None:
    url = f"{api.client.base_url}/schema/openapi.json"
    project, log = await python_client(url, tmp_path)
    assert "warning" not in log.lower(), log
    load(project)
    try:
        await _walkthrough(api, str(api.client.base_url))
    finally:
        sys.path.remove(str(project))
    # Publishable: the client builds as its own wheel, versioned as the service is.
    await run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
              "--disable-pip-version-check", "-w", tmp_path / "dist", project)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.startswith(f"skald_client-{package_version()}-"), wheel.name


async def _walkthrough(api: Api, base_url: str) -> None:
    from skald_client import AuthenticatedClient, models
    from skald_client.api.default import (
        execute_command,
        export_campaign,
        get_campaign,
        get_character,
        get_events,
        get_members,
        get_rolls,
        verify_export,
    )
    from skald_client.types import File

    tokens = {user: await api.token(user) for user in ("ann", "bob", "olga")}
    clients = {user: AuthenticatedClient(base_url=base_url, token=token)
               for user, token in tokens.items()}
    cid = "sunless-sea"

    async def command(user: str, command_id: str, type_: str, payload: dict[str, Any]) -> Any:
        body = getattr(models, f"{type_}Command").from_dict(
            {"command_id": command_id, "type": type_, "payload": payload})
        response = await execute_command.asyncio_detailed(client=clients[user], body=body)
        assert response.status_code == 200, response.content
        assert isinstance(response.parsed, models.CommandResult)
        assert undocumented(response.parsed) == []
        return response.parsed

    # Ann creates a campaign (she becomes its GM), adds Bob and Olga, and opens a table.
    created = await execute_command.asyncio(client=clients["ann"], body=models.CreateCampaignCommand(
        command_id="walk-1", type_="CreateCampaign",
        payload=models.CreateCampaign(name="The Sunless Sea", campaign_id=cid)))
    assert isinstance(created, models.CommandResult) and created.campaign_id == cid
    await command("ann", "walk-2", "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await command("ann", "walk-3", "AddMember", {"campaign_id": cid, "user": "olga",
                                                 "role": "observer"})
    await command("ann", "walk-4", "CreateTable", {"campaign_id": cid, "table_id": "main",
                                                   "name": "Main table"})
    await command("ann", "walk-5", "StartSession", {"campaign_id": cid, "table_id": "main"})
    # Bob creates his character and seats it; he rolls for it, Ann rolls one only GMs may see.
    await command("bob", "walk-6", "CreateCharacter", {
        "campaign_id": cid, "character_id": "zee", "name": "Zee Captain", "sheet": {"hp": 12}})
    await command("bob", "walk-7", "SeatCharacter", {"campaign_id": cid, "table_id": "main",
                                                     "character_id": "zee"})
    await command("bob", "walk-8", "RollDice", {"campaign_id": cid, "table_id": "main",
                                                "character_id": "zee", "expression": "2d6+1",
                                                "label": "steer"})
    await command("ann", "walk-9", "RollDice", {"campaign_id": cid, "table_id": "main",
                                                "expression": "1d20", "visibility": "gm"})
    last = await command("bob", "walk-10", "RollDice", {"campaign_id": cid,
                                                        "expression": "4d6kh3"})
    # Read the campaign at that position, the members, the character and the roll log.
    campaign = await get_campaign.asyncio(cid, client=clients["olga"], position=last.position)
    assert isinstance(campaign, models.CampaignView), campaign
    assert campaign.position >= last.position and campaign.name == "The Sunless Sea"
    assert {(m.user, m.role) for m in campaign.members} == {
        ("ann", "gm"), ("bob", "player"), ("olga", "observer")}
    assert [t.table_id for t in campaign.tables] == ["main"]
    members = await get_members.asyncio(cid, client=clients["bob"])
    assert isinstance(members, list) and {m.user for m in members} == {"ann", "bob", "olga"}
    zee = await get_character.asyncio(cid, "zee", client=clients["bob"])
    assert isinstance(zee, models.CharacterView), zee
    assert (zee.name, zee.owner, zee.sheet.additional_properties) == ("Zee Captain", "bob",
                                                                      {"hp": 12})
    olga_rolls = await get_rolls.asyncio(cid, client=clients["olga"], table_id="main")
    ann_rolls = await get_rolls.asyncio(cid, client=clients["ann"])
    assert isinstance(olga_rolls, list) and isinstance(ann_rolls, list)
    assert [r.metadata.command_id for r in olga_rolls] == ["walk-8"]  # not Ann's hidden roll
    assert [r.metadata.command_id for r in ann_rolls] == ["walk-10", "walk-9", "walk-8"]
    assert all(r.type_ == "DiceRolled" and r.provenance for r in ann_rolls)
    page = await get_events.asyncio(cid, client=clients["ann"], after=0, limit=5)
    assert isinstance(page, models.EventPage) and len(page.events) == 5 and page.more
    for body in (campaign, members, zee, olga_rolls, ann_rolls, page):
        assert undocumented(body) == [], body
    # Each event, as a live frame carries it, parses into its type's model (``AnyEvent``), its
    # data typed: nothing left over.
    for event in page.events:
        typed = getattr(models, f"{event.type_}Event").from_dict(event.to_dict())
        assert type(typed.data).__name__ == event.type_ and undocumented(typed) == [], typed
    # The export (JSON Lines) read as bytes and sent back to /v1/verify as JSON Lines.
    exported = await export_campaign.asyncio_detailed(cid, client=clients["ann"])
    assert exported.status_code == 200 and exported.content.count(b"\n") >= 10
    report = await asyncio.to_thread(verify_export.sync, client=AuthenticatedClient(
        base_url=base_url, token=tokens["bob"]), body=File(payload=io.BytesIO(exported.content)))
    assert isinstance(report, models.VerifyReport) and report.ok, report
    assert undocumented(report) == []
    # A refusal parses as the documented problem, naming the field and the rule.
    refused = await execute_command.asyncio(client=clients["bob"], body=models.RollDiceCommand(
        command_id="walk-11", type_="RollDice",
        payload=models.RollDice(campaign_id=cid, expression="2d6*3")))
    assert isinstance(refused, models.ProblemDetails)
    assert (refused.status, refused.field) == (422, "payload.expression")


async def test_the_web_tables_modules_type_check_against_generated_types(
        api: Api, tmp_path: Path) -> None:
    output = await typescript_check(f"{api.client.base_url}/schema/openapi.json", tmp_path)
    assert "error" not in output.lower(), output
    # The types are the document's: a well-formed command passes, an unknown command type or a
    # misspelt payload field does not.
    good = await typescript_errors(tmp_path / "web", PROBE.format(
        'await api.command("RollDice", { campaign_id: "c", expression: "1d6" });'))
    assert good == "", good
    bad = await typescript_errors(tmp_path / "web", PROBE.format(
        'await api.command("NoSuchCommand", { campaign_id: "c" });\n'
        'await api.command("RollDice", { campaign_id: "c", expresion: "1d6" });'))
    assert "probe.js(4," in bad and "NoSuchCommand" in bad, bad
    assert "probe.js(5," in bad and "expresion" in bad, bad


PROBE = """import {{ Api }} from "./api.js";
const api = new Api("token");
/** @type {{import("./api.js").CommandResult}} */
{}
"""
