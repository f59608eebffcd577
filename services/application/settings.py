"""Configuration from environment variables (documented in docs/operations.md)."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

DEFAULT_RATE_PER_TOKEN = 100  # requests a second: far above a person at a table, far below a bot
DEFAULT_RATE_PER_USER = 200
DEFAULT_RATE_HOLD_S = 1.0  # seconds a repeated refusal's 429 is held before it is sent


class Settings(msgspec.Struct, kw_only=True):
    database_url: str | None = None  # SKALD_DATABASE_URL; unset: embedded PostgreSQL
    redis_url: str | None = None  # SKALD_REDIS_URL; unset: embedded Redis
    host: str = "127.0.0.1"  # SKALD_HOST
    port: int = 8080  # SKALD_PORT
    grpc_port: int | None = None  # SKALD_GRPC_PORT (the CLI defaults it to 50051; "off" disables)
    data_dir: Path = Path(".skald")  # SKALD_DATA_DIR
    log_format: str = "console"  # SKALD_LOG_FORMAT: json | console
    log_level: str = "info"  # SKALD_LOG_LEVEL
    read_wait_ms: int = 5000  # SKALD_READ_WAIT_MS: how long a read waits for ?position=
    # Requests a second per token and per user, over every gateway (0: no limit). ``skald serve``
    # reads them from SKALD_RATE_PER_TOKEN / SKALD_RATE_PER_USER, defaulting to the figures below.
    rate_per_token: int = 0
    rate_per_user: int = 0
    rate_hold_s: float = DEFAULT_RATE_HOLD_S  # SKALD_RATE_HOLD_S (0: every 429 answered at once)
    # SKALD_CORS_ORIGINS: browser origins on other hosts that may call the API, separated by
    # commas (``https://table.example.org,http://localhost:5173``; ``*``: any). Unset: none.
    cors_origins: list[str] = []

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if env is None else env)
        return cls(
            database_url=env.get("SKALD_DATABASE_URL") or None,
            redis_url=env.get("SKALD_REDIS_URL") or None,
            host=env.get("SKALD_HOST", "127.0.0.1"),
            port=int(env.get("SKALD_PORT", "8080")),
            grpc_port=None if env.get("SKALD_GRPC_PORT", "") == "off"
            else int(env.get("SKALD_GRPC_PORT") or "50051"),
            data_dir=Path(env.get("SKALD_DATA_DIR", ".skald")),
            log_format=env.get("SKALD_LOG_FORMAT", "console"),
            log_level=env.get("SKALD_LOG_LEVEL", "info"),
            read_wait_ms=int(env.get("SKALD_READ_WAIT_MS", "5000")),
            rate_per_token=int(env.get("SKALD_RATE_PER_TOKEN", str(DEFAULT_RATE_PER_TOKEN))),
            rate_per_user=int(env.get("SKALD_RATE_PER_USER", str(DEFAULT_RATE_PER_USER))),
            rate_hold_s=float(env.get("SKALD_RATE_HOLD_S", str(DEFAULT_RATE_HOLD_S))),
            cors_origins=[o.strip() for o in env.get("SKALD_CORS_ORIGINS", "").split(",")
                          if o.strip()],
        )
