"""The parity test's world: one command sent over both transports, and whether the two answers
agree (``tests/integration/test_parity.py``)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx

from tests.integration.grpc_stack import GrpcError, Stack

# HTTP status -> the gRPC codes it may correspond to
STATUS_CODES: dict[int, set[grpc.StatusCode]] = {
    400: {grpc.StatusCode.INVALID_ARGUMENT},
    401: {grpc.StatusCode.UNAUTHENTICATED},
    403: {grpc.StatusCode.PERMISSION_DENIED},
    404: {grpc.StatusCode.NOT_FOUND},
    409: {grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED},
    422: {grpc.StatusCode.INVALID_ARGUMENT},
    503: {grpc.StatusCode.UNAVAILABLE},
}


@dataclass
class Outcome:
    ok: bool
    value: Any = None  # the result, or (status or code, field, rule) for a refusal


def agree(http: Outcome, over_grpc: Outcome) -> bool:
    """Same result, or the same refusal: a matching status code, the same field and rule."""
    if http.ok != over_grpc.ok:
        return False
    if http.ok:
        return bool(http.value == over_grpc.value)
    status, field_, rule = http.value
    code, grpc_field, grpc_rule = over_grpc.value
    return code in STATUS_CODES.get(status, set()) and (field_, rule) == (grpc_field, grpc_rule)


def http_outcome(response: httpx.Response) -> Outcome:
    if response.status_code == 200:
        return Outcome(True, response.json())
    body = response.json()
    return Outcome(False, (response.status_code, body.get("field"), body.get("rule")))


async def grpc_outcome(call: Any) -> Outcome:
    try:
        return Outcome(True, await call)
    except GrpcError as err:
        return Outcome(False, (err.code, err.field, err.rule))


@dataclass
class World:
    s: Stack
    tokens: dict[str, str]
    ids: dict[str, Any] = field(default_factory=dict)
    commands: dict[str, list[str]] = field(default_factory=dict)  # type -> outcomes
    step: int = 0

    async def both(self, user: str, type_: str, payload: dict[str, Any],
                   **envelope: Any) -> Outcome:
        """Send a command over one transport, then the same envelope over the other."""
        self.step += 1
        command_id = f"p{self.step}-{uuid.uuid4().hex[:10]}"
        token = self.tokens[user]
        http_first = self.step % 2 == 0
        body = {"command_id": command_id, "type": type_, "payload": payload, **envelope}

        async def over_http() -> Outcome:
            return http_outcome(await self.s.api.client.post(
                "/v1/commands", json=body, headers=self.s.api.auth(token)))

        async def over_grpc() -> Outcome:
            g = self.s.grpc
            return await grpc_outcome(reply_over_grpc(g, token, body))

        first = await (over_http() if http_first else over_grpc())
        second = await (over_grpc() if http_first else over_http())
        if first.ok and second.ok:
            assert first.value.pop("duplicate") is False and second.value.pop("duplicate") is True
        http_o, grpc_o = (first, second) if http_first else (second, first)
        assert agree(http_o, grpc_o), (type_, payload, "http:", http_o, "grpc:", grpc_o)
        self.commands.setdefault(type_, []).append("ok" if first.ok else f"refused {first.value}")
        return first


async def reply_over_grpc(g: Any, token: str, body: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = g.codec.from_proto(await g.raw("Execute", token, g.codec.command(body)))
    return result
