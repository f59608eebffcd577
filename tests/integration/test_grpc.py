"""The gRPC gateway over real gRPC, PostgreSQL and Redis, beside the HTTP gateway it mirrors."""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import descriptor_pool, message_factory
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

from services.entrypoints.grpc import protogen
from services.entrypoints.grpc.generated import skald_pb2
from services.entrypoints.grpc.status import RpcStatus
from tests.integration.grpc_stack import SERVICE, GrpcError, Stack, generic_table

# ------------------------------------------------------------------ a stock client


def _reflected_roll(target: str, token: str) -> dict[str, Any]:
    """What a stock client does with nothing but reflection: list, resolve, call."""
    with grpc.insecure_channel(target) as channel:
        db = ProtoReflectionDescriptorDatabase(channel)
        services = db.get_services()
        pool = descriptor_pool.DescriptorPool(db)
        service = pool.FindServiceByName(SERVICE)
        execute = service.methods_by_name["Execute"]
        command_cls = message_factory.GetMessageClass(execute.input_type)
        result_cls = message_factory.GetMessageClass(execute.output_type)
        call = channel.unary_unary(f"/{SERVICE}/Execute",
                                   request_serializer=lambda m: m.SerializeToString(),
                                   response_deserializer=result_cls.FromString)
        auth = (("authorization", f"Bearer {token}"),)
        created = call(command_cls(command_id=f"r-{uuid.uuid4().hex}",
                                   create_campaign={"name": "Reflected"}), metadata=auth)
        rolled = call(command_cls(command_id=f"r-{uuid.uuid4().hex}", roll_dice={
            "campaign_id": created.campaign_id, "expression": "3d6+2", "label": "reflex"}),
            metadata=auth)
        [event] = rolled.events
        return {"services": services, "methods": [m.name for m in service.methods],
                "type": event.type, "total": event.dice_rolled.total,
                "faces": list(event.dice_rolled.terms[0].faces),
                "position": rolled.position, "campaign_id": created.campaign_id}


async def test_a_stock_client_with_only_reflection_lists_the_service_and_rolls(stack: Stack) -> None:
    token = await stack.api.token("ann")
    got = await asyncio.to_thread(_reflected_roll, stack.grpc_target, token)
    assert SERVICE in got["services"] and "grpc.health.v1.Health" in got["services"]
    assert {"Execute", "GetCampaign", "Subscribe", "ListRolls"} <= set(got["methods"])
    assert got["type"] == "DiceRolled" and len(got["faces"]) == 3
    assert got["total"] == sum(got["faces"]) + 2 and all(1 <= f <= 6 for f in got["faces"])
    rolls = await stack.grpc.call("ListRolls", token, campaign_id=got["campaign_id"],
                                  position=got["position"])
    assert rolls["rolls"][0]["data"]["total"] == got["total"]


async def test_health_serves_only_while_postgres_and_redis_answer(stack: Stack) -> None:
    stub = health_pb2_grpc.HealthStub(stack.grpc.channel)
    for name in ("", SERVICE):
        for _ in range(50):
            reply = await stub.Check(health_pb2.HealthCheckRequest(service=name))
            if reply.status == health_pb2.HealthCheckResponse.SERVING:
                break
            await asyncio.sleep(0.05)
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    # Redis goes away: the service stops serving, and comes back when Redis does.
    services = stack.services
    real_ping = services.redis.ping

    async def broken_ping() -> None:
        raise ConnectionError("redis is down")

    services.redis.ping = broken_ping
    try:
        for _ in range(50):
            reply = await stub.Check(health_pb2.HealthCheckRequest(service=SERVICE))
            if reply.status == health_pb2.HealthCheckResponse.NOT_SERVING:
                break
            await asyncio.sleep(0.05)
        assert reply.status == health_pb2.HealthCheckResponse.NOT_SERVING
    finally:
        services.redis.ping = real_ping
    for _ in range(50):
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=SERVICE))
        if reply.status == health_pb2.HealthCheckResponse.SERVING:
            break
        await asyncio.sleep(0.05)
    assert reply.status == health_pb2.HealthCheckResponse.SERVING


# ------------------------------------------------------------------ auth and errors


