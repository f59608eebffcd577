"""Bad input gets a 4xx problem naming the field and the rule, never a 5xx, and appends nothing."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx

from services.entrypoints.http.problems import slug
from tests.conftest import Api
from tests.integration.test_http import setup_table
from tests.integration.test_wish_http import wish_campaign

_URI = re.compile(r"^https://[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+$")


async def _log_length(api: Api, t: dict[str, Any]) -> int:
    page = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/events", after=0,
                          limit=1000)).json()
    return len(page["events"])


def _assert_problem(response: httpx.Response, status: int, field: str, rule: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["field"] == field and body["rule"] == rule, body
    assert _URI.match(body["type"]), body["type"]
    return body


async def _post_raw(api: Api, token: str, raw: bytes,
                    content_type: str = "application/json") -> httpx.Response:
    return await api.client.post("/v1/commands", content=raw, headers={
        **api.auth(token), "Content-Type": content_type})


def _roll(t: dict[str, Any], **payload: Any) -> dict[str, Any]:
    return {"command_id": "c-bad-input", "type": "RollDice",
            "payload": {"campaign_id": t["cid"], "expression": "1d6", **payload}}


async def test_deep_nesting_and_oversized_bodies_are_refused(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    deep = b'{"command_id":"c1","type":"RollDice","payload":' + b"[" * 1000 + b"]" * 1000 + b"}"
    _assert_problem(await _post_raw(api, t["bob"], deep), 422, "body", "request.depth")
    big = json.dumps(_roll(t, label="x" * 70_000)).encode()
    _assert_problem(await _post_raw(api, t["bob"], big), 413, "body", "request.size")
    huge = json.dumps(_roll(t, label="x" * 2_000_000)).encode()
    _assert_problem(await _post_raw(api, t["bob"], huge), 413, "body", "request.size")
    assert await _log_length(api, t) == before


async def test_integers_beyond_int64_are_refused(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    events = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/events",
                           after="99999999999999999999")
    _assert_problem(events, 422, "after", "request.schema")
    at = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}", position="99999999999999999999")
    _assert_problem(at, 422, "position", "request.schema")
    for type_, extra in (("RevealRoll", {}), ("Retcon", {"reason": "oops"})):
        body = {"command_id": f"c-{type_}", "type": type_,
                "payload": {"campaign_id": t["cid"], "position": 2**63, **extra}}
        _assert_problem(await _post_raw(api, t["ann"], json.dumps(body).encode()), 422,
                        "payload.position", "request.int64")
    _assert_problem(await _post_raw(api, t["ann"], b'{"command_id":"c","type":"Retcon","payload"'
                                    b':{"campaign_id":"x","position":1e999,"reason":"r"}}'),
                    422, "payload.position", "request.finite-number")
    assert await _log_length(api, t) == before


async def test_last_event_id_beyond_int64_or_not_ascii_is_refused_before_the_stream(api: Api) -> None:
    t = await setup_table(api)
    # "²" as latin-1 (one byte, which the server reads back as "²"), Arabic-Indic 3 as UTF-8.
    for value in (b"99999999999999999999", "\u00b2".encode("latin-1"), "\u0663".encode()):
        response = await api.client.get(f"/v1/campaigns/{t['cid']}/live", headers={
            **api.auth(t["ann"]), "Last-Event-ID": value})  # type: ignore[dict-item]
        _assert_problem(response, 422, "Last-Event-ID", "live.resume-position")
    live = await api.client.get(f"/v1/campaigns/{t['cid']}/live", params={"after": str(2**63)},
                                headers=api.auth(t["ann"]))
    _assert_problem(live, 422, "after", "request.schema")


async def test_nul_characters_and_lone_surrogates_are_refused_naming_the_field(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    nul = json.dumps(_roll(t, label="a\u0000b")).encode()
    _assert_problem(await _post_raw(api, t["bob"], nul), 422, "payload.label", "request.no-nul")
    lone = b'{"command_id":"c","type":"RollDice","payload":{"campaign_id":"x","expression":"1d6",' \
           b'"label":"\\ud800"}}'
    _assert_problem(await _post_raw(api, t["bob"], lone), 422, "payload.label", "request.unicode")
    bad_utf8 = b'{"command_id":"c","type":"RollDice","payload":{"label":"\xff"}}'
    _assert_problem(await _post_raw(api, t["bob"], bad_utf8), 400, "body", "request.utf-8")
    assert await _log_length(api, t) == before


async def test_duplicate_keys_are_refused_naming_the_key(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    raw = (b'{"command_id":"c-dup","type":"RollDice","payload":{"campaign_id":"'
           + t["cid"].encode() + b'","expression":"1d6","visibility":"public","visibility":"gm"}}')
    _assert_problem(await _post_raw(api, t["bob"], raw), 422, "visibility",
                    "request.duplicate-key")
    assert await _log_length(api, t) == before


async def test_a_body_that_is_not_json_gets_415(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    raw = json.dumps(_roll(t)).encode()
    for media in ("text/plain", "application/x-www-form-urlencoded", ""):
        _assert_problem(await _post_raw(api, t["bob"], raw, media), 415, "Content-Type",
                        "request.media-type")
    assert (await _post_raw(api, t["bob"], raw, "application/json; charset=utf-8")).status_code == 200
    assert await _log_length(api, t) == before + 1


async def test_only_a_gm_may_hide_a_roll(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    response = await api.command(t["bob"], "RollDice", {"campaign_id": t["cid"],
                                                        "expression": "1d6", "visibility": "gm"})
    _assert_problem(response, 403, "payload.visibility", "roll.gm-only-visibility")
    assert await _log_length(api, t) == before
    await api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "expression": "1d6",
                                        "visibility": "gm"})


async def test_wish_pool_counts_and_dice_notation_are_ascii_only(api: Api) -> None:
    t = await setup_table(api)
    for pool in ("CHR:²", "CHR:٣", "CHR:３"):
        response = await api.get(t["ann"], "/v1/rulesets/wish/odds", pool=pool)
        assert response.status_code == 422 and response.json()["field"] == "pool", response.text
    before = await _log_length(api, t)
    for notation in ("２d６", "\u0663d6", "1d\u0666", "\u00b2d6", "1d6+\u00b3"):
        roll = await api.command(t["bob"], "RollDice", {"campaign_id": t["cid"],
                                                        "expression": notation})
        _assert_problem(roll, 422, "payload.expression", "generic.dice-notation")
    assert await _log_length(api, t) == before


def test_problem_types_are_uris_whatever_the_rule() -> None:
    assert slug("wish.dice L3-69") == "wish.dice-L3-69"
    assert slug("wish.option_lines L514-528") == "wish.option_lines-L514-528"
    assert _URI.match(f"https://skald.dev/problems/{slug('a  b/c?d')}")


async def test_ids_follow_one_grammar_in_payloads_and_paths(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    for bad in ("..", "CON", "nul.txt", "Lpt1", "a..b", "-x", ".hidden", "a b", "a/b"):
        made = await api.command(t["ann"], "CreateTable", {"campaign_id": t["cid"], "name": "T",
                                                           "table_id": bad})
        assert made.status_code == 422 and made.json()["field"] == "payload.table_id", made.text
        seat = await api.command(t["bob"], "SeatCharacter", {
            "campaign_id": t["cid"], "table_id": t["table"], "character_id": bad})
        assert seat.status_code == 422 and seat.json()["field"] == "payload.character_id"
        replay = await api.command(t["bob"], "RollDice", {"campaign_id": t["cid"],
                                                          "expression": "1d6"}, command_id=bad)
        assert replay.status_code == 422 and replay.json()["field"] == "command_id"
    for bad in ("CON", "nul", "a..b", "-x"):
        read = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/{bad}")
        _assert_problem(read, 422, "character_id", "request.id-grammar")
        read = await api.get(t["ann"], f"/v1/campaigns/{bad}")
        _assert_problem(read, 422, "campaign_id", "request.id-grammar")
    assert await _log_length(api, t) == before
    ok = await api.ok(t["ann"], "CreateTable", {"campaign_id": t["cid"], "name": "T",
                                                "table_id": "con_2.side-room:b"})
    assert ok["events"][0]["data"]["table_id"] == "con_2.side-room:b"


async def test_a_position_beyond_the_head_is_refused_at_once(api: Api) -> None:
    t = await setup_table(api)
    started = asyncio.get_running_loop().time()
    for path in (f"/v1/campaigns/{t['cid']}", f"/v1/campaigns/{t['cid']}/rolls"):
        response = await api.get(t["ann"], path, position=t["position"] + 1_000_000)
        _assert_problem(response, 422, "position", "read.position-beyond-head")
    assert asyncio.get_running_loop().time() - started < 5  # the read wait is 10 s in tests
    at_head = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}", position=t["position"])
    assert at_head.status_code == 200


async def test_a_battery_of_hostile_requests_gets_no_5xx(api: Api) -> None:
    t = await setup_table(api)
    before = await _log_length(api, t)
    cid, auth = t["cid"], api.auth(t["bob"])
    reads = [f"/v1/campaigns/{cid}/events?after=%ff", f"/v1/campaigns/{cid}/events?after=-1",
             f"/v1/campaigns/{cid}/events?limit=1e999", f"/v1/campaigns/{cid}?position=%00",
             f"/v1/campaigns/{cid}?position=\u0663", f"/v1/campaigns/{cid}/characters/%00",
             f"/v1/campaigns/{cid}/characters/%ed%a0%80", "/v1/campaigns?after=%00",
             f"/v1/campaigns/{cid}/rolls?table_id=%00", "/v1/rulesets/%00/odds",
             "/v1/rulesets/wish/odds?pool=CHR:99999999999999999999",
             "/v1/rulesets/wish/odds?pool=%00"]
    for path in reads:
        response = await api.client.get(path, headers=auth)
        assert 400 <= response.status_code < 500, (path, response.status_code, response.text)
        assert response.headers["content-type"].startswith("application/problem+json"), path
    bodies = [b"[]", b'"x"', b"null", b"1e999", b'{"type":5}', b'{"command_id":"c","type":"RollDice"}',
              b'{"command_id":"c","type":"RollDice","payload":[]}', b"{", b"\xef\xbb\xbf{}",
              b'{"command_id":"c","type":"RollDice","payload":{"campaign_id":"' + cid.encode()
              + b'","expression":"1d6","label":"\\u0000"}}']
    for body in bodies:
        for path in ("/v1/commands", f"/v1/campaigns/{cid}/characters/{t['vex']}/check-odds"):
            response = await api.client.post(path, content=body, headers={
                **auth, "Content-Type": "application/json"})
            assert 400 <= response.status_code < 500, (path, body, response.status_code, response.text)
            assert response.json()["field"], (path, body, response.text)
    assert await _log_length(api, t) == before


async def test_no_such_route_or_method_is_a_problem_naming_field_and_rule(api: Api) -> None:
    token = await api.token("ann")
    for path in ("/v1/nope", "/nope", "/v1/campaigns/x/y/z"):
        _assert_problem(await api.get(token, path), 404, "path", "request.route")
    for method, path in (("DELETE", "/v1/commands"), ("PUT", "/v1/me"), ("POST", "/healthz")):
        response = await api.client.request(method, path, headers=api.auth(token))
        _assert_problem(response, 405, "method", "request.method")
        assert response.headers.get("allow"), response.headers


async def test_a_check_odds_target_that_is_not_an_id_is_refused(api: Api) -> None:
    """Found by the fuzz run: a ``target_id`` that is an object (or a number, or a list) was
    looked up as a character and failed with a 500."""
    t = await wish_campaign(api)
    path = f"/v1/campaigns/{t['cid']}/characters/hero/check-odds"
    for target in ({"a": [1]}, 5, ["foe"], True):
        response = await api.client.post(path, json={"characteristic": "str", "target_id": target},
                                         headers=api.auth(t["bob"]))
        _assert_problem(response, 422, "target_id", "request.schema")
    fine = await api.client.post(path, json={"characteristic": "str", "target_id": "foe"},
                                 headers=api.auth(t["bob"]))
    assert fine.status_code == 200, fine.text
