"""A real Citus cluster for tests: a coordinator and two workers on this machine.

Each node is an embedded PostgreSQL (``services.adapters.embedded_postgres``) run from the Citus build of
``tests.citus_build`` with ``shared_preload_libraries=citus``. Citus keeps its metadata per
database and does not create databases on the workers, so ``create_database`` makes a database on
every node, creates the extension in each and adds the workers to the coordinator's metadata.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from services.adapters.embedded import EmbeddedPostgres
from tests.citus_build import ensure_citus

SETTINGS = {
    "shared_preload_libraries": "citus",
    "max_connections": "200",
    "max_prepared_transactions": "100",
    # A stopped worker must be noticed in well under 2 s (the service answers 503 by then).
    "citus.node_connection_timeout": "1000",
    "fsync": "on",
}


def _on(url: str, database: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{database}"))


def port_of(url: str) -> int:
    port = urlsplit(url).port
    assert port is not None
    return port


@dataclass
class CitusCluster:
    coordinator: EmbeddedPostgres
    workers: list[EmbeddedPostgres]

    @property
    def url(self) -> str:
        """The coordinator's superuser URL (database ``postgres``)."""
        assert self.coordinator.url is not None
        return self.coordinator.url

    def worker_urls(self, database: str) -> list[str]:
        return [_on(w.url, database) for w in self.workers if w.url is not None]

    async def create_database(self, name: str) -> None:
        """``name`` on every node with the citus extension, the workers added to it."""
        async def on(node: EmbeddedPostgres) -> None:
            assert node.url is not None
            admin = await asyncpg.connect(node.url)
            try:
                await admin.execute(f'CREATE DATABASE "{name}"')
            finally:
                await admin.close()
            conn = await asyncpg.connect(_on(node.url, name))
            try:
                await conn.execute("CREATE EXTENSION citus")
            finally:
                await conn.close()

        await asyncio.gather(*(on(node) for node in [self.coordinator, *self.workers]))
        conn = await asyncpg.connect(_on(self.url, name))
        try:
            await conn.execute("SELECT citus_set_coordinator_host('127.0.0.1', $1)",
                               port_of(self.url))
            for worker in self.workers:
                assert worker.url is not None
                await conn.execute("SELECT citus_add_node('127.0.0.1', $1)", port_of(worker.url))
        finally:
            await conn.close()

    async def drop_database(self, name: str) -> None:
        async def on(node: EmbeddedPostgres) -> None:
            if node.url is None:
                return
            admin = await asyncpg.connect(node.url)
            try:
                await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await admin.close()

        await asyncio.gather(*(on(node) for node in [self.coordinator, *self.workers]))


@contextmanager
def citus_cluster(folder: Path, workers: int = 2,
                  settings: dict[str, str] | None = None) -> Iterator[CitusCluster]:
    """A coordinator and ``workers`` workers, started from the cached Citus build
    (``settings``: more server settings, over ``SETTINGS``)."""
    bin_dir = ensure_citus()
    nodes = [EmbeddedPostgres(folder / name, bin_dir=bin_dir, settings={**SETTINGS, **(settings or {})})
             for name in ["coordinator", *(f"worker{i}" for i in range(1, workers + 1))]]
    started: list[EmbeddedPostgres] = []
    try:
        for node in nodes:
            node.start()
            started.append(node)
        yield CitusCluster(nodes[0], nodes[1:])
    finally:
        for node in started:
            node.stop()


# The cluster the test session runs on (``SKALD_TEST_CITUS=1``), else None.
CURRENT: CitusCluster | None = None