async def test_every_call_but_echo_needs_a_known_bearer_token(stack: Stack) -> None:
    g = stack.grpc
    assert (await g.call("Echo", None, message="hi")) == {"message": "hi"}
    for token in (None, "nope"):
        for name, fields in (("Me", {}), ("GetCampaign", {"campaign_id": "x"}),
                             ("ListCampaigns", {})):
            with pytest.raises(GrpcError) as caught:
                await g.call(name, token, **fields)
            assert caught.value.code == grpc.StatusCode.UNAUTHENTICATED
            assert caught.value.field == "authorization"
            assert caught.value.rule == "auth.bearer-token"
        with pytest.raises(GrpcError) as refused:
            await g.command(token, "CreateCampaign", {"name": "x"})
        assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(GrpcError) as stream_refused:
        async for _ in g.subscribe("nope", "x"):
            pass
    assert stream_refused.value.code == grpc.StatusCode.UNAUTHENTICATED


async def test_roles_limit_who_acts_and_gm_rolls_never_reach_others(stack: Stack) -> None:
    t = await generic_table(stack)
    g, cid = stack.grpc, t["cid"]
    with pytest.raises(GrpcError) as other:
        await g.command(t["carl"], "RenameCharacter", {"campaign_id": cid,
                                                       "character_id": t["vex"], "name": "Mine"})
    assert other.value.code == grpc.StatusCode.PERMISSION_DENIED
    assert other.value.rule == "character.owner-only"
    with pytest.raises(GrpcError) as observer:
        await g.command(t["olga"], "RollDice", {"campaign_id": cid, "expression": "d20"})
    assert observer.value.code == grpc.StatusCode.PERMISSION_DENIED
    hidden = await g.command(t["ann"], "RollDice", {"campaign_id": cid, "expression": "d20",
                                                    "visibility": "gm", "label": "secret"})
    assert hidden["events"][0]["metadata"]["visibility"] == "gm"
    public = await g.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "d4"})
    for user, sees_secret in (("ann", True), ("bob", False), ("olga", False)):
        rolls = await g.call("ListRolls", t[user], campaign_id=cid, position=public["position"])
        labels = [r["data"]["label"] for r in rolls["rolls"]]
        assert ("secret" in labels) is sees_secret, user
        log = await g.call("ListEvents", t[user], campaign_id=cid, after=0, limit=1000)
        assert any(e["data"].get("label") == "secret" for e in log["events"]) is sees_secret
    # A repeat of the GM's command by id is refused to anyone else, and shows nothing.
    with pytest.raises(GrpcError) as replay:
        await g.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "d20",
                                               "visibility": "gm", "label": "secret"},
                        command_id=hidden["command_id"])
    assert replay.value.code == grpc.StatusCode.ABORTED
    assert replay.value.rule == "command.idempotency-key"


