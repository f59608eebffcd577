"""The periodic token checks send the tokens held only now and then; in between they ask for the
tokens revoked or expired since the previous check, and still find every one of them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import asyncpg
import pytest

from services.adapters.token_checks import OVERLAP_SECONDS, TokenChanges
from services.adapters.tokens import create_token, revoke_tokens, token_digest


@pytest.fixture
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    yield pool
    await pool.close()


class Held:
    """The tokens a cache holds, counting how often a check asked for them."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = pairs
        self.asked = 0

    def __call__(self) -> list[tuple[str, str]]:
        self.asked += 1
        return self.pairs

    def of(self, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Those of ``found`` held here (other tests may revoke tokens of their own meanwhile)."""
        return [pair for pair in found if pair in self.pairs]


async def _held(pool: asyncpg.Pool, *users: str) -> tuple[list[str], Held]:
    tokens = [await create_token(pool, user) for user in users]
    return tokens, Held([(token_digest(t), u) for t, u in zip(tokens, users, strict=True)])


async def test_the_tokens_held_are_sent_only_at_first_and_every_full_period(
        pool: asyncpg.Pool) -> None:
    _, held = await _held(pool, "chk-ann", "chk-bob")
    changes = TokenChanges(pool)
    for _ in range(3):
        assert held.of(await changes.invalid(held)) == []
    assert (held.asked, changes.full_checks) == (1, 1)  # the later two asked for changes only

    every_time = TokenChanges(pool, full_every=0.0)
    for _ in range(2):
        await every_time.invalid(held)
    assert every_time.full_checks == 2


async def test_a_token_revoked_or_expired_since_the_previous_check_is_found(
        pool: asyncpg.Pool) -> None:
    tokens, held = await _held(pool, "chk-cat", "chk-dan")
    changes = TokenChanges(pool)
    assert held.of(await changes.invalid(held)) == []

    await revoke_tokens(pool, user="chk-cat")
    assert held.of(await changes.invalid(held)) == [(token_digest(tokens[0]), "chk-cat")]
    assert held.asked == 1  # found among the changes, not by sending every token again

    # Made only now, so that it cannot expire before the checks above, however slow they are.
    brief = await create_token(pool, "chk-eve", ttl_seconds=1)
    held.pairs.append((token_digest(brief), "chk-eve"))
    await asyncio.sleep(1.1)  # "chk-eve"'s token expires
    found = await changes.invalid(held)
    assert (token_digest(brief), "chk-eve") in found
    assert (token_digest(tokens[1]), "chk-dan") not in found
    assert held.asked == 1


async def test_a_revocation_dated_before_the_previous_check_is_found_within_the_overlap(
        pool: asyncpg.Pool) -> None:
    """A revocation's time is set as its UPDATE runs, before it commits: one that commits just
    after a check began may carry an earlier time, and the next check still finds it. One dated
    further back than the overlap is found by the next full check."""
    tokens, held = await _held(pool, "chk-fay", "chk-gus")
    changes = TokenChanges(pool, full_every=3600.0)
    await changes.invalid(held)
    began = await pool.fetchval("SELECT statement_timestamp()")
    await changes.invalid(held)

    async def revoke_as_of(token: str, at: object) -> None:
        await pool.execute("UPDATE api_tokens SET revoked_at = $2 WHERE token_sha256 = $1",
                           token_digest(token), at)

    await revoke_as_of(tokens[0], began - timedelta(seconds=2))  # a commit 2 s after its UPDATE
    assert held.of(await changes.invalid(held)) == [(token_digest(tokens[0]), "chk-fay")]

    await revoke_as_of(tokens[1], began - timedelta(seconds=OVERLAP_SECONDS + 60))
    assert (token_digest(tokens[1]), "chk-gus") not in await changes.invalid(held)
    changes.full_every = 0.0
    assert (token_digest(tokens[1]), "chk-gus") in await changes.invalid(held)
    assert held.asked == 2
