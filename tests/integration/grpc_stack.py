"""The gRPC gateway under test: a small client built from the generated messages, the ``stack``
fixture (the HTTP and gRPC gateways on one service over real PostgreSQL and Redis) and a
generic table set up over gRPC."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from redis.asyncio import Redis

from services.application.settings import Settings
from services.entrypoints.app import create_app
from services.entrypoints.grpc.convert import Codec
from services.entrypoints.grpc.server import start_grpc_server
from tests.conftest import Api, served

SERVICE = "skald.v1.Skald"


class GrpcError(Exception):
    def __init__(self, code: grpc.StatusCode, details: str, trailers: dict[str, Any]) -> None:
        super().__init__(f"{code.name}: {details}")
        self.code, self.details, self.trailers = code, details, trailers

    @property
    def field(self) -> str:
        return str(self.trailers.get("skald-field"))

    @property
    def rule(self) -> str:
        return str(self.trailers.get("skald-rule"))


class Grpc:
    """A small client for the gRPC gateway in tests, built from the generated messages."""

    def __init__(self, channel: grpc.aio.Channel, api: Api) -> None:
        self.channel = channel
        self.api = api
        self.codec = Codec()
        self._count = 0
        self.methods = {rpc.name: rpc for rpc in self.codec.schema.rpcs}

    def _types(self, name: str) -> tuple[type[Any], type[Any]]:
        rpc = self.methods[name]
        return self.codec.cls(self.codec.name_of(rpc.request)), self.codec.cls(
            self.codec.name_of(rpc.reply))

    @staticmethod
    def _metadata(token: str | None) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {token}"),) if token else ()

    async def raw(self, name: str, token: str | None, request: Any) -> Any:
        """Call ``name`` with a message (or bytes); the reply message, or ``GrpcError``."""
        _, reply = self._types(name)
        call = self.channel.unary_unary(
            f"/{SERVICE}/{name}",
            request_serializer=lambda m: m if isinstance(m, bytes) else m.SerializeToString(),
            response_deserializer=reply.FromString)
        try:
            return await call(request, metadata=self._metadata(token), timeout=30)
        except grpc.aio.AioRpcError as err:
            raise GrpcError(err.code(), err.details() or "",
                            dict(err.trailing_metadata() or ())) from None

    async def call(self, name: str, token: str | None, **fields: Any) -> dict[str, Any]:
        request, _ = self._types(name)
        message = self.codec.to_proto(request.DESCRIPTOR.name, fields)
        return self.codec.from_proto(await self.raw(name, token, message))

    async def command(self, token: str | None, type_: str, payload: dict[str, Any],
                      command_id: str | None = None) -> dict[str, Any]:
        self._count += 1
        envelope = {"command_id": command_id or f"g-{self._count}-{uuid.uuid4().hex[:8]}",
                    "type": type_, "payload": payload}
        return self.codec.from_proto(await self.raw("Execute", token,
                                                    self.codec.command(envelope)))

    async def subscribe(self, token: str, campaign_id: str, after: int | None = None
                        ) -> AsyncIterator[dict[str, Any]]:
        _, reply = self._types("Subscribe")
        call = self.channel.unary_stream(f"/{SERVICE}/Subscribe",
                                         request_serializer=lambda m: m.SerializeToString(),
                                         response_deserializer=reply.FromString)
        request = self.codec.to_proto("SubscribeRequest", {"campaign_id": campaign_id,
                                                           "after": after})
        stream = call(request, metadata=self._metadata(token))
        try:
            async for item in stream:
                yield self.codec.from_proto(item)
        except grpc.aio.AioRpcError as err:
            raise GrpcError(err.code(), err.details() or "",
                            dict(err.trailing_metadata() or ())) from None
        finally:
            stream.cancel()


@dataclass
class Stack:
    api: Api
    grpc: Grpc
    grpc_target: str
    services: Any


@pytest.fixture
async def stack(database_url: str, redis_url: str, redis_client: Redis) -> AsyncIterator[Stack]:
    """HTTP (uvicorn) and gRPC served from one app and one ``Services``, on free ports."""
    app = create_app(Settings(database_url=database_url, redis_url=redis_url, read_wait_ms=10_000))
    async with served(app) as client:
        services = app.state.services
        grpc_server = await start_grpc_server(services, "127.0.0.1", 0, health_interval=0.2)
        target = f"127.0.0.1:{grpc_server.skald_port}"  # type: ignore[attr-defined]
        try:
            async with grpc.aio.insecure_channel(target) as channel:
                api = Api(client, database_url)
                yield Stack(api=api, grpc=Grpc(channel, api), grpc_target=target,
                            services=services)
        finally:
            await grpc_server.stop(1)


async def generic_table(s: Stack) -> dict[str, Any]:
    """Over gRPC: a campaign with a GM (ann), players bob and carl, an observer (olga), a table
    and Bob's character."""
    ann, bob, olga, carl = [await s.api.token(u) for u in ("ann", "bob", "olga", "carl")]
    g = s.grpc
    cid = (await g.command(ann, "CreateCampaign", {"name": "Saga"}))["campaign_id"]
    for user, role in (("bob", "player"), ("carl", "player"), ("olga", "observer")):
        await g.command(ann, "AddMember", {"campaign_id": cid, "user": user, "role": role})
    table = (await g.command(ann, "CreateTable", {"campaign_id": cid, "name": "Main"}))["events"][0]
    made = await g.command(bob, "CreateCharacter", {"campaign_id": cid, "name": "Vex",
                                                    "sheet": {"hp": 10, "tags": ["a", 1.5]}})
    return {"ann": ann, "bob": bob, "olga": olga, "carl": carl, "cid": cid,
            "table": table["data"]["table_id"], "vex": made["events"][0]["data"]["character_id"],
            "position": made["position"]}
