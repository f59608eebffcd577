"""The schema keeps Citus's rules for tables distributed by ``campaign_id``, read from the catalog
of a plain PostgreSQL: a quick guard for every run. The real thing runs in tests/citus/ on a
Citus cluster (SKALD_TEST_CITUS=1, as CI does): every table is either distributed by campaign
(and then every primary key and unique index includes ``campaign_id``) or a plain table of the
coordinator (``services.adapters.citus``); no foreign keys cross shards; no sequence or identity.
"""

from __future__ import annotations

import asyncpg

from services.adapters import citus

DISTRIBUTED = set(citus.DISTRIBUTED)
REFERENCE = set(citus.COORDINATOR)


async def _catalog(database_url: str, sql: str, *args: object) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(database_url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def test_every_table_is_distributed_by_campaign_or_a_reference_table(database_url: str) -> None:
    tables = {r["relname"] for r in await _catalog(database_url, (
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')"))}
    assert tables == DISTRIBUTED | REFERENCE, "classify each new table for Citus (services/adapters/citus.py)"
    with_campaign = {r["table_name"] for r in await _catalog(database_url, (
        "SELECT table_name FROM information_schema.columns"
        " WHERE table_schema = 'public' AND column_name = 'campaign_id'"))}
    assert with_campaign >= DISTRIBUTED


async def test_every_unique_index_of_a_distributed_table_includes_campaign_id(
        database_url: str) -> None:
    rows = await _catalog(database_url, """
        SELECT t.relname AS table_name, i.relname AS index_name,
               array_agg(a.attname::text) AS columns
          FROM pg_index x
          JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_class i ON i.oid = x.indexrelid
          JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
         WHERE x.indisunique AND t.relname = ANY($1::text[])
         GROUP BY t.relname, i.relname""", sorted(DISTRIBUTED))
    assert {r["table_name"] for r in rows} == DISTRIBUTED  # each has its primary key
    for row in rows:
        assert "campaign_id" in row["columns"], f"{row['index_name']} lacks campaign_id"


async def test_no_foreign_keys_and_no_identity_or_sequences_on_distributed_tables(
        database_url: str) -> None:
    assert await _catalog(database_url, "SELECT conname FROM pg_constraint WHERE contype = 'f'") == []
    generated = await _catalog(database_url, (
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'"
        " AND table_name = ANY($1::text[]) AND (is_identity = 'YES' OR column_default LIKE 'nextval%')"),
        sorted(DISTRIBUTED))
    assert generated == []
