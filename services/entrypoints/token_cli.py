"""``skald token create|list|revoke``: bearer tokens from the command line."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TypeVar

import asyncpg

from services.adapters.migrate import migrate
from services.adapters.tokens import (
    DEFAULT_TTL_SECONDS,
    create_token,
    list_tokens,
    revoke_tokens,
    token_id_of,
)

T = TypeVar("T")


def _with_conn(url: str, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
    async def run() -> T:
        await migrate(url)
        conn = await asyncpg.connect(url)
        try:
            return await work(conn)
        finally:
            await conn.close()

    return asyncio.run(run())


def create(url: str, args: argparse.Namespace) -> int:
    try:
        token = _with_conn(url, lambda c: create_token(c, args.user, args.label, args.ttl))
    except ValueError as err:
        print(f"skald: {err}", file=sys.stderr)
        return 2
    # The token alone on standard output, so that $(skald token create ...) captures it.
    print(f"created {token_id_of(token)} for {args.user}, expires in {args.ttl} s",
          file=sys.stderr)
    print(token)
    return 0


def show(url: str, args: argparse.Namespace) -> int:
    rows = _with_conn(url, lambda c: list_tokens(c, args.user))
    now = datetime.now(UTC)
    print(f"{'id':<17} {'user':<20} {'status':<8} {'expires (UTC)':<20} label")
    for row in rows:
        expires = row.expires_at.strftime("%Y-%m-%d %H:%M:%S") if row.expires_at else "never"
        print(f"{row.token_id:<17} {row.user:<20} {row.status(now):<8} {expires:<20} {row.label}")
    return 0


def revoke(url: str, args: argparse.Namespace) -> int:
    try:
        count = _with_conn(url, lambda c: revoke_tokens(c, user=args.user, token_id=args.id))
    except ValueError as err:
        print(f"skald: {err}", file=sys.stderr)
        return 2
    print(f"revoked {count} token(s)")
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                run: Callable[[Callable[[str, argparse.Namespace], int]],
                              Callable[..., int]]) -> None:
    """Add ``token create|list|revoke``; ``run`` wraps each with the database URL."""
    token = sub.add_parser("token", help="manage API tokens")
    token_sub = token.add_subparsers(dest="token_command", required=True)
    make = token_sub.add_parser("create", help="create a bearer token and print it")
    make.add_argument("--user", required=True)
    make.add_argument("--label", default="")
    make.add_argument("--ttl", type=int, default=DEFAULT_TTL_SECONDS, metavar="SECONDS",
                      help=f"lifetime in seconds (default {DEFAULT_TTL_SECONDS}: 30 days)")
    make.set_defaults(func=run(create))
    listing = token_sub.add_parser("list", help="list tokens: id, user, status, expiry, label")
    listing.add_argument("--user", help="only this user's tokens")
    listing.set_defaults(func=run(show))
    drop = token_sub.add_parser("revoke", help="revoke all of a user's tokens, or one by id")
    which = drop.add_mutually_exclusive_group(required=True)
    which.add_argument("--user", help="revoke every token of this user")
    which.add_argument("--id", help="revoke the token with this id (see 'token list')")
    drop.set_defaults(func=run(revoke))
