"""The HTTP gateway over real HTTP, PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from services.adapters import read_models as keys
from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, served
from tests.integration.live_stream import read_sse


async def setup_table(api: Api) -> dict[str, Any]:
    """A campaign with a GM (ann), a player (bob), an observer (olga), a table and Bob's character."""
    ann, bob, olga, carl = [await api.token(u) for u in ("ann", "bob", "olga", "carl")]
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Saga"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "carl", "role": "player"})
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "olga", "role": "observer"})
    table = (await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main"}))["events"][0]
    made = await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Vex",
                                                 "sheet": {"hp": 10}})
    # Reads in the tests pass no position: let the read models reach the setup's last write.
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=made["position"])).status_code == 200
    return {"ann": ann, "bob": bob, "olga": olga, "carl": carl, "cid": cid,
            "table": table["data"]["table_id"], "vex": made["events"][0]["data"]["character_id"],
            "position": made["position"]}


async def test_health_needs_no_token_and_everything_else_does(api: Api) -> None:
    assert (await api.client.get("/healthz")).json() == {"status": "ok"}
    ready = (await api.client.get("/readyz")).json()
    assert ready["checks"] == {"postgres": "ok", "migrations": "ok", "redis": "ok"}
    for path in ("/v1/me", "/v1/campaigns", "/v1/campaigns/x"):
        response = await api.client.get(path)
        assert response.status_code == 401
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["field"] == "Authorization"
    bad = await api.client.get("/v1/me", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401 and bad.json()["rule"] == "auth.bearer-token"
    post = await api.client.post("/v1/commands", json={})
    assert post.status_code == 401


async def test_walkthrough_reads_its_own_writes(api: Api) -> None:
    t = await setup_table(api)
    ann, cid = t["ann"], t["cid"]
    seat = await api.ok(t["bob"], "SeatCharacter", {"campaign_id": cid, "table_id": t["table"],
                                                   "character_id": t["vex"]})
    session = await api.ok(ann, "StartSession", {"campaign_id": cid, "table_id": t["table"]})
    roll = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "2d6+3",
                                               "table_id": t["table"], "character_id": t["vex"]})
    campaign = (await api.get(ann, f"/v1/campaigns/{cid}", position=roll["position"])).json()
    assert campaign["members"] == [{"user": "ann", "role": "gm"}, {"user": "bob", "role": "player"},
                                   {"user": "carl", "role": "player"},
                                   {"user": "olga", "role": "observer"}]
    [table] = campaign["tables"]
    assert table["seated"] == [t["vex"]] and table["sessions"][0]["active"] is True
    assert campaign["position"] >= roll["position"] > session["position"] > seat["position"]
    character = (await api.get(t["bob"], f"/v1/campaigns/{cid}/characters/{t['vex']}")).json()
    assert character["name"] == "Vex" and character["owner"] == "bob" and character["sheet"] == {"hp": 10}
    rolls = (await api.get(t["olga"], f"/v1/campaigns/{cid}/rolls", table_id=t["table"])).json()
    [logged] = rolls
    data = logged["data"]
    assert data["expression"] == "2d6+3" and data["actor"] == "bob"
    assert data["total"] == sum(data["terms"][0]["faces"]) + 3
    assert logged["position"] == roll["position"]
    log = (await api.get(ann, f"/v1/campaigns/{cid}/events", after=0, limit=3)).json()
    assert [e["type"] for e in log["events"]] == ["CampaignCreated", "MemberAdded", "MemberAdded"]
    rest = (await api.get(ann, f"/v1/campaigns/{cid}/events", after=log["next_after"])).json()
    assert rest["events"][-1]["type"] == "DiceRolled" and not rest["more"]
    mine = (await api.get(t["bob"], "/v1/campaigns")).json()
    assert mine == [{"campaign_id": cid, "name": "Saga", "ruleset": "generic", "role": "player"}]