async def test_refusals_map_to_status_codes_with_field_and_rule(stack: Stack) -> None:
    t = await generic_table(stack)
    g, cid, ann = stack.grpc, t["cid"], t["ann"]

    async def refused(coro: Any) -> GrpcError:
        with pytest.raises(GrpcError) as caught:
            await coro
        return caught.value

    bad_dice = await refused(g.command(ann, "RollDice", {"campaign_id": cid, "expression": "2x"}))
    assert (bad_dice.code, bad_dice.field, bad_dice.rule) == (
        grpc.StatusCode.INVALID_ARGUMENT, "payload.expression", "generic.dice-notation")
    empty_name = await refused(g.command(ann, "CreateTable", {"campaign_id": cid, "name": ""}))
    assert (empty_name.code, empty_name.field, empty_name.rule) == (
        grpc.StatusCode.INVALID_ARGUMENT, "payload.name", "request.schema")
    bad_role = await refused(g.command(ann, "AddMember", {"campaign_id": cid, "user": "zed",
                                                          "role": "king"}))
    assert (bad_role.code, bad_role.field) == (grpc.StatusCode.INVALID_ARGUMENT, "payload.role")
    no_payload = await refused(g.raw("Execute", ann, skald_pb2.Command(command_id="x1")))
    assert (no_payload.code, no_payload.field) == (grpc.StatusCode.INVALID_ARGUMENT, "payload")
    garbage = await refused(g.raw("Execute", ann, b"\xff\xff\xff"))
    assert garbage.code == grpc.StatusCode.INVALID_ARGUMENT and garbage.rule == "request.protobuf"
    bad_utf8 = await refused(g.raw("GetCampaign", ann, b"\x0a\x02\xc3\x28"))
    assert bad_utf8.code == grpc.StatusCode.INVALID_ARGUMENT
    limit = await refused(g.call("ListRolls", ann, campaign_id=cid, limit=0))
    assert (limit.code, limit.field) == (grpc.StatusCode.INVALID_ARGUMENT, "limit")
    missing = await refused(g.call("GetCampaign", ann, campaign_id="nowhere"))
    assert (missing.code, missing.field, missing.rule) == (
        grpc.StatusCode.NOT_FOUND, "campaign_id", "campaign.exists")
    no_table = await refused(g.call("GetTable", ann, campaign_id=cid, table_id="nope"))
    assert (no_table.code, no_table.rule) == (grpc.StatusCode.NOT_FOUND, "table.exists")
    stranger = await stack.api.token("zed")
    outsider = await refused(g.call("GetCampaign", stranger, campaign_id=cid))
    assert (outsider.code, outsider.rule) == (grpc.StatusCode.PERMISSION_DENIED, "campaign.member")
    await g.command(ann, "StartSession", {"campaign_id": cid, "table_id": t["table"]})
    twice = await refused(g.command(ann, "StartSession", {"campaign_id": cid,
                                                         "table_id": t["table"]}))
    assert twice.code == grpc.StatusCode.FAILED_PRECONDITION and twice.field.startswith("payload")
    # The details carry a google.rpc.Status with a skald.v1.ErrorDetail.
    status = RpcStatus.FromString(twice.trailers["grpc-status-details-bin"])
    assert status.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
    detail = skald_pb2.ErrorDetail.FromString(status.details[0].value)
    assert status.details[0].type_url.endswith("skald.v1.ErrorDetail")
    assert (detail.field, detail.rule, detail.kind) == (twice.field, twice.rule, "conflict")


async def test_reads_own_writes_and_the_stream_resumes_like_http(stack: Stack) -> None:
    t = await generic_table(stack)
    g, cid = stack.grpc, t["cid"]
    character = await g.call("GetCharacter", t["bob"], campaign_id=cid, character_id=t["vex"],
                             position=t["position"])
    assert character["sheet"] == {"hp": 10, "tags": ["a", 1.5]} and character["owner"] == "bob"
    first = await g.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "d6"})
    seen: list[dict[str, Any]] = []

    async def follow(user: str) -> None:
        async for item in g.subscribe(t[user], cid, after=first["position"]):
            seen.append({"user": user, **item})
            if item.get("event", {}).get("data", {}).get("label") == "last":
                return

    tasks = [asyncio.create_task(follow(u)) for u in ("ann", "olga")]
    await g.command(t["ann"], "RollDice", {"campaign_id": cid, "expression": "d8",
                                           "visibility": "gm", "label": "hidden"})
    await g.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "d10",
                                           "label": "last"})
    await asyncio.wait_for(asyncio.gather(*tasks), 20)
    by_user = {u: [i for i in seen if i["user"] == u] for u in ("ann", "olga")}
    for user, items in by_user.items():
        assert items[0]["ready"] == {"campaign_id": cid, "after": first["position"]}
        labels = [i["event"]["data"]["label"] for i in items[1:] if "event" in i]
        assert labels == (["hidden", "last"] if user == "ann" else ["last"]), user
        positions = [i["event"]["position"] for i in items if "event" in i]
        assert positions == sorted(positions) and positions[0] > first["position"]


