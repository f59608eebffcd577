"""Skald on Citus: distributing the schema (``skald migrate`` does it) and routing appends.

When the database has the ``citus`` extension, ``distribute`` makes the tables of a campaign
distributed by ``campaign_id`` and colocated with ``events`` (the small shared tables stay plain
tables of the coordinator), and the append functions delegated to the worker holding their
campaign. Each step is skipped when already done, so it runs after every migration; it returns
the SQL it ran.

The service's role ``skald_app`` gets LOGIN on Citus: the coordinator opens its connections to
the workers as the session's role, so the role must be able to log in there (the operator lets
it in from the coordinator only, e.g. with ``pg_dist_authinfo`` or a client certificate). It can
only read and append: INSERT and SELECT on the log's shards, and the append-only triggers run on
every shard for every role.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Collection, Sequence

import asyncpg
import msgspec

from services.adapters.pg_types import PgConnection

DISTRIBUTED = ("events", "commands", "dice_seeds", "campaign_heads", "stream_snapshots")
# Plain tables of the coordinator: nothing on the workers reads them, and as reference tables
# (copied to every node) a stopped worker would block a lease renewal, a token or a migration.
COORDINATOR = ("api_tokens", "projector_leases", "projector_workers", "schema_migrations")

APPEND_ITEM = ("skald_append_item(text, text, text, text, text, text[], int[], text[], text[],"
               " smallint[], text[], text[], int, bytea, text, boolean)")
NODE_BATCH = ("skald_append_node_batch(text, text[], text[], text[], text[], text[], int[], int[],"
              " text[], int[], int[], int[], text[], text[], smallint[], text[], text[], int[],"
              " bytea[], text[])")
LOCK = "skald_lock_campaign(text)"

# Functions delegated to the worker holding their campaign: (signature, argument, forced).
# Forced delegation also pushes a call made inside a transaction block (the campaign lock of
# ``EventStore.campaign_locked``), so the lock is taken where the campaign's appends take it.
FUNCTIONS = ((APPEND_ITEM, "p_campaign", False), (NODE_BATCH, "p_key", False),
             (LOCK, "p_campaign", True))

# skald_append_item (migration 0006) made of router statements only: each reads or writes the
# campaign's own shards by a constant campaign, so the call runs on the worker holding the
# campaign and touches no other node. (0006's version inserts through CTEs and INSERT ... SELECT
# from arrays, which Citus plans as intermediate results sent to every worker: a stopped worker
# would then fail the appends of campaigns it does not hold.) Same arguments, rows and refusals.
# The mark names this version: a later migration replacing the function is replaced again.
ITEM_MARK = "skald: the Citus append v2"
APPEND_ITEM_SQL = """
CREATE OR REPLACE FUNCTION skald_append_item(
    p_campaign text,
    p_command_id text, p_actor text, p_command_type text, p_payload_sha256 text,
    p_expected_streams text[], p_expected_versions int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epoch int, p_seed bytea, p_seed_commitment text, p_wait boolean
)
RETURNS TABLE (status text, detail text, "position" bigint, campaign_id text, stream_id text,
               stream_version int, type text, schema_version smallint, data jsonb, metadata jsonb,
               transaction_id bigint, recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    -- """ + ITEM_MARK + """: router statements only (services/adapters/citus.py)
    v_first jsonb;
    v_versions jsonb := '{}'::jsonb;
    v_positions jsonb := '[]'::jsonb;
    v_sid text;
    v_v int;
    v_head bigint;
    v_ev record;
BEGIN
    IF p_wait THEN
        PERFORM pg_advisory_xact_lock(1, hashtext(p_campaign));
    ELSIF NOT pg_try_advisory_xact_lock(1, hashtext(p_campaign)) THEN
        RETURN QUERY SELECT 'busy'::text, NULL::text, NULL::bigint, NULL::text, NULL::text,
                            NULL::int, NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb,
                            NULL::bigint, NULL::timestamptz;
        RETURN;
    END IF;
    IF p_command_id IS NOT NULL THEN
        SELECT to_jsonb(c) INTO v_first FROM commands c
         WHERE c.campaign_id = p_campaign AND c.command_id = p_command_id;
        IF v_first IS NOT NULL THEN
            RETURN QUERY SELECT 'duplicate'::text, v_first::text, NULL::bigint, NULL::text,
                                NULL::text, NULL::int, NULL::text, NULL::smallint, NULL::jsonb,
                                NULL::jsonb, NULL::bigint, NULL::timestamptz;
            RETURN;
        END IF;
    END IF;
    FOREACH v_sid IN ARRAY coalesce(p_streams, '{}') || coalesce(p_expected_streams, '{}') LOOP
        IF NOT v_versions ? v_sid THEN
            v_v := NULL;
            SELECT e.stream_version INTO v_v FROM events e
             WHERE e.campaign_id = p_campaign AND e.stream_id = v_sid
             ORDER BY e.stream_version DESC LIMIT 1;
            v_versions := v_versions || jsonb_build_object(v_sid, coalesce(v_v, 0));
        END IF;
    END LOOP;
    FOR i IN 1 .. coalesce(array_length(p_expected_streams, 1), 0) LOOP
        v_v := (v_versions ->> p_expected_streams[i])::int;
        IF p_expected_versions[i] IS NOT NULL AND v_v <> p_expected_versions[i] THEN
            RETURN QUERY SELECT 'conflict'::text,
                                json_build_object('stream', p_expected_streams[i],
                                                  'expected', p_expected_versions[i],
                                                  'actual', v_v)::text,
                                NULL::bigint, NULL::text, NULL::text, NULL::int, NULL::text,
                                NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint,
                                NULL::timestamptz;
            RETURN;
        END IF;
    END LOOP;
    SELECT h.position INTO v_head FROM campaign_heads h WHERE h.campaign_id = p_campaign;
    v_head := coalesce(v_head, 0);
    RETURN QUERY SELECT 'ok'::text, NULL::text, NULL::bigint, NULL::text, NULL::text, NULL::int,
                        NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint,
                        NULL::timestamptz;
    FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
        v_v := (v_versions ->> p_streams[i])::int + 1;
        v_versions := jsonb_set(v_versions, ARRAY[p_streams[i]], to_jsonb(v_v));
        INSERT INTO events (position, campaign_id, stream_id, stream_version, type, schema_version,
                            data, metadata)
        VALUES (v_head + i, p_campaign, p_streams[i], v_v, p_types[i], p_schema_versions[i],
                p_data[i]::jsonb, p_metadata[i]::jsonb)
        RETURNING events.position AS p, events.campaign_id AS c, events.stream_id AS s,
                  events.stream_version AS v, events.type AS t, events.schema_version AS sv,
                  events.data AS d, events.metadata AS m,
                  events.transaction_id::text::bigint AS x, events.recorded_at AS r
        INTO v_ev;
        v_positions := v_positions || to_jsonb(v_ev.p);
        RETURN QUERY SELECT 'event'::text, NULL::text, v_ev.p, v_ev.c, v_ev.s, v_ev.v, v_ev.t,
                            v_ev.sv, v_ev.d, v_ev.m, v_ev.x, v_ev.r;
    END LOOP;
    IF p_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, actor, campaign_id, type, payload_sha256, reply)
        VALUES (p_command_id, p_actor, p_campaign, p_command_type, p_payload_sha256,
                jsonb_build_object('positions', v_positions));
    END IF;
    IF coalesce(array_length(p_streams, 1), 0) > 0 THEN
        INSERT INTO campaign_heads AS h (campaign_id, position)
        VALUES (p_campaign, v_head + array_length(p_streams, 1))
        ON CONFLICT (campaign_id) DO UPDATE SET position = EXCLUDED.position;
    END IF;
    IF p_seed IS NOT NULL THEN
        INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment)
        VALUES (p_campaign, p_seed_epoch, p_seed, p_seed_commitment);
    END IF;
    -- No pg_notify: on a worker nobody listens, and the store notifies on the coordinator.
