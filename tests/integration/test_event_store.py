"""The event store's guarantees, each against a real PostgreSQL."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from services.adapters.event_store import EventStore
from services.application.records import CommandRecord, DuplicateCommand, NewEvent, WrongExpectedVersion


def ev(stream: str, type_: str = "Happened", **data: object) -> NewEvent:
    return NewEvent(stream_id=stream, type=type_, data=dict(data), metadata={"actor": "test"})


async def test_append_assigns_versions_and_positions(store: EventStore) -> None:
    first = await store.append("c1", {"s/1": 0}, [ev("s/1", n=1), ev("s/1", n=2)])
    second = await store.append("c1", {"s/1": 2}, [ev("s/1", n=3)])
    assert [e.stream_version for e in first + second] == [1, 2, 3]
    assert [e.position for e in first + second] == [1, 2, 3]  # positions count per campaign
    elsewhere = await store.append("c2", {"s/1": 0}, [ev("s/1", n=1)])
    assert [(e.position, e.stream_version) for e in elsewhere] == [(1, 1)]
    stream = await store.read_stream("c1", "s/1")
    assert [e.data["n"] for e in stream] == [1, 2, 3]
    assert stream[0].metadata == {"actor": "test"}
    assert stream[0].campaign_id == "c1" and stream[0].type == "Happened"


async def test_wrong_expected_version_is_a_conflict_and_appends_nothing(store: EventStore) -> None:
    await store.append("c1", {"s/1": 0}, [ev("s/1")])
    with pytest.raises(WrongExpectedVersion) as err:
        await store.append("c1", {"s/1": 0}, [ev("s/1"), ev("s/2")])
    assert (err.value.expected, err.value.actual) == (0, 1)
    assert len(await store.read_stream("c1", "s/1")) == 1
    assert await store.read_stream("c1", "s/2") == []


async def test_expected_version_of_a_stream_read_but_not_written(store: EventStore) -> None:
    await store.append("c1", {"campaign/c1": 0}, [ev("campaign/c1")])
    with pytest.raises(WrongExpectedVersion):
        await store.append("c1", {"campaign/c1": 0, "rolls/c1": None}, [ev("rolls/c1")])
    assert await store.read_stream("c1", "rolls/c1") == []


async def test_repeated_command_id_returns_the_first_reply_and_appends_nothing(
        store: EventStore) -> None:
    record = CommandRecord(command_id="k1", actor="ann", campaign_id="c1", type="T",
                           payload_sha256="abc", reply={})
    await store.append("c1", {"s/1": 0}, [ev("s/1")], command=record)
    with pytest.raises(DuplicateCommand) as dup:
        await store.append("c1", {"s/1": None}, [ev("s/1")], command=record)
    assert dup.value.record.reply["positions"] == [e.position for e in await store.read_stream("c1", "s/1")]
    assert len(await store.read_stream("c1", "s/1")) == 1


async def test_service_role_cannot_update_delete_or_truncate(store: EventStore) -> None:
    await store.append("c1", {"s/1": 0}, [ev("s/1")])
    async with store.pool.acquire() as conn:  # pool connections run as skald_app
        assert await conn.fetchval("SELECT current_user") == "skald_app"
        for sql in ("UPDATE events SET type = 'x'", "DELETE FROM events", "TRUNCATE events",
                    "UPDATE commands SET type = 'x'", "DELETE FROM dice_seeds"):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await conn.execute(sql)


async def test_triggers_refuse_changes_even_for_the_owner(store: EventStore, database_url: str) -> None:
    record = CommandRecord(command_id="k1", actor="ann", campaign_id="c1", type="T",
                           payload_sha256="abc", reply={})
    await store.append("c1", {"s/1": 0}, [ev("s/1")], command=record, seed=(1, b"s" * 32, "x"))
    owner = await asyncpg.connect(database_url)  # superuser, owner of the tables
    try:
        for sql in ("UPDATE events SET type = 'x'", "DELETE FROM events", "TRUNCATE events",
                    "DELETE FROM commands", "UPDATE dice_seeds SET seed = 'x'",
                    "TRUNCATE dice_seeds"):
            with pytest.raises(asyncpg.RestrictViolationError, match="append-only"):
                await owner.execute(sql)
        assert await owner.fetchval("SELECT count(*) FROM events") == 1
        assert await owner.fetchval("SELECT type FROM events") == "Happened"
    finally:
        await owner.close()


async def test_campaign_log_pages_by_position(store: EventStore) -> None:
    for n in range(5):
        await store.append("c1", {}, [ev("s/1", n=n)])
        await store.append("c2", {}, [ev("s/2", n=n)])
    page1 = await store.read_campaign("c1", 0, 3)
    page2 = await store.read_campaign("c1", page1[-1].position, 3)
    assert [e.data["n"] for e in page1 + page2] == [0, 1, 2, 3, 4]
    assert {e.campaign_id for e in page1 + page2} == {"c1"}


HOLD_KEY = 424242


async def _install_hold_trigger(database_url: str) -> None:
    """A trigger that makes an append of type 'Held' wait on an advisory lock after inserting."""
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute(f"""
            CREATE FUNCTION test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_advisory_lock({HOLD_KEY}); PERFORM pg_advisory_unlock({HOLD_KEY});
                  RETURN NEW; END $$;
            CREATE TRIGGER test_hold AFTER INSERT ON events FOR EACH ROW
                WHEN (NEW.type = 'Held') EXECUTE FUNCTION test_hold();
        """)
    finally:
        await owner.close()


Cursor = tuple[int, str, int]


async def _follow(store: EventStore, cursor: Cursor) -> tuple[list[tuple[str, int]], Cursor]:
    seen: list[tuple[str, int]] = []
    while batch := await store.read_all(cursor, 2):
        seen += [(e.campaign_id, e.position) for e in batch]
        cursor = batch[-1].cursor
    return seen, cursor


async def test_subscriber_never_skips_a_late_commit(store: EventStore, database_url: str) -> None:
    """An append whose transaction commits late is neither skipped nor repeated by a follower."""
    await _install_hold_trigger(database_url)
    before = await store.append("c0", {}, [ev("s/0")])
    seen, cursor = await _follow(store, (0, "", 0))
    assert seen == [("c0", before[0].position)]

    holder = await asyncpg.connect(database_url)
    await holder.execute("SELECT pg_advisory_lock($1)", HOLD_KEY)
    held = asyncio.create_task(store.append("held", {}, [ev("s/held", "Held")]))
    # Wait until the held append has inserted its row (it then waits on the lock, uncommitted).
    for _ in range(500):
        waiting = await holder.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
        if waiting:
            break
        await asyncio.sleep(0.01)
    else:
        pytest.fail("the held append never reached its trigger")
    later = []
    for n in range(3):
        later += await store.append(f"c{n + 1}", {}, [ev(f"s/{n + 1}")])
    assert not held.done()

    seen_while_held, cursor = await _follow(store, cursor)
    assert seen_while_held == []  # committed later events wait behind the in-flight one
    await holder.execute("SELECT pg_advisory_unlock($1)", HOLD_KEY)
    held_event = (await held)[0]
    await holder.close()

    seen_after, cursor = await _follow(store, cursor)
    assert sorted(seen_after) == sorted([("held", held_event.position)]
                                        + [(e.campaign_id, e.position) for e in later])
    assert len(seen_after) == len(set(seen_after)) == 4
    assert (await _follow(store, cursor))[0] == []


async def test_a_campaign_reader_never_skips_a_late_commit(store: EventStore,
                                                          database_url: str) -> None:
    """Inside a campaign, appends are serialised: one held open delays the next one of that
    campaign (not of others), so a reader paging by position never passes an uncommitted one."""
    await _install_hold_trigger(database_url)
    await store.append("c1", {}, [ev("s/a")])
    holder = await asyncpg.connect(database_url)
    await holder.execute("SELECT pg_advisory_lock($1)", HOLD_KEY)
    held = asyncio.create_task(store.append("c1", {}, [ev("s/held", "Held")]))
    for _ in range(500):
        if await holder.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"):
            break
        await asyncio.sleep(0.01)
    else:
        pytest.fail("the held append never reached its trigger")
    behind = asyncio.create_task(store.append("c1", {}, [ev("s/b")]))
    other = await store.append("c2", {}, [ev("s/c")])  # another campaign is not held up
    await asyncio.sleep(0.2)
    assert not held.done() and not behind.done() and other[0].position == 1
    assert [e.position for e in await store.read_campaign("c1")] == [1]
    await holder.execute("SELECT pg_advisory_unlock($1)", HOLD_KEY)
    await holder.close()
    held_event, behind_event = (await held)[0], (await behind)[0]
    assert (held_event.position, behind_event.position) == (2, 3)
    assert [e.type for e in await store.read_campaign("c1")] == ["Happened", "Held", "Happened"]


async def test_notifications_wake_a_listener(store: EventStore) -> None:
    """A NOTIFY names the campaign and the backend that sent it: one of the store's own
    connections for its own append (a projector in the same process skips those)."""
    woke: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
    async with store.notifications(lambda cid, pid: woke.put_nowait((cid, pid))):
        await store.append("camp-9", {}, [ev("s/9")])
        cid, pid = await asyncio.wait_for(woke.get(), 10)
        assert cid == "camp-9" and pid in store.backend_pids
        other = await EventStore.connect(store.url, min_size=1, max_size=1)
        try:
            await other.append("camp-9", {}, [ev("s/9")])
            cid, pid = await asyncio.wait_for(woke.get(), 10)
            assert cid == "camp-9" and pid in other.backend_pids
            assert pid not in store.backend_pids
        finally:
            await other.close()
        assert other.backend_pids == set()  # closed: the pids may go to other clients now


async def test_concurrent_appends_with_the_same_expected_version_one_wins(store: EventStore) -> None:
    results = await asyncio.gather(
        *(store.append("c1", {"s/1": 0}, [ev("s/1", n=n)]) for n in range(5)),
        return_exceptions=True)
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, WrongExpectedVersion)]
    assert len(wins) == 1 and len(losses) == 4
    assert len(await store.read_stream("c1", "s/1")) == 1


async def test_concurrent_appends_share_transactions_and_keep_their_own_checks(
        store: EventStore) -> None:
    """Group commit: 64 appends at once commit in fewer transactions than appends, and each
    still gets its own answer: a stale version or a repeated command id refuses that append
    alone, appending nothing, while its batch-mates commit."""
    record = CommandRecord(command_id="cmd-1", actor="ann", campaign_id="g-dup", type="T",
                           payload_sha256="x", reply={})
    await store.append("g-dup", {}, [ev("s/d")], command=record)
    await store.append("g-stale", {"s/x": 0}, [ev("s/x")])
    group = store._group
    assert group is not None
    batches_before = group.batches

    async def attempt(i: int) -> object:
        try:
            if i % 16 == 0:
                return await store.append("g-dup", {}, [ev("s/d")], command=record)
            if i % 16 == 1:
                return await store.append("g-stale", {"s/x": 0}, [ev("s/x")])
            return await store.append(f"g-{i % 8}", {}, [ev(f"s/{i}", n=i), ev(f"s/{i}", n=-i)])
        except (DuplicateCommand, WrongExpectedVersion) as err:
            return err

    results = await asyncio.gather(*(attempt(i) for i in range(64)))
    assert group.batches - batches_before < 64  # shared transactions
    dups = [r for r in results if isinstance(r, DuplicateCommand)]
    stale = [r for r in results if isinstance(r, WrongExpectedVersion)]
    assert len(dups) == 4 and all(d.record.reply == {"positions": [1]} for d in dups)
    assert len(stale) == 4 and all((s.expected, s.actual) == (0, 1) for s in stale)
    assert len(await store.read_campaign("g-dup")) == 1
    assert len(await store.read_campaign("g-stale")) == 1
    for k in range(8):  # every other append is in, gap-free, each stream at version 2
        rows = await store.read_campaign(f"g-{k}", limit=1000)
        appended = [i for i in range(64) if i % 8 == k and i % 16 > 1]
        assert [r.position for r in rows] == list(range(1, 2 * len(appended) + 1))
        assert sorted(r.data["n"] for r in rows) == sorted([*appended, *(-i for i in appended)])
        assert all(r.stream_version == (1 if r.data["n"] > 0 else 2) for r in rows)


async def test_a_lone_append_goes_through_the_item_function_which_keeps_generic_plans(
        store: EventStore, database_url: str) -> None:
    """Migration 0009: skald_append_item's statements are planned once per connection, not on
    every call; a batch of one is sent through it (not skipping its checks: the stale append
    is refused, the duplicate replayed, as through the batch function)."""
    conn = await asyncpg.connect(database_url)
    try:
        config = await conn.fetchval(
            "SELECT proconfig FROM pg_proc WHERE proname = 'skald_append_item'")
    finally:
        await conn.close()
    assert config == ["plan_cache_mode=force_generic_plan"]
    record = CommandRecord(command_id="lone-1", actor="ann", campaign_id="lone", type="T",
                           payload_sha256="x", reply={})
    first = await store.append("lone", {"s/l": 0}, [ev("s/l")], command=record)
    with pytest.raises(DuplicateCommand) as dup:
        await store.append("lone", {"s/l": 1}, [ev("s/l")], command=record)
    assert dup.value.record.reply == {"positions": [first[0].position]}
    with pytest.raises(WrongExpectedVersion) as stale:
        await store.append("lone", {"s/l": 0}, [ev("s/l")])
    assert (stale.value.expected, stale.value.actual) == (0, 1)
    assert [e.position for e in await store.read_campaign("lone")] == [1]
