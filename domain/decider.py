"""Routes a command to its aggregate's decider and folds recorded events back into state.

The command pipeline asks ``streams_for`` which streams to load, folds each
with ``evolve``, calls ``decide``, and appends what it returns. Ruleset
commands (``wish.RollCheck``, ...) are decided by the campaign's ruleset on
the character and encounter streams they name, after the platform has checked
who may act for which character: each command type's ``Authority`` (its ruleset's
``authority.py``, the platform's ``domain/platform_authority.py``), enforced by
``domain.authority.authorize`` for every command alike. Everything here is pure.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

import msgspec

from contracts import commands as c
from contracts import events as e
from domain import campaign, character, rolls
from domain.authority import Authority, authorize, character_ids
from domain.context import CommandContext
from domain.dice import Dice
from domain.errors import DomainError, Forbidden, StateConflict
from domain.platform_authority import PLATFORM_AUTHORITY
from domain.rulesets import RULESETS, command_ruleset, get_ruleset
from domain.rulesets.base import RulesetEvent, RulesetWithCommands
from domain.streams import (
    campaign_stream,
    character_stream,
    derived_id,
    encounter_stream,
    rolls_stream,
)

Decided = e.Event | RulesetEvent
Decision = list[tuple[str, Decided]]


def target_campaign(cmd: msgspec.Struct, ctx: CommandContext) -> str:
    """The campaign a command acts in (CreateCampaign derives a new id from its command id)."""
    if isinstance(cmd, c.CreateCampaign):
        return cmd.campaign_id or derived_id("cmp", ctx.actor, ctx.command_id)
    campaign_id: str = getattr(cmd, "campaign_id")  # noqa: B009 - every other payload has one
    return campaign_id


def _platform_stream(cid: str, ruleset_stream: str) -> str:
    """``character:<id>`` / ``encounter:<id>`` (a ruleset's names) as campaign-scoped stream ids."""
    kind, _, ident = ruleset_stream.partition(":")
    return character_stream(cid, ident) if kind == "character" else encounter_stream(cid, ident)


def streams_for(cmd: msgspec.Struct, ctx: CommandContext) -> list[str]:
    """The streams whose state the decider needs, the campaign's first."""
    cid = target_campaign(cmd, ctx)
    streams = [campaign_stream(cid)]
    ruleset = command_ruleset(cmd)
    if ruleset is not None:
        own = [_platform_stream(cid, s) for s in ruleset.streams_for(cmd)]
        # the characters the sender must control: loaded to know who controls them
        checked = [character_stream(cid, i) for i in character_ids(cmd, authority_of(cmd))]
        streams += list(dict.fromkeys(own + checked))
        return streams
    match cmd:
        case c.CreateCharacter():
            streams.append(character_stream(cid, character.new_character_id(cmd, ctx)))
        case c.RenameCharacter() | c.RetireCharacter() | c.SeatCharacter() | c.UnseatCharacter():
            streams.append(character_stream(cid, cmd.character_id))
        case c.RollDice() if cmd.character_id is not None:
            streams.append(character_stream(cid, cmd.character_id))
    return streams


def authority_of(cmd: msgspec.Struct) -> Authority:
    """The command's declared authority; a command type without one is refused."""
    ruleset = command_ruleset(cmd)
    table = ruleset.authority if ruleset is not None else PLATFORM_AUTHORITY
    found = table.get(type(cmd))
    if found is None:
        raise Forbidden("type", "command.authority-declared",
                        f"{type(cmd).__name__} declares no authority: nobody may send it")
    return found


def _authorize(cmd: msgspec.Struct, states: Mapping[str, Any], camp: campaign.CampaignState,
               ctx: CommandContext, missing_is_controlled: bool = False) -> None:
    """The one authorization rule (``domain.authority``) for this command and sender."""
    cid = camp.campaign_id

    def controls(character_id: str) -> bool:
        state: character.CharacterState | None = states.get(character_stream(cid, character_id))
        if state is None or not state.exists:
            return missing_is_controlled  # the platform's deciders report a missing one (404)
        return state.owner == ctx.actor

    authorize(authority_of(cmd), cmd, camp.role_of(ctx.actor), controls)


def initial_state(stream_id: str) -> Any:
    kind = stream_id.split("/", 1)[0]
    if kind == "campaign":
        return campaign.initial_state()
    if kind == "character":
        return character.initial_state()
    return None  # encounters start empty; the roll log keeps no state


def evolve(stream_id: str, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one recorded event of any type into its stream's state. Total."""
    kind = stream_id.split("/", 1)[0]
    platform = e.EVENT_TYPES.get(event_type)
    if platform is not None:
        event = msgspec.convert(data, platform)
        if kind == "campaign":
            return campaign.evolve(state, event)
        if kind == "character":
            return character.evolve(state, event)
        return state
    ruleset = RULESETS.get(event_type.split(".", 1)[0])
    if not isinstance(ruleset, RulesetWithCommands):
        return state
    if kind == "character":
        sheet = ruleset.evolve(state.sheet, event_type, data)
        return msgspec.structs.replace(state, sheet=sheet, version=state.version + 1)
    if kind == "encounter":
        return ruleset.evolve(state, event_type, data)
    return state


def fold(stream_id: str, events: Iterable[tuple[int, str, Mapping[str, Any]]],
         retconned: Collection[int] = ()) -> Any:
    """A stream's state: its recorded events folded in order, except those retconned.

    A campaign stream names its own retcons, so it is read twice: first for the positions its
    ``EventRetconned`` events reverse, then folded without them.
    """
    rows = list(events)
    skip = set(retconned)
    if stream_id.startswith("campaign/"):
        skip |= {int(data["position"]) for _, type_, data in rows if type_ == "EventRetconned"}
    state = initial_state(stream_id)
    for position, type_, data in rows:
        if position not in skip:
            state = evolve(stream_id, state, type_, data)
    return state


def decide(cmd: msgspec.Struct, states: dict[str, Any], ctx: CommandContext, dice: Dice) -> Decision:
    """Decide a command; every event is paired with the stream it is appended to."""
    cid = target_campaign(cmd, ctx)
    camp: campaign.CampaignState = states[campaign_stream(cid)]
    ruleset = command_ruleset(cmd)
    if ruleset is not None:
        return _decide_ruleset(ruleset, cmd, states, camp, ctx, dice)
    match cmd:
        case c.CreateCampaign() | c.AddMember() | c.RemoveMember() | c.CreateTable() \
                | c.StartSession() | c.EndSession() | c.RotateSeed() | c.RevealRoll() | c.Retcon():
            return [(campaign_stream(cid), ev) for ev in campaign.decide(cmd, camp, ctx)]
        case c.SeatCharacter() | c.UnseatCharacter() | c.RenameCharacter() | c.RetireCharacter() \
                | c.RollDice() if camp.exists:
            _authorize(cmd, states, camp, ctx, missing_is_controlled=True)
    match cmd:
        case c.SeatCharacter() | c.UnseatCharacter():
            char: character.CharacterState = states[character_stream(cid, cmd.character_id)]
            owner = char.owner if char.exists else None
            return [(campaign_stream(cid), ev) for ev in campaign.decide_seating(cmd, camp, owner, ctx)]
        case c.CreateCharacter() | c.RenameCharacter() | c.RetireCharacter():
            stream = streams_for(cmd, ctx)[1]
            return [(stream, ev) for ev in character.decide(cmd, camp, states[stream], ctx)]
        case c.RollDice():
            char_state = (states[character_stream(cid, cmd.character_id)]
                          if cmd.character_id is not None else None)
            return [(rolls_stream(cid), ev) for ev in rolls.decide_roll(cmd, camp, char_state, ctx, dice)]
    raise DomainError("type", "command.known", f"no decider for {type(cmd).__name__}")


def _decide_ruleset(ruleset: RulesetWithCommands, cmd: msgspec.Struct, states: dict[str, Any],
                    camp: campaign.CampaignState, ctx: CommandContext, dice: Dice) -> Decision:
    """Who may act is the platform's rule; what happens is the ruleset's."""
    cid = camp.campaign_id or target_campaign(cmd, ctx)
    campaign.require_campaign(camp, cid)
    campaign.require_member(camp, ctx.actor)
    if get_ruleset(camp.ruleset) is not ruleset:
        raise DomainError("type", "campaign.ruleset-command",
                          f"this campaign plays {camp.ruleset!r}, not {ruleset.id!r}")
    _authorize(cmd, states, camp, ctx)
    ruleset_states: dict[str, Any] = {}
    for name in ruleset.streams_for(cmd):
        stream = _platform_stream(cid, name)
        state = states[stream]
        if stream.startswith("character/"):
            state = _character_sheet(state, stream)
        ruleset_states[name] = state
    try:
        events = ruleset.decide(cmd, ruleset_states, camp.options, dice)
    except DomainError as err:
        raise _in_payload(err) from None
    return [(_platform_stream(cid, ev.stream), ev) for ev in events]


def _character_sheet(state: character.CharacterState, stream: str) -> dict[str, Any] | None:
    if not state.exists:
        return None  # the ruleset reports the missing character by the field that named it
    if state.retired:
        raise StateConflict("payload.character_id", "character.not-retired",
                            f"character {stream.rsplit('/', 1)[1]!r} is retired")
    return state.sheet


def _in_payload(err: DomainError) -> DomainError:
    """Ruleset errors name payload fields bare (``steps``); the wire names them ``payload.steps``."""
    if not err.field.startswith(("payload", "actor", "type", "command_id")):
        err.field = f"payload.{err.field}"
    return err


def visibility_of(event: Decided) -> str:
    """Who may see an event: ``gm`` for hidden rolls (and retcons of them) and for ruleset
    events the rules keep from the players, else ``public``."""
    return (event.visibility if isinstance(event, (e.DiceRolled, e.EventRetconned, RulesetEvent))
            else "public")


def event_type(event: Decided) -> str:
    return event.type if isinstance(event, RulesetEvent) else type(event).__name__


def is_roll(event_type_: str) -> bool:
    """Events that belong in the roll log: generic rolls and every ruleset's dice events."""
    if event_type_ == "DiceRolled":
        return True
    ruleset = RULESETS.get(event_type_.split(".", 1)[0])
    return isinstance(ruleset, RulesetWithCommands) and event_type_ in ruleset.roll_events


def roll_tables(camp: campaign.CampaignState, stream_id: str,
                data: Mapping[str, Any]) -> list[str]:
    """The tables whose roll list holds a roll: the table it names (a ``DiceRolled`` from a
    table's dice box), and every table a character it was rolled for is seated at when it is
    recorded: the character whose stream holds it, and the ``character_id`` it names (a
    ruleset's check carries no table; its character's seat places it)."""
    tables: list[str] = []
    named = data.get("table_id")
    if isinstance(named, str) and named:
        tables.append(named)
    who: set[str] = set()
    if stream_id.startswith("character/"):
        who.add(stream_id.rsplit("/", 1)[1])
    rolled_for = data.get("character_id")
    if isinstance(rolled_for, str):
        who.add(rolled_for)
    for table in camp.tables.values():
        if table.table_id not in tables and who.intersection(table.seated):
            tables.append(table.table_id)
    return tables
