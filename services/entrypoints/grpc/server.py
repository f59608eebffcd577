"""The gRPC gateway: ``skald.v1.Skald`` on grpcio asyncio, with health and reflection.

Every call runs the same code as its HTTP route (``services.application.queries`` and the
command pipeline): the bearer token comes from the ``authorization``
metadata, GM-only events are filtered the same way, and the live stream is
the same backfill-then-relay generator. Requests arrive as bytes and are
parsed here, so a malformed message is INVALID_ARGUMENT, never INTERNAL.

Refusals map to status codes (the field and the rule in the details):

=====================================  ====================
``invalid`` rule, schema, bad bytes    INVALID_ARGUMENT
``not_found``                          NOT_FOUND
``forbidden``                          PERMISSION_DENIED
``conflict`` (state does not allow)    FAILED_PRECONDITION
``conflict`` on concurrency/idempotency ABORTED
read position not reached yet          UNAVAILABLE
no or unknown bearer token             UNAUTHENTICATED
=====================================  ====================
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import grpc
import msgspec
import structlog
from google.protobuf.message import DecodeError, Message
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from contracts.commands import ENVELOPES
from services.adapters.tokens import while_valid
from services.application import as_of, live_stream, metrics, queries
from services.entrypoints import schema as s
from services.entrypoints.body_limits import check_depth, check_size, check_value, too_deep
from services.entrypoints.grpc import proto_model
from services.entrypoints.grpc.convert import Codec
from services.entrypoints.grpc.status import TOKEN_REFUSED, Refused, refusal, status_of

if TYPE_CHECKING:
    from services.entrypoints.state import Services

log = structlog.get_logger(__name__)
SERVICE_NAME = f"{proto_model.PACKAGE}.{proto_model.SERVICE}"
HEALTH_INTERVAL = 2.0
class Shaped:
    """A reply whose shape is a ruleset's (``schema.RulesetView``)."""

    def __init__(self, ruleset: str, data: Any) -> None:
        self.ruleset = ruleset
        self.data = msgspec.to_builtins(data)


class Typed:
    """A reply some of whose fields are typed by the campaign's ruleset (a character's sheet)."""

    def __init__(self, ruleset: str, data: Any) -> None:
        self.ruleset = ruleset
        self.data = data


def _code_name(context: grpc.aio.ServicerContext[Any, Any]) -> str:
    code = context.code()
    return "OK" if code is None else str(code.name if isinstance(code, grpc.StatusCode) else code)


# A UTF-16 surrogate (U+D800-U+DFFF) encoded as if it were UTF-8: protobuf refuses such a string
# field as a whole message, so it is named here by the same rule HTTP gives it.
_SURROGATE_BYTES = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]")


