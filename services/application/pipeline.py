"""The command pipeline: load (fold events), decide, append; retry on conflict; idempotent by id."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import msgspec
import structlog

from contracts import commands as c
from contracts import events as e
from contracts.commands import CommandEnvelope, CommandResult, payload_of, tag_of
from domain import decider
from domain.campaign import CampaignState
from domain.context import CommandContext, TargetEvent
from domain.errors import DomainError, StateConflict
from domain.fair_dice import SeededDice, commitment
from domain.rulesets.base import RulesetEvent
from domain.streams import campaign_stream
from services.application import metrics
from services.application.codec import wire_event
from services.application.ports import EventStore
from services.application.records import (
    CommandRecord,
    DuplicateCommand,
    NewEvent,
    StoredEvent,
    WrongExpectedVersion,
    payload_digest,
)
from services.application.state_cache import StateCache

log = structlog.get_logger(__name__)
MAX_ATTEMPTS = 12
LOCK_AFTER = 3  # fresh attempts lost to other processes before the campaign's lock is taken
# A conflict comes only from another process (this one queues a campaign's commands); the wait
# before deciding again is random, up to this many seconds times 2**attempt, so rivals spread out.
RETRY_JITTER = 0.001
SEEDING_COMMANDS = frozenset({"CreateCampaign", "RotateSeed", "EndSession"})
# Fair share between campaigns: a command of a campaign with more of its commands waiting behind
# it (a burst) first lets the commands of campaigns without one finish, waiting for them at most
# this long, so one campaign's burst does not slow every other table down (bench.flood).
FAIR_WAIT_S = 0.02


class NoSeedDice:
    """Stands in when the campaign has no seed yet; a decider that draws here has a bug."""

    def roll(self, sides: int) -> int:
        raise StateConflict("payload.campaign_id", "dice.seed-committed",
                            "this campaign has no committed dice seed")


class CommandPipeline:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._seeds: dict[tuple[str, int], bytes] = {}
        self.states = StateCache(store)
        # One queue per campaign: its commands run one at a time in this process, so they never
        # conflict with each other (the store serialises a campaign's appends anyway).
        self._queues: dict[str, tuple[asyncio.Lock, int]] = {}
        self._unhurried = 0  # commands running whose campaign has nothing waiting behind them
        self._no_unhurried = asyncio.Event()
        self._no_unhurried.set()
        # Called with each append's events right after their commit (``services.application.live_publish``:
        # watchers get them without waiting for the projector). It must not raise.
        self.on_recorded: Callable[[str, list[StoredEvent]], None] | None = None

    @asynccontextmanager
    async def _queued(self, campaign_id: str) -> AsyncIterator[None]:
        lock, users = self._queues.get(campaign_id, (asyncio.Lock(), 0))
        self._queues[campaign_id] = (lock, users + 1)
        try:
            async with lock:
                if self._queues[campaign_id][1] > 1:  # a burst: others of it wait behind
                    if self._unhurried:
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(self._no_unhurried.wait(), FAIR_WAIT_S)
                    yield
                else:
                    self._unhurried += 1
                    self._no_unhurried.clear()
                    try:
                        yield
                    finally:
                        self._unhurried -= 1
                        if not self._unhurried:
                            self._no_unhurried.set()
        finally:
            lock, users = self._queues[campaign_id]
            if users == 1:
                del self._queues[campaign_id]
            else:
                self._queues[campaign_id] = (lock, users - 1)

    async def execute(self, envelope: CommandEnvelope, actor: str) -> CommandResult:
        """Decide and record one command; a repeated command id returns the first result."""
        result, _ = await self.execute_as(envelope, actor)
        return result

    async def execute_as(self, envelope: CommandEnvelope,
                         actor: str) -> tuple[CommandResult, str | None]:
        """``execute``, and the actor's role in the campaign as the log stands after it (what
        the reply is filtered by: the read models may not have caught up with this command, nor
        with a change of role). A recorded command takes it from the state it just folded."""
        payload = payload_of(envelope)
        command_type = tag_of(envelope)
        # Sorted keys: the same free-form sheet or options in another key order is the same command.
        body = msgspec.json.encode(payload, order="sorted")
        digest = payload_digest(b"\0".join([command_type.encode(), body,
                                             (envelope.client_seed or "").encode()]))
        # A fresh seed for any command that may open a dice epoch; stored only if one opens.
        new_seed = secrets.token_bytes(32) if command_type in SEEDING_COMMANDS else None
        base = CommandContext(actor=actor, command_id=envelope.command_id,
                              seed_commitment=commitment(new_seed) if new_seed else "",
                              client_seed=envelope.client_seed)
        campaign_id = decider.target_campaign(payload, base)
        bound = log.bind(command_id=envelope.command_id, command_type=command_type, actor=actor,
                         campaign_id=campaign_id)
        async with self._queued(campaign_id):
            result = await self._execute_queued(envelope, actor, payload, command_type, digest,
                                                new_seed, base, campaign_id, bound)
            stream = campaign_stream(campaign_id)
            known = None if result.duplicate else self.states.cached(campaign_id, [stream])
            if known is not None:
                role: str | None = known[0][stream].members.get(actor)
                return result, role
            return result, await self.role_of(campaign_id, actor)

    async def role_of(self, campaign_id: str, user: str) -> str | None:
        """The user's role in the campaign as its log stands now, from the folded-state cache
        (only events after the cached version are read). Replies are filtered by it: the read
        models may not have caught up with the command just recorded, nor with a change of role."""
        return (await self.membership(campaign_id, user))[1]

    async def membership(self, campaign_id: str, user: str) -> tuple[bool, str | None]:
        """Whether the campaign exists in the log, and the user's role in it (None: no member)."""
        stream = campaign_stream(campaign_id)
        states, _ = await self.states.load(campaign_id, [stream])
        state = states[stream]
        return state.exists, state.role_of(user)

    async def _execute_queued(self, envelope: CommandEnvelope, actor: str, payload: msgspec.Struct,
                              command_type: str, digest: str, new_seed: bytes | None,
                              base: CommandContext, campaign_id: str,
                              bound: Any) -> CommandResult:
        base = msgspec.structs.replace(base, target=await self._target(campaign_id, payload))
        streams = decider.streams_for(payload, base)
        # With every stream cached, the first attempt reads nothing: the append checks the
        # command id and each stream's version in the same round trip that records it.
        cached = self.states.cached(campaign_id, streams)
        if cached is None:
            # Checked before deciding, not only in the append: deciding a retry again would
            # refuse it (a retried CreateCampaign finds its campaign already there) instead of
            # replaying it.
            first = await self.store.find_command(campaign_id, envelope.command_id)
            if first is not None:
                return await self._replay(first, actor, command_type, digest)
        attempt = 0
        while attempt < MAX_ATTEMPTS:
            fresh = cached is None
            # Only decisions on freshly read state count: a cache's is a free first try.
            attempt += fresh
            # After a few lost races the command is decided under the campaign's lock, so a
            # process whose rivals keep winning still gets through (nobody waits otherwise).
            under_lock = (self.store.campaign_locked(campaign_id) if attempt > LOCK_AFTER
                          else contextlib.nullcontext(None))
            async with under_lock as locked:
                states, versions = cached if cached is not None else await self.states.load(
                    campaign_id, streams, locked)
                cached = None
                camp: CampaignState = states[campaign_stream(campaign_id)]
                epoch_seed = await self._seed(campaign_id, camp.epoch) if camp.exists else None
                ctx = msgspec.structs.replace(base, current_seed=epoch_seed.hex() if epoch_seed else "")
                dice = self._dice(campaign_id, ctx, new_seed if not camp.exists else epoch_seed)
                try:
                    decision = decider.decide(payload, states, ctx, dice)
                except DomainError as err:
                    if not fresh:
                        continue  # refused only against the store's state, read now, never a cache's
                    # The same id sent at the same moment through another process may have been
                    # recorded since the lookup: then this is a replay, decided against the state
                    # the first send wrote, and it gets the first reply, never a refusal.
                    first = await self.store.find_command(campaign_id, envelope.command_id)
                    if first is not None:
                        return await self._replay(first, actor, command_type, digest)
                    metrics.COMMANDS.labels(command_type, "refused").inc()
                    bound.info("command refused", field=err.field, rule=err.rule)
                    raise
                events = self._new_events(envelope, actor, decision, dice, camp.epoch)
                expected: dict[str, int | None] = dict(versions)
                for stream, _ in decision:
                    expected.setdefault(stream, None)  # append-anywhere streams such as the roll log
                opened = [ev.epoch for _, ev in decision if isinstance(ev, (e.SeedCommitted))]
                if isinstance(payload, c.CreateCampaign):
                    opened = [1]
                record = CommandRecord(command_id=envelope.command_id, actor=actor,
                                       campaign_id=campaign_id, type=command_type,
                                       payload_sha256=digest, reply={})
                try:
                    stored = await (locked or self.store).append(
                        campaign_id, expected, events, command=record,
                        seed=(opened[0], new_seed, ctx.seed_commitment) if opened and new_seed else None,
                    )
                except WrongExpectedVersion as conflict:
                    metrics.CONFLICTS.inc()
                    bound.info("append conflict, deciding again", attempt=attempt, stream=conflict.stream_id)
                    if fresh:  # a rival appended between our read and our append: spread out
                        await asyncio.sleep(random.uniform(0, RETRY_JITTER * 2 ** min(attempt, 6)))
                    continue
                except DuplicateCommand as dup:
                    return await self._replay(dup.record, actor, command_type, digest)
                self.states.advance(campaign_id, stored)
                break  # out of the campaign's lock first: its transaction commits there
        else:
            metrics.RETRIES_EXHAUSTED.inc()
            metrics.COMMANDS.labels(command_type, "refused").inc()
            raise StateConflict("command_id", "command.concurrency",
                                f"gave up after {MAX_ATTEMPTS} conflicting attempts; retry the command")
        # Committed: what follows a commit (the live relays, the projector beside this pipeline)
        # never sees an append that a failed COMMIT of the lock's transaction would undo.
        if self.on_recorded is not None:
            self.on_recorded(campaign_id, stored)
        metrics.COMMANDS.labels(command_type, "recorded").inc()
        for ev in stored:
            metrics.EVENTS_APPENDED.labels(ev.type).inc()
        bound.info("command recorded", events=len(stored),
                   position=stored[-1].position if stored else None)
        return msgspec.convert(self._reply(envelope.command_id, campaign_id, stored), CommandResult)

    @staticmethod
    def _new_events(envelope: CommandEnvelope, actor: str, decision: decider.Decision,
                    dice: SeededDice | NoSeedDice, epoch: int) -> list[NewEvent]:
        """The decided events with their metadata; the command's draws go with its first roll."""
        base = e.EventMetadata(
            command_id=envelope.command_id,
            correlation_id=envelope.correlation_id or envelope.command_id,
            causation_id=envelope.command_id,
            actor=actor,
            client=envelope.client,
        )
        draws = dice.draws if isinstance(dice, SeededDice) else []
        provenance: e.DiceProvenance | None = e.DiceProvenance(
            epoch=epoch, client_seed=envelope.client_seed,
            draws=[e.Draw(sides=sides, face=face) for sides, face in draws]) if draws else None
        events = []
        for stream, ev in decision:
            meta = msgspec.structs.replace(base, visibility=decider.visibility_of(ev))
            if provenance is not None and decider.is_roll(decider.event_type(ev)):
                meta, provenance = msgspec.structs.replace(meta, dice=provenance), None
            events.append(NewEvent(stream_id=stream, type=decider.event_type(ev),
                                   data=ev.data if isinstance(ev, RulesetEvent) else ev,
                                   metadata=msgspec.to_builtins(meta)))
        return events

    async def _target(self, campaign_id: str, payload: msgspec.Struct) -> TargetEvent | None:
        """The recorded event a command names by its position in the campaign, if it names one."""
        if not isinstance(payload, (c.RevealRoll, c.Retcon)):
            return None
        row = await self.store.event_at(campaign_id, payload.position)
        if row is None:
            return None
        return TargetEvent(position=row.position, campaign_id=row.campaign_id,
                           stream_id=row.stream_id, type=row.type, data=row.data,
                           metadata=row.metadata)

    @staticmethod
    def _reply(command_id: str, campaign_id: str, stored: list[StoredEvent]) -> dict[str, Any]:
        return {
            "command_id": command_id,
            "campaign_id": campaign_id,
            "events": [wire_event(ev) for ev in stored],
            "position": stored[-1].position if stored else 0,
        }

    async def _replay(self, first: CommandRecord, actor: str, command_type: str,
                      digest: str) -> CommandResult:
        """The first result of a repeated command: the same events, read back by position."""
        if (first.actor, first.type, first.payload_sha256) != (actor, command_type, digest):
            raise StateConflict("command_id", "command.idempotency-key",
                                "this command id was already used for a different command")
        stored = await self.store.events_at(first.campaign_id,
                                            list(first.reply.get("positions") or []))
        reply = self._reply(first.command_id, first.campaign_id, stored)
        metrics.COMMANDS.labels(command_type, "replayed").inc()
        return msgspec.convert({**reply, "duplicate": True}, CommandResult)

    async def _seed(self, campaign_id: str, epoch: int) -> bytes | None:
        key = (campaign_id, epoch)
        if key not in self._seeds:
            seed = await self.store.dice_seed(campaign_id, epoch)
            if seed is None:
                return None
            self._seeds[key] = seed
        return self._seeds[key]

    @staticmethod
    def _dice(campaign_id: str, ctx: CommandContext, seed: bytes | None) -> SeededDice | NoSeedDice:
        if seed is None:
            return NoSeedDice()
        return SeededDice(seed, campaign_id, ctx.command_id, ctx.client_seed)
