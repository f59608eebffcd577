"""HTTP resources under /v1. Reads come from the Redis read models; writes are commands."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from typing import Annotated, Any, Union

import msgspec
from litestar import Request, Router, get, post
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from contracts.commands import ENVELOPES, CommandEnvelope, CommandResult
from domain.rulesets import RULESETS
from services import read_models as keys
from services.codec import wire_event
from services.gateway.access import (
    campaign_for,
    current_user,
    only_visible,
    require_token,
    services_of,
)
from services.gateway.problems import Problem, field_error
from services.gateway.state import Services
from services.projector import LiveMessage

Position = Annotated[int | None, QueryParameter(name="position", ge=1, required=False,
                                            description="wait until the read models reach this position")]
HEARTBEAT_SECONDS = 15.0


async def execute_command(request: Request[Any, Any, Any], data: Any) -> CommandResult:
    """Execute a command envelope; repeat a command id to get its first result back."""
    svc = services_of(request)
    user = await current_user(request)
    envelope: CommandEnvelope = data
    result = await svc.pipeline.execute(envelope, user)
    view = await svc.read_models.campaign(result.campaign_id)
    role = view.get("members", {}).get(user) if view else None
    if type(envelope).__struct_config__.tag == "CreateCampaign":
        role = "gm"
    result.events = only_visible(result.events, role)
    return result


def command_route() -> Any:
    union = Union[tuple(ENVELOPES.values())]  # type: ignore[valid-type]  # noqa: UP007
    handler = execute_command
    handler.__annotations__ = {**handler.__annotations__, "data": union}
    return post("/commands", status_code=200, summary="Execute a command",
                operation_id="executeCommand", opt={"body_type": union})(handler)


@get("/me", summary="Who the token belongs to")
async def me(request: Request[Any, Any, Any]) -> dict[str, Any]:
    user = await current_user(request)
    campaigns = await services_of(request).read_models.campaigns_of(user)
    return {"user": user, "campaigns": campaigns}


@get("/campaigns", summary="Campaigns the caller is a member of")
async def list_campaigns(request: Request[Any, Any, Any]) -> list[dict[str, Any]]:
    user = await current_user(request)
    svc = services_of(request)
    out = []
    for cid in await svc.read_models.campaigns_of(user):
        view = await svc.read_models.campaign(cid)
        if view and user in view.get("members", {}):
            out.append({"campaign_id": cid, "name": view["name"], "ruleset": view["ruleset"],
                        "role": view["members"][user]})
    return out


def _campaign_body(view: dict[str, Any], position: int) -> dict[str, Any]:
    members = [{"user": u, "role": r} for u, r in sorted(view["members"].items())]
    return {**view, "members": members, "tables": list(view["tables"].values()), "position": position}


@get("/campaigns/{campaign_id:str}", summary="A campaign: members, tables, sessions")
async def get_campaign(request: Request[Any, Any, Any], campaign_id: str,
                       position: Position = None) -> dict[str, Any]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    return _campaign_body(view, await services_of(request).read_models.position(campaign_id))


@get("/campaigns/{campaign_id:str}/members", summary="Members and their roles")
async def get_members(request: Request[Any, Any, Any], campaign_id: str,
                      position: Position = None) -> list[dict[str, str]]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    return [{"user": u, "role": r} for u, r in sorted(view["members"].items())]


@get("/campaigns/{campaign_id:str}/tables", summary="The campaign's tables")
async def get_tables(request: Request[Any, Any, Any], campaign_id: str,
                     position: Position = None) -> list[dict[str, Any]]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    return list(view["tables"].values())


@get("/campaigns/{campaign_id:str}/tables/{table_id:str}", summary="One table")
async def get_table(request: Request[Any, Any, Any], campaign_id: str, table_id: str,
                    position: Position = None) -> dict[str, Any]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    table: dict[str, Any] | None = view["tables"].get(table_id)
    if table is None:
        raise Problem(404, "table_id", "table.exists", f"table {table_id!r} not found")
    return table


def _with_derived(character: dict[str, Any], campaign: dict[str, Any]) -> dict[str, Any]:
    """A character as read: its folded state plus what its ruleset derives from the sheet."""
    ruleset = RULESETS.get(campaign["ruleset"])
    if ruleset is not None and hasattr(ruleset, "derived") and character.get("sheet"):
        return {**character, "derived": ruleset.derived(character["sheet"], campaign["options"])}
    return character


@get("/campaigns/{campaign_id:str}/characters", summary="The campaign's characters")
async def get_characters(request: Request[Any, Any, Any], campaign_id: str,
                         position: Position = None) -> list[dict[str, Any]]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    return [_with_derived(ch, view)
            for ch in await services_of(request).read_models.characters(campaign_id)]


@get("/campaigns/{campaign_id:str}/characters/{character_id:str}", summary="One character")
async def get_character(request: Request[Any, Any, Any], campaign_id: str, character_id: str,
                        position: Position = None) -> dict[str, Any]:
    view, _ = await campaign_for(request, campaign_id, await current_user(request), position)
    character = await services_of(request).read_models.character(campaign_id, character_id)
    if character is None:
        raise Problem(404, "character_id", "character.exists",
                      f"character {character_id!r} not found")
    return _with_derived(character, view)


@get("/campaigns/{campaign_id:str}/rolls", summary="Recent rolls, newest first")
async def get_rolls(
    request: Request[Any, Any, Any], campaign_id: str, position: Position = None,
    table_id: Annotated[str | None, QueryParameter(name="table_id", required=False)] = None,
    limit: Annotated[int, QueryParameter(name="limit", ge=1, le=keys.ROLL_LOG_LENGTH)] = 50,
) -> list[dict[str, Any]]:
    _, role = await campaign_for(request, campaign_id, await current_user(request), position)
    rolls = await services_of(request).read_models.rolls(campaign_id, table_id, keys.ROLL_LOG_LENGTH)
    return only_visible(rolls, role)[:limit]


@get("/campaigns/{campaign_id:str}/events", summary="The campaign's event log, paged by position")
async def get_events(
    request: Request[Any, Any, Any], campaign_id: str,
    after: Annotated[int, QueryParameter(name="after", ge=0)] = 0,
    limit: Annotated[int, QueryParameter(name="limit", ge=1, le=1000)] = 100,
) -> dict[str, Any]:
    _, role = await campaign_for(request, campaign_id, await current_user(request))
    rows = await services_of(request).store.read_campaign(campaign_id, after, limit)
    events = only_visible([wire_event(r) for r in rows], role)
    next_after = rows[-1].position if rows else after
    return {"events": events, "next_after": next_after, "more": len(rows) == limit}


@get("/campaigns/{campaign_id:str}/live", summary="Live events (server-sent events)",
     description="Resumable: send Last-Event-ID (or ?after=) with the last position you saw.")
async def live(
    request: Request[Any, Any, Any], campaign_id: str,
    after: Annotated[int | None, QueryParameter(name="after", ge=0, required=False)] = None,
    last_event_id: Annotated[str | None, HeaderParameter(header="Last-Event-ID", required=False)] = None,
) -> ServerSentEvent:
    user = await current_user(request)
    _, role = await campaign_for(request, campaign_id, user)
    svc = services_of(request)
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise Problem(400, "Last-Event-ID", "live.resume-position",
                          "Last-Event-ID must be a position (a non-negative integer)")
        start = int(last_event_id)
    elif after is not None:
        start = after
    else:
        start = await svc.read_models.position(campaign_id)
    return ServerSentEvent(_live_events(request, campaign_id, role, start))


async def _live_events(request: Request[Any, Any, Any], campaign_id: str, role: str,
                       start: int) -> AsyncGenerator[ServerSentEventMessage, None]:
    """Backfill from the log past ``start``, then relay the live channel without gaps or repeats."""
    svc = services_of(request)
    last = start
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    async with svc.channels.start_subscription([keys.live_channel(campaign_id)]) as subscriber:
        async def pump() -> None:
            async for raw in subscriber.iter_events():
                await queue.put(raw)

        pumping = asyncio.create_task(pump())
        try:
            yield ServerSentEventMessage(event="ready", data=msgspec.json.encode(
                {"campaign_id": campaign_id, "after": start}).decode(), id=str(start))
            while True:
                for position, message in await _from_log(svc, campaign_id, role, last):
                    last = position
                    if message is not None:
                        yield message
                try:
                    raw = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield ServerSentEventMessage(comment="keep-alive")
                    continue
                live_message = msgspec.json.decode(raw, type=LiveMessage)
                if live_message.after > last:
                    continue  # we missed something: the next loop reads it from the log
                for ev in live_message.events:
                    if ev["position"] > last:
                        last = ev["position"]
                        if only_visible([ev], role):
                            yield _sse(ev)
        finally:
            pumping.cancel()


async def _from_log(svc: Services, campaign_id: str, role: str, last: int
                    ) -> list[tuple[int, ServerSentEventMessage | None]]:
    """Events after ``last`` from the log, each with its message (None when hidden from ``role``)."""
    out: list[tuple[int, ServerSentEventMessage | None]] = []
    while True:
        rows = await svc.store.read_campaign(campaign_id, last, 500)
        for row in rows:
            last = row.position
            ev = wire_event(row)
            out.append((last, _sse(ev) if only_visible([ev], role) else None))
        if len(rows) < 500:
            return out


def _sse(ev: dict[str, Any]) -> ServerSentEventMessage:
    return ServerSentEventMessage(event=ev["type"], data=msgspec.json.encode(ev).decode(),
                                  id=str(ev["position"]))


@get("/campaigns/{campaign_id:str}/encounters/{encounter_id:str}", summary="One encounter")
async def get_encounter(request: Request[Any, Any, Any], campaign_id: str, encounter_id: str,
                        position: Position = None) -> dict[str, Any]:
    await campaign_for(request, campaign_id, await current_user(request), position)
    encounter = await services_of(request).read_models.encounter(campaign_id, encounter_id)
    if encounter is None:
        raise Problem(404, "encounter_id", "encounter.exists", f"encounter {encounter_id!r} not found")
    return encounter


@get("/rulesets", summary="The rulesets this service implements")
async def list_rulesets() -> list[dict[str, Any]]:
    return [{"id": r.id, "title": r.title,
             "commands": sorted(getattr(r, "command_types", {})),
             "options": r.validate_options({})} for r in RULESETS.values()]


@get("/rulesets/{ruleset_id:str}/odds", summary="Exact outcome distribution of a dice pool",
     description="pool as DIE:COUNT pairs, e.g. CHR:3,OFF:2,CHL:1")
async def pool_odds(
    ruleset_id: str,
    pool: Annotated[str, QueryParameter(name="pool", min_length=1, max_length=200)],
    downgrade: Annotated[bool, QueryParameter(name="downgrade")] = False,
) -> Any:
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None or not hasattr(ruleset, "odds"):
        raise Problem(404, "ruleset_id", "ruleset.odds", f"no odds for ruleset {ruleset_id!r}")
    counts: dict[str, int] = {}
    for part in pool.split(","):
        die, _, count = part.strip().partition(":")
        if not count.strip().isdigit():
            raise Problem(422, "pool", "odds.pool-syntax", f"{part!r} is not DIE:COUNT")
        counts[die.strip().upper()] = counts.get(die.strip().upper(), 0) + int(count)
    return await asyncio.to_thread(ruleset.odds, counts, downgrade=downgrade)


@post("/campaigns/{campaign_id:str}/characters/{character_id:str}/check-odds", status_code=200,
      summary="Odds before you roll: the pool a check would assemble, and its exact distribution")
async def check_odds(request: Request[Any, Any, Any], campaign_id: str, character_id: str,
                     data: dict[str, Any]) -> Any:
    view, _ = await campaign_for(request, campaign_id, await current_user(request))
    ruleset = RULESETS.get(view["ruleset"])
    if ruleset is None or not hasattr(ruleset, "check_odds"):
        raise Problem(404, "campaign_id", "ruleset.check-odds",
                      f"ruleset {view['ruleset']!r} has no check odds")
    read_models = services_of(request).read_models
    character = await read_models.character(campaign_id, character_id)
    if character is None:
        raise Problem(404, "character_id", "character.exists", f"character {character_id!r} not found")
    target_id = data.pop("target_id", None)
    target = await read_models.character(campaign_id, target_id) if target_id else None
    if target_id and target is None:
        raise Problem(404, "target_id", "character.exists", f"character {target_id!r} not found")
    try:
        spec = msgspec.convert(data, ruleset.check_spec_type)
    except msgspec.ValidationError as err:
        named = field_error({"message": str(err), "source": "body"})
        raise Problem(422, named["field"], "request.schema", named["message"]) from None
    return await asyncio.to_thread(ruleset.check_odds, character["sheet"], spec, view["options"],
                                   target["sheet"] if target else None)


def v1_router() -> Router:
    return Router(path="/v1", guards=[require_token], route_handlers=[
        command_route(), me, list_campaigns, get_campaign, get_members, get_tables, get_table,
        get_characters, get_character, get_rolls, get_events, live, get_encounter,
        list_rulesets, pool_odds, check_odds,
    ])
