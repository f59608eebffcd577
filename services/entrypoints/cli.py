"""The ``skald`` command: serve, migrate, tokens, read-model rebuilds."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import msgspec

from services.application.settings import Settings
from services.entrypoints.logging import configure

DATABASE_NAME = "skald"


def _with_database(url: str, name: str = DATABASE_NAME) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def running_data_dir(settings: Settings) -> Path | None:
    """The data directory of the running ``skald serve`` this command should use: the one
    configured (``./.skald`` or ``SKALD_DATA_DIR``) when a service runs on it; else, when
    ``SKALD_DATA_DIR`` is not set here, the one of a service started from this same folder."""
    from services.adapters.embedded import find_running
    from services.adapters.running_services import started_here

    if find_running(settings.data_dir) is not None:
        return settings.data_dir
    if os.environ.get("SKALD_DATA_DIR"):
        return None
    return next((d for d in reversed(started_here()) if find_running(d) is not None), None)


@contextmanager
def servers(settings: Settings, *, start_embedded: bool = True,
            advertise: bool = False) -> Iterator[Settings]:
    """Settings with both URLs filled: given ones, a running ``skald serve``'s, or fresh embedded
    (``advertise``: listed for other terminals started from the same folder)."""
    if settings.database_url and settings.redis_url:
        yield settings
        return
    from services.adapters.embedded import EmbeddedServers, find_running
    from services.adapters.running_services import register, unregister

    found = running_data_dir(settings) if not advertise else None
    running = find_running(found) if found is not None else None
    if running is not None:
        if found != settings.data_dir:
            print(f"skald: using the data directory {found} of the 'skald serve' started from "
                  "this folder", file=sys.stderr)
        yield _filled(settings, running["database_url"], running["redis_url"])
        return
    if not start_embedded:
        raise SystemExit("no database configured and no embedded servers running")
    if settings.database_url or settings.redis_url:
        # One URL given: only the other server is embedded (never an unused PostgreSQL or Redis).
        with _embedded_one(settings) as filled:
            yield filled
        return
    embedded = EmbeddedServers(settings.data_dir)
    urls = embedded.start()
    entry = register(settings.data_dir) if advertise else None
    try:
        yield _filled(settings, urls.database_url, urls.redis_url)
    finally:
        if entry is not None:
            unregister(entry)
        embedded.stop()


@contextmanager
def _embedded_one(settings: Settings) -> Iterator[Settings]:
    from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis

    server = (EmbeddedRedis(settings.data_dir) if settings.database_url
              else EmbeddedPostgres(settings.data_dir))
    url = server.start()
    try:
        yield (_filled(settings, "", url) if settings.database_url
               else _filled(settings, url, ""))
    finally:
        server.stop()


def _filled(settings: Settings, database_url: str, redis_url: str) -> Settings:
    return msgspec.structs.replace(
        settings,
        database_url=settings.database_url or _with_database(database_url),
        redis_url=settings.redis_url or redis_url,
    )


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    import uvicorn

    from services.adapters.migrate import migrate
    from services.entrypoints.app import UVICORN_OPTIONS, create_app

    # uvicorn re-raises SIGTERM after its graceful shutdown; turning it into SystemExit lets the
    # embedded servers below stop in order instead of the process dying on the default action.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    with servers(settings, advertise=True) as ready:
        assert ready.database_url
        asyncio.run(migrate(ready.database_url))
        grpc = f", gRPC on {ready.host}:{ready.grpc_port}" if ready.grpc_port is not None else ""
        shape = f" as {args.workers} gateway processes" if args.workers > 1 else ""
        projecting = "" if not args.no_projector else " (no projector: run 'skald projector')"
        print(f"Skald serving on http://{ready.host}:{ready.port} (OpenAPI at /schema){grpc}"
              f"{shape}{projecting}", file=sys.stderr, flush=True)
        # uvicorn handles SIGINT/SIGTERM; the embedded servers stop when this block exits.
        if args.workers > 1:
            # Each process builds its app from the environment; gRPC shares its port the same
            # way (SO_REUSEPORT), and the projector workers in them share the campaigns by lease.
            os.environ.update(SKALD_DATABASE_URL=ready.database_url, SKALD_REDIS_URL=ready.redis_url or "",
                              SKALD_GRPC_PORT=str(ready.grpc_port) if ready.grpc_port else "off",
                              SKALD_GRPC_REUSE_PORT="1",
                              SKALD_RUN_PROJECTOR="0" if args.no_projector else "1")
            uvicorn.run("services.entrypoints.workers:gateway_from_env", factory=True, workers=args.workers,
                        host=ready.host, port=ready.port, log_level="warning",
                        timeout_graceful_shutdown=5, **UVICORN_OPTIONS)
        else:
            uvicorn.run(create_app(ready, run_projector=not args.no_projector, tune_gc=True),
                        host=ready.host,
                        port=ready.port, log_level="warning", timeout_graceful_shutdown=5,
                        **UVICORN_OPTIONS)
    return 0


def cmd_projector(settings: Settings, args: argparse.Namespace) -> int:
    from services.adapters.migrate import migrate
    from services.entrypoints.workers import run_projectors

    signal.signal(signal.SIGTERM, _exit_on_signal)
    with servers(settings, advertise=True) as ready:
        assert ready.database_url
        asyncio.run(migrate(ready.database_url))
        print(f"Skald projector: {args.workers} worker process(es)", file=sys.stderr, flush=True)
        return run_projectors(ready, args.workers)


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(0)


def cmd_migrate(settings: Settings, args: argparse.Namespace) -> int:
    from services.adapters.migrate import migrate

    with servers(settings) as ready:
        assert ready.database_url
        applied = asyncio.run(migrate(ready.database_url))
    if not applied:
        print("applied: nothing (up to date)")
    for step in applied:  # migrations, then on Citus each distribution statement ("citus: ...")
        print(f"applied: {step}")
    return 0


def _token_command(work: Callable[[str, argparse.Namespace], int]) -> Callable[..., int]:
    def run(settings: Settings, args: argparse.Namespace) -> int:
        if not (settings.database_url or running_data_dir(settings)):
            print(not_running_message(settings.data_dir), file=sys.stderr)
        with servers(settings) as ready:
            assert ready.database_url
            return work(ready.database_url, args)

    return run


def not_running_message(data_dir: Path) -> str:
    """What to set when no service runs on ``data_dir``: names the services running elsewhere."""
    from services.adapters.running_services import services

    text = (f"skald: no running 'skald serve' uses the data directory {data_dir}; using it "
            "directly. If your service runs with another one, set SKALD_DATA_DIR to it (or "
            "SKALD_DATABASE_URL)")
    others = services()
    if others:
        text += ". Running now: " + "; ".join(
            f"started from {launched}: SKALD_DATA_DIR={data}" for launched, data in others)
    return text + "."


def cmd_rebuild(settings: Settings, args: argparse.Namespace) -> int:
    from services.adapters.event_store import EventStore
    from services.adapters.migrate import migrate
    from services.adapters.read_model_rebuild import rebuild
    from services.adapters.redis_client import connect_redis

    async def run(db: str, redis_url: str) -> int:
        await migrate(db)
        store = await EventStore.connect(db)
        redis = connect_redis(redis_url)
        try:
            return await rebuild(store, redis, say=lambda text: print(text, flush=True))
        finally:
            await store.close()
            await redis.aclose()

    with servers(settings) as ready:
        assert ready.database_url and ready.redis_url
        count = asyncio.run(run(ready.database_url, ready.redis_url))
    print(f"rebuilt read models from {count} events")
    return 0


def cmd_export(settings: Settings, args: argparse.Namespace) -> int:
    from services.adapters.event_store import EventStore
    from services.application.export import export_lines

    async def run(db: str) -> int:
        store = await EventStore.connect(db, min_size=1, max_size=2)
        count = -1  # the header is not an event
        try:
            with open(args.out, "wb") if args.out != "-" else sys.stdout.buffer as out:
                async for line in export_lines(store, args.campaign,
                                               include_secret_seeds=args.include_secret_seeds):
                    out.write(line + b"\n")
                    count += 1
        finally:
            await store.close()
        return count

    with servers(settings) as ready:
        assert ready.database_url
        count = asyncio.run(run(ready.database_url))
    if count == 0:
        print(f"skald: campaign {args.campaign!r} has no events", file=sys.stderr)
        return 1
    print(f"exported {count} events", file=sys.stderr)
    return 0


def cmd_import(settings: Settings, args: argparse.Namespace) -> int:
    from services.adapters.export_import import ImportRefused, import_lines
    from services.adapters.migrate import migrate

    with open(args.file, "rb") as handle:
        lines = handle.read().splitlines()

    async def run(db: str) -> int:
        await migrate(db)
        return await import_lines(db, lines)

    with servers(settings) as ready:
        assert ready.database_url
        try:
            count = asyncio.run(run(ready.database_url))
        except ImportRefused as err:
            print(f"skald: import refused: {err}", file=sys.stderr)
            return 1
    print(f"imported {count} events; a running service projects them, or run"
          " 'skald projections rebuild'", file=sys.stderr)
    return 0


def cmd_verify(settings: Settings, args: argparse.Namespace) -> int:
    """No database: the export alone is checked."""
    from domain.audit import verify_export

    with open(args.file, "rb") as handle:
        report = verify_export(handle.read().splitlines())
    if args.json:
        print(msgspec.json.encode({**msgspec.to_builtins(report), "ok": report.ok}).decode())
    else:
        print(f"campaign {report.campaign_id}: {report.events} events, {report.rolls_verified}"
              f" rolls re-derived from revealed seeds, {report.rolls_unverifiable} awaiting a reveal,"
              f" {len(report.retcons)} retcons")
        for retcon in report.retcons:
            print(f"  retcon at {retcon['position']} reverses {retcon['reverses']}"
                  f" ({retcon['event_type']}): {retcon['reason']}")
        for failure in report.failures:
            where = f"position {failure.position}" if failure.position else f"line {failure.line}"
            print(f"FAIL {where} [{failure.check}] {failure.detail}")
        print("OK" if report.ok else f"{len(report.failures)} failures")
    return 0 if report.ok else 1


def cmd_proto_generate(settings: Settings, args: argparse.Namespace) -> int:
    """Regenerate contracts/proto from the Structs and compile the Python messages."""
    from services.entrypoints.grpc import protogen

    return protogen.main()


def _positive(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError("give a number from 1 to 64")
    return value


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="skald", description="Skald game-state service")
    sub = top.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the HTTP gateway and projector")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--grpc-port", type=int)
    serve.add_argument("--workers", type=_positive, default=1,
                       help="gateway processes sharing the port (default 1)")
    serve.add_argument("--no-projector", action="store_true",
                       help="serve only; run the projection with 'skald projector'")
    serve.set_defaults(func=cmd_serve)
    projector = sub.add_parser("projector", help="run projector workers only (no gateway)")
    projector.add_argument("--workers", type=_positive, default=1,
                           help="worker processes; they share the campaigns by lease (default 1)")
    projector.set_defaults(func=cmd_projector)
    sub.add_parser("migrate", help="apply database migrations").set_defaults(func=cmd_migrate)
    from services.entrypoints.token_cli import add_parsers

    add_parsers(sub, _token_command)
    proj = sub.add_parser("projections", help="manage read models")
    proj_sub = proj.add_subparsers(dest="projections_command", required=True)
    proj_sub.add_parser("rebuild", help="drop and rebuild the read models from the log"
                        ).set_defaults(func=cmd_rebuild)
    export = sub.add_parser("export", help="write a campaign's event log as JSON Lines")
    export.add_argument("campaign")
    export.add_argument("--out", default="-", help="file to write (default: standard output)")
    export.add_argument("--include-secret-seeds", action="store_true",
                        help="operator backups only: add the seeds not yet revealed")
    export.set_defaults(func=cmd_export)
    imp = sub.add_parser("import", help="load an export into a store without that campaign")
    imp.add_argument("file")
    imp.set_defaults(func=cmd_import)
    ver = sub.add_parser("verify", help="check an export with no database; non-zero on failure")
    ver.add_argument("file")
    ver.add_argument("--json", action="store_true", help="print the report as JSON")
    ver.set_defaults(func=cmd_verify)
    proto = sub.add_parser("proto", help="the gRPC contract (contracts/proto)")
    proto_sub = proto.add_subparsers(dest="proto_command", required=True)
    proto_sub.add_parser("generate", help="regenerate the .proto from the contract Structs"
                         ).set_defaults(func=cmd_proto_generate)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = Settings.from_env()
    if getattr(args, "host", None):
        settings.host = args.host
    if getattr(args, "port", None):
        settings.port = args.port
    if getattr(args, "grpc_port", None):
        settings.grpc_port = args.grpc_port
    configure(settings.log_format, settings.log_level,
              cache=args.func in (cmd_serve, cmd_projector))  # long-running processes
    result: int = args.func(settings, args)
    return result


if __name__ == "__main__":
    sys.exit(main())
