"""The 2xx bodies of the OpenAPI document, as the msgspec Structs both gateways share.

Each HTTP read returns exactly what the gRPC gateway's reply Struct holds (the views both
transports share, ``services.entrypoints.schema``); where HTTP returns a bare list (members,
tables, characters, rolls, campaigns) the document says so with ``list[...]`` of the same item
Struct. Handlers keep returning plain dicts (no conversion on the hot path);
``tests/integration/test_generated_client.py`` decodes every one of these bodies into the
generated client's models, and
``tests/integration/test_openapi_views.py`` decodes them into these Structs.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example

from contracts.commands import CommandResult
from contracts.guide import RulesetGuide
from contracts.views import (
    CampaignSummary,
    CampaignView,
    CharacterView,
    Member,
    TableState,
    VerifyReport,
)
from services.application.contract_modules import ruleset_struct
from services.entrypoints.schema import (
    EventPage,
    LiveReady,
    MeReply,
    RulesetInfo,
    WireEvent,
)


class LiveLagged(msgspec.Struct, kw_only=True):
    """The ``lagged`` frame's data: the stream fell too far behind its campaign and was closed;
    reconnect with ``Last-Event-ID`` (or ``?after=``) set to ``after``, the position it had
    reached."""

    after: int
    detail: str


class Health(msgspec.Struct, kw_only=True):
    """``/healthz``: the process answers."""

    status: str


class Ready(msgspec.Struct, kw_only=True):
    """``/readyz``: PostgreSQL, Redis and the migrations each ``"ok"``."""

    status: str
    checks: dict[str, str]


class RollEntry(WireEvent, kw_only=True):
    """A roll in the roll log: the recorded event, with its dice provenance (epoch, commitment,
    and the seed once revealed), ``revealed`` once a GM has shown a GM-only roll, and
    ``retconned`` once a GM has reversed it."""

    provenance: dict[str, Any] | None = None
    revealed: dict[str, Any] | None = None
    retconned: dict[str, Any] | None = None


class Encounter(msgspec.Struct, kw_only=True):
    """An encounter as the campaign's ruleset keeps it: the ruleset's ``EncounterState``
    (``WishEncounterState``, ``GoldenHeroesEncounterState``, ...), whose fields differ by
    ruleset."""


class CampaignAsOf(msgspec.Struct, kw_only=True):
    """A campaign as the current reads showed it when its log's last event was at ``position``:
    the campaign (``GET /v1/campaigns/{id}``), its characters (``.../characters``) and its
    encounters by id (``.../encounters/{id}``), each as those reads return it. (The gRPC
    gateway's ``CampaignAsOf`` holds the same; its encounters are its own ``Encounter`` view.)"""

    position: int
    campaign: CampaignView
    characters: list[CharacterView]
    encounters: dict[str, Encounter]


class CheckOdds(msgspec.Struct, kw_only=True):
    """The odds of a check before it is rolled: ``odds`` is the campaign's ruleset's odds view
    (the same as its ``/v1/rulesets/<id>/odds`` answers); the other fields say how the check
    was assembled, as the ruleset reports it (``pool`` and ``sources`` under WISH; ``sources``,
    ``modifier``, ``opposing_dice`` and ``cost`` under Potential; ...)."""

    odds: dict[str, Any]


TABLE_EXAMPLE = {"table_id": "main", "name": "Main table", "gms": ["ann"], "seated": ["hero"],
                 "sessions": [{"session_id": "main-1", "number": 1, "active": True}]}
CAMPAIGN_EXAMPLE = {
    "campaign_id": "c-7f3a", "name": "The Long Road", "ruleset": "wish", "options": {},
    "created_by": "ann", "seed_commitment": "9c1e...e2", "members": [
        {"user": "ann", "role": "gm"}, {"user": "bob", "role": "player"}],
    "tables": [TABLE_EXAMPLE],
    "reveal_seed_at_session_end": False, "epoch": 1, "commitments": {"1": "9c1e...e2"},
    "revealed_seeds": {}, "revealed_rolls": [], "retconned": [], "position": 7}
EVENT_EXAMPLE = {
    "position": 8, "campaign_id": "c-7f3a", "stream_id": "campaign-c-7f3a", "stream_version": 6,
    "type": "DiceRolled", "schema_version": 1,
    "data": {"campaign_id": "c-7f3a", "expression": "2d6+1", "total": 9},
    "metadata": {"command_id": "roll-1", "correlation_id": "roll-1", "causation_id": "roll-1",
                 "actor": "bob", "visibility": "public"},
    "recorded_at": "2026-01-05T19:02:11.204311+00:00"}
RESULT_EXAMPLE = {"command_id": "roll-1", "campaign_id": "c-7f3a", "events": [EVENT_EXAMPLE],
                  "position": 8, "duplicate": False}


def _ok(container: Any, description: str, example: Any = None,
        media_type: str = "application/json") -> ResponseSpec:
    return ResponseSpec(
        data_container=container, description=description, media_type=media_type,
        generate_examples=False,
        examples=[Example(summary="example", value=example)] if example is not None else None)


LIVE_DESCRIPTION = """Server-sent events. Frames, in order:

* `event: ready` once, `id:` the position the stream starts after, `data:` a `LiveReady`
  (`{"campaign_id", "after"}`);
* then one frame per event the caller may see: `event:` the event's `type` (`DiceRolled`,
  `wish.CheckRolled`, ...), `id:` its position, `data:` the event as a `WireEvent` (its
  schema by type: `AnyEvent`, discriminated by `type`, each type's `data` a named schema);
* a comment line `: keep-alive` after 15 seconds without an event;
* `event: lagged`, only to a client that stopped reading while the campaign's recent history
  moved past what it had not yet received: `id:` the position it had reached, `data:` a
  `LiveLagged` (`{"after", "detail"}`); the stream then ends, and a reconnect from `after`
  misses nothing.

The stream closes within about a second of its token being revoked or expiring. Reconnect with
`Last-Event-ID` (or `?after=`) set to the last `id:` seen: nothing is missed or repeated."""

EXPORT_DESCRIPTION = """JSON Lines (`application/x-ndjson`): a header line
(`{"format": "skald-export", ...}`), then every event of the campaign as a `WireEvent`, one per
line, oldest first (each an `AnyEvent`: its `data` is the schema its `type` names)."""


def success_responses() -> dict[str, ResponseSpec]:
    """Each handler's 200, by handler name (the odds routes by their route name)."""
    specs: dict[str, ResponseSpec] = {
        "healthz": _ok(Health, "The process is up", {"status": "ok"}),
        "readyz": _ok(Ready, "Ready: every dependency answers",
                      {"status": "ready", "checks": {"postgres": "ok", "migrations": "ok",
                                                     "redis": "ok"}}),
        "execute_command": _ok(CommandResult, "The events the command appended (those the caller "
                               "may see) and the position to read at", RESULT_EXAMPLE),
        "me": _ok(MeReply, "The token's user and the campaigns they belong to",
                  {"user": "ann", "campaigns": ["c-7f3a"]}),
        "list_campaigns": _ok(list[CampaignSummary], "One page; a `Link: <...>; rel=\"next\"` "
                              "header names the next", [{"campaign_id": "c-7f3a", "name": "The Long "
                                                        "Road", "ruleset": "wish", "role": "gm"}]),
        "get_campaign": _ok(CampaignView, "The campaign at the read models' position",
                            CAMPAIGN_EXAMPLE),
        "get_members": _ok(list[Member], "Members and roles, by user",
                           CAMPAIGN_EXAMPLE["members"]),
        "get_tables": _ok(list[TableState], "The campaign's tables", [TABLE_EXAMPLE]),
        "get_table": _ok(TableState, "One table", TABLE_EXAMPLE),
        "get_characters": _ok(list[CharacterView], "The campaign's characters"),
        "get_character": _ok(CharacterView, "One character: its folded state, its sheet, and "
                             "what its ruleset derives from the sheet"),
        "get_rolls": _ok(list[RollEntry], "Recent rolls, newest first",
                         [{**EVENT_EXAMPLE, "provenance": {"epoch": 1}}]),
        "get_events": _ok(EventPage, "A page of the log; continue with `after=next_after` while "
                          "`more`. Each event is, by its `type`, one of `AnyEvent`'s (its "
                          "`data` typed)", {"events": [EVENT_EXAMPLE], "next_after": 8,
                                            "more": False}),
        "live": _ok(str, LIVE_DESCRIPTION, media_type="text/event-stream",
                    example='id: 7\nevent: ready\ndata: {"campaign_id":"c-7f3a","after":7}\n\n'
                            'id: 8\nevent: DiceRolled\ndata: {"position":8,...}\n\n'),
        "get_campaign_as_of": _ok(CampaignAsOf, "The campaign, its characters and encounters as "
                                  "they were at the position"),
        "get_encounter": _ok(Encounter, "The encounter, as its ruleset keeps it"),
        "list_rulesets": _ok(list[RulesetInfo], "Every ruleset with its commands, default options "
                             "and display"),
        "get_ruleset_guide": _ok(RulesetGuide, "The ruleset's commands, sheet and events in "
                                 "words, with who may send each command"),
        "check_odds": _ok(CheckOdds, "The assembled check and its exact distribution"),
        "export_campaign": _ok(str, EXPORT_DESCRIPTION, media_type="application/x-ndjson"),
        "verify": _ok(VerifyReport, "What verifying found; `ok` is false when anything differs"),
    }
    from domain.rulesets import RULESETS
    from domain.rulesets.base import RulesetWithOdds

    for ruleset in RULESETS.values():
        if isinstance(ruleset, RulesetWithOdds):
            view = ruleset_struct(ruleset.id, "OddsView")
            if view is not None:
                specs[f"odds-{ruleset.id}"] = _ok(view, f"The exact distribution under "
                                                  f"{ruleset.title}")
    return specs


def live_components() -> list[type[msgspec.Struct]]:
    """Structs the live stream and the export carry, added to the document's components."""
    return [LiveReady, LiveLagged, WireEvent]
