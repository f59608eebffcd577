"""Who is asking and what they may see: bearer tokens, campaign roles, GM-only filtering."""

from __future__ import annotations

import math
from collections.abc import Awaitable
from typing import Any, TypeVar

import msgspec
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.exceptions import NotAuthorizedException

from domain.errors import DomainError
from services.entrypoints.refusals import Problem, field_error
from services.entrypoints.state import Services

T = TypeVar("T")


def services_of(request: Request[Any, Any, Any]) -> Services:
    svc: Services = request.app.state.services
    return svc


async def require_token(connection: ASGIConnection[Any, Any, Any, Any]) -> None:
    """Authenticate a /v1 request before its body is read, so no token means 401 first.

    Called from the router's ``before_request`` hook rather than as a Litestar guard: a guard
    gets a fresh copy of the route handler on every request, 5-10% of a command's server time
    in two profiles (``bench/roundtrip.py --profile``)."""
    connection.state.user = user = await _user_of(connection)
    svc: Services = connection.app.state.services
    if svc.rate_limits.enabled:
        wait = await svc.rate_limits.wait_for(bearer_token(connection), user)
        if wait:
            raise Problem(429, "authorization", "rate.limit",
                          f"too many requests for this token or user (at most "
                          f"{svc.rate_limits.per_token or 'unlimited'} a second per token, "
                          f"{svc.rate_limits.per_user or 'unlimited'} per user); retry after "
                          "Retry-After seconds", headers={"Retry-After": str(math.ceil(wait))})


async def current_user(request: Request[Any, Any, Any]) -> str:
    """The user ``require_token`` authenticated."""
    user: str = request.state.user
    return user


def bearer_token(request: ASGIConnection[Any, Any, Any, Any]) -> str:
    """The request's bearer token (401 when there is none)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthorizedException("send 'Authorization: Bearer <token>'; create one with "
                                     "'skald token create --user NAME'")
    return token.strip()


async def _user_of(request: ASGIConnection[Any, Any, Any, Any]) -> str:
    """The user behind the request's bearer token (401 when missing, unknown, expired or
    revoked)."""
    svc: Services = request.app.state.services
    user = await svc.tokens.user_for(bearer_token(request))
    if user is None:
        raise NotAuthorizedException("the bearer token is not known, has expired or was revoked")
    return user


_QUERY_STATUS = {"invalid": 422, "forbidden": 403, "not_found": 404, "conflict": 409,
                 "unavailable": 503}


async def answer(pending: Awaitable[T]) -> T:
    """Await a transport-neutral query (``services.application.queries``); its refusals become problems
    naming the field and the rule, with the status their kind calls for."""
    try:
        return await pending
    except msgspec.ValidationError as err:
        named = field_error({"message": str(err), "source": "body"})
        raise Problem(422, named["field"], "request.schema", named["message"]) from None
    except DomainError as err:
        raise Problem(_QUERY_STATUS.get(err.kind, 422), err.field, err.rule, err.message,
                      headers={"Retry-After": "1"} if err.kind == "unavailable" else None) from None
