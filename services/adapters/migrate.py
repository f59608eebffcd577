"""Versioned SQL migrations, applied in order, each once, under an advisory lock."""

from __future__ import annotations

import re
from importlib import resources
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import structlog

from services.adapters import citus
from services.adapters.pg_types import PgConnection

log = structlog.get_logger(__name__)
_MIGRATION_LOCK = 0x5CA1D  # serialises concurrent migrators of one database
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_INCLUDE = re.compile(r"^\\i (functions/[a-z0-9_]+\.sql)$", re.MULTILINE)


def sql_file(path: str) -> str:
    """A shipped SQL file under ``services/adapters/sql`` (e.g. ``functions/skald_append_item.sql``)."""
    return resources.files("services.adapters").joinpath("sql", *path.split("/")).read_text()


def expand(sql: str) -> str:
    """A migration's SQL with each include line (``\\i functions/<name>.sql``, alone on its
    line) replaced by that file's text."""
    return _INCLUDE.sub(lambda match: sql_file(match.group(1)).rstrip("\n"), sql)


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, SQL) of every shipped migration, in order, includes expanded."""
    found = []
    for entry in resources.files("services.adapters.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, expand(entry.read_text())))
    return sorted(found)


LATEST_VERSION = max(version for version, _, _ in migrations())


async def ensure_database(url: str) -> None:
    """Create the URL's database if it does not exist (connecting to ``postgres`` to do so)."""
    parts = urlsplit(url)
    name = parts.path.lstrip("/") or "postgres"
    try:
        conn = await asyncpg.connect(url)
    except asyncpg.InvalidCatalogNameError:
        admin = await asyncpg.connect(urlunsplit(parts._replace(path="/postgres")))
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        except asyncpg.DuplicateDatabaseError:
            pass
        finally:
            await admin.close()
    else:
        await conn.close()


async def migrate(url: str, *, up_to: int | None = None) -> list[str]:
    """Apply pending migrations (those up to version ``up_to``, when given); returns the names
    applied. On a database with the citus extension it then distributes what is not yet
    distributed (``services.adapters.citus``), listing each statement as ``citus: ...``. Safe to run
    concurrently."""
    await ensure_database(url)
    conn = await asyncpg.connect(url)
    applied: list[str] = []
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())"
        )
        await conn.execute("GRANT SELECT ON schema_migrations TO PUBLIC")
        on_citus = await citus.has_citus(conn)
        if on_citus:  # a later migration may add a trigger to a distributed table
            await conn.execute("SET citus.enable_unsafe_triggers TO on")
        done = {row["version"] for row in await conn.fetch("SELECT version FROM schema_migrations")}
        for version, name, sql in migrations():
            if version in done or (up_to is not None and version > up_to):
                continue
            async with conn.transaction():
                await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", version, name
                )
            applied.append(name)
            log.info("migration applied", migration=name)
        if on_citus:
            for statement in await citus.distribute(conn):
                applied.append(f"citus: {statement.strip().splitlines()[0]}")
                log.info("citus", statement=statement.strip().splitlines()[0])
        # The service connects as this user and then SET ROLEs to skald_app.
        is_super = await conn.fetchval("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if not is_super:
            await conn.execute("GRANT skald_app TO CURRENT_USER")
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
        await conn.close()
    return applied


async def schema_version(conn: PgConnection) -> int:
    """The highest applied migration (0 when none)."""
    exists = await conn.fetchval("SELECT to_regclass('public.schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations"))
