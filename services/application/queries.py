"""What a client may ask and what it gets back, independent of the transport.

Both gateways (HTTP and gRPC) call these functions (and ``live_stream``'s), so a command, a
query and the live stream mean the same over either: same authorization (members only,
GM-only events shown to GMs only), same read-your-writes wait, same backfill.
Refusals are ``DomainError``s naming the field and the rule; each gateway maps
them to its own status codes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

import msgspec

from contracts.commands import CommandEnvelope, CommandResult
from domain import views
from domain.campaign import CampaignState
from domain.character import CharacterState
from domain.errors import DomainError, Forbidden, NotFound
from domain.rulesets import RULESETS
from domain.rulesets.base import (
    RulesetWithCheckOdds,
    RulesetWithCommands,
    RulesetWithDerived,
    RulesetWithDisplay,
    RulesetWithOdds,
    RulesetWithViews,
)
from services.application import metrics
from services.application.codec import visible_to, wire_event
from services.application.export import export_lines
from services.application.ports import LISTING_PAGE_SIZE, QueryServices


class NotReady(DomainError):
    """The read models have not reached a requested position yet: retry shortly."""

    kind = "unavailable"


def only_visible(events: list[dict[str, Any]], role: str | None) -> list[dict[str, Any]]:
    return [ev for ev in events if visible_to(ev, role)]


async def wait_for_position(svc: QueryServices, campaign_id: str, position: int | None) -> None:
    """Read-your-writes: wait (bounded) until the campaign's read models reach ``position``."""
    if not position:
        return
    clock = svc.clock
    deadline = clock.monotonic() + svc.settings.read_wait_ms / 1000
    delay = 0.005
    checked_head = False
    while await svc.read_models.position(campaign_id) < position:
        if not checked_head:  # a position the log has not reached would hold the whole wait
            checked_head = True
            head = (await svc.store.heads(campaigns=[campaign_id])).get(campaign_id, 0)
            if position > head:
                raise DomainError("position", "read.position-beyond-head",
                                  f"position {position} is beyond the campaign's last event; "
                                  "pass a position a command of yours returned")
        if clock.monotonic() >= deadline:
            metrics.READ_WAIT_TIMEOUTS.inc()
            raise NotReady("position", "read.position-reached",
                           f"the read models have not reached position {position} yet; retry")
        await clock.sleep(delay)
        delay = min(delay * 2, 0.1)


async def rebuilt(svc: QueryServices, campaign_id: str) -> bool:
    """Called when a read model lacks something: were the campaign's read models behind its log
    (Redis lost its data, or the projector is catching up), so that it was worth reading again?

    Waits (bounded, as ``?position=`` does) until they reach the log's head; raises ``NotReady``
    (503, ``Retry-After``) when they do not in time, so a campaign that exists never reads as
    missing while its read models are rebuilt. False when the campaign has no log: a 404 stands."""
    head = (await svc.store.heads(campaigns=[campaign_id])).get(campaign_id, 0)
    if head == 0:
        return False  # no such campaign
    if await svc.read_models.position(campaign_id) >= head:
        return True  # caught up meanwhile (or all along): one more read settles it
    metrics.READ_REBUILD_WAITS.inc()
    try:
        await wait_for_position(svc, campaign_id, head)
    except NotReady:
        raise NotReady("campaign_id", "read.rebuilding",
                       f"campaign {campaign_id!r} exists but its read models are being rebuilt; "
                       "retry shortly") from None
    return True


async def campaign_view(svc: QueryServices, campaign_id: str, user: str,
                        position: int | None = None) -> tuple[dict[str, Any], str]:
    """The campaign view and the user's role in it (not found if absent, forbidden if not a member)."""
    await wait_for_position(svc, campaign_id, position)
    view = await svc.read_models.campaign(campaign_id)
    if view is None and await rebuilt(svc, campaign_id):
        view = await svc.read_models.campaign(campaign_id)
    if view is None:
        raise NotFound("campaign_id", "campaign.exists", f"campaign {campaign_id!r} not found")
    role = view.get("members", {}).get(user)
    if role is None:
        raise Forbidden("campaign_id", "campaign.member",
                        f"{user!r} is not a member of campaign {campaign_id!r}")
    return view, role


# --------------------------------------------------------------------------- commands


