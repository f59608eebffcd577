"""One contract, two transports: every command and every query over HTTP and over gRPC,
against one running service, with the results compared.

Commands: each is sent over one transport, then the same envelope (same command id) over the
other. A recorded command comes back as its first result (so both transports must carry the
same payload: a different one would be refused as a reused idempotency key), a refused one is
refused again, and the refusals must match (status, field, rule). Queries run over both, for a
GM, a player and an observer, and must return the same values. The live stream must deliver the
same events to the same users.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc
import httpx

from contracts.commands import ENVELOPES
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithOdds
from services.entrypoints.http.routes import v1_router
from services.entrypoints.schema import RPCS
from tests.integration.grpc_stack import GrpcError, Stack
from tests.integration.parity_story import run_commands
from tests.integration.parity_world import Outcome, World, agree, grpc_outcome, http_outcome

# Every HTTP route and its gRPC twin: a route added without one fails the test below.
TWINS = {
    "POST /v1/commands": "Execute",
    "GET /v1/me": "Me",
    "GET /v1/campaigns": "ListCampaigns",
    "GET /v1/campaigns/{campaign_id:str}": "GetCampaign",
    "GET /v1/campaigns/{campaign_id:str}/members": "ListMembers",
    "GET /v1/campaigns/{campaign_id:str}/tables": "ListTables",
    "GET /v1/campaigns/{campaign_id:str}/tables/{table_id:str}": "GetTable",
    "GET /v1/campaigns/{campaign_id:str}/characters": "ListCharacters",
    "GET /v1/campaigns/{campaign_id:str}/characters/{character_id:str}": "GetCharacter",
    "GET /v1/campaigns/{campaign_id:str}/rolls": "ListRolls",
    "GET /v1/campaigns/{campaign_id:str}/events": "ListEvents",
    "GET /v1/campaigns/{campaign_id:str}/live": "Subscribe",
    "GET /v1/campaigns/{campaign_id:str}/encounters/{encounter_id:str}": "GetEncounter",
    "GET /v1/rulesets": "ListRulesets",
    "GET /v1/rulesets/{ruleset_id:str}/guide": "GetRulesetGuide",
    "GET /v1/campaigns/{campaign_id:str}/as-of/{position:int}": "GetCampaignAsOf",
    "GET /v1/rulesets/{ruleset_id:str}/odds": "PoolOdds",
    # each ruleset with odds has its own route, its parameters declared by the ruleset
    **{f"GET /v1/rulesets/{r.id}/odds": "PoolOdds" for r in RULESETS.values()
       if isinstance(r, RulesetWithOdds)},
    "POST /v1/campaigns/{campaign_id:str}/characters/{character_id:str}/check-odds": "CheckOdds",
    "GET /v1/campaigns/{campaign_id:str}/export": "ExportCampaign",
    "POST /v1/verify": "Verify",
}


def test_every_http_route_has_a_grpc_twin() -> None:
    routes = {f"{m} {route.path}" for route in v1_router().routes
              for m in getattr(route, "methods", ()) if m not in ("OPTIONS", "HEAD")}
    assert routes - set(TWINS) == set(), "HTTP routes without a gRPC twin (add an Rpc)"
    assert set(TWINS.values()) == {r.name for r in RPCS} - {"Echo"}


@dataclass
class Query:
    rpc: str
    http: Callable[[httpx.AsyncClient, dict[str, str]], Any]
    grpc: dict[str, Any]
    unwrap: str | None = None


def queries(w: World) -> list[Query]:
    cid, wid = w.ids["generic"], w.ids["wish"]
    base = f"/v1/campaigns/{cid}"
    wbase = f"/v1/campaigns/{wid}"

    def get(path: str, **params: Any) -> Callable[[httpx.AsyncClient, dict[str, str]], Any]:
        return lambda client, headers: client.get(path, params=params, headers=headers)

    def post(path: str, body: Any) -> Callable[[httpx.AsyncClient, dict[str, str]], Any]:
        return lambda client, headers: client.post(path, json=body, headers=headers)

    return [
        Query("Me", get("/v1/me"), {}),
        Query("ListCampaigns", get("/v1/campaigns"), {}, "campaigns"),
        Query("GetCampaign", get(base), {"campaign_id": cid}),
        Query("GetCampaign", get(wbase, position=1), {"campaign_id": wid, "position": 1}),
        Query("GetCampaign", get("/v1/campaigns/nowhere"), {"campaign_id": "nowhere"}),
        Query("ListMembers", get(f"{base}/members"), {"campaign_id": cid}, "members"),
        Query("ListTables", get(f"{base}/tables"), {"campaign_id": cid}, "tables"),
        Query("GetTable", get(f"{base}/tables/main"), {"campaign_id": cid, "table_id": "main"}),
        Query("GetTable", get(f"{base}/tables/nope"), {"campaign_id": cid, "table_id": "nope"}),
        Query("ListCharacters", get(f"{base}/characters"), {"campaign_id": cid}, "characters"),
        Query("ListCharacters", get(f"{wbase}/characters"), {"campaign_id": wid}, "characters"),
        Query("GetCharacter", get(f"{base}/characters/vex"),
              {"campaign_id": cid, "character_id": "vex"}),
        Query("GetCharacter", get(f"{wbase}/characters/hero"),
              {"campaign_id": wid, "character_id": "hero"}),
        Query("GetCharacter", get(f"{wbase}/characters/ghost"),
              {"campaign_id": wid, "character_id": "ghost"}),
        Query("GetEncounter", get(f"{wbase}/encounters/brawl"),
              {"campaign_id": wid, "encounter_id": "brawl"}),
        Query("GetEncounter", get(f"{wbase}/encounters/none"),
              {"campaign_id": wid, "encounter_id": "none"}),
        # a Potential combat's own stream: whose turn, who is next (L37)
        Query("GetEncounter", get(f"/v1/campaigns/{w.ids['potential']}/encounters/combat",
                                  position=w.ids["pt_position"]),
              {"campaign_id": w.ids["potential"], "encounter_id": "combat",
               "position": int(w.ids["pt_position"])}),
        Query("ListRolls", get(f"{base}/rolls"), {"campaign_id": cid}, "rolls"),
        Query("ListRolls", get(f"{base}/rolls", table_id="main", limit=1),
              {"campaign_id": cid, "table_id": "main", "limit": 1}, "rolls"),
        Query("ListRolls", get(f"{wbase}/rolls"), {"campaign_id": wid}, "rolls"),
        Query("ListRolls", get(f"{base}/rolls", limit=0), {"campaign_id": cid, "limit": 0}),
        Query("ListEvents", get(f"{base}/events"), {"campaign_id": cid}),
        Query("ListEvents", get(f"{wbase}/events", after=3, limit=5),
              {"campaign_id": wid, "after": 3, "limit": 5}),
        Query("ListEvents", get(f"{wbase}/events", limit=1000), {"campaign_id": wid,
                                                                 "limit": 1000}),
        Query("ListRulesets", get("/v1/rulesets"), {}, "rulesets"),
        Query("GetRulesetGuide", get("/v1/rulesets/wish/guide"), {"ruleset_id": "wish"}),
        Query("GetRulesetGuide", get("/v1/rulesets/golden-heroes/guide"),
              {"ruleset_id": "golden-heroes"}),
        Query("GetRulesetGuide", get("/v1/rulesets/chess/guide"), {"ruleset_id": "chess"}),
        Query("GetCampaignAsOf", get(f"{wbase}/as-of/5"), {"campaign_id": wid, "position": 5}),
        Query("GetCampaignAsOf", get(f"{base}/as-of/3"), {"campaign_id": cid, "position": 3}),
        Query("GetCampaignAsOf", get(f"/v1/campaigns/{w.ids['potential']}/as-of/"
                                     f"{w.ids['pt_position']}"),
              {"campaign_id": w.ids["potential"], "position": int(w.ids["pt_position"])}),
        Query("GetCampaignAsOf", get(f"{wbase}/as-of/{10**9}"),
              {"campaign_id": wid, "position": 10**9}),
        Query("ListEvents", get(f"{wbase}/events", until=4), {"campaign_id": wid, "until": 4}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:2,OFF:1,CHL:1"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:2,OFF:1,CHL:1"}}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:1", downgrade="true"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:1", "downgrade": "true"}}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:1", dice="3"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:1", "dice": "3"}}),
        Query("PoolOdds", get("/v1/rulesets/golden-heroes/odds", wc="2", dc="6", modifier="7"),
              {"ruleset_id": "golden-heroes", "params": {"wc": "2", "dc": "6", "modifier": "7"}}),
        Query("PoolOdds", get("/v1/rulesets/golden-heroes/odds", wc="9", dc="6"),
              {"ruleset_id": "golden-heroes", "params": {"wc": "9", "dc": "6"}}),
        Query("PoolOdds", get("/v1/rulesets/boonbane/odds", modifier="2", boons="3", banes="1",
                              target="14"),
              {"ruleset_id": "boonbane", "params": {"modifier": "2", "boons": "3", "banes": "1",
                                                    "target": "14"}}),
        Query("PoolOdds", get("/v1/rulesets/boonbane/odds", boons="-1"),
              {"ruleset_id": "boonbane", "params": {"boons": "-1"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="3", resistance="10"),
              {"ruleset_id": "potential", "params": {"dice": "3", "resistance": "10"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="2", opposed_dice="1",
                              opposed_bonus="2"),
              {"ruleset_id": "potential", "params": {"dice": "2", "opposed_dice": "1",
                                                     "opposed_bonus": "2"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="0", resistance="3"),
              {"ruleset_id": "potential", "params": {"dice": "0", "resistance": "3"}}),
        Query("PoolOdds", get("/v1/rulesets/generic/odds", pool="CHR:1"),
              {"ruleset_id": "generic", "params": {"pool": "CHR:1"}}),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds", {"characteristic": "str"}),
              {"campaign_id": wid, "character_id": "hero", "check": {"characteristic": "str"}},
              "odds"),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds",
                                {"characteristic": "ag", "target_id": "foe"}),
              {"campaign_id": wid, "character_id": "hero", "target_id": "foe",
               "check": {"characteristic": "ag"}}, "odds"),
        Query("CheckOdds", post(f"/v1/campaigns/{w.ids['boonbane']}/characters/bb-hero/check-odds",
                                {"kind": "attack", "target_id": "bb-foe"}),
              {"campaign_id": w.ids["boonbane"], "character_id": "bb-hero", "target_id": "bb-foe",
               "check": {"kind": "attack"}}, "odds"),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds", {"difficulty": "hard"}),
              {"campaign_id": wid, "character_id": "hero", "check": {"difficulty": "hard"}}),
    ]


async def test_every_command_and_query_means_the_same_over_http_and_grpc(stack: Stack) -> None:
    tokens = {u: await stack.api.token(u) for u in ("ann", "bob", "carl", "olga", "eve")}
    w = World(stack, tokens)
    await run_commands(w)
    assert set(w.commands) == set(ENVELOPES), (
        f"commands without a parity step: {sorted(set(ENVELOPES) - set(w.commands))}")
    recorded = {t for t, outcomes in w.commands.items() if "ok" in outcomes}
    platform = {t for t in ENVELOPES if "." not in t}
    assert platform <= recorded, sorted(platform - recorded)
    assert {"wish.RollCheck", "wish.Attack", "wish.StartEncounter", "wish.EndEncounter"} <= recorded

    # Wait until the read models have everything, then ask both transports the same things.
    await _settle(stack, tokens["ann"], w)
    covered = {"Execute"}
    for q in queries(w):
        covered.add(q.rpc)
        for user in ("ann", "bob", "olga", "eve"):
            headers = stack.api.auth(tokens[user])
            http = http_outcome(await q.http(stack.api.client, headers))
            grpc_result = await grpc_outcome(stack.grpc.call(q.rpc, tokens[user], **q.grpc))
            if grpc_result.ok and q.unwrap:
                grpc_result.value = grpc_result.value[q.unwrap]
            assert agree(http, grpc_result), (q.rpc, q.grpc, user, http, grpc_result)

    covered |= await _live_parity(stack, w, tokens)
    covered |= await _audit_parity(stack, w, tokens)
    assert covered == {r.name for r in RPCS} - {"Echo"}, (
        f"queries without a parity case: {sorted({r.name for r in RPCS} - covered - {'Echo'})}")


async def _settle(st: Stack, token: str, w: World) -> None:
    """Wait until each campaign's read models have applied the whole log."""
    for c in (w.ids["generic"], w.ids["wish"]):
        page = (await st.api.get(token, f"/v1/campaigns/{c}/events", limit=1000)).json()
        position = page["events"][-1]["position"]
        await st.grpc.call("GetCampaign", token, campaign_id=c, position=position)