async def test_roles_limit_who_acts(api: Api) -> None:
    t = await setup_table(api)
    cid, vex = t["cid"], t["vex"]
    cases = [
        (t["carl"], "RenameCharacter", {"character_id": vex, "name": "Mine"}, "character.owner-only"),
        (t["carl"], "RollDice", {"expression": "1d6", "character_id": vex}, "character.owner-only"),
        (t["olga"], "RollDice", {"expression": "1d6"}, "campaign.observer-reads-only"),
        (t["olga"], "CreateCharacter", {"name": "Spy"}, "campaign.observer-reads-only"),
        (t["bob"], "AddMember", {"user": "zed", "role": "gm"}, "campaign.gm-only"),
        (t["bob"], "StartSession", {"table_id": t["table"]}, "table.gm-only"),
        (t["bob"], "CreateCharacter", {"name": "X", "owner": "carl"}, "character.player-owns-own"),
    ]
    before = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    for token, type_, payload, rule in cases:
        response = await api.command(token, type_, {"campaign_id": cid, **payload})
        assert response.status_code == 403, (type_, response.text)
        assert response.json()["rule"] == rule
    after = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    assert after == before
    outsider = await api.token("zed")
    assert (await api.get(outsider, f"/v1/campaigns/{cid}")).status_code == 403
    assert (await api.get(t["olga"], f"/v1/campaigns/{cid}/characters")).status_code == 200
    renamed = await api.command(t["ann"], "RenameCharacter", {"campaign_id": cid,
                                                               "character_id": vex, "name": "GM"})
    assert renamed.status_code == 200  # a GM may act for any character


async def test_hidden_rolls_reach_gms_only(api: Api) -> None:
    t = await setup_table(api)
    cid = t["cid"]
    captured: dict[str, list[str]] = {"bob": [], "olga": [], "ann": []}
    streams = [asyncio.create_task(read_sse(api, t[u], f"/v1/campaigns/{cid}/live", captured[u]))
               for u in captured]
    await asyncio.sleep(0.5)
    await api.ok(t["ann"], "StartSession", {"campaign_id": cid, "table_id": t["table"]})
    hidden = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "12d1000",
                                                 "visibility": "gm", "table_id": t["table"],
                                                 "label": "secret ambush"})
    blind = await api.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "8d999",
                                                     "visibility": "gm"})
    public = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d6",
                                                 "table_id": t["table"]})
    await api.ok(t["ann"], "EndSession", {"campaign_id": cid, "table_id": t["table"]})
    hidden_event = hidden["events"][0]
    assert blind.status_code == 403 and blind.json()["rule"] == "roll.gm-only-visibility"
    payloads: dict[str, list[str]] = {"bob": [json.dumps(public)], "olga": []}
    for user in ("bob", "olga"):
        for path in (f"/v1/campaigns/{cid}", f"/v1/campaigns/{cid}/rolls",
                     f"/v1/campaigns/{cid}/events", f"/v1/campaigns/{cid}/characters",
                     f"/v1/campaigns/{cid}/tables", "/v1/me", "/v1/campaigns"):
            response = await api.get(t[user], path, position=public["position"]) if "campaigns/" in path \
                else await api.get(t[user], path)
            assert response.status_code == 200, response.text
            payloads[user].append(response.text)
        payloads[user].append(
            (await api.get(t[user], f"/v1/campaigns/{cid}/rolls", table_id=t["table"])).text)
    for _ in range(100):
        if any(f"id: {public['position'] + 1}" in line for line in captured["ann"]) and \
                all(any('"type":"SessionEnded"' in x for x in captured[u]) for u in captured):
            break
        await asyncio.sleep(0.1)
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    payloads["bob"] += captured["bob"]
    payloads["olga"] += captured["olga"]

    faces = json.dumps(hidden_event["data"]["terms"][0]["faces"], separators=(",", ":"))
    secrets = [hidden_event["data"]["roll_id"], faces, "secret ambush", "12d1000", "8d999",
               f'"position":{hidden_event["position"]},', f"id: {hidden_event['position']}",
               ]
    for user in ("bob", "olga"):
        text = "\n".join(payloads[user])
        assert "SessionEnded" in text and "1d6" in text  # they did receive the public events
        for secret in secrets:
            assert secret not in text, (user, secret)
    gm_stream = "\n".join(captured["ann"])
    assert hidden_event["data"]["roll_id"] in gm_stream and "8d999" not in gm_stream
    gm_rolls = (await api.get(t["ann"], f"/v1/campaigns/{cid}/rolls")).json()
    assert [r["data"]["expression"] for r in gm_rolls] == ["1d6", "12d1000"]  # only a GM hides