async def execute(svc: QueryServices, envelope: CommandEnvelope, user: str) -> CommandResult:
    """Execute a command; the reply shows only the events the caller may see."""
    result, role = await svc.pipeline.execute_as(envelope, user)
    result.events = only_visible(result.events, role)
    return result


# --------------------------------------------------------------------------- queries


async def me(svc: QueryServices, user: str) -> dict[str, Any]:
    return {"user": user, "campaigns": await svc.read_models.campaigns_of(user)}


async def campaigns_page(svc: QueryServices, user: str, after: str = "",
                         limit: int = LISTING_PAGE_SIZE
                         ) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the user's campaigns from the per-user listing, and the next page's cursor."""
    return await svc.read_models.listing(user, after, limit)


async def campaigns(svc: QueryServices, user: str) -> list[dict[str, Any]]:
    """Every campaign of the user, page by page (gRPC's ListCampaigns has no cursor)."""
    out, after = [], ""
    while True:
        page, cursor = await campaigns_page(svc, user, after)
        out += page
        if cursor is None:
            return out
        after = cursor


def served(view: Any) -> Any:
    """A view (``contracts.views``) as both transports send it: JSON-shaped, field by field in
    the view's order (map keys as text, an unset field left out)."""
    return msgspec.to_builtins(view, str_keys=True)


def campaign_state(view: dict[str, Any]) -> CampaignState:
    """The campaign's state as its read model keeps it (``view``: that JSON, read)."""
    return msgspec.convert(view, CampaignState, strict=False)


def character_state(found: dict[str, Any]) -> CharacterState:
    """A character's state as its read model keeps it (``found``: that JSON, read)."""
    return msgspec.convert(found, CharacterState, strict=False)


def campaign_body(campaign: CampaignState, position: int) -> dict[str, Any]:
    """The campaign view (``domain.views.campaign_view``) at the read models' ``position``."""
    body: dict[str, Any] = served(views.campaign_view(campaign, position))
    return body


async def campaign(svc: QueryServices, user: str, campaign_id: str,
                   position: int | None = None) -> dict[str, Any]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    return campaign_body(campaign_state(view), await svc.read_models.position(campaign_id))


async def members(svc: QueryServices, user: str, campaign_id: str,
                  position: int | None = None) -> list[dict[str, str]]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    members: list[dict[str, str]] = served(views.member_views(campaign_state(view)))
    return members


async def tables(svc: QueryServices, user: str, campaign_id: str,
                 position: int | None = None) -> list[dict[str, Any]]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    found: list[dict[str, Any]] = served(views.table_views(campaign_state(view)))
    return found


async def table(svc: QueryServices, user: str, campaign_id: str, table_id: str,
                position: int | None = None) -> dict[str, Any]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    found = campaign_state(view).tables.get(table_id)
    if found is None:
        raise NotFound("table_id", "table.exists", f"table {table_id!r} not found")
    body: dict[str, Any] = served(views.table_view(found))
    return body


def character_body(character: CharacterState, campaign: CampaignState) -> dict[str, Any]:
    """A character as read (``domain.views.character_view``): its folded state plus what its
    ruleset derives from the sheet (no ``derived`` when it derives nothing)."""
    ruleset = RULESETS.get(campaign.ruleset)
    derived = ruleset.derived(character.sheet, campaign.options) \
        if isinstance(ruleset, RulesetWithDerived) and character.sheet else None
    sheet = ruleset.view("character", character.sheet) \
        if isinstance(ruleset, RulesetWithViews) and character.sheet else None
    body: dict[str, Any] = served(views.character_view(character, derived, sheet))
    return body


async def characters(svc: QueryServices, user: str, campaign_id: str,
                     position: int | None = None) -> list[dict[str, Any]]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    campaign = campaign_state(view)
    return [character_body(character_state(ch), campaign)
            for ch in await svc.read_models.characters(campaign_id)]


async def character(svc: QueryServices, user: str, campaign_id: str, character_id: str,
                    position: int | None = None) -> dict[str, Any]:
    view, _ = await campaign_view(svc, campaign_id, user, position)
    found = await svc.read_models.character(campaign_id, character_id)
    if found is None and await rebuilt(svc, campaign_id):
        found = await svc.read_models.character(campaign_id, character_id)
    if found is None:
        raise NotFound("character_id", "character.exists", f"character {character_id!r} not found")
    return character_body(character_state(found), campaign_state(view))


async def encounter(svc: QueryServices, user: str, campaign_id: str, encounter_id: str,
                    position: int | None = None) -> dict[str, Any]:
    """An encounter as the campaign's ruleset keeps it, with ``ruleset`` naming which."""
    view, _ = await campaign_view(svc, campaign_id, user, position)
    found = await svc.read_models.encounter(campaign_id, encounter_id)
    if found is None and await rebuilt(svc, campaign_id):
        found = await svc.read_models.encounter(campaign_id, encounter_id)
    if found is None:
        raise NotFound("encounter_id", "encounter.exists", f"encounter {encounter_id!r} not found")
    return encounter_body(view["ruleset"], found)


def encounter_body(ruleset_id: str, stored: dict[str, Any]) -> dict[str, Any]:
    """An encounter as read: its ruleset's view of it, and ``ruleset``, which tells its shape."""
    ruleset = RULESETS.get(ruleset_id)
    shown = ruleset.view("encounter", stored) if isinstance(ruleset, RulesetWithViews) else stored
    return {"ruleset": ruleset_id, **shown}


def rulesets() -> list[dict[str, Any]]:
    """Each ruleset: its commands, default options, and how a table shows its characters'
    conditions and health (``display``: ``{}`` when the ruleset declares none)."""
    return [{"id": r.id, "title": r.title,
             "commands": sorted(r.command_types if isinstance(r, RulesetWithCommands) else {}),
             "options": r.validate_options({}),
             "display": msgspec.to_builtins(r.display) if isinstance(r, RulesetWithDisplay) else {}}
            for r in RULESETS.values()]


async def ruleset_guide(ruleset_id: str) -> dict[str, Any]:
    """A ruleset in words (``services.application.ruleset_guide``); 404 for an unknown ruleset."""
    from services.application.ruleset_guide import guide_body

    return guide_body(ruleset_id)


def odds_ruleset(ruleset_id: str) -> RulesetWithOdds:
    """The ruleset behind ``/v1/rulesets/<id>/odds`` (404 when it has no odds)."""
    ruleset = RULESETS.get(ruleset_id)
    if not isinstance(ruleset, RulesetWithOdds):
        with_odds = ", ".join(sorted(r.id for r in RULESETS.values() if isinstance(r, RulesetWithOdds)))
        raise NotFound("ruleset_id", "ruleset.odds",
                       f"no odds for ruleset {ruleset_id!r}; rulesets with odds: {with_odds}")
    return ruleset


async def ruleset_odds(ruleset_id: str, params: Mapping[str, str]) -> Any:
    """Exact odds under a ruleset, for the query parameters it declares (``odds_query``).

    ``params`` are the query string's values as text, the same over HTTP and gRPC; they are
    converted to the ruleset's query Struct, so a wrong one is refused naming the parameter.
    """
    ruleset = odds_ruleset(ruleset_id)
    try:
        query = msgspec.convert(dict(params), ruleset.odds_query, strict=False)
    except msgspec.ValidationError as err:
        raise DomainError(_parameter_of(str(err)), "odds.parameter", str(err)) from None
    return await asyncio.to_thread(ruleset.odds, query)


def _parameter_of(message: str) -> str:
    """The parameter a msgspec validation message is about (``... - at `$.boons` ``)."""
    _, found, path = message.rpartition("at `$.")
    if found:
        return path.rstrip("`").split(".")[0].split("[")[0]
    for prefix in ("Object contains unknown field `", "Object missing required field `"):
        _, found, rest = message.partition(prefix)
        if found:
            return rest.split("`")[0]
    return "query"


async def check_odds(svc: QueryServices, user: str, campaign_id: str, character_id: str,
                     check: dict[str, Any]) -> Any:
    """Odds before you roll: the pool a check would assemble, and its exact distribution.

    ``check`` is the ruleset's check spec, plus an optional ``target_id``.
    """
    view, _ = await campaign_view(svc, campaign_id, user)
    ruleset = RULESETS.get(view["ruleset"])
    if not isinstance(ruleset, RulesetWithCheckOdds):
        raise NotFound("campaign_id", "ruleset.check-odds",
                       f"ruleset {view['ruleset']!r} has no check odds")
    found = await svc.read_models.character(campaign_id, character_id)
    if found is None:
        raise NotFound("character_id", "character.exists", f"character {character_id!r} not found")
    check = dict(check)
    named = check.pop("ruleset", None)  # optional: the OpenAPI union's discriminator
    if named is not None and named != view["ruleset"]:
        raise DomainError("ruleset", "check-odds.ruleset",
                          f"the campaign's ruleset is {view['ruleset']!r}, not {named!r}")
    target_id = check.pop("target_id", None)
    if target_id is not None and not isinstance(target_id, str):
        raise DomainError("target_id", "request.schema",
                          f"target_id: expected a character id (a string), got {type(target_id).__name__}")
    target = await svc.read_models.character(campaign_id, target_id) if target_id else None
    if target_id and target is None:
        raise NotFound("target_id", "character.exists", f"character {target_id!r} not found")
    spec = msgspec.convert(check, ruleset.check_spec_type)  # a ValidationError names the field
    answer = await asyncio.to_thread(ruleset.check_odds, found["sheet"], spec, view["options"],
                                     target["sheet"] if target else None)
    return msgspec.to_builtins(answer)


async def rolls(svc: QueryServices, user: str, campaign_id: str, position: int | None = None,
                table_id: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    """Recent rolls, newest first, without the GM-only ones unless the caller is a GM."""
    view, role = await campaign_view(svc, campaign_id, user, position)
    logged = await svc.read_models.rolls(campaign_id, table_id, view)
    return only_visible(logged, role)[:limit]


async def member_role(svc: QueryServices, campaign_id: str, user: str) -> str:
    """The caller's role in the campaign as its log holds it (the folded campaign stream, not
    the read models, which may not have caught up yet); 404 if there is no such campaign, 403
    if the caller is not a member."""
    exists, role = await svc.pipeline.membership(campaign_id, user)
    if not exists:
        raise NotFound("campaign_id", "campaign.exists", f"campaign {campaign_id!r} not found")
    if role is None:
        raise Forbidden("campaign_id", "campaign.member",
                        f"{user!r} is not a member of campaign {campaign_id!r}")
    return role


async def events_page(svc: QueryServices, user: str, campaign_id: str, after: int = 0,
                      limit: int = 100, until: int | None = None) -> dict[str, Any]:
    """The event log after a position (up to ``until``, where given: the log as it stood
    then); ``next_after`` continues it, ``more`` says if it may.

    The log is read from the store, so the caller's membership is too (the folded campaign
    stream), not from the read models, which may not have caught up with the campaign yet."""
    role = await member_role(svc, campaign_id, user)
    if until is not None and until <= after:
        return {"events": [], "next_after": after, "more": False}
    wanted = limit if until is None else min(limit, until - after)
    rows = await svc.store.read_campaign(campaign_id, after, wanted)
    events = only_visible([wire_event(r) for r in rows], role)
    next_after = rows[-1].position if rows else after
    more = len(rows) == wanted and (until is None or next_after < until)
    return {"events": events, "next_after": next_after, "more": more}


# --------------------------------------------------------------------------- fair dice audit

MAX_VERIFY_BYTES = 64 * 1024 * 1024


async def export(svc: QueryServices, user: str, campaign_id: str) -> AsyncIterator[bytes]:
    """The campaign's export, line by line (JSON Lines, no newlines): GMs only, as it holds
    GM-only rolls. Refusals come before the first line."""
    _, role = await campaign_view(svc, campaign_id, user)
    if role != "gm":
        raise Forbidden("campaign_id", "campaign.gm-only", "only a GM may export the campaign")

    async def lines() -> AsyncIterator[bytes]:
        async for line in export_lines(svc.store, campaign_id):
            yield line

    return lines()


def verify(export_body: bytes) -> dict[str, Any]:
    """Re-derive every face of an export from its revealed seeds and re-read every outcome."""
    from domain.audit import verify_export

    if len(export_body) > MAX_VERIFY_BYTES:
        raise DomainError("body", "verify.size", f"at most {MAX_VERIFY_BYTES} bytes")
    if not export_body.strip():
        raise DomainError("body", "verify.export", "send an export: JSON Lines, header first")
    result: dict[str, Any] = served(views.verify_report(verify_export(export_body.splitlines())))
    return result
