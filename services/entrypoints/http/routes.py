"""HTTP resources under /v1. Reads come from the Redis read models; writes are commands."""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator
from typing import Annotated, Any, Union
from urllib.parse import quote

import msgspec
from litestar import Request, Router, get, post
from litestar.params import FromPath, HeaderParameter, JSONBody, Parameter, QueryParameter
from litestar.response import Response, ServerSentEvent, ServerSentEventMessage

from contracts.commands import ENVELOPES, CommandEnvelope, CommandResult
from contracts.limits import INT64_MAX
from services.adapters import read_models as keys
from services.application import as_of, live_stream, queries
from services.entrypoints.body_limits import MAX_BODY_BYTES, check_id
from services.entrypoints.http.access import (
    answer,
    bearer_token,
    current_user,
    require_token,
    services_of,
)
from services.entrypoints.http.audit_routes import export_campaign, verify
from services.entrypoints.http.body import limit_body
from services.entrypoints.http.check_odds_docs import check_odds_operation
from services.entrypoints.http.odds_routes import odds_routes
from services.entrypoints.http.openapi import document_problems
from services.entrypoints.http.openapi_views import LiveLagged
from services.entrypoints.refusals import Problem
from services.entrypoints.state import Services

Position = Annotated[int | None, QueryParameter(name="position", ge=1, le=INT64_MAX, required=False,
                                            description="wait until the read models reach this position")]
HEARTBEAT_SECONDS = 15.0
NO_HTTP_METRICS = "no_http_metrics"  # a route's ``opt`` key: leave it out of ``skald_http_*``
_ASCII_DIGITS = re.compile(r"[0-9]{1,19}")


async def execute_command(request: Request[Any, Any, Any], data: Any) -> CommandResult:
    """Execute a command envelope; repeat a command id to get its first result back."""
    envelope: CommandEnvelope = data
    return await queries.execute(services_of(request), envelope, await current_user(request))


def command_route() -> Any:
    # The body is the union of every command's envelope, built from the registry at run time: a
    # type made by code, which mypy cannot read as a type (hence the two ignores).
    union = Union[tuple(ENVELOPES.values())]  # type: ignore[valid-type]  # noqa: UP007
    handler = execute_command
    handler.__annotations__ = {**handler.__annotations__,
                               "data": JSONBody[union]}  # type: ignore[misc,valid-type]
    return post("/commands", status_code=200, summary="Execute a command",
                operation_id="executeCommand", opt={"body_type": union})(handler)


@get("/me", summary="Who the token belongs to")
async def me(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return await queries.me(services_of(request), await current_user(request))


@get("/campaigns", summary="Campaigns the caller is a member of, a page at a time")
async def list_campaigns(
    request: Request[Any, Any, Any],
    after: Annotated[str, QueryParameter(name="after", max_length=200, required=False,
                                         description="the cursor from the previous page's"
                                                     " Link header (a campaign id)")] = "",
    limit: Annotated[int, QueryParameter(name="limit", ge=1, le=keys.LISTING_PAGE_SIZE,
                                         required=False,
                                         description="page size")] = keys.LISTING_PAGE_SIZE,
) -> Response[list[dict[str, Any]]]:
    if after:
        check_id(after, "after")  # the cursor is a campaign id
    page, cursor = await queries.campaigns_page(services_of(request), await current_user(request),
                                                after, limit)
    headers = {"Link": f'</v1/campaigns?after={quote(cursor)}&limit={limit}>; rel="next"'} \
        if cursor is not None else {}
    return Response(page, headers=headers)


@get("/campaigns/{campaign_id:str}", summary="A campaign: members, tables, sessions")
async def get_campaign(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                       position: Position = None) -> dict[str, Any]:
    return await answer(queries.campaign(services_of(request), await current_user(request),
                                         campaign_id, position))


@get("/campaigns/{campaign_id:str}/members", summary="Members and their roles")
async def get_members(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                      position: Position = None) -> list[dict[str, str]]:
    return await answer(queries.members(services_of(request), await current_user(request),
                                        campaign_id, position))


@get("/campaigns/{campaign_id:str}/tables", summary="The campaign's tables")
async def get_tables(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                     position: Position = None) -> list[dict[str, Any]]:
    return await answer(queries.tables(services_of(request), await current_user(request),
                                       campaign_id, position))


@get("/campaigns/{campaign_id:str}/tables/{table_id:str}", summary="One table")
async def get_table(request: Request[Any, Any, Any], campaign_id: FromPath[str], table_id: FromPath[str],
                    position: Position = None) -> dict[str, Any]:
    return await answer(queries.table(services_of(request), await current_user(request),
                                      campaign_id, table_id, position))


@get("/campaigns/{campaign_id:str}/characters", summary="The campaign's characters")
async def get_characters(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                         position: Position = None) -> list[dict[str, Any]]:
    return await answer(queries.characters(services_of(request), await current_user(request),
                                           campaign_id, position))


@get("/campaigns/{campaign_id:str}/characters/{character_id:str}", summary="One character")
async def get_character(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                        character_id: FromPath[str], position: Position = None) -> dict[str, Any]:
    return await answer(queries.character(services_of(request), await current_user(request),
                                          campaign_id, character_id, position))


@get("/campaigns/{campaign_id:str}/rolls", summary="Recent rolls, newest first")
async def get_rolls(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], position: Position = None,
    table_id: Annotated[str | None, QueryParameter(name="table_id", required=False)] = None,
    limit: Annotated[int, QueryParameter(name="limit", ge=1, le=keys.ROLL_LOG_LENGTH)] = 50,
) -> list[dict[str, Any]]:
    return await answer(queries.rolls(services_of(request), await current_user(request),
                                      campaign_id, position, table_id, limit))


