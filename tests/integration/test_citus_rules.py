"""The schema keeps Citus's rules for tables distributed by ``campaign_id``, read from the catalog.

No Citus server runs here, so this is what stands between "the store distributes by campaign"
and a claim that silently became false: every table is either distributed by campaign (and then
every primary key and unique index includes ``campaign_id``) or a small reference table; no
foreign keys cross shards; the append function is keyed by its campaign argument and touches only
tables colocated with the events, each by that campaign, with no sequence or identity.
"""

from __future__ import annotations

import re

import asyncpg

DISTRIBUTED = {"events", "commands", "dice_seeds", "campaign_heads", "stream_snapshots"}
REFERENCE = {"api_tokens", "projector_leases", "projector_workers", "schema_migrations"}


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
    assert tables == DISTRIBUTED | REFERENCE, "classify each new table for Citus (here and in deploy/)"
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


async def test_the_append_function_is_keyed_by_its_campaign_and_stays_in_its_shard(
        database_url: str) -> None:
    [fn] = await _catalog(database_url, (
        "SELECT proargnames, prosrc FROM pg_proc WHERE proname = 'skald_append'"))
    assert fn["proargnames"][0] == "p_campaign"  # the distribution argument
    body = re.sub(r"--[^\n]*", "", fn["prosrc"])
    touched = set(re.findall(r"\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_]+)", body, re.I))
    tables = {t for t in touched if t in DISTRIBUTED | REFERENCE}
    assert tables and tables <= DISTRIBUTED, f"the append touches non-colocated tables: {tables}"
    assert "nextval" not in body and "setval" not in body
    # Every read of a colocated table is filtered by the campaign argument.
    reads = list(re.finditer(r"\bFROM\s+(events|commands|campaign_heads)\s+(\w+)(.*?);", body,
                             re.I | re.S))
    assert {m.group(1) for m in reads} == {"events", "commands", "campaign_heads"}
    for match in reads:
        assert re.search(rf"{match.group(2)}\.campaign_id\s*=\s*p_campaign", match.group(3)), \
            match.group(0)