async def test_live_stream_resumes_from_last_event_id(api: Api) -> None:
    t = await setup_table(api)
    cid = t["cid"]
    first = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d4"})
    missed = [await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": f"{n}d8"})
              for n in (1, 2, 3)]
    lines: list[str] = []
    task = asyncio.create_task(read_sse(api, t["bob"], f"/v1/campaigns/{cid}/live", lines,
                                        **{"Last-Event-ID": str(first["position"])}))
    await asyncio.sleep(0.3)
    after = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "9d9"})
    for _ in range(100):
        if f"id: {after['position']}" in lines:
            break
        await asyncio.sleep(0.1)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    ids = [int(line[4:]) for line in lines if line.startswith("id: ")]
    assert ids == [first["position"]] + [m["position"] for m in missed] + [after["position"]]


BAD_BODIES: list[tuple[Any, int, str]] = [
    (b"{not json", 400, "body"),
    (b"", 400, "body"),
    (b"[]", 422, "body"),
    ({"type": "RollDice", "payload": {"campaign_id": "c", "expression": "1d6"}}, 422, "command_id"),
    ({"command_id": "x", "type": "RollDice", "payload": {}}, 422, "payload.campaign_id"),
    ({"command_id": "x", "type": "Fly", "payload": {}}, 422, "type"),
    ({"command_id": "x", "type": "RollDice"}, 422, "payload"),
    ({"command_id": "x", "type": "RollDice", "payload": {"campaign_id": "c", "expression": 3}},
     422, "payload.expression"),
    ({"command_id": "x", "type": "RollDice", "payload": {"campaign_id": "c", "expression": "1d6",
                                                         "visibility": "secret"}},
     422, "payload.visibility"),
    ({"command_id": "x", "type": "AddMember", "payload": {"campaign_id": "c", "user": "u",
                                                          "role": "king"}}, 422, "payload.role"),
    ({"command_id": "x", "type": "CreateCampaign", "payload": {"name": ""}}, 422, "payload.name"),
    ({"command_id": "x", "type": "CreateCampaign", "payload": {"name": "a", "extra": 1}}, 422,
     "payload.extra"),
    ({"command_id": "x" * 500, "type": "CreateCampaign", "payload": {"name": "a"}}, 422,
     "command_id"),
    ({"command_id": "x", "type": "CreateCampaign", "payload": {"name": "a", "ruleset": "chess"}},
     422, "payload.ruleset"),
    ({"command_id": "x", "type": "RollDice", "payload": {"campaign_id": "nope",
                                                         "expression": "1d6"}}, 404,
     "payload.campaign_id"),
]


@pytest.mark.parametrize(("body", "status", "field"), BAD_BODIES)
async def test_bad_input_gets_a_clear_problem(api: Api, body: Any, status: int, field: str) -> None:
    token = await api.token("ann")
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = await api.client.post("/v1/commands", content=content, headers={
        **api.auth(token), "content-type": "application/json"})
    assert response.status_code == status, response.text
    problem = response.json()
    assert response.headers["content-type"].startswith("application/problem+json")
    assert problem["status"] == status and problem["field"] == field and problem["rule"], problem["errors"]