@get("/campaigns/{campaign_id:str}/events", summary="The campaign's event log, paged by position")
async def get_events(
    request: Request[Any, Any, Any], campaign_id: FromPath[str],
    after: Annotated[int, QueryParameter(name="after", ge=0, le=INT64_MAX)] = 0,
    limit: Annotated[int, QueryParameter(name="limit", ge=1, le=1000)] = 100,
    until: Annotated[int | None, QueryParameter(
        name="until", ge=0, le=INT64_MAX, required=False,
        description="the last position to include: the log as it stood then")] = None,
) -> dict[str, Any]:
    return await answer(queries.events_page(services_of(request), await current_user(request),
                                            campaign_id, after, limit, until))


@get("/campaigns/{campaign_id:str}/as-of/{position:int}",
     summary="The campaign as it was at a past position of its log",
     description="The campaign, its characters and its encounters as the current reads showed "
                 "them when the log's last event was at `position` (folded from the log up to "
                 "there, from snapshots where they apply). The log up to there: "
                 "`GET /v1/campaigns/{campaign_id}/events?until=<position>`. A position beyond "
                 "the campaign's last event is a 404 (`as-of.position-recorded`).")
async def get_campaign_as_of(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                             position: Annotated[int, Parameter(ge=1, le=INT64_MAX)]
                             ) -> dict[str, Any]:
    return await answer(as_of.campaign_as_of(services_of(request), await current_user(request),
                                             campaign_id, position))


@get("/campaigns/{campaign_id:str}/live", summary="Live events (server-sent events)",
     description="Resumable: send Last-Event-ID (or ?after=) with the last position you saw.",
     opt={NO_HTTP_METRICS: True})
async def live(
    request: Request[Any, Any, Any], campaign_id: FromPath[str],
    after: Annotated[int | None, QueryParameter(name="after", ge=0, le=INT64_MAX,
                                                    required=False)] = None,
    last_event_id: Annotated[str | None, HeaderParameter(name="Last-Event-ID", required=False)] = None,
) -> ServerSentEvent:
    svc = services_of(request)
    resume = after
    if last_event_id is not None:
        text = last_event_id.strip()
        # ASCII digits only ("²".isdigit() is true) and within int64, before any 200 is sent.
        if not _ASCII_DIGITS.fullmatch(text) or int(text) > INT64_MAX:
            raise Problem(422, "Last-Event-ID", "live.resume-position",
                          f"Last-Event-ID must be a position: ASCII digits, at most {INT64_MAX}")
        resume = int(text)
    user = await current_user(request)
    role, start = await answer(live_stream.live_start(svc, user, campaign_id, resume))
    return LiveEventStream(_live_events(svc, campaign_id, role, start, bearer_token(request), user))


