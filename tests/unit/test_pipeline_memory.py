"""The command pipeline on the in-memory event store: no server, the same contract as PostgreSQL's
(``services.adapters.memory``): decide and append, an idempotent replay, a refusal that appends
nothing, and a conflict between two processes decided again."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Sequence

import msgspec
import pytest

from contracts.commands import ENVELOPES, CommandEnvelope
from domain.errors import DomainError, StateConflict
from domain.fair_dice import derive_face
from services.adapters.memory import MemoryEventStore
from services.application.pipeline import CommandPipeline
from services.application.ports import Seed
from services.application.records import (
    CommandRecord,
    DuplicateCommand,
    NewEvent,
    StoredEvent,
    WrongExpectedVersion,
)


def envelope(type_: str, payload: dict[str, object], command_id: str) -> CommandEnvelope:
    return msgspec.convert({"type": type_, "command_id": command_id, "payload": payload},
                           ENVELOPES[type_])


async def make_campaign(pipeline: CommandPipeline) -> str:
    result = await pipeline.execute(envelope("CreateCampaign", {"name": "Saga"}, "create-1"), "ann")
    return result.campaign_id


class CountingStore(MemoryEventStore):
    """Counts the appends the store refused for a stale version."""

    def __init__(self) -> None:
        super().__init__()
        self.conflicts = 0

    def _append(self, campaign_id: str, expected: dict[str, int | None],
                events: Sequence[NewEvent], command: CommandRecord | None,
                seed: Seed | None) -> list[StoredEvent]:
        try:
            return super()._append(campaign_id, expected, events, command, seed)
        except WrongExpectedVersion:
            self.conflicts += 1
            raise


async def test_a_command_is_decided_and_appended() -> None:
    store = MemoryEventStore()
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    result = await pipeline.execute(
        envelope("RollDice", {"campaign_id": cid, "expression": "3d6+1d20"}, "roll-x"), "ann")
    logged = await store.read_campaign(cid)
    assert [(e.position, e.type, e.stream_version) for e in logged] == [
        (1, "CampaignCreated", 1), (2, "DiceRolled", 1)]
    assert result.position == 2 and not result.duplicate
    # the faces derive from the committed seed, as with PostgreSQL (tests/integration/test_pipeline.py)
    seed = await store.dice_seed(cid, 1)
    assert seed is not None
    assert logged[0].data["seed_commitment"] == hashlib.sha256(seed).hexdigest()
    terms = result.events[0]["data"]["terms"]
    assert terms[0]["faces"] == [derive_face(seed, cid, "roll-x", i, 6) for i in range(3)]
    assert terms[1]["faces"] == [derive_face(seed, cid, "roll-x", 3, 20)]
    recorded = await store.find_command(cid, "roll-x")
    assert recorded is not None and recorded.reply == {"positions": [2]}


async def test_a_repeated_command_id_replays_the_first_result() -> None:
    store = MemoryEventStore()
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    roll = envelope("RollDice", {"campaign_id": cid, "expression": "10d20"}, "roll-1")
    first = await pipeline.execute(roll, "ann")
    appends = store.appends
    again = await CommandPipeline(store).execute(roll, "ann")  # another process, nothing cached
    assert again.duplicate and not first.duplicate
    assert again.events == first.events and again.position == first.position
    assert store.appends == appends and len(await store.read_campaign(cid)) == 2


async def test_the_same_id_with_another_payload_is_refused_and_appends_nothing() -> None:
    store = MemoryEventStore()
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "1d6"}, "r"), "ann")
    with pytest.raises(StateConflict) as err:
        await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "2d6"}, "r"),
                               "ann")
    assert (err.value.field, err.value.rule) == ("command_id", "command.idempotency-key")
    assert len(await store.read_campaign(cid)) == 2


async def test_a_refused_command_appends_nothing() -> None:
    store = MemoryEventStore()
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    before, appends = await store.read_campaign(cid), store.appends
    with pytest.raises(DomainError) as err:
        await pipeline.execute(
            envelope("AddMember", {"campaign_id": cid, "user": "bob", "role": "gm"}, "x"), "eve")
    assert (err.value.field, err.value.rule) == ("actor", "campaign.member")
    assert await store.read_campaign(cid) == before and store.appends == appends
    assert await store.find_command(cid, "x") is None


async def test_a_stale_process_conflicts_and_decides_again() -> None:
    # Two pipelines stand for two processes, each with its own cache of the campaign's stream.
    store = CountingStore()
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    await two.execute(envelope("AddMember", {"campaign_id": cid, "user": "p1", "role": "player"},
                               "add-1"), "ann")  # ``one``'s cached campaign is stale now
    assert store.conflicts == 0
    await one.execute(envelope("AddMember", {"campaign_id": cid, "user": "p2", "role": "player"},
                               "add-2"), "ann")
    # decided on its cache, refused by the store for the stale version, decided again
    assert store.conflicts == 1  # and now ``two``'s cache is stale
    await two.execute(envelope("AddMember", {"campaign_id": cid, "user": "p3", "role": "player"},
                               "add-3"), "ann")
    assert store.conflicts == 2
    stream = await store.read_stream(cid, f"campaign/{cid}")
    assert [e.stream_version for e in stream] == [1, 2, 3, 4]
    assert [e.data["user"] for e in stream[1:]] == ["p1", "p2", "p3"]


async def test_concurrent_commands_on_one_stream_all_succeed() -> None:
    store = MemoryEventStore()
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    adds = [envelope("AddMember", {"campaign_id": cid, "user": f"p{n}", "role": "player"},
                     f"add-{n}") for n in range(6)]
    results = await asyncio.gather(*((one if n % 2 else two).execute(a, "ann")
                                     for n, a in enumerate(adds)))
    assert not any(r.duplicate for r in results)
    versions = [e.stream_version for e in await store.read_stream(cid, f"campaign/{cid}")]
    assert versions == list(range(1, 8))


async def test_the_same_id_sent_twice_at_once_is_recorded_once() -> None:
    store = MemoryEventStore()
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    rename = envelope("RollDice", {"campaign_id": cid, "expression": "1d20"}, "roll-twice")
    first, second = await asyncio.gather(one.execute(rename, "ann"), two.execute(rename, "ann"))
    assert sorted([first.duplicate, second.duplicate]) == [False, True]
    assert first.events == second.events
    assert len(await store.read_campaign(cid)) == 2


async def test_the_store_checks_versions_and_command_ids_as_postgresql_does() -> None:
    store = MemoryEventStore()
    event = NewEvent(stream_id="s/1", type="Noted", data={"n": 1}, metadata={})
    record = CommandRecord(command_id="c1", actor="ann", campaign_id="camp", type="Note",
                           payload_sha256="x", reply={})
    stored = await store.append("camp", {"s/1": 0}, [event, event], command=record)
    assert [(e.position, e.stream_version) for e in stored] == [(1, 1), (2, 2)]
    with pytest.raises(WrongExpectedVersion) as stale:
        await store.append("camp", {"s/1": 1}, [event])
    assert (stale.value.stream_id, stale.value.expected, stale.value.actual) == ("s/1", 1, 2)
    with pytest.raises(DuplicateCommand) as dup:  # checked before the versions
        await store.append("camp", {"s/1": 0}, [event], command=record)
    assert dup.value.record.reply == {"positions": [1, 2]}
    assert len(await store.read_campaign("camp")) == 2  # neither refusal appended anything
    await store.append("camp", {"s/1": None, "other/1": 0}, [event])  # None: any version
    assert await store.heads(campaigns=["camp"]) == {"camp": 3}
    assert [e.position for e in await store.read_campaign("camp", 1, limit=1)] == [2]
    assert [e.position for e in await store.read_all((0, "", 0), limit=10)] == [1, 2, 3]
