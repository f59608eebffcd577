"""Skald's schema on a real Citus cluster (a coordinator and two workers, SKALD_TEST_CITUS=1):
distributed by ``skald migrate``, append-only on every worker, appends run where their campaign is.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from services.adapters import citus
from services.adapters.event_store import EventStore, _request
from services.adapters.group_commit import GroupCommitter
from services.adapters.migrate import migrate
from services.application.records import CommandRecord, NewEvent
from tests import citus_cluster
from tests.conftest import with_database

ROOT = Path(__file__).resolve().parents[2]


def ev(stream: str) -> NewEvent:
    return NewEvent(stream_id=stream, type="Noted", data={"n": 1}, metadata={"actor": "t"})


async def _fetch(url: str, sql: str, *args: object) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def worker_of(database_url: str, campaign: str) -> tuple[str, int]:
    """(the URL of the worker holding ``campaign``, the colocated shard's id)."""
    [row] = await _fetch(database_url, (
        "SELECT s.shardid, s.nodeport FROM citus_shards s WHERE s.table_name = 'events'::regclass"
        " AND s.shardid = get_shard_id_for_distribution_column('events', $1::text)"), campaign)
    assert citus_cluster.CURRENT is not None
    database = urlsplit(database_url).path.lstrip("/")
    [url] = [u for u in citus_cluster.CURRENT.worker_urls(database)
             if urlsplit(u).port == row["nodeport"]]
    return url, int(row["shardid"])


async def campaigns_on_each_worker(database_url: str, count: int = 2) -> dict[str, list[str]]:
    """``count`` campaign ids held by each worker (by URL)."""
    found: dict[str, list[str]] = {}
    n = 0
    while len(found) < 2 or any(len(v) < count for v in found.values()):
        n += 1
        url, _ = await worker_of(database_url, f"cmp_{n}")
        if len(found.setdefault(url, [])) < count:
            found[url].append(f"cmp_{n}")
    return found


async def test_migrate_distributes_everything_once(database_url: str) -> None:
    """The fixture's migrate distributed the schema; a second run has nothing left to do."""
    assert await migrate(database_url) == []
    rows = await _fetch(database_url, (
        "SELECT logicalrelid::regclass::text AS t, partmethod::text AS partmethod, colocationid,"
        " column_to_column_name(logicalrelid, partkey) AS col FROM pg_dist_partition"))
    placed = {r["t"]: r for r in rows}
    assert set(placed) == set(citus.DISTRIBUTED)  # citus.COORDINATOR stay plain tables
    colocation = {placed[t]["colocationid"] for t in citus.DISTRIBUTED}
    assert len(colocation) == 1, "every campaign table colocated with events"
    for table in citus.DISTRIBUTED:
        assert (placed[table]["partmethod"], placed[table]["col"]) == ("h", "campaign_id")
    functions = {r["f"]: r for r in await _fetch(database_url, (
        "SELECT objid::regprocedure::text AS f, distribution_argument_index AS arg,"
        " colocationid, force_delegation FROM pg_dist_object"
        " WHERE classid = 'pg_proc'::regclass AND distribution_argument_index IS NOT NULL"))}
    by_name = {name.split("(")[0]: row for name, row in functions.items()}
    assert set(by_name) == {"skald_append_item", "skald_append_node_batch", "skald_lock_campaign"}
    for row in by_name.values():
        assert row["arg"] == 0 and row["colocationid"] in colocation
    assert by_name["skald_lock_campaign"]["force_delegation"] is True


async def test_no_role_of_the_service_can_change_the_log_on_a_worker(
        store: EventStore, database_url: str) -> None:
    """On the worker holding a campaign's shards: skald_app (the role the coordinator connects
    as) may not UPDATE, DELETE or TRUNCATE them; a superuser is refused by the triggers."""
    await store.append("cmp_a", {}, [ev("s/1")], seed=(1, b"seed", "commitment"),
                       command=CommandRecord(command_id="c1", actor="t", campaign_id="cmp_a",
                                             type="Note", payload_sha256="0", reply={}))
    await store.append("cmp_a", {"s/1": 1}, [ev("s/1")])
    worker, shard = await worker_of(database_url, "cmp_a")
    app_url = worker.replace("postgres@", "skald_app@")
    assert (await _fetch(app_url, f"SELECT count(*) AS n FROM events_{shard}"))[0]["n"] == 2
    for table in ("events", "commands", "dice_seeds"):
        [row] = await _fetch(database_url, (
            "SELECT get_shard_id_for_distribution_column($1, $2::text)::text AS shard"), table,
            "cmp_a")
        shard_name = f"{table}_{row['shard']}"
        assert (await _fetch(worker, f"SELECT count(*) AS n FROM {shard_name}"))[0]["n"] > 0
        for sql in (f"UPDATE {shard_name} SET campaign_id = campaign_id",
                    f"DELETE FROM {shard_name}", f"TRUNCATE {shard_name}"):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await _on_shard(app_url, sql)
            with pytest.raises(asyncpg.RestrictViolationError, match="append-only"):
                await _on_shard(worker, sql)
    assert (await _fetch(worker, f"SELECT count(*) AS n FROM events_{shard}"))[0]["n"] == 2


async def _on_shard(url: str, sql: str) -> None:
    """``sql`` on a shard directly, past Citus's own guard (which any session may turn off)."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SET citus.enable_manual_changes_to_shards TO on")
        await conn.execute(sql)
    finally:
        await conn.close()


async def test_an_append_is_delegated_to_the_worker_of_its_campaign(database_url: str) -> None:
    conn = await asyncpg.connect(database_url)
    said: list[str] = []
    conn.add_log_listener(lambda _c, m: said.append(m.message))
    try:
        await conn.execute("SET client_min_messages TO debug1")
        await conn.execute("SET ROLE skald_app")
        rows = await conn.fetch(
            "SELECT * FROM skald_append_item($1, NULL, NULL, NULL, NULL, '{}'::text[],"
            " '{}'::int[], ARRAY['s'], ARRAY['T'], ARRAY[1]::smallint[], ARRAY['{}'],"
            " ARRAY['{}'], NULL, NULL, NULL, true)", "cmp_d")
    finally:
        await conn.close()
    assert [r["status"] for r in rows] == ["ok", "event"]
    assert said == ["pushing down the function call"]


async def test_group_commit_sends_one_call_per_worker(store: EventStore,
                                                      database_url: str) -> None:
    """A batch of appends to campaigns on both workers: each worker's part is one delegated
    call, and every append commits with its own position."""
    placed = await campaigns_on_each_worker(database_url, 3)
    campaigns = [c for cs in placed.values() for c in cs]
    committer = GroupCommitter(store.pool, store._append_one,
                               router=citus.NodeRouter().nodes)
    calls: list[int] = []
    real_batch = committer._batch

    async def counted(requests, *, node_batch=False):  # type: ignore[no-untyped-def]
        calls.append(len(requests))
        return await real_batch(requests, node_batch=node_batch)

    committer._batch = counted  # type: ignore[method-assign]
    try:
        outcomes = await committer._by_node(
            [_request(c, {}, [ev("s/x"), ev("s/y")], None, None) for c in campaigns])
    finally:
        await committer.close()
    assert sorted(calls) == [3, 3]
    assert [o.status for o in outcomes] == ["ok"] * 6
    for campaign, outcome in zip(campaigns, outcomes, strict=True):
        assert [(r["campaign_id"], r["position"]) for r in outcome.rows] == \
            [(campaign, 1), (campaign, 2)]
    for campaign in campaigns:
        assert [e.position for e in await store.read_campaign(campaign)] == [1, 2]


async def test_skald_migrate_says_what_it_distributed(pg_admin_url: str, redis_url: str,
                                                     tmp_path: Path) -> None:
    """The CLI, as an operator runs it on a fresh Citus database: each migration and each
    distribution step printed; run again, nothing left to do."""
    cluster = citus_cluster.CURRENT
    assert cluster is not None
    name = f"skald_m_{uuid.uuid4().hex[:8]}"
    await cluster.create_database(name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATABASE_URL=with_database(pg_admin_url, name), SKALD_REDIS_URL=redis_url,
               SKALD_DATA_DIR=str(tmp_path))
    try:
        runs = [subprocess.run([sys.executable, str(ROOT / "skald.py"), "migrate"], env=env,
                               capture_output=True, text=True, timeout=300, check=True).stdout
                for _ in range(2)]
    finally:
        await cluster.drop_database(name)
    first = runs[0].splitlines()
    assert "applied: 0001_event_store.sql" in first
    for table in citus.DISTRIBUTED:
        assert any(line.startswith(f"applied: citus: SELECT create_distributed_table('{table}'")
                   for line in first), first
    # skald_app is one role for the whole cluster: the first database's migrate let it log in
    # (printing "citus: ALTER ROLE skald_app LOGIN"); every node then has it so.
    for node in [cluster.coordinator, *cluster.workers]:
        assert node.url is not None
        [row] = await _fetch(node.url, "SELECT rolcanlogin FROM pg_roles WHERE rolname = 'skald_app'")
        assert row["rolcanlogin"] is True
    assert sum("create_distributed_function" in line for line in first) == 3
    assert runs[1].splitlines() == ["applied: nothing (up to date)"]
    assert not (tmp_path / "pgdata").exists()  # the given database, no embedded one


async def test_later_migrations_run_on_the_distributed_schema(pg_admin_url: str) -> None:
    """A database distributed after migration 0005 (an older Skald): the later migrations run on
    the distributed tables, the next migrate distributes what they added, and appends work."""
    cluster = citus_cluster.CURRENT
    assert cluster is not None
    name = f"skald_l_{uuid.uuid4().hex[:8]}"
    await cluster.create_database(name)
    url = with_database(pg_admin_url, name)
    try:
        first = await migrate(url, up_to=5)
        assert "citus: SELECT create_distributed_table('events', 'campaign_id'," \
               " colocate_with => 'none')" in first
        assert not any("stream_snapshots" in step or "function" in step for step in first)
        later = await migrate(url)
        assert later[:3] == ["0006_group_commit.sql", "0007_stream_snapshots.sql",
                             "0008_batch_probes.sql"]
        assert any("create_distributed_table('stream_snapshots'" in step for step in later)
        assert sum("create_distributed_function" in step for step in later) == 3
        store = await EventStore.connect(url)
        try:
            stored = await store.append("cmp_l", {}, [ev("s/1"), ev("s/2")])
            assert [e.position for e in stored] == [1, 2]
        finally:
            await store.close()
    finally:
        await cluster.drop_database(name)
