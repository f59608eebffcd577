"""Snapshots in PostgreSQL: a cold pipeline starts from one and reads only the events after it."""

from __future__ import annotations

import msgspec

from contracts.commands import ENVELOPES, CommandEnvelope
from domain import decider
from domain.streams import campaign_stream, character_stream
from services.adapters.event_store import EventStore
from services.adapters.snapshots import SnapshotStore
from services.application.pipeline import CommandPipeline
from services.application.state_cache import StateCache

EVERY = 50


def envelope(type_: str, payload: dict[str, object], command_id: str) -> CommandEnvelope:
    return msgspec.convert({"type": type_, "command_id": command_id, "payload": payload},
                           ENVELOPES[type_])


def pipeline_with(store: EventStore, fold_version: int = 1) -> CommandPipeline:
    pipeline = CommandPipeline(store)
    pipeline.states = StateCache(store, snapshots=SnapshotStore(store.pool, fold_version),
                                 snapshot_every=EVERY)
    return pipeline


async def long_character(pipeline: CommandPipeline, renames: int) -> tuple[str, str]:
    cid = (await pipeline.execute(envelope("CreateCampaign", {"name": "Saga"}, "c-1"),
                                  "ann")).campaign_id
    await pipeline.execute(envelope("CreateCharacter", {"campaign_id": cid, "name": "Ash",
                                                         "character_id": "ash"}, "ch-1"), "ann")
    for i in range(renames):
        await rename(pipeline, cid, f"Ash {i}", f"r-{i}")
    await pipeline.states.snapshots.flush()
    return cid, character_stream(cid, "ash")


async def rename(pipeline: CommandPipeline, cid: str, name: str, command_id: str) -> int:
    result = await pipeline.execute(envelope("RenameCharacter", {
        "campaign_id": cid, "character_id": "ash", "name": name}, command_id), "ann")
    return result.position


async def full_fold(store: EventStore, cid: str, stream: str) -> object:
    campaign = decider.fold(campaign_stream(cid), (
        (r.position, r.type, r.data) for r in await store.read_stream(cid, campaign_stream(cid))))
    rows = await store.read_stream(cid, stream)
    return decider.fold(stream, ((r.position, r.type, r.data) for r in rows), campaign.retconned)


async def test_cold_pipeline_reads_the_snapshot_and_only_the_events_after_it(
        store: EventStore) -> None:
    warm = pipeline_with(store)
    cid, stream = await long_character(warm, 130)  # character stream: 131 events
    assert warm.states.snapshots.written >= 2  # the character at versions 50 and 100
    cold = pipeline_with(store)
    states, versions = await cold.states.load(cid, [campaign_stream(cid), stream])
    assert cold.states.snapshot_hits == 1  # the character's; the campaign has too few events
    # 131 events, the latest snapshot at version 100: 31 character events and the campaign's 1.
    assert cold.states.events_read == 31 + 1
    assert versions[stream] == 131
    assert states[stream] == await full_fold(store, cid, stream)
    assert states[stream].name == "Ash 129"
    # The cold pipeline decides on it: the next rename is recorded at version 132.
    await rename(cold, cid, "Birch", "r-cold")
    assert (await store.read_stream(cid, stream, after_version=131))[0].data["name"] == "Birch"


async def test_a_snapshot_of_another_fold_version_is_ignored(store: EventStore) -> None:
    cid, stream = await long_character(pipeline_with(store), 60)
    newer = pipeline_with(store, fold_version=2)
    states, _ = await newer.states.load(cid, [campaign_stream(cid), stream])
    assert newer.states.snapshot_hits == 0
    assert newer.states.events_read == 61 + 1  # every event folded again
    assert states[stream] == await full_fold(store, cid, stream)


async def test_a_retcon_makes_the_character_snapshot_unusable(store: EventStore) -> None:
    warm = pipeline_with(store)
    cid, stream = await long_character(warm, 60)  # snapshot at 50; last name "Ash 59"
    last = (await store.read_stream(cid, stream))[-1]
    # Retcon the rename the snapshot itself folded in (version 50 renamed to "Ash 48").
    folded_in = (await store.read_stream(cid, stream, after_version=49))[0]
    await warm.execute(envelope("Retcon", {"campaign_id": cid, "position": folded_in.position,
                                           "reason": "never happened"}, "retcon-1"), "ann")
    await warm.execute(envelope("Retcon", {"campaign_id": cid, "position": last.position,
                                           "reason": "nor this"}, "retcon-2"), "ann")
    await warm.states.snapshots.flush()
    cold = pipeline_with(store)
    states, _ = await cold.states.load(cid, [campaign_stream(cid), stream])
    expected = await full_fold(store, cid, stream)
    assert states[stream] == expected
    assert states[stream].name == "Ash 58"  # the last rename no longer counts
    # The character's snapshot was folded under no retcons: the stream was folded from its start.
    assert cold.states.events_read == 61 + 3
    assert cold.states.snapshot_hits == 0


async def test_a_campaign_state_reads_back_equal_to_its_fold(store: EventStore) -> None:
    from services.application.records import Snapshot
    pipeline = pipeline_with(store)
    cid = (await pipeline.execute(envelope("CreateCampaign", {"name": "Saga"}, "c-1"),
                                  "ann")).campaign_id
    await pipeline.execute(envelope("AddMember", {"campaign_id": cid, "user": "bo",
                                                  "role": "player"}, "m-1"), "ann")
    stream = campaign_stream(cid)
    rows = await store.read_stream(cid, stream)
    state = decider.fold(stream, ((r.position, r.type, r.data) for r in rows))
    assert state.commitments and state.members == {"ann": "gm", "bo": "player"}
    snapshots = SnapshotStore(store.pool)
    snapshots.write_later(cid, stream, Snapshot(len(rows), state, ()))
    await snapshots.flush()
    read = await snapshots.read(cid, stream)
    assert read is not None and read.version == len(rows)
    assert read.state == state  # int-keyed maps (epoch -> commitment) included
