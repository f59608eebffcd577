"""Who is asking and what they may see: bearer tokens, campaign roles, GM-only filtering."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.exceptions import NotAuthorizedException
from litestar.handlers.base import BaseRouteHandler

from services.codec import visible_to
from services.gateway.problems import Problem
from services.gateway.state import Services


def services_of(request: Request[Any, Any, Any]) -> Services:
    svc: Services = request.app.state.services
    return svc


async def require_token(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Guard of every /v1 route: runs before the body is read, so no token means 401 first."""
    connection.state.user = await _user_of(connection)


async def current_user(request: Request[Any, Any, Any]) -> str:
    """The user the guard authenticated."""
    user: str = request.state.user
    return user


async def _user_of(request: ASGIConnection[Any, Any, Any, Any]) -> str:
    """The user behind the request's bearer token (401 when missing or unknown)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthorizedException("send 'Authorization: Bearer <token>'; create one with "
                                     "'skald token create --user NAME'")
    svc: Services = request.app.state.services
    user = await svc.tokens.user_for(token.strip())
    if user is None:
        raise NotAuthorizedException("the bearer token is not known")
    return user


async def wait_for_position(svc: Services, campaign_id: str, position: int | None) -> None:
    """Read-your-writes: wait (bounded) until the campaign's read models reach ``position``."""
    if not position:
        return
    deadline = time.monotonic() + svc.settings.read_wait_ms / 1000
    delay = 0.005
    while await svc.read_models.position(campaign_id) < position:
        if time.monotonic() >= deadline:
            raise Problem(503, "position", "read.position-reached",
                          f"the read models have not reached position {position} yet; retry",
                          headers={"Retry-After": "1"})
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.1)


async def campaign_for(request: Request[Any, Any, Any], campaign_id: str, user: str,
                       position: int | None = None) -> tuple[dict[str, Any], str]:
    """The campaign view and the user's role in it (404 if absent, 403 if not a member)."""
    svc = services_of(request)
    await wait_for_position(svc, campaign_id, position)
    view = await svc.read_models.campaign(campaign_id)
    if view is None:
        raise Problem(404, "campaign_id", "campaign.exists", f"campaign {campaign_id!r} not found")
    role = view.get("members", {}).get(user)
    if role is None:
        raise Problem(403, "campaign_id", "campaign.member",
                      f"{user!r} is not a member of campaign {campaign_id!r}")
    return view, role


def only_visible(events: list[dict[str, Any]], role: str | None) -> list[dict[str, Any]]:
    return [ev for ev in events if visible_to(ev, role)]
