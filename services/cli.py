"""The ``skald`` command: serve, migrate, tokens, read-model rebuilds."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import msgspec

from services.logging import configure
from services.settings import Settings

DATABASE_NAME = "skald"


def _with_database(url: str, name: str = DATABASE_NAME) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


@contextmanager
def servers(settings: Settings, *, start_embedded: bool = True) -> Iterator[Settings]:
    """Settings with both URLs filled: given ones, a running ``skald serve``'s, or fresh embedded."""
    if settings.database_url and settings.redis_url:
        yield settings
        return
    from services.embedded import EmbeddedServers, find_running

    running = find_running(settings.data_dir)
    if running is not None:
        yield _filled(settings, running["database_url"], running["redis_url"])
        return
    if not start_embedded:
        raise SystemExit("no database configured and no embedded servers running")
    embedded = EmbeddedServers(settings.data_dir)
    urls = embedded.start()
    try:
        yield _filled(settings, urls.database_url, urls.redis_url)
    finally:
        embedded.stop()


def _filled(settings: Settings, database_url: str, redis_url: str) -> Settings:
    return msgspec.structs.replace(
        settings,
        database_url=settings.database_url or _with_database(database_url),
        redis_url=settings.redis_url or redis_url,
    )


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    import uvicorn

    from services.gateway.app import create_app
    from services.migrate import migrate

    # uvicorn re-raises SIGTERM after its graceful shutdown; turning it into SystemExit lets the
    # embedded servers below stop in order instead of the process dying on the default action.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    with servers(settings) as ready:
        assert ready.database_url
        asyncio.run(migrate(ready.database_url))
        app = create_app(ready)
        print(f"Skald serving on http://{ready.host}:{ready.port} (OpenAPI at /schema)",
              file=sys.stderr, flush=True)
        # uvicorn handles SIGINT/SIGTERM; the embedded servers stop when this block exits.
        uvicorn.run(app, host=ready.host, port=ready.port, log_level="warning",
                    timeout_graceful_shutdown=5)
    return 0


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(0)


def cmd_migrate(settings: Settings, args: argparse.Namespace) -> int:
    from services.migrate import migrate

    with servers(settings) as ready:
        assert ready.database_url
        applied = asyncio.run(migrate(ready.database_url))
    print("applied: " + (", ".join(applied) if applied else "nothing (up to date)"))
    return 0


def cmd_token_create(settings: Settings, args: argparse.Namespace) -> int:
    import asyncpg

    from services.migrate import migrate
    from services.tokens import create_token

    async def run(url: str) -> str:
        await migrate(url)
        conn = await asyncpg.connect(url)
        try:
            return await create_token(conn, args.user, args.label)
        finally:
            await conn.close()

    with servers(settings) as ready:
        assert ready.database_url
        try:
            token = asyncio.run(run(ready.database_url))
        except ValueError as err:
            print(f"skald: --user: {err}", file=sys.stderr)
            return 2
    print(token)
    return 0


def cmd_rebuild(settings: Settings, args: argparse.Namespace) -> int:
    from redis.asyncio import Redis

    from services.event_store import EventStore
    from services.migrate import migrate
    from services.projector import rebuild

    async def run(db: str, redis_url: str) -> int:
        await migrate(db)
        store = await EventStore.connect(db)
        redis = Redis.from_url(redis_url)
        try:
            return await rebuild(store, redis)
        finally:
            await store.close()
            await redis.aclose()

    with servers(settings) as ready:
        assert ready.database_url and ready.redis_url
        count = asyncio.run(run(ready.database_url, ready.redis_url))
    print(f"rebuilt read models from {count} events")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="skald", description="Skald game-state service")
    sub = top.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the HTTP gateway and projector")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.set_defaults(func=cmd_serve)
    sub.add_parser("migrate", help="apply database migrations").set_defaults(func=cmd_migrate)
    token = sub.add_parser("token", help="manage API tokens")
    token_sub = token.add_subparsers(dest="token_command", required=True)
    create = token_sub.add_parser("create", help="create a bearer token and print it")
    create.add_argument("--user", required=True)
    create.add_argument("--label", default="")
    create.set_defaults(func=cmd_token_create)
    proj = sub.add_parser("projections", help="manage read models")
    proj_sub = proj.add_subparsers(dest="projections_command", required=True)
    proj_sub.add_parser("rebuild", help="drop and rebuild the read models from the log"
                        ).set_defaults(func=cmd_rebuild)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = Settings.from_env()
    if getattr(args, "host", None):
        settings.host = args.host
    if getattr(args, "port", None):
        settings.port = args.port
    configure(settings.log_format, settings.log_level)
    result: int = args.func(settings, args)
    return result


if __name__ == "__main__":
    sys.exit(main())
