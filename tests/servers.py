"""Real PostgreSQL and Redis for tests: containers when a Docker engine answers, else embedded.

`tests/conftest.py` re-exports the session fixtures `pg_admin_url` and `redis_url`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path

import pytest
import structlog

from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from tests import citus_cluster
from tests.redis_cluster import free_cluster_ports, redis_cluster

log = structlog.get_logger()

POSTGRES_IMAGE = "postgres:16-alpine"
REDIS_IMAGE = "redis:7-alpine"


@cache
def docker_available() -> bool:
    """True when a Docker engine answers; without one, `from_env` or `ping` fails fast."""
    try:
        # Imported by name: the docker client ships no type information.
        client = importlib.import_module("docker").from_env()
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:  # no engine, no socket, no permission: all mean "no Docker"
        return False


@contextmanager
def postgres_for_tests(tmp_dir: Path) -> Iterator[str]:
    """A superuser URL of a throwaway PostgreSQL server, stopped on exit; with
    ``SKALD_TEST_CITUS=1`` the coordinator of a real Citus cluster with two workers."""
    if os.environ.get("SKALD_TEST_CITUS") == "1":
        # 4 shards per table (2 per worker) instead of 32: each test's database is created,
        # distributed and dropped several times faster, and still spans both workers.
        with citus_cluster.citus_cluster(tmp_dir / "citus",
                                         settings={"citus.shard_count": "4"}) as cluster:
            citus_cluster.CURRENT = cluster
            try:
                yield cluster.url
            finally:
                citus_cluster.CURRENT = None
        return
    if docker_available():
        from testcontainers.community.postgres import PostgresContainer

        with PostgresContainer(POSTGRES_IMAGE, driver=None) as container:
            yield container.get_connection_url()
        return
    server = EmbeddedPostgres(tmp_dir)
    try:
        yield server.start()
    finally:
        server.stop()


@contextmanager
def redis_for_tests(tmp_dir: Path) -> Iterator[str]:
    """A URL of a throwaway Redis server, stopped on exit."""
    if os.environ.get("SKALD_TEST_REDIS_CLUSTER"):
        # A real 3-master Redis Cluster from the same binary (CI runs the read-model tests so).
        with redis_cluster(tmp_dir / "cluster", free_cluster_ports()) as cluster:
            yield cluster.url
        return
    if docker_available():
        from testcontainers.community.redis import RedisContainer

        with RedisContainer(REDIS_IMAGE) as container:
            host = container.get_container_host_ip()
            port = container.get_exposed_port(container.port)
            yield f"redis://{host}:{port}/0"
        return
    server = EmbeddedRedis(tmp_dir)
    try:
        yield server.start()
    finally:
        server.stop()


@contextmanager
def servers_for_tests(tmp_dir: Path) -> Iterator[tuple[str, str]]:
    """(PostgreSQL superuser URL, Redis URL) of throwaway servers, stopped on exit."""
    with ExitStack() as stack:
        database_url = stack.enter_context(postgres_for_tests(tmp_dir))
        redis_url = stack.enter_context(redis_for_tests(tmp_dir))
        yield database_url, redis_url


# Separate fixtures, so a session needing only one server starts only that one.


@pytest.fixture(scope="session")
def pg_admin_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with postgres_for_tests(tmp_path_factory.mktemp("postgres")) as url:
        log.info("tests.postgres", url=url, docker=docker_available())
        yield url


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with redis_for_tests(tmp_path_factory.mktemp("redis")) as url:
        log.info("tests.redis", url=url, docker=docker_available())
        yield url