async def _live_events(svc: Services, campaign_id: str, role: str, start: int, token: str,
                       user: str) -> AsyncGenerator[bytes, None]:
    """The shared live stream (backfill, then relay; see ``live_stream.live``) as server-sent
    events, each event's message encoded once for every watcher of its campaign; it ends within
    about a second of its token being revoked or expiring, and with a ``lagged`` event (resume
    from its id) when the client stopped reading for too long."""
    grant = svc.stream_auth.hold(token, user)
    try:
        async for item in live_stream.live(svc, campaign_id, role, start,
                                       heartbeat=HEARTBEAT_SECONDS, grant=grant):
            if item.entry is not None:
                yield item.entry.sse
            elif item.kind == "ready":
                yield ServerSentEventMessage(event="ready",
                                             data=msgspec.json.encode(item.data).decode(),
                                             id=str(start)).encode()
            elif item.kind == "lagged":
                yield ServerSentEventMessage(
                    event="lagged", id=str(item.position),
                    data=msgspec.json.encode(LiveLagged(after=item.position, detail=LAGGED)
                                             ).decode()
                ).encode()
            else:
                yield _KEEP_ALIVE
    finally:
        svc.stream_auth.release(grant)


_KEEP_ALIVE = ServerSentEventMessage(comment="keep-alive").encode()


class LiveEventStream(ServerSentEvent):
    """``text/event-stream`` whose messages come already encoded: a live event's message is
    built once per campaign (``services.application.live_entries.Entry``), never once per watcher."""

    def __init__(self, content: AsyncGenerator[bytes, None]) -> None:
        super().__init__(content)
        self.iterator = content


LAGGED = ("this stream fell too far behind its campaign and was closed; "
          "reconnect with Last-Event-ID (or ?after=) set to this event's id")


@get("/campaigns/{campaign_id:str}/encounters/{encounter_id:str}", summary="One encounter")
async def get_encounter(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                        encounter_id: FromPath[str], position: Position = None) -> dict[str, Any]:
    return await answer(queries.encounter(services_of(request), await current_user(request),
                                          campaign_id, encounter_id, position))


@get("/rulesets", summary="The rulesets this service implements")
async def list_rulesets() -> list[dict[str, Any]]:
    return queries.rulesets()


@get("/rulesets/{ruleset_id:str}/guide",
     summary="A ruleset in words: its commands and who may send each, forms, sheet, events",
     description="Labels and short help for each command (the ruleset's and the platform's) and "
                 "its fields, who may send it (`sender`, from the same declarations the service "
                 "enforces), the JSON schema of its payload to build a form from, the sheet's "
                 "fields for creating a character, and a label for each event type.")
async def get_ruleset_guide(ruleset_id: FromPath[str]) -> dict[str, Any]:
    return await answer(queries.ruleset_guide(ruleset_id))


@get("/rulesets/{ruleset_id:str}/odds", include_in_schema=False)
async def unknown_ruleset_odds(ruleset_id: FromPath[str]) -> Any:
    """Every ruleset with odds has a route of its own (``odds_routes``); any other id is a 404."""
    return await answer(queries.ruleset_odds(ruleset_id, {}))


@post("/campaigns/{campaign_id:str}/characters/{character_id:str}/check-odds", status_code=200,
      summary="Odds before you roll: the pool a check would assemble, and its exact distribution",
      operation_class=check_odds_operation())
async def check_odds(request: Request[Any, Any, Any], campaign_id: FromPath[str], character_id: FromPath[str],
                     data: JSONBody[dict[str, Any]]) -> Any:
    return await answer(queries.check_odds(services_of(request), await current_user(request),
                                           campaign_id, character_id, data))


async def before_v1(request: Request[Any, Any, Any]) -> None:
    """``before_request`` hook of every /v1 route: the token (401), then ids and body limits."""
    await require_token(request)
    await limit_body(request)


def v1_router() -> Router:
    return Router(path="/v1", before_request=before_v1,
                  request_max_body_size=MAX_BODY_BYTES, route_handlers=document_problems([
        command_route(), me, list_campaigns, get_campaign, get_members, get_tables, get_table,
        get_characters, get_character, get_rolls, get_events, get_campaign_as_of, live, get_encounter,
        list_rulesets, get_ruleset_guide, *odds_routes(), unknown_ruleset_odds, check_odds,
        export_campaign, verify,
    ]))