async def test_bad_dice_and_unknown_things(api: Api) -> None:
    t = await setup_table(api)
    cid = t["cid"]
    for expression in ("", "d", "1d1", "0d6", "101d6", "2d6kh3", "2d6+", "1d6*2", "1d1001"):
        response = await api.command(t["bob"], "RollDice", {"campaign_id": cid,
                                                            "expression": expression})
        assert response.status_code == 422, (expression, response.text)
        assert response.json()["field"] == "payload.expression", expression
    for path, field in ((f"/v1/campaigns/{cid}/characters/nope", "character_id"),
                        (f"/v1/campaigns/{cid}/tables/nope", "table_id"),
                        ("/v1/campaigns/nope", "campaign_id")):
        response = await api.get(t["ann"], path)
        assert response.status_code == 404 and response.json()["field"] == field
    response = await api.get(t["ann"], f"/v1/campaigns/{cid}/rolls", limit="lots")
    assert response.status_code in (400, 422) and response.json()["field"] == "limit"
    response = await api.client.get(f"/v1/campaigns/{cid}/live", headers={
        **api.auth(t["ann"]), "Last-Event-ID": "yesterday"})
    assert response.status_code == 422 and response.json()["field"] == "Last-Event-ID"


async def test_no_input_yields_a_500(api: Api) -> None:
    """Random and hostile inputs on every route: always a 4xx problem, never a 500."""
    import random

    rng = random.Random(7)
    token = await api.token("ann")
    cid = (await api.ok(token, "CreateCampaign", {"name": "Fuzz"}))["campaign_id"]
    values: list[Any] = [None, 0, -1, 2**70, 1.5, "", "x" * 5000, [], {}, {"a": [1]}, True,
                         "\u0000", "../../etc", "1d6", cid]
    fields = ["command_id", "type", "payload", "campaign_id", "expression", "name", "user",
              "role", "table_id", "character_id", "sheet", "visibility", "options"]
    for _ in range(150):
        payload = {rng.choice(fields): rng.choice(values) for _ in range(rng.randint(0, 4))}
        body = {"command_id": rng.choice(values), "type": rng.choice(
            ["RollDice", "CreateCampaign", "AddMember", "CreateCharacter", rng.choice(values)]),
            "payload": rng.choice([payload, rng.choice(values)])}
        response = await api.client.post("/v1/commands", content=json.dumps(body).encode(),
                                          headers=api.auth(token))
        assert 200 <= response.status_code < 500, response.text
        if response.status_code >= 400:
            assert response.json()["status"] == response.status_code
    for path in (f"/v1/campaigns/{cid}/events?after=-1", f"/v1/campaigns/{cid}/events?limit=0",
                 f"/v1/campaigns/{cid}?position=abc", "/v1/campaigns/%00", "/v1/nothing",
                 f"/v1/campaigns/{cid}/rolls?limit=100000"):
        response = await api.client.get(path, headers=api.auth(token))
        assert 400 <= response.status_code < 500, (path, response.text)
    response = await api.client.request("DELETE", "/v1/commands", headers=api.auth(token))
    assert response.status_code == 405
    _ = httpx  # the client library the fixture speaks through


async def test_replies_judge_visibility_by_the_log_when_the_read_models_lag(
        database_url: str, redis_url: str, redis_client: Any) -> None:
    """With no projection at all, a GM's reply still shows their hidden roll: the role comes from
    the campaign's log, not from a read model that has not caught up."""
    app = create_app(Settings(database_url=database_url, redis_url=redis_url), run_projector=False)
    async with served(app) as client:
        api = Api(client, database_url)
        ann = await api.token("ann")
        cid = (await api.ok(ann, "CreateCampaign", {"name": "Unprojected"}))["campaign_id"]
        mine = await api.ok(ann, "RollDice", {"campaign_id": cid, "expression": "1d6",
                                              "visibility": "gm"})
        assert [e["type"] for e in mine["events"]] == ["DiceRolled"]
        assert await redis_client.get(keys.campaign_key(cid)) is None  # nothing was projected


