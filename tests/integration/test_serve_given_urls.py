"""`serve` (and every command) with one URL given embeds only the other server: a database URL
starts no embedded PostgreSQL, a Redis URL no embedded Redis."""

from __future__ import annotations

from pathlib import Path

import redis

from services.adapters.embedded_postgres import postgres_answers
from services.application.settings import Settings
from services.entrypoints.cli import servers


def test_a_database_url_starts_no_embedded_postgres(tmp_path: Path, pg_admin_url: str) -> None:
    data = tmp_path / "data"
    with servers(Settings(database_url=pg_admin_url, data_dir=data)) as ready:
        assert ready.database_url == pg_admin_url
        assert ready.redis_url and redis.Redis.from_url(ready.redis_url).ping()
        assert (data / "redis").is_dir()
        assert not (data / "pgdata").exists()  # no initdb, no server


def test_a_redis_url_starts_no_embedded_redis(tmp_path: Path, redis_url: str) -> None:
    data = tmp_path / "data"
    with servers(Settings(redis_url=redis_url, data_dir=data)) as ready:
        assert ready.redis_url == redis_url
        assert ready.database_url and postgres_answers(ready.database_url.rsplit("/", 1)[0]
                                                       + "/postgres")
        assert (data / "pgdata").is_dir()
        assert not (data / "redis").exists()
