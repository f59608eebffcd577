"""The command pipeline on a real event store: idempotency, retries, derived dice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import msgspec
import pytest

from contracts.commands import ENVELOPES, CommandEnvelope
from domain.errors import DomainError, StateConflict
from domain.fair_dice import derive_face
from services.adapters.event_store import EventStore
from services.application.pipeline import FAIR_WAIT_S, LOCK_AFTER, CommandPipeline
from services.application.records import WrongExpectedVersion


def envelope(type_: str, payload: dict[str, object], command_id: str) -> CommandEnvelope:
    return msgspec.convert({"type": type_, "command_id": command_id, "payload": payload},
                           ENVELOPES[type_])


async def make_campaign(pipeline: CommandPipeline) -> str:
    result = await pipeline.execute(envelope("CreateCampaign", {"name": "Saga"}, "create-1"), "ann")
    return result.campaign_id


async def test_repeated_command_returns_first_result_and_same_faces(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    roll = envelope("RollDice", {"campaign_id": cid, "expression": "10d20"}, "roll-1")
    first = await pipeline.execute(roll, "ann")
    again = await pipeline.execute(roll, "ann")
    assert again.duplicate and not first.duplicate
    assert again.events == first.events and again.position == first.position
    assert len(await store.read_campaign(cid)) == 2  # CampaignCreated + one DiceRolled


async def test_same_command_id_with_another_payload_is_refused(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "1d6"}, "r"), "ann")
    with pytest.raises(StateConflict) as err:
        await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "2d6"}, "r"),
                               "ann")
    assert err.value.field == "command_id" and err.value.rule == "command.idempotency-key"
    assert len(await store.read_campaign(cid)) == 2


async def test_faces_derive_from_the_committed_seed(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    result = await pipeline.execute(
        envelope("RollDice", {"campaign_id": cid, "expression": "3d6+1d20"}, "roll-x"), "ann")
    seed = await store.dice_seed(cid, 1)
    assert seed is not None
    created = (await store.read_campaign(cid))[0]
    import hashlib
    assert created.data["seed_commitment"] == hashlib.sha256(seed).hexdigest()
    terms = result.events[0]["data"]["terms"]
    expected = [derive_face(seed, cid, "roll-x", i, 6) for i in range(3)]
    expected_d20 = derive_face(seed, cid, "roll-x", 3, 20)
    assert terms[0]["faces"] == expected and terms[1]["faces"] == [expected_d20]
    assert result.events[0]["data"]["total"] == sum(expected) + expected_d20


async def test_concurrent_commands_on_one_stream_all_succeed_by_retrying(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    adds = [envelope("AddMember", {"campaign_id": cid, "user": f"p{n}", "role": "player"},
                     f"add-{n}") for n in range(6)]
    results = await asyncio.gather(*(pipeline.execute(a, "ann") for a in adds))
    assert all(not r.duplicate for r in results)
    versions = [e.stream_version for e in await store.read_stream(cid, f"campaign/{cid}")]
    assert versions == list(range(1, 8))


async def test_refused_command_appends_nothing(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    before = await store.read_campaign(cid)
    with pytest.raises(DomainError) as err:
        await pipeline.execute(
            envelope("AddMember", {"campaign_id": cid, "user": "bob", "role": "gm"}, "x"), "eve")
    assert err.value.field == "actor" and err.value.rule == "campaign.member"
    assert await store.read_campaign(cid) == before
    assert await store.find_command(cid, "x") is None


async def make_character(pipeline: CommandPipeline, cid: str) -> str:
    result = await pipeline.execute(
        envelope("CreateCharacter", {"campaign_id": cid, "name": "Ash", "character_id": "ash"},
                 "char-1"), "ann")
    assert result.events[0]["stream_id"].endswith("/ash")
    return "ash"


async def test_same_command_id_sent_twice_at_once_is_never_refused(store: EventStore) -> None:
    # Two pipelines stand for two processes: neither's in-process queue sees the other's send.
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    char = await make_character(one, cid)
    for i in range(40):
        rename = envelope("RenameCharacter",
                          {"campaign_id": cid, "character_id": char, "name": f"Ash {i}"},
                          f"rename-{i}")
        first, second = await asyncio.gather(one.execute(rename, "ann"), two.execute(rename, "ann"))
        assert sorted([first.duplicate, second.duplicate]) == [False, True]
        assert first.events == second.events and first.position == second.position
    # Each id recorded once: campaign, character, 40 renames.
    assert len(await store.read_campaign(cid, limit=1000)) == 42


async def test_same_command_id_twice_in_one_process_replays(store: EventStore) -> None:
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    char = await make_character(pipeline, cid)
    rename = envelope("RenameCharacter", {"campaign_id": cid, "character_id": char, "name": "Bo"},
                      "rename-x")
    results = await asyncio.gather(*(pipeline.execute(rename, "ann") for _ in range(8)))
    assert sum(not r.duplicate for r in results) == 1
    assert len({r.position for r in results}) == 1


async def test_cached_state_follows_appends_from_another_process(store: EventStore) -> None:
    from domain import decider
    from domain.streams import character_stream
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    char = await make_character(one, cid)
    stream = character_stream(cid, char)
    for i in range(6):
        writer = one if i % 2 else two
        await writer.execute(envelope("RenameCharacter",
                                      {"campaign_id": cid, "character_id": char, "name": f"N{i}"},
                                      f"r-{i}"), "ann")
    # "one" cached the stream at an older version; its load folds the other's appends on top.
    states, versions = await one.states.load(cid, [f"campaign/{cid}", stream])
    rows = await store.read_stream(cid, stream)
    fresh = decider.fold(stream, ((r.position, r.type, r.data) for r in rows))
    assert versions[stream] == rows[-1].stream_version == 7
    assert states[stream] == fresh and states[stream].name == "N5"
    assert one.states.hits > 0
    # Renaming to the current name is refused against the folded-on-top state, not a stale one.
    with pytest.raises(DomainError):
        await one.execute(envelope("RenameCharacter",
                                   {"campaign_id": cid, "character_id": char, "name": "N5"},
                                   "r-same"), "ann")


async def test_many_commands_on_one_character_from_two_processes_are_never_refused(
        store: EventStore) -> None:
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    char = await make_character(one, cid)
    sends = [(one if i % 2 else two).execute(
        envelope("RenameCharacter", {"campaign_id": cid, "character_id": char, "name": f"M{i}"},
                 f"m-{i}"), "ann") for i in range(64)]
    results = await asyncio.gather(*sends)
    assert not any(r.duplicate for r in results)
    assert len(await store.read_campaign(cid, limit=1000)) == 66


async def test_stale_cache_never_refuses_what_the_log_allows(store: EventStore) -> None:
    # "one" decides from its cache without reading; "two" adds bob meanwhile. One's cache says
    # bob is no member, but the command is decided against the log before any refusal.
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    await one.execute(envelope("RollDice", {"campaign_id": cid, "expression": "1d6"}, "warm"), "ann")
    await two.execute(envelope("AddMember", {"campaign_id": cid, "user": "bob", "role": "player"},
                               "add-bob"), "ann")
    result, role = await one.execute_as(
        envelope("RollDice", {"campaign_id": cid, "expression": "1d6"}, "bob-rolls"), "bob")
    assert not result.duplicate and role == "player"
    assert [ev["type"] for ev in result.events] == ["DiceRolled"]


async def test_stale_cache_append_conflicts_and_decides_again(store: EventStore) -> None:
    # Both cache the character; each rename by the other makes the cached version stale, so the
    # append refuses it and the command is decided again on the log: nothing is lost.
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    char = await make_character(one, cid)
    for i in range(10):
        writer = (one, two)[i % 2]
        await writer.execute(envelope("RenameCharacter",
                                      {"campaign_id": cid, "character_id": char, "name": f"N{i}"},
                                      f"s-{i}"), "ann")
    versions = [ev.stream_version for ev in await store.read_stream(cid, f"character/{cid}/{char}")]
    assert versions == list(range(1, 12))
    assert one.states.cached(cid, [f"campaign/{cid}", f"character/{cid}/{char}"]) is not None


async def test_two_processes_hammering_one_character_never_refuse(store: EventStore) -> None:
    # Each pipeline's commands queue per campaign, so the races are across the two; the one
    # that keeps losing decides under the campaign's lock after a few tries, and gets through.
    one, two = CommandPipeline(store), CommandPipeline(store)
    cid = await make_campaign(one)
    char = await make_character(one, cid)

    async def client(i: int) -> None:
        for k in range(3):
            await (one, two)[i % 2].execute(envelope(
                "RenameCharacter", {"campaign_id": cid, "character_id": char, "name": f"N{i}.{k}"},
                f"h-{i}-{k}"), "ann")

    await asyncio.gather(*(client(i) for i in range(32)))
    versions = [ev.stream_version for ev in await store.read_stream(cid, f"character/{cid}/{char}")]
    assert versions == list(range(1, 98))  # created, then 96 renames, none refused or lost


async def test_a_campaigns_burst_lets_other_campaigns_commands_finish_first(
        store: EventStore) -> None:
    """Fair share: a command of a campaign with more of its own waiting behind it starts only
    once the commands of campaigns without a backlog are done, or after FAIR_WAIT_S at most."""
    pipeline = CommandPipeline(store)
    order: list[str] = []
    quiet_may_finish = asyncio.Event()

    async def quiet() -> None:
        async with pipeline._queued("table"):
            order.append("table starts")
            await quiet_may_finish.wait()
            order.append("table done")

    async def burst(k: int) -> None:
        async with pipeline._queued("bot"):
            order.append(f"bot {k}")
            await asyncio.sleep(0)  # a command awaits its database: the next ones queue behind

    table = asyncio.create_task(quiet())
    await asyncio.sleep(0)
    bots = [asyncio.create_task(burst(k)) for k in range(3)]
    await asyncio.sleep(FAIR_WAIT_S / 4)
    # bot 0 found nothing behind it and ran; bot 1, with bot 2 behind it, waits for the table
    assert order == ["table starts", "bot 0"]
    quiet_may_finish.set()
    await asyncio.gather(table, *bots)
    assert order == ["table starts", "bot 0", "table done", "bot 1", "bot 2"]
    # Never starved: a quiet command that takes long holds the burst back FAIR_WAIT_S at most.
    order.clear()
    quiet_may_finish.clear()
    table = asyncio.create_task(quiet())
    await asyncio.sleep(0)
    bots = [asyncio.create_task(burst(k)) for k in range(3)]
    await asyncio.sleep(FAIR_WAIT_S * 3)
    assert order == ["table starts", "bot 0", "bot 1", "bot 2"]
    quiet_may_finish.set()
    await asyncio.gather(table, *bots)


async def test_a_command_under_the_campaigns_lock_is_handed_on_only_once_committed(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """After losing to rivals, a command appends under the campaign's lock, in a transaction that
    commits when the lock is let go. Its events go to ``on_recorded`` (the live relays, the
    projector beside the pipeline) only after that commit: here it fails, and nothing goes."""
    pipeline = CommandPipeline(store)
    cid = await make_campaign(pipeline)
    handed: list[int] = []
    pipeline.on_recorded = lambda _cid, stored: handed.extend(ev.position for ev in stored)
    real_append, real_locked = store.append, store.campaign_locked
    lost = 0

    async def rivals_win(*args: object, **kwargs: object) -> object:
        nonlocal lost
        lost += 1
        raise WrongExpectedVersion(f"campaign/{cid}", 1, 2)

    @asynccontextmanager
    async def commit_fails(campaign_id: str) -> AsyncIterator[object]:
        async with real_locked(campaign_id) as locked:
            yield locked
            raise ConnectionError("the connection was lost before COMMIT")

    monkeypatch.setattr(store, "append", rivals_win)
    monkeypatch.setattr(store, "campaign_locked", commit_fails)
    head = (await store.read_campaign(cid, 0, 100))[-1].position
    with pytest.raises(ConnectionError):
        await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "1d6"},
                                        "locked-1"), "ann")
    assert lost > LOCK_AFTER and handed == []
    assert (await store.read_campaign(cid, 0, 100))[-1].position == head  # rolled back

    monkeypatch.setattr(store, "campaign_locked", real_locked)
    await pipeline.execute(envelope("RollDice", {"campaign_id": cid, "expression": "1d6"},
                                    "locked-2"), "ann")
    assert handed == [head + 1]
    monkeypatch.setattr(store, "append", real_append)
