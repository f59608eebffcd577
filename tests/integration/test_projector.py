"""Read models in Redis: crash-safe batches, rebuilds, live publication."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import asyncpg
import msgspec
from redis.asyncio import Redis

from contracts.commands import ENVELOPES
from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.read_model_rebuild import drop_read_models, rebuild
from services.adapters.redis_client import connect_redis
from services.application.pipeline import CommandPipeline


class Crash(Exception):
    pass


async def snapshot(redis: Redis) -> dict[str, Any]:
    """Every read-model key and its full content."""
    out: dict[str, Any] = {}
    async for raw in redis.scan_iter(match=f"{keys.PREFIX}:*"):
        key = raw.decode()
        kind = (await redis.type(key)).decode()
        if kind == "string":
            out[key] = await redis.get(key)
        elif kind == "hash":
            out[key] = await redis.hgetall(key)
        elif kind == "list":
            out[key] = await redis.lrange(key, 0, -1)
        elif kind == "set":
            out[key] = sorted(await redis.smembers(key))
        elif kind == "zset":
            out[key] = await redis.zrange(key, 0, -1, withscores=True)
    return out


async def populate(store: EventStore) -> list[str]:
    """Two campaigns with members, a table, characters and rolls."""
    pipeline = CommandPipeline(store)
    n = 0

    async def run(type_: str, payload: dict[str, Any], actor: str = "ann") -> Any:
        nonlocal n
        n += 1
        env = msgspec.convert({"type": type_, "command_id": f"c{n}", "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, actor)

    campaigns = []
    for name in ("One", "Two"):
        cid = (await run("CreateCampaign", {"name": name})).campaign_id
        campaigns.append(cid)
        await run("AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
        table = (await run("CreateTable", {"campaign_id": cid, "name": "Main"})).events[0]["data"]
        chr_ = (await run("CreateCharacter", {"campaign_id": cid, "name": "Vex"}, "bob")).events[0]
        await run("SeatCharacter", {"campaign_id": cid, "table_id": table["table_id"],
                                    "character_id": chr_["data"]["character_id"]}, "bob")
        for i in range(4):
            await run("RollDice", {"campaign_id": cid, "expression": f"{i + 1}d6",
                                   "table_id": table["table_id"]}, "bob")
        await run("RenameCharacter", {"campaign_id": cid, "character_id":
                                      chr_["data"]["character_id"], "name": "Vexa"}, "bob")
    return campaigns


async def clean_projection(store: EventStore, redis: Redis) -> dict[str, Any]:
    await drop_read_models(redis)
    await Projector(store, redis).catch_up()
    return await snapshot(redis)


async def test_projection_content(store: EventStore, redis_client: Redis) -> None:
    campaigns = await populate(store)
    await Projector(store, redis_client, batch_size=5).catch_up()
    view = msgspec.json.decode(await redis_client.get(keys.campaign_key(campaigns[0])))
    assert view["members"] == {"ann": "gm", "bob": "player"}
    [table] = view["tables"].values()
    assert len(table["seated"]) == 1
    characters = await redis_client.hvals(keys.characters_key(campaigns[0]))
    assert [msgspec.json.decode(c)["name"] for c in characters] == ["Vexa"]
    rolls = await redis_client.lrange(keys.rolls_key(campaigns[0]), 0, -1)
    assert [msgspec.json.decode(r)["data"]["expression"] for r in rolls] == ["4d6", "3d6", "2d6", "1d6"]
    table_rolls = await redis_client.lrange(keys.rolls_key(campaigns[0], table["table_id"]), 0, -1)
    assert table_rolls == rolls
    assert sorted(m.decode() for m in await redis_client.smembers(keys.user_campaigns_key("bob"))) \
        == sorted(campaigns)


async def test_checkpoints_of_many_campaigns_are_read_together(store: EventStore,
                                                                redis_client: Redis) -> None:
    """``ReadModels.positions``, what the live relays' sweep reads: one ``MGET`` on one server,
    one per node on a cluster (the campaigns' keys are on different slots), in the order asked."""
    campaigns = await populate(store)
    await Projector(store, redis_client).catch_up()
    models = keys.ReadModels(redis_client)
    heads = [(await store.read_campaign(cid, 0, 1000))[-1].position for cid in campaigns]
    asked = [campaigns[1], "never-projected", campaigns[0]]
    assert await models.positions(asked) == [heads[1], 0, heads[0]]
    assert heads[0] > 0 and heads[1] > 0
    assert [await models.position(cid) for cid in asked] == [heads[1], 0, heads[0]]
    assert await models.positions([]) == []


async def test_crash_at_any_point_loses_and_doubles_nothing(store: EventStore,
                                                             redis_client: Redis) -> None:
    await populate(store)
    expected = await clean_projection(store, redis_client)
    total = len(await store.read_all(limit=10_000))
    crashes = 0
    for stage in ("before-exec", "between-batches", "between-campaigns"):
        for crash_at in range(1, 12):
            await drop_read_models(redis_client)
            calls = 0

            def hook(seen: str, stage: str = stage, crash_at: int = crash_at) -> None:
                nonlocal calls
                if seen == stage:
                    calls += 1
                    if calls == crash_at:
                        raise Crash(f"{stage} #{crash_at}")

            crashed = False
            try:
                await Projector(store, redis_client, batch_size=7, crash_hook=hook).catch_up()
            except Crash:
                crashed = True
                crashes += 1
            # A fresh projector (the restarted process) carries on from what was committed.
            await Projector(store, redis_client, batch_size=7).catch_up()
            assert await snapshot(redis_client) == expected, f"{stage} #{crash_at}"
            if not crashed:
                break
    rolls = await redis_client.lrange(next(k for k in expected if k.endswith(":rolls")), 0, -1)
    assert len(rolls) == 4 and total > 7 and crashes >= 10


async def test_a_rival_worker_that_applies_the_batch_first_wins_it_alone(
        store: EventStore, redis_client: Redis, database_url: str, redis_url: str) -> None:
    """Two workers that both think they own a campaign: a rival projects the whole log while
    the first is about to commit a batch it folded. The first's commit is refused (its
    checkpoint moved), it reads again, and nothing is applied twice."""
    await populate(store)
    expected = await clean_projection(store, redis_client)
    await drop_read_models(redis_client)
    rivals = 0

    async def rival() -> None:
        other = await EventStore.connect(database_url, min_size=1, max_size=2)
        client = connect_redis(redis_url)
        try:
            await Projector(other, client, batch_size=5).catch_up()
        finally:
            await client.aclose()
            await other.close()

    def rival_first(stage: str) -> None:
        nonlocal rivals
        if stage == "before-exec" and not rivals:
            rivals += 1  # the rival runs to the end on its own connections and event loop
            thread = threading.Thread(target=asyncio.run, args=(rival(),))
            thread.start()
            thread.join()

    applied = await Projector(store, redis_client, batch_size=5, crash_hook=rival_first).catch_up()
    assert rivals == 1 and applied == 0  # every batch it folded was the rival's already
    assert await snapshot(redis_client) == expected


async def test_rebuild_ends_with_the_same_content(store: EventStore, redis_client: Redis) -> None:
    await populate(store)
    await Projector(store, redis_client, batch_size=3).catch_up()
    before = await snapshot(redis_client)
    await redis_client.set(keys.campaign_key("junk"), b"stale")
    count = await rebuild(store, redis_client)
    assert count == len(await store.read_all(limit=10_000))
    assert await snapshot(redis_client) == before


async def test_live_messages_carry_positions(store: EventStore, redis_client: Redis) -> None:
    published: list[tuple[str, bytes]] = []

    async def publish(channel: str, data: bytes) -> None:
        published.append((channel, data))

    campaigns = await populate(store)
    await Projector(store, redis_client, batch_size=4, publish=publish).catch_up()
    ours = [msgspec.json.decode(d) for ch, d in published if ch == keys.live_channel(campaigns[0])]
    positions = [e["position"] for m in ours for e in m["events"]]
    assert positions == [e.position for e in await store.read_campaign(campaigns[0], 0, 1000)]
    for prev, msg in zip(ours, ours[1:], strict=False):
        assert msg["after"] == prev["position"]  # each message says where the previous ended


PROJECTOR_PROCESS = """
import asyncio, sys
from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.redis_client import connect_redis

async def main() -> None:
    store = await EventStore.connect(sys.argv[1], min_size=1, max_size=2)
    redis = connect_redis(sys.argv[2])
    def slow(stage: str) -> None:
        import time
        time.sleep(0.05)  # widen every window between the projector's steps
    await Projector(store, redis, batch_size=3, crash_hook=slow).catch_up()
    print("caught up", flush=True)

asyncio.run(main())
"""


async def test_a_projector_process_killed_at_random_loses_and_doubles_nothing(
        store: EventStore, redis_client: Redis, database_url: str, redis_url: str) -> None:
    """SIGKILL a real projector process at random moments, restart it, and compare the result
    with a clean projection."""
    import asyncio
    import random
    import signal
    import subprocess
    import sys

    await populate(store)
    expected = await clean_projection(store, redis_client)
    await drop_read_models(redis_client)
    rng = random.Random(11)
    kills = 0
    for attempt in range(12):
        proc = subprocess.Popen([sys.executable, "-c", PROJECTOR_PROCESS, database_url, redis_url],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if attempt < 11:
            await asyncio.sleep(rng.uniform(0.2, 1.5))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
        # The last run is left to finish: on a loaded machine a start alone can outlast every
        # random delay, and the test is about what the kills left behind.
        await asyncio.to_thread(proc.wait, 180)
        output = proc.stdout.read() if proc.stdout else b""
        if b"caught up" in output:
            break
    else:
        raise AssertionError("the projector never caught up")
    assert kills >= 1
    assert await snapshot(redis_client) == expected


async def test_campaign_listing_is_per_user_and_paged(store: EventStore, redis_client: Redis) -> None:
    from services.adapters.read_models import ReadModels
    pipeline = CommandPipeline(store)

    async def run(type_: str, payload: dict[str, Any], actor: str, cmd_id: str) -> Any:
        env = msgspec.convert({"type": type_, "command_id": cmd_id, "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, actor)

    cids = []
    for i in range(120):
        created = await run("CreateCampaign", {"name": f"C{i}"}, "ann", f"c-{i}")
        cids.append(created.campaign_id)
    await run("AddMember", {"campaign_id": cids[7], "user": "bob", "role": "player"}, "ann", "m1")
    await run("AddMember", {"campaign_id": cids[9], "user": "bob", "role": "player"}, "ann", "m2")
    await run("RemoveMember", {"campaign_id": cids[9], "user": "bob"}, "ann", "m3")
    await Projector(store, redis_client, batch_size=5).catch_up()
    models = ReadModels(redis_client)
    first, cursor = await models.listing("ann")
    assert len(first) == keys.LISTING_PAGE_SIZE and cursor == first[-1]["campaign_id"]
    rest, end = await models.listing("ann", cursor)
    assert end is None
    ids = [c["campaign_id"] for c in first + rest]
    assert ids == sorted(cids)  # every campaign once, in id order, across the two pages
    assert all(c["role"] == "gm" for c in first + rest)
    by_id = {c["campaign_id"]: c for c in first + rest}
    assert by_id[cids[3]] == {"campaign_id": cids[3], "name": "C3", "ruleset": "generic",
                              "role": "gm"}
    # bob sees the campaign he is in, not the one he was removed from.
    assert await models.listing("bob") == ([{"campaign_id": cids[7], "name": "C7",
                                            "ruleset": "generic", "role": "player"}], None)
    small, more = await models.listing("ann", limit=3)
    assert [c["campaign_id"] for c in small] == sorted(cids)[:3] and more == sorted(cids)[2]



async def test_a_running_projector_outlives_a_connection_broken_mid_operation(
        store: EventStore, redis_client: Redis) -> None:
    """A pooled connection whose PostgreSQL stops mid-query fails with asyncpg's
    InternalClientError ("cannot switch to state 12"), as seen in tests/e2e/test_faults.py:
    the projector pauses and retries as for any lost connection; its task does not end."""
    campaigns = await populate(store)
    real = store.read_campaign
    broken = 0

    async def breaks_once(*args: Any, **kwargs: Any) -> Any:
        nonlocal broken
        if not broken:
            broken += 1
            raise asyncpg.exceptions.InternalClientError(
                "cannot switch to state 12; another operation (2) is in progress")
        return await real(*args, **kwargs)

    store.read_campaign = breaks_once  # type: ignore[method-assign]
    stop = asyncio.Event()
    task = asyncio.create_task(Projector(store, redis_client).run(stop, idle_poll=0.1))
    try:
        deadline = asyncio.get_running_loop().time() + 15
        while not await redis_client.exists(keys.campaign_key(campaigns[1])):
            assert not task.done(), task.exception()
            assert asyncio.get_running_loop().time() < deadline, "not projected after the fault"
            await asyncio.sleep(0.1)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
    assert broken == 1


async def test_listing_entries_are_written_when_they_change_and_once_per_process(
        store: EventStore, redis_client: Redis) -> None:
    """A batch writes a user's listing entry when it changes the entry; a process's first batch
    of a campaign writes every member's, so an entry lost between a batch's commit and its
    listing write (the process stopped there) comes back with the next batch of a new process."""
    pipeline = CommandPipeline(store)

    async def run(type_: str, payload: dict[str, Any], cmd_id: str) -> Any:
        env = msgspec.convert({"type": type_, "command_id": cmd_id, "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, "ann")

    cid = (await run("CreateCampaign", {"name": "Listed"}, "l1")).campaign_id
    await run("AddMember", {"campaign_id": cid, "user": "bob", "role": "player"}, "l2")
    first = Projector(store, redis_client)
    await first.catch_up()
    bob_entries = keys.user_entries_key("bob")
    assert msgspec.json.decode(await redis_client.hget(bob_entries, cid))["role"] == "player"

    # Lost: as if the process had stopped between the batch's commit and its listing write.
    await redis_client.hdel(bob_entries, cid)
    await run("RollDice", {"campaign_id": cid, "expression": "1d6"}, "l3")
    await first.catch_up()
    assert await redis_client.hget(bob_entries, cid) is None  # a roll changes no entry

    await run("RollDice", {"campaign_id": cid, "expression": "1d6"}, "l4")
    await Projector(store, redis_client).catch_up()  # the restarted process
    assert msgspec.json.decode(await redis_client.hget(bob_entries, cid))["role"] == "player"

    # A change of membership is written by the process that already listed the campaign.
    await run("RemoveMember", {"campaign_id": cid, "user": "bob"}, "l5")
    await run("AddMember", {"campaign_id": cid, "user": "cy", "role": "player"}, "l6")
    await first.catch_up()
    assert await redis_client.hget(bob_entries, cid) is None
    assert await redis_client.zrange(keys.user_listing_key("bob"), 0, -1) == []
    assert msgspec.json.decode(await redis_client.hget(keys.user_entries_key("cy"), cid)) == {
        "campaign_id": cid, "name": "Listed", "ruleset": "generic", "role": "player"}