async def test_the_documented_python_client_runs_against_the_service(stack: Stack,
                                                                     tmp_path: Path) -> None:
    """docs/grpc.md: stubs generated from the checked-in .proto, the client code verbatim."""
    doc = (protogen.ROOT / "docs" / "grpc.md").read_text()
    code = doc.split("```python\n", 1)[1].split("```", 1)[0]
    protogen.protoc(protogen.PROTO_ROOT, tmp_path, grpc_stubs=True)
    (tmp_path / "client.py").write_text(code)
    token = await stack.api.token("you")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "client.py", cwd=tmp_path, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "SKALD_GRPC": stack.grpc_target, "SKALD_TOKEN": token})
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    lines = out.decode().splitlines()
    assert lines[0].startswith("rolled 2d6+3 = ")
    assert lines[1] == "campaign Saga [('you', 'gm')]"
    assert lines[2] == "refused INVALID_ARGUMENT payload.expression generic.dice-notation"
    assert lines[3:] == ["event 1 CampaignCreated", "event 2 DiceRolled"]


async def test_ruleset_views_come_as_the_rulesets_typed_messages(stack: Stack) -> None:
    ann = await stack.api.token("ann")
    g = stack.grpc
    cid = (await g.command(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish"}))[
        "campaign_id"]
    sheet = {"characteristics": {"ag": 2, "fel": 2, "int": 2, "str": 5, "to": 2, "wp": 2},
             "phase": "play"}
    made = await g.command(ann, "CreateCharacter", {"campaign_id": cid, "name": "Titan",
                                                    "character_id": "hero", "sheet": sheet})
    started = await g.command(ann, "wish.StartEncounter", {"campaign_id": cid,
                                                           "encounter_id": "brawl",
                                                           "participants": ["hero"]})
    assert made["events"][0]["data"]["sheet"]["characteristics"]["str"] == 5
    request = skald_pb2.CharacterRequest(campaign_id=cid, character_id="hero",
                                         position=made["position"])
    character = await g.raw("GetCharacter", ann, request)
    assert character.WhichOneof("sheet_kind") == "wish_sheet"
    assert character.wish_sheet.characteristics["str"] == 5
    assert character.wish_sheet.stance.defensive == 2
    assert character.derived.fields["current_wounds"].number_value > 0
    encounter = await g.raw("GetEncounter", ann, skald_pb2.EncounterRequest(
        campaign_id=cid, encounter_id="brawl", position=started["position"]))
    assert encounter.WhichOneof("view") == "wish"
    assert list(encounter.wish.participants) == ["hero"] and encounter.wish.active
    odds = await g.raw("PoolOdds", ann, skald_pb2.PoolOddsRequest(ruleset_id="wish",
                                                                  params={"pool": "CHR:1"}))
    assert odds.WhichOneof("view") == "wish" and odds.wish.p_success == "1/2"
    # A generic campaign's sheet stays free-form.
    plain = (await g.command(ann, "CreateCampaign", {"name": "Plain"}))["campaign_id"]
    vex = await g.command(ann, "CreateCharacter", {"campaign_id": plain, "name": "Vex",
                                                   "sheet": {"hp": 3}})
    free = await g.raw("GetCharacter", ann, skald_pb2.CharacterRequest(
        campaign_id=plain, character_id=vex["events"][0]["data"]["character_id"],
        position=vex["position"]))
    assert free.WhichOneof("sheet_kind") == "sheet" and free.sheet.fields["hp"].number_value == 3


async def test_grpc_refuses_bad_strings_ids_and_numbers_as_http_does(stack: Stack) -> None:
    """NUL, a lone surrogate, an id outside the id grammar and a non-finite number are
    INVALID_ARGUMENT with the field and rule HTTP names for the same input; nothing appended."""
    t = await generic_table(stack)
    g, api, cid, ann = stack.grpc, stack.api, t["cid"], t["ann"]

    async def refused(coro: Any) -> GrpcError:
        with pytest.raises(GrpcError) as caught:
            await coro
        assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
        return caught.value

    async def over_http(type_: str, payload: dict[str, Any]) -> tuple[str, str]:
        got = await api.command(ann, type_, payload)
        assert got.status_code == 422, got.text
        return got.json()["field"], got.json()["rule"]

    before = (await g.call("ListEvents", ann, campaign_id=cid, after=0, limit=1000))["events"]
    cases: list[tuple[str, dict[str, Any], tuple[str, str]]] = [
        ("CreateTable", {"campaign_id": cid, "name": "a\x00b"}, ("payload.name", "request.no-nul")),
        ("CreateCharacter", {"campaign_id": cid, "name": "Nul", "sheet": {"note": "x\x00"}},
         ("payload.sheet.note", "request.no-nul")),
        ("RollDice", {"campaign_id": "..", "expression": "1d6"},
         ("payload.campaign_id", "request.id-grammar")),
        ("RollDice", {"campaign_id": cid, "table_id": "CON", "expression": "1d6"},
         ("payload.table_id", "request.id-grammar")),
    ]
    for type_, payload, (field, rule) in cases:
        err = await refused(g.command(ann, type_, payload))
        assert (err.field, err.rule) == (field, rule), (type_, payload, err)
        assert await over_http(type_, payload) == (field, rule)
    bad_command_id = await refused(g.command(ann, "RollDice", {"campaign_id": cid,
                                                               "expression": "1d6"}, "a b"))
    assert (bad_command_id.field, bad_command_id.rule) == ("command_id", "request.id-grammar")
    reserved = await refused(g.call("GetCampaign", ann, campaign_id="CON"))
    assert (reserved.field, reserved.rule) == ("campaign_id", "request.id-grammar")
    # JSON has no infinity; a protobuf Value can hold one.
    infinite = g.codec.command({"command_id": "inf-1", "type": "CreateCharacter", "payload": {
        "campaign_id": cid, "name": "Inf", "sheet": {"stats": {"hp": [1, 2]}}}})
    infinite.create_character.sheet.fields["stats"].struct_value.fields["hp"].list_value.values[
        1].number_value = float("inf")
    inf = await refused(g.raw("Execute", ann, infinite))
    assert (inf.field, inf.rule) == ("payload.sheet.stats.hp[1]", "request.finite-number")
    # A lone surrogate cannot be sent as a protobuf string; its bytes (U+D800 as UTF-8) can.
    sound = g.codec.command({"command_id": "surrogate-1", "type": "CreateTable",
                             "payload": {"campaign_id": cid, "name": "XYZ"}}).SerializeToString()
    lone = await refused(g.raw("Execute", ann, sound.replace(b"XYZ", b"\xed\xa0\x80")))
    assert lone.rule == "request.unicode"
    after = (await g.call("ListEvents", ann, campaign_id=cid, after=0, limit=1000))["events"]
    assert after == before


async def test_grpc_refuses_deep_and_large_messages_as_http_does(stack: Stack) -> None:
    """A sheet nested deeper than the body limit (32), far deeper than protobuf reads (200),
    or a command larger than a body may be (64 KiB): INVALID_ARGUMENT with the rule HTTP gives
    (request.depth, request.size); nothing appended."""
    t = await generic_table(stack)
    g, api, cid, ann = stack.grpc, stack.api, t["cid"], t["ann"]

    def nested(depth: int) -> dict[str, Any]:
        sheet: dict[str, Any] = {"hp": 1}
        for _ in range(depth - 1):
            sheet = {"a": sheet}
        return sheet

    before = (await g.call("ListEvents", ann, campaign_id=cid, after=0, limit=1000))["events"]
    cases = [("CreateCharacter", {"campaign_id": cid, "name": "Deep", "sheet": nested(31)},
              "request.depth", 422),
             ("CreateCharacter", {"campaign_id": cid, "name": "Deeper", "sheet": nested(200)},
              "request.depth", 422),
             ("CreateTable", {"campaign_id": cid, "name": "x" * 70_000}, "request.size", 413)]
    for type_, payload, rule, http_status in cases:
        with pytest.raises(GrpcError) as caught:
            await g.command(ann, type_, payload)
        assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
        assert (caught.value.field, caught.value.rule) == ("body", rule), caught.value
        over_http = await api.command(ann, type_, payload)
        assert over_http.status_code == http_status, over_http.text
        assert (over_http.json()["field"], over_http.json()["rule"]) == ("body", rule)
    # One level less than the limit is a sheet like any other.
    made = await g.command(ann, "CreateCharacter", {"campaign_id": cid, "name": "Fine",
                                                    "sheet": nested(30)})
    assert made["events"][0]["type"] == "CharacterCreated"
    after = (await g.call("ListEvents", ann, campaign_id=cid, after=0, limit=1000))["events"]
    assert len(after) == len(before) + 1
