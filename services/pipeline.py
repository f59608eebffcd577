"""The command pipeline: load (fold events), decide, append; retry on conflict; idempotent by id."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec
import structlog

from contracts.commands import CommandEnvelope, CommandResult, payload_of, tag_of
from domain import decider
from domain.context import CommandContext
from domain.errors import DomainError, StateConflict
from domain.fair_dice import SeededDice, commitment
from domain.rulesets.base import RulesetEvent
from services.codec import wire_event
from services.event_store import (
    CommandRecord,
    DuplicateCommand,
    EventStore,
    NewEvent,
    StoredEvent,
    WrongExpectedVersion,
    payload_digest,
)

log = structlog.get_logger(__name__)
MAX_ATTEMPTS = 8


class NoSeedDice:
    """Stands in when the campaign has no seed yet; a decider that draws here has a bug."""

    def roll(self, sides: int) -> int:
        raise StateConflict("payload.campaign_id", "dice.seed-committed",
                            "this campaign has no committed dice seed")


class CommandPipeline:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._seeds: dict[str, bytes] = {}

    async def execute(self, envelope: CommandEnvelope, actor: str) -> CommandResult:
        """Decide and record one command; a repeated command id returns the first result."""
        payload = payload_of(envelope)
        command_type = tag_of(envelope)
        digest = payload_digest(command_type.encode() + b"\0" + msgspec.json.encode(payload))
        bound = log.bind(command_id=envelope.command_id, command_type=command_type, actor=actor)
        first = await self.store.find_command(envelope.command_id)
        if first is not None:
            return self._replay(first, actor, command_type, digest)
        seed = secrets.token_bytes(32) if command_type == "CreateCampaign" else None
        ctx = CommandContext(actor=actor, command_id=envelope.command_id,
                             seed_commitment=commitment(seed) if seed else "")
        campaign_id = decider.target_campaign(payload, ctx)
        bound = bound.bind(campaign_id=campaign_id)
        for attempt in range(1, MAX_ATTEMPTS + 1):
            states, versions = await self._load(decider.streams_for(payload, ctx))
            dice = await self._dice(campaign_id, envelope.command_id, seed)
            try:
                decision = decider.decide(payload, states, ctx, dice)
            except DomainError as err:
                bound.info("command refused", field=err.field, rule=err.rule)
                raise
            draws = len(dice.draws) if isinstance(dice, SeededDice) else 0
            metadata = {
                "command_id": envelope.command_id,
                "correlation_id": envelope.correlation_id or envelope.command_id,
                "causation_id": envelope.command_id,
                "actor": actor,
                "client": envelope.client,
            }
            events = [
                NewEvent(stream_id=stream, type=decider.event_type(ev),
                         data=ev.data if isinstance(ev, RulesetEvent) else ev,
                         metadata={**metadata, "visibility": decider.visibility_of(ev),
                                   **({"dice": {"epoch": 1, "draws": draws}} if draws else {})})
                for stream, ev in decision
            ]
            expected: dict[str, int | None] = dict(versions)
            for stream, _ in decision:
                expected.setdefault(stream, None)  # append-anywhere streams such as the roll log
            record = CommandRecord(command_id=envelope.command_id, actor=actor,
                                   campaign_id=campaign_id, type=command_type,
                                   payload_sha256=digest, reply={})
            try:
                stored = await self.store.append(
                    campaign_id, expected, events, command=record,
                    make_reply=lambda rows: self._reply(envelope.command_id, campaign_id, rows),
                    seed=(seed, ctx.seed_commitment) if seed else None,
                )
            except WrongExpectedVersion as conflict:
                bound.info("append conflict, deciding again", attempt=attempt, stream=conflict.stream_id)
                continue
            except DuplicateCommand as dup:
                return self._replay(dup.record, actor, command_type, digest)
            if seed:
                self._seeds[campaign_id] = seed
            bound.info("command recorded", events=len(stored), position=stored[-1].position)
            return msgspec.convert(self._reply(envelope.command_id, campaign_id, stored), CommandResult)
        raise StateConflict("command_id", "command.concurrency",
                            f"gave up after {MAX_ATTEMPTS} conflicting attempts; retry the command")

    @staticmethod
    def _reply(command_id: str, campaign_id: str, stored: list[StoredEvent]) -> dict[str, Any]:
        return {
            "command_id": command_id,
            "campaign_id": campaign_id,
            "events": [wire_event(ev) for ev in stored],
            "position": stored[-1].position if stored else 0,
        }

    @staticmethod
    def _replay(first: CommandRecord, actor: str, command_type: str, digest: str) -> CommandResult:
        if (first.actor, first.type, first.payload_sha256) != (actor, command_type, digest):
            raise StateConflict("command_id", "command.idempotency-key",
                                "this command id was already used for a different command")
        return msgspec.convert({**first.reply, "duplicate": True}, CommandResult)

    async def _load(self, streams: list[str]) -> tuple[dict[str, Any], dict[str, int]]:
        states: dict[str, Any] = {}
        versions: dict[str, int] = {}
        for stream in streams:
            state = decider.initial_state(stream)
            rows = await self.store.read_stream(stream)
            for row in rows:
                state = decider.evolve(stream, state, row.type, row.data)
            states[stream] = state
            versions[stream] = rows[-1].stream_version if rows else 0
        return states, versions

    async def _dice(self, campaign_id: str, command_id: str,
                    new_seed: bytes | None) -> SeededDice | NoSeedDice:
        seed = new_seed or self._seeds.get(campaign_id) or await self.store.dice_seed(campaign_id)
        if seed is None:
            return NoSeedDice()
        self._seeds[campaign_id] = seed
        return SeededDice(seed, campaign_id, command_id)