async def test_the_event_log_authorizes_by_the_log_when_the_read_models_lag(
        database_url: str, redis_url: str, redis_client: Any) -> None:
    """The event log is read from the store, so membership is judged by the log too: right after
    CreateCampaign, with nothing projected, the GM reads the log and a stranger is refused."""
    app = create_app(Settings(database_url=database_url, redis_url=redis_url), run_projector=False)
    async with served(app) as client:
        api = Api(client, database_url)
        ann, eve = await api.token("ann"), await api.token("eve")
        cid = (await api.ok(ann, "CreateCampaign", {"name": "Unprojected"}))["campaign_id"]
        await api.ok(ann, "RollDice", {"campaign_id": cid, "expression": "1d6", "visibility": "gm"})
        page = await api.get(ann, f"/v1/campaigns/{cid}/events")
        assert page.status_code == 200, page.text
        assert [e["type"] for e in page.json()["events"]] == ["CampaignCreated", "DiceRolled"]
        stranger = await api.get(eve, f"/v1/campaigns/{cid}/events")
        assert stranger.status_code == 403 and stranger.json()["rule"] == "campaign.member"
        missing = await api.get(ann, "/v1/campaigns/cmp_nothing_here/events")
        assert missing.status_code == 404 and missing.json()["rule"] == "campaign.exists"
        assert await redis_client.get(keys.campaign_key(cid)) is None  # nothing was projected


async def test_campaign_list_is_paged_with_a_link_to_the_next_page(api: Api) -> None:
    ann = await api.token("ann")
    cids = sorted([(await api.ok(ann, "CreateCampaign", {"name": f"P{i}"}))["campaign_id"]
                   for i in range(3)])
    for _ in range(100):  # the listing is a read model: wait for the projector to write it
        first = await api.get(ann, "/v1/campaigns", limit=2)
        if "link" in first.headers:
            break
        await asyncio.sleep(0.05)
    assert [c["campaign_id"] for c in first.json()] == cids[:2]
    assert first.headers["link"] == f'</v1/campaigns?after={cids[1]}&limit=2>; rel="next"'
    rest = await api.get(ann, "/v1/campaigns", after=cids[1], limit=2)
    assert [c["campaign_id"] for c in rest.json()] == cids[2:] and "link" not in rest.headers
    everything = await api.get(ann, "/v1/campaigns")
    assert [c["campaign_id"] for c in everything.json()] == cids
    for bad in (0, 101):
        refused = await api.get(ann, "/v1/campaigns", limit=bad)
        assert refused.status_code == 422 and "limit" in refused.json()["field"]


async def test_a_command_id_sent_to_two_gateways_at_once_is_never_refused(
        api: Api, database_url: str, redis_url: str) -> None:
    """The same command id through two gateway processes at the same moment, many times: one
    records it, the other gets the first reply (never a 409 decided against the state the first
    wrote), and each id is in the log once."""
    t = await setup_table(api)
    other = create_app(Settings(database_url=database_url, redis_url=redis_url), run_projector=False)
    async with served(other) as second:
        for i in range(30):
            body = {"command_id": f"twice-{i}", "type": "RenameCharacter",
                    "payload": {"campaign_id": t["cid"], "character_id": t["vex"],
                                "name": f"Vex {i}"}}
            answers = await asyncio.gather(*(
                client.post("/v1/commands", json=body, headers=api.auth(t["bob"]))
                for client in (api.client, second)))
            assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
            first, replay = sorted((a.json() for a in answers), key=lambda r: r["duplicate"])
            assert (first.pop("duplicate"), replay.pop("duplicate")) == (False, True)
            assert first == replay  # the same events at the same position
    events = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/events", limit=1000)).json()
    ids = [ev["metadata"]["command_id"] for ev in events["events"]
           if ev["type"] == "CharacterRenamed"]
    assert ids == [f"twice-{i}" for i in range(30)]