async def _sse_events(st: Stack, token: str, cid: str, until: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    async with st.api.client.stream("GET", f"/v1/campaigns/{cid}/live", params={"after": 0},
                                       headers=st.api.auth(token)) as response:
        assert response.status_code == 200
        message: dict[str, str] = {}
        async for line in response.aiter_lines():
            if line:
                key, _, value = line.partition(":")
                message[key] = value.strip()
                continue
            if message.get("event") not in (None, "ready") and "data" in message:
                out.append(json.loads(message["data"]))
            if int(message.get("id") or 0) >= until:
                break
            message = {}
    return out


async def _grpc_events(st: Stack, token: str, cid: str, until: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    async for item in st.grpc.subscribe(token, cid, after=0):
        if "event" in item:
            out.append(item["event"])
        position = item.get("event", item.get("ready", {})).get("position", 0)
        if position >= until or item.get("heartbeat", {}).get("position", 0) >= until:
            break
    return out


async def _live_parity(st: Stack, w: World, tokens: dict[str, str]) -> set[str]:
    """The live stream from the start: same events, same order, same filtering, per user."""
    for cid in (w.ids["generic"], w.ids["wish"]):
        page = (await st.api.get(tokens["ann"], f"/v1/campaigns/{cid}/events",
                                    limit=1000)).json()
        until = page["events"][-1]["position"]
        for user in ("ann", "bob", "olga"):
            visible = (await st.api.get(tokens[user], f"/v1/campaigns/{cid}/events",
                                           limit=1000))
            if visible.status_code != 200:
                continue
            last_visible = max((e["position"] for e in visible.json()["events"]), default=0)
            http, over_grpc = await asyncio.wait_for(asyncio.gather(
                _sse_events(st, tokens[user], cid, last_visible),
                _grpc_events(st, tokens[user], cid, last_visible)), 30)
            assert http == over_grpc, (cid, user, len(http), len(over_grpc), _first_difference(
                http, over_grpc))
            assert http == visible.json()["events"] and until >= last_visible
    return {"Subscribe"}


def _first_difference(a: list[Any], b: list[Any]) -> Any:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
    return None


async def _export_over_grpc(st: Stack, token: str, cid: str) -> list[str]:
    g = st.grpc
    _, reply = g._types("ExportCampaign")
    call = g.channel.unary_stream("/skald.v1.Skald/ExportCampaign",
                                  request_serializer=lambda m: m.SerializeToString(),
                                  response_deserializer=reply.FromString)
    stream = call(g.codec.to_proto("CampaignRequest", {"campaign_id": cid}),
                  metadata=g._metadata(token))
    try:
        return [line.json async for line in stream]
    except grpc.aio.AioRpcError as err:
        raise GrpcError(err.code(), err.details() or "", dict(err.trailing_metadata() or ())) from None


async def _audit_parity(st: Stack, w: World, tokens: dict[str, str]) -> set[str]:
    """The export, line for line, and its verification, over both transports."""
    for cid in (w.ids["generic"], w.ids["wish"], "nowhere"):
        for user in ("ann", "bob", "eve"):
            response = await st.api.client.get(f"/v1/campaigns/{cid}/export",
                                               headers=st.api.auth(tokens[user]))
            http = Outcome(True, response.text.splitlines()) if response.status_code == 200 \
                else http_outcome(response)
            over_grpc = await grpc_outcome(_export_over_grpc(st, tokens[user], cid))
            assert agree(http, over_grpc), (cid, user, http, over_grpc)
            if http.ok and cid == w.ids["wish"]:
                body = "\n".join(http.value).encode() + b"\n"
                verified = http_outcome(await st.api.client.post(
                    "/v1/verify", content=body, headers=st.api.auth(tokens[user])
                    | {"Content-Type": "application/x-ndjson"}))
                again = await grpc_outcome(st.grpc.call("Verify", tokens[user], export=body))
                assert verified.ok and agree(verified, again), (verified, again)
    empty = http_outcome(await st.api.client.post("/v1/verify", content=b" ",
                                                  headers=st.api.auth(tokens["bob"])
                                                  | {"Content-Type": "application/x-ndjson"}))
    refused = await grpc_outcome(st.grpc.call("Verify", tokens["bob"], export=b" "))
    assert agree(empty, refused), (empty, refused)
    return {"ExportCampaign", "Verify"}