class Gateway:
    def __init__(self, services: Services, codec: Codec | None = None) -> None:
        self.svc = services
        self.codec = codec or Codec()

    def token(self, context: grpc.aio.ServicerContext[Any, Any]) -> str:
        header = ""
        for key, value in context.invocation_metadata() or ():
            if key == "authorization":
                header = value if isinstance(value, str) else value.decode()
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Refused("unauthenticated", "authorization", "auth.bearer-token",
                          "send 'authorization: Bearer <token>' metadata; create one with "
                          "'skald token create --user NAME'")
        return token.strip()

    async def user(self, context: grpc.aio.ServicerContext[Any, Any]) -> str:
        user = await self.svc.tokens.user_for(self.token(context))
        if user is None:
            raise TOKEN_REFUSED
        return user

    def parse(self, rpc: s.Rpc, raw: bytes) -> Any:
        """Decode a request and give it the HTTP body's checks (size, depth, NUL, surrogates,
        ids, int64); only ``Verify``, which carries an export, may be larger than a body."""
        if rpc.name != "Verify":
            check_size(len(raw))
        name = self.codec.name_of(rpc.request)
        try:
            message = self.codec.cls(name).FromString(raw)
        except DecodeError as err:
            if _SURROGATE_BYTES.search(raw):
                raise Refused("invalid", "body", "request.unicode",
                              "strings may not hold a lone surrogate") from None
            if "MaxDepth" in str(err):  # deeper than protobuf itself reads: beyond MAX_DEPTH too
                raise too_deep() from None
            raise
        if rpc.request == s.COMMAND:
            envelope = self.codec.envelope(message)
            check_depth(envelope)
            check_value(envelope, empty_ids=True)
            return msgspec.convert(envelope, ENVELOPES[envelope["type"]])
        assert isinstance(rpc.request, type)
        value = self.codec.from_proto(message)
        check_depth(value)
        check_value(value, empty_ids=True)
        return msgspec.convert(value, rpc.request)

    def reply(self, rpc: s.Rpc, value: Any) -> bytes:
        if isinstance(value, Shaped):
            return self.codec.ruleset_view(self.codec.name_of(rpc.reply), value.ruleset,
                                           value.data).SerializeToString()
        if isinstance(value, Typed):
            return self.codec.to_proto(self.codec.name_of(rpc.reply), value.data,
                                       ruleset=value.ruleset).SerializeToString()
        if isinstance(value, msgspec.Struct):
            value = msgspec.to_builtins(value)
        return self.codec.to_proto(self.codec.name_of(rpc.reply), value).SerializeToString()

    async def fail(self, context: grpc.aio.ServicerContext[Any, Any], exc: BaseException,
                   rpc: s.Rpc) -> None:
        refused = refusal(exc)
        if refused is None:
            log.error("grpc call failed", rpc=rpc.name, error=repr(exc), exc_info=exc)
            await context.abort(grpc.StatusCode.INTERNAL, "the call could not be completed")
            return
        code, trailers = status_of(refused)
        log.info("grpc call refused", rpc=rpc.name, code=code.name, field=refused.field,
                 rule=refused.rule)
        context.set_trailing_metadata(trailers)
        await context.abort(code, refused.message)

    # ------------------------------------------------------------------ calls

    async def call(self, rpc: s.Rpc, req: Any, user: str) -> Any:
        svc = self.svc
        match rpc.name:
            case "Execute":
                return await queries.execute(svc, req, user)
            case "Me":
                return await queries.me(svc, user)
            case "ListCampaigns":
                return {"campaigns": await queries.campaigns(svc, user)}
            case "GetCampaign":
                return await queries.campaign(svc, user, req.campaign_id, req.position)
            case "ListMembers":
                return {"members": await queries.members(svc, user, req.campaign_id, req.position)}
            case "ListTables":
                return {"tables": await queries.tables(svc, user, req.campaign_id, req.position)}
            case "GetTable":
                return await queries.table(svc, user, req.campaign_id, req.table_id, req.position)
            case "ListCharacters":
                found = await queries.characters(svc, user, req.campaign_id, req.position)
                return Typed(await self.ruleset_of(req.campaign_id), {"characters": found})
            case "GetCharacter":
                one = await queries.character(svc, user, req.campaign_id, req.character_id,
                                              req.position)
                return Typed(await self.ruleset_of(req.campaign_id), one)
            case "GetEncounter":
                encounter = await queries.encounter(svc, user, req.campaign_id, req.encounter_id,
                                                    req.position)
                view = await svc.read_models.campaign(req.campaign_id) or {}
                return Shaped(view.get("ruleset", ""), encounter)
            case "ListRulesets":
                return {"rulesets": queries.rulesets()}
            case "GetRulesetGuide":
                return await queries.ruleset_guide(req.ruleset_id)
            case "GetCampaignAsOf":
                past = await as_of.campaign_as_of(svc, user, req.campaign_id, req.position)
                return Typed(past["campaign"]["ruleset"], past)
            case "PoolOdds":
                return Shaped(req.ruleset_id, await queries.ruleset_odds(req.ruleset_id, req.params))
            case "CheckOdds":
                check = {**req.check, **({"target_id": req.target_id} if req.target_id else {})}
                return {"odds": await queries.check_odds(svc, user, req.campaign_id,
                                                         req.character_id, check)}
            case "Verify":
                return queries.verify(req.export)
            case "ListRolls":
                return {"rolls": await queries.rolls(svc, user, req.campaign_id, req.position,
                                                     req.table_id, req.limit)}
            case "ListEvents":
                return await queries.events_page(svc, user, req.campaign_id, req.after, req.limit,
                                                 req.until)
        raise AssertionError(f"no handler for {rpc.name}")

    async def ruleset_of(self, campaign_id: str) -> str:
        view = await self.svc.read_models.campaign(campaign_id)
        return str(view.get("ruleset", "")) if view else ""

    def unary(self, rpc: s.Rpc) -> Callable[[bytes, grpc.aio.ServicerContext[Any, Any]],
                                            Awaitable[bytes | None]]:
        async def handle(raw: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> bytes | None:
            started = time.perf_counter()
            try:
                return await answer(raw, context)
            finally:  # also when the call is aborted with a refusal
                metrics.GRPC_SECONDS.labels(rpc.name).observe(time.perf_counter() - started)
                metrics.GRPC_REQUESTS.labels(rpc.name, _code_name(context)).inc()

        async def answer(raw: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> bytes | None:
            try:
                if rpc.name == "Echo":
                    req = self.parse(rpc, raw)
                    return self.reply(rpc, {"message": req.message})
                user = await self.user(context)
                req = self.parse(rpc, raw)
                return self.reply(rpc, await self.call(rpc, req, user))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self.fail(context, exc, rpc)
                return None

        return handle

    def stream(self, rpc: s.Rpc) -> Callable[[bytes, grpc.aio.ServicerContext[Any, Any]],
                                             AsyncIterator[bytes]]:
        reply = self.codec.name_of(rpc.reply)

        async def handle(raw: bytes, context: grpc.aio.ServicerContext[Any, Any]
                         ) -> AsyncIterator[bytes]:
            # A stream is counted when it ends; its duration is how long it stayed open.
            started = time.perf_counter()
            try:
                async for item in relay(raw, context):
                    yield item
            finally:
                metrics.GRPC_SECONDS.labels(rpc.name).observe(time.perf_counter() - started)
                metrics.GRPC_REQUESTS.labels(rpc.name, _code_name(context)).inc()

        async def relay(raw: bytes, context: grpc.aio.ServicerContext[Any, Any]
                        ) -> AsyncIterator[bytes]:
            try:
                user = await self.user(context)
                token = self.token(context)
                req = self.parse(rpc, raw)
                items = await self.open_stream(rpc, req, user, token)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self.fail(context, exc, rpc)
                return

            async def still_valid() -> bool:
                return await self.svc.tokens.user_for(token) == user

            # An open stream ends within about a second of its token being revoked or expiring:
            # Subscribe through its grant (``services.adapters.stream_auth``), an export by polling.
            if rpc.name != "Subscribe":
                items = while_valid(items, still_valid)
            try:
                async for item in items:
                    # A live event comes encoded already: once per campaign, not per watcher.
                    yield item if isinstance(item, bytes) else \
                        self.codec.to_proto(reply, item).SerializeToString()
                if rpc.name != "Subscribe" and not await still_valid():
                    raise TOKEN_REFUSED
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self.fail(context, exc, rpc)

        return handle

    async def open_stream(self, rpc: s.Rpc, req: Any, user: str,
                          token: str) -> AsyncIterator[dict[str, Any] | bytes]:
        """Check the call, then return the stream of replies (as dicts, or a live event's
        message already encoded)."""
        if rpc.name == "ExportCampaign":
            lines = await queries.export(self.svc, user, req.campaign_id)

            async def export() -> AsyncIterator[dict[str, Any]]:
                async for line in lines:
                    yield {"json": line.decode()}

            return export()
        role, start = await live_stream.live_start(self.svc, user, req.campaign_id, req.after)

        reply = self.codec.name_of(rpc.reply)

        async def live() -> AsyncIterator[dict[str, Any] | bytes]:
            grant = self.svc.stream_auth.hold(token, user)
            try:
                async for item in live_stream.live(self.svc, req.campaign_id, role, start, grant=grant):
                    if item.entry is not None:
                        entry = item.entry
                        if entry.proto is None:  # the first subscriber encodes it for all
                            entry.proto = self.codec.to_proto(
                                reply, {"event": msgspec.json.decode(entry.raw)}).SerializeToString()
                        yield entry.proto
                    elif item.kind == "event":
                        yield {"event": msgspec.json.decode(item.raw)}
                    elif item.kind == "heartbeat":
                        yield {"heartbeat": {"position": item.position}}
                    elif item.kind == "lagged":
                        raise Refused("unavailable", "after", "live.kept-up",
                                      "the stream fell too far behind its campaign and was "
                                      f"closed; subscribe again with after={item.position}")
                    else:
                        yield {item.kind: item.data}
                if not grant.valid:
                    raise TOKEN_REFUSED
            finally:
                self.svc.stream_auth.release(grant)

        return live()

    def handler(self) -> grpc.GenericRpcHandler:
        handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}
        for rpc in s.RPCS:
            # No deserializer: requests are parsed in the handler, so bad bytes are refused
            # as INVALID_ARGUMENT instead of failing inside grpc as INTERNAL.
            if rpc.streaming:
                handlers[rpc.name] = grpc.unary_stream_rpc_method_handler(self.stream(rpc))
            else:
                handlers[rpc.name] = grpc.unary_unary_rpc_method_handler(self.unary(rpc))
        return grpc.method_handlers_generic_handler(SERVICE_NAME, handlers)


async def _ready(services: Services) -> bool:
    try:
        async with services.store.pool.acquire() as conn:
            await conn.fetchval("SELECT 1")
        await services.redis.ping()
    except Exception:  # readiness reports any failure instead of raising it
        return False
    return True


async def _watch_health(services: Services, servicer: health.aio.HealthServicer,
                        interval: float) -> None:
    """SERVING only while PostgreSQL and Redis answer; checked every ``interval`` seconds."""
    serving = health_pb2.HealthCheckResponse.SERVING
    not_serving = health_pb2.HealthCheckResponse.NOT_SERVING
    while True:
        status = serving if await _ready(services) else not_serving
        for name in ("", SERVICE_NAME):
            await servicer.set(name, status)
        await asyncio.sleep(interval)


async def start_grpc_server(services: Services, host: str, port: int, *,
                            health_interval: float = HEALTH_INTERVAL) -> grpc.aio.Server:
    """Start ``skald.v1.Skald``, health and reflection on ``host:port``; returns the server.

    Stop it with ``await server.stop(grace)``; the health watcher stops with it. With
    ``port`` 0 a free port is chosen: read it from ``server.skald_port``.
    """
    limit = queries.MAX_VERIFY_BYTES + 1024 * 1024  # an export to verify can be large
    # SO_REUSEPORT only for `serve --workers N` (SKALD_GRPC_REUSE_PORT=1): its processes share
    # the port; anything else must not bind a port another server already holds.
    reuse = 1 if os.environ.get("SKALD_GRPC_REUSE_PORT") == "1" else 0
    server = grpc.aio.server(options=[("grpc.so_reuseport", reuse),
                                      ("grpc.max_receive_message_length", limit)])
    gateway = Gateway(services)
    server.add_generic_rpc_handlers((gateway.handler(),))
    servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    for name in ("", SERVICE_NAME):
        await servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    watcher = asyncio.create_task(_watch_health(services, servicer, health_interval))
    original_stop = server.stop

    async def stop(grace: float | None) -> None:
        watcher.cancel()
        await original_stop(grace)

    # The server's stop also stops the health watcher, and it carries the port it bound: two
    # attributes grpc's Server class does not declare.
    server.stop = stop  # type: ignore[method-assign]
    server.skald_port = bound  # type: ignore[attr-defined]
    log.info("grpc serving", host=host, port=bound)
    return server


__all__ = ["Gateway", "Message", "start_grpc_server"]