END
$$;
"""

# The batch of appends whose campaigns all live on one worker: each append through
# skald_append_item without waiting for its lock ('busy' is sent again alone by the caller).
NODE_BATCH_SQL = """
CREATE OR REPLACE FUNCTION skald_append_node_batch(
    p_key text, p_campaigns text[],
    p_command_ids text[], p_actors text[], p_command_types text[], p_payload_sha256s text[],
    p_expected_from int[], p_expected_to int[], p_expected_streams text[], p_expected_versions int[],
    p_events_from int[], p_events_to int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epochs int[], p_seeds bytea[], p_seed_commitments text[]
)
RETURNS TABLE (item int, status text, detail text, "position" bigint, campaign_id text,
               stream_id text, stream_version int, type text, schema_version smallint, data jsonb,
               metadata jsonb, transaction_id bigint, recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    FOR k IN 1 .. coalesce(array_length(p_campaigns, 1), 0) LOOP
        RETURN QUERY SELECT k, r.* FROM skald_append_item(
            p_campaigns[k], p_command_ids[k], p_actors[k], p_command_types[k],
            p_payload_sha256s[k],
            p_expected_streams[p_expected_from[k]:p_expected_to[k]],
            p_expected_versions[p_expected_from[k]:p_expected_to[k]],
            p_streams[p_events_from[k]:p_events_to[k]], p_types[p_events_from[k]:p_events_to[k]],
            p_schema_versions[p_events_from[k]:p_events_to[k]],
            p_data[p_events_from[k]:p_events_to[k]], p_metadata[p_events_from[k]:p_events_to[k]],
            p_seed_epochs[k], p_seeds[k], p_seed_commitments[k], false) r;
    END LOOP;
END
$$;
REVOKE ALL ON FUNCTION """ + NODE_BATCH + """ FROM PUBLIC;
GRANT EXECUTE ON FUNCTION """ + NODE_BATCH + """ TO skald_app;
-- PL/pgSQL, not SQL: a SQL function would be inlined on the coordinator, never delegated.
CREATE OR REPLACE FUNCTION skald_lock_campaign(p_campaign text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(1, hashtext(p_campaign));
END
$$;
REVOKE ALL ON FUNCTION """ + LOCK + """ FROM PUBLIC;
GRANT EXECUTE ON FUNCTION """ + LOCK + """ TO skald_app;
"""


async def has_citus(conn: PgConnection) -> bool:
    return bool(await conn.fetchval(
        "SELECT EXISTS (SELECT FROM pg_extension WHERE extname = 'citus')"))


async def events_distributed(conn: PgConnection) -> bool:
    """Whether this database's log is a Citus distributed table."""
    if not await conn.fetchval("SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL"):
        return False
    return bool(await conn.fetchval(
        "SELECT EXISTS (SELECT FROM pg_dist_partition WHERE logicalrelid = 'events'::regclass)"))


async def distribute(conn: PgConnection) -> list[str]:
    """Distribute what is not yet distributed; returns the statements run (none: all done)."""
    ran: list[str] = []

    async def run(sql: str, *args: object) -> None:
        await conn.execute(sql, *args)
        ran.append(sql if not args else f"{sql}  -- {', '.join(map(str, args))}")

    # The append-only triggers must run on the shards: Citus distributes tables with triggers
    # only so.
    await conn.execute("SET citus.enable_unsafe_triggers TO on")
    if not await conn.fetchval("SELECT rolcanlogin FROM pg_roles WHERE rolname = 'skald_app'"):
        await run("ALTER ROLE skald_app LOGIN")
    placed = {r["t"]: r["method"] for r in await conn.fetch(
        "SELECT logicalrelid::regclass::text AS t, partmethod AS method FROM pg_dist_partition")}
    for table in DISTRIBUTED:
        exists = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", f"public.{table}")
        if exists and table not in placed:  # (a table of a later migration: distributed then)
            colocate = "events" if table != "events" else "none"
            await run(f"SELECT create_distributed_table('{table}', 'campaign_id',"
                      f" colocate_with => '{colocate}')")
    if not await conn.fetchval("SELECT to_regprocedure($1) IS NOT NULL", APPEND_ITEM):
        return ran  # migrated only up to before 0006: the functions come with a later run
    item_source = await conn.fetchval("SELECT prosrc FROM pg_proc WHERE oid = $1::regprocedure",
                                      APPEND_ITEM)
    if ITEM_MARK not in item_source:  # 0006's version, or a later migration's
        await run(APPEND_ITEM_SQL)
    if not await conn.fetchval("SELECT to_regprocedure($1) IS NOT NULL", NODE_BATCH):
        await run(NODE_BATCH_SQL)
    done = {r["f"] for r in await conn.fetch(
        "SELECT objid::regprocedure::text AS f FROM pg_dist_object"
        " WHERE classid = 'pg_proc'::regclass AND distribution_argument_index IS NOT NULL")}
    for signature, argument, forced in FUNCTIONS:
        canonical = await conn.fetchval("SELECT $1::regprocedure::text", signature)
        if canonical not in done:
            await run(f"SELECT create_distributed_function('{signature}', '{argument}',"
                      f" colocate_with => 'events', force_delegation => {str(forced).lower()})")
    return ran


async def reachable_heads(pool: asyncpg.Pool, partitions: Sequence[int] | None, of: int,
                           campaigns: Collection[str] | None) -> dict[str, int]:
    """On Citus with a worker unreachable: the heads of the shards that answer, shard by
    shard, so the campaigns of the other workers are still projected."""
    command = ("SELECT coalesce(json_agg(json_build_array(campaign_id, position)), '[]')"
               " FROM %s WHERE true")
    if partitions is not None:
        wanted = ",".join(str(int(p)) for p in partitions)
        command += f" AND (hashtext(campaign_id) & 2147483647) %% {int(of)} = ANY('{{{wanted}}}')"
    rows = await pool.fetch(
        "SELECT success, result FROM run_command_on_shards('campaign_heads', $1 || coalesce("
        " ' AND campaign_id = ANY(' || replace(quote_literal($2::text[]::text), '%', '%%')"
        " || '::text[])', ''))", command, list(campaigns) if campaigns is not None else None)
    heads: dict[str, int] = {}
    for row in rows:
        if row["success"]:
            heads.update((cid, int(pos)) for cid, pos in msgspec.json.decode(row["result"]))
    return heads


class NodeRouter:
    """Which worker holds each campaign, for grouping appends per worker (cached a while:
    shards move only when an operator rebalances, and a stale answer only costs batching)."""

    def __init__(self, ttl_s: float = 30.0) -> None:
        self.ttl_s = ttl_s
        self._nodes: dict[str, str] = {}
        self._at = time.monotonic()

    async def nodes(self, conn: PgConnection, campaigns: Sequence[str]) -> list[str]:
        if time.monotonic() - self._at > self.ttl_s:
            self._nodes.clear()
            self._at = time.monotonic()
        unknown = sorted({c for c in campaigns if c not in self._nodes})
        if unknown:
            for row in await conn.fetch(
                    "SELECT u.c, n.nodename || ':' || n.nodeport AS node"
                    "  FROM unnest($1::text[]) AS u(c)"
                    "  JOIN pg_dist_placement p"
                    "    ON p.shardid = get_shard_id_for_distribution_column('events', u.c)"
                    "  JOIN pg_dist_node n ON n.groupid = p.groupid", unknown):
                self._nodes[row["c"]] = row["node"]
        return [self._nodes.get(c, "?") for c in campaigns]


class CoordinatorNotices:
    """NOTIFY on the coordinator for appends that ran on a worker.

    A delegated append's ``pg_notify`` fires on the worker, where nobody listens: projector
    workers LISTEN on the coordinator. After each append the store adds its campaign here, and
    one statement at a time sends the notices gathered meanwhile (so a burst of appends costs a
    few statements, not one each). A lost notice only delays: projectors also poll every second.
    """

    def __init__(self, pool: asyncpg.Pool, channel: str) -> None:
        self.pool = pool
        self.channel = channel
        self._pending: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    def add(self, campaign_id: str) -> None:
        self._pending.add(campaign_id)
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._send())

    async def _send(self) -> None:
        while self._pending:
            campaigns, self._pending = sorted(self._pending), set()
            try:
                await self.pool.execute("SELECT pg_notify($1, c) FROM unnest($2::text[]) AS c",
                                        self.channel, campaigns)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                return  # the coordinator is away: the projectors' poll finds these appends

    async def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
