"""Migration 0010 installs each SQL function from its own file (services/adapters/sql/functions/) and
changes nothing: a database migrated to the head has the functions of one migrated to 0009."""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Callable

import asyncpg
import pytest

from services.adapters.migrate import LATEST_VERSION, migrate, migrations, sql_file
from tests.conftest import with_database

FUNCTIONS = ("skald_append_item", "skald_append_batch", "skald_refuse_change")


async def _functions(url: str) -> dict[str, tuple[str, str | None, str, list[str] | None]]:
    """Each skald_* function: its full definition, privileges, owner and settings."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT p.proname, pg_get_functiondef(p.oid) AS def, p.proacl::text AS acl,"
            " p.proowner::regrole::text AS owner, p.proconfig AS config"
            " FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
            " WHERE n.nspname = 'public' AND p.proname LIKE 'skald\\_%'")
    finally:
        await conn.close()
    return {r["proname"]: (r["def"], r["acl"], r["owner"], r["config"]) for r in rows}


@pytest.fixture
async def fresh(pg_admin_url: str) -> AsyncIterator[Callable[[], str]]:
    """Names of new, empty databases, dropped afterwards."""
    names: list[str] = []

    def make() -> str:
        names.append(f"skald_f_{uuid.uuid4().hex[:12]}")
        return with_database(pg_admin_url, names[-1])

    yield make
    admin = await asyncpg.connect(pg_admin_url)
    try:
        for name in names:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def test_the_head_has_the_functions_the_previous_head_had(fresh: Callable[[], str]) -> None:
    assert LATEST_VERSION == 11  # 0011 adds two indexes, no function: the head still has 0009's
    before, after = fresh(), fresh()
    await migrate(before, up_to=9)
    await migrate(after)
    old, new = await _functions(before), await _functions(after)
    assert set(FUNCTIONS) <= set(old)
    assert new == old
    # 0009's setting is part of the definition the file installs.
    assert "SET plan_cache_mode TO 'force_generic_plan'" in new["skald_append_item"][0]
    # An existing database at 0009 taken on to the head is left as it was, too.
    await migrate(before)
    assert await _functions(before) == old


async def test_each_function_file_holds_its_definition(fresh: Callable[[], str]) -> None:
    url = fresh()
    await migrate(url)
    conn = await asyncpg.connect(url)
    try:
        for name in FUNCTIONS:
            body = await conn.fetchval("SELECT prosrc FROM pg_proc WHERE proname = $1", name)
            text = sql_file(f"functions/{name}.sql")
            assert len(re.findall(r"CREATE OR REPLACE FUNCTION", text)) == 1
            assert f"CREATE OR REPLACE FUNCTION {name}(" in text
            assert f"AS $${body}$$;" in text  # the body runs as written in the file
    finally:
        await conn.close()


def test_migration_0010_includes_every_function_file() -> None:
    sql = dict((name, text) for _, name, text in migrations())["0010_functions_in_files.sql"]
    assert "\n\\i " not in sql  # every include line was replaced by its file
    for name in FUNCTIONS:
        assert sql_file(f"functions/{name}.sql").rstrip("\n") in sql
