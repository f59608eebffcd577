"""Per-token and per-user rate limits, shared by every gateway through Redis: over a limit a
request gets 429 with Retry-After and does nothing; other tokens and users are not affected."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import pytest
from redis.asyncio import Redis

from services.adapters.rate_limits import PREFIX, RateLimits
from services.adapters.tokens import token_digest
from services.application.settings import DEFAULT_RATE_PER_TOKEN, DEFAULT_RATE_PER_USER, Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, served

PER_TOKEN, PER_USER = 5, 8


@pytest.fixture
async def limited(database_url: str, redis_url: str, redis_client: Redis) -> AsyncIterator[list[Api]]:
    """Two gateways with low limits on one PostgreSQL and Redis."""
    async with AsyncExitStack() as stack:
        apis = []
        for _ in range(2):
            app = create_app(Settings(database_url=database_url, redis_url=redis_url,
                                      rate_per_token=PER_TOKEN, rate_per_user=PER_USER))
            apis.append(Api(await stack.enter_async_context(served(app)), database_url))
        yield apis


async def burst(apis: list[Api], token: str, count: int) -> list[int]:
    """``count`` requests at once, alternating gateways; their statuses."""
    replies = await asyncio.gather(*(apis[k % 2].get(token, "/v1/campaigns") for k in range(count)))
    for reply in replies:
        if reply.status_code == 429:
            assert 1 <= int(reply.headers["Retry-After"]) <= 1
            problem = reply.json()
            assert problem["rule"] == "rate.limit" and problem["field"] == "authorization"
    return [r.status_code for r in replies]


async def test_a_token_over_its_limit_gets_429_on_every_gateway_and_others_do_not(
        limited: list[Api]) -> None:
    bot, ann = await limited[0].token("bot"), await limited[0].token("ann")
    statuses = await burst(limited, bot, 3 * PER_TOKEN)
    # At most two one-second windows: at most twice the limit gets through, over both gateways.
    assert statuses.count(200) <= 2 * PER_TOKEN and 429 in statuses, statuses
    assert set(statuses) <= {200, 429}
    assert (await limited[1].get(ann, "/v1/campaigns")).status_code == 200  # another user
    await asyncio.sleep(1.1)  # a new window
    assert (await limited[0].get(bot, "/v1/campaigns")).status_code == 200


async def test_a_user_over_its_limit_is_refused_whichever_token_it_uses(limited: list[Api]) -> None:
    tokens = [await limited[0].token("eve") for _ in range(4)]  # 4 x 4 = 16 > 2 x PER_USER
    replies = await asyncio.gather(*(limited[k % 2].get(tokens[k % 4], "/v1/campaigns")
                                     for k in range(4 * 4)))
    statuses = [r.status_code for r in replies]
    assert statuses.count(200) <= 2 * PER_USER and 429 in statuses, statuses


async def test_a_refused_command_did_nothing_and_can_be_sent_again(limited: list[Api]) -> None:
    gm = await limited[0].token("gm")
    cid = (await limited[0].ok(gm, "CreateCampaign", {"name": "Flood"}))["campaign_id"]
    await asyncio.sleep(1.1)
    replies = await asyncio.gather(*(
        limited[k % 2].command(gm, "RollDice", {"campaign_id": cid, "expression": "1d6"},
                               command_id=f"flood-{k}") for k in range(3 * PER_TOKEN)))
    done = [k for k, r in enumerate(replies) if r.status_code == 200]
    refused = [k for k, r in enumerate(replies) if r.status_code == 429]
    assert refused and len(done) + len(refused) == len(replies)
    await asyncio.sleep(1.1)
    log = (await limited[0].get(gm, f"/v1/campaigns/{cid}/events", limit=100)).json()
    rolled = [e for e in log["events"] if e["type"] == "DiceRolled"]
    assert len(rolled) == len(done)  # a refused command appended nothing
    again = await limited[1].command(gm, "RollDice", {"campaign_id": cid, "expression": "1d6"},
                                     command_id=f"flood-{refused[0]}")
    assert again.status_code == 200


def test_serve_has_documented_defaults_and_0_turns_a_limit_off() -> None:
    default = Settings.from_env({})
    assert (default.rate_per_token, default.rate_per_user) == (DEFAULT_RATE_PER_TOKEN,
                                                               DEFAULT_RATE_PER_USER) == (100, 200)
    off = Settings.from_env({"SKALD_RATE_PER_TOKEN": "0", "SKALD_RATE_PER_USER": "0"})
    assert (off.rate_per_token, off.rate_per_user) == (0, 0)


async def test_a_gateway_reserves_slots_a_few_at_a_time_and_gateways_never_exceed_the_limit(
        redis_client: Redis) -> None:
    # A limit of 40: slots are reserved 40 // RESERVE_DIVISOR = 2 at a time.
    window = 1_000_000.25  # one fixed one-second window for every call
    one = RateLimits(redis_client, per_token=40, per_user=0, hold=0)
    assert [await one.wait_for("tok-a", "ann", now=window) for _ in range(10)] == [0.0] * 10
    assert one.reservations == 5  # one Redis round trip per 2 requests, not per request
    assert int(await redis_client.get(f"{PREFIX}:t:{token_digest('tok-a')[:24]}:1000000")) == 10
    # Two gateways sharing one token's window: together never more than the limit.
    gateways = [RateLimits(redis_client, per_token=40, per_user=0, hold=0) for _ in range(2)]
    waits = [await gateways[k % 2].wait_for("tok-b", "bob", now=window) for k in range(60)]
    assert waits.count(0.0) == 40 and all(0 < w <= 1 for w in waits if w)


async def test_a_repeated_refusal_is_held_a_second_without_asking_redis(
        redis_client: Redis) -> None:
    limits = RateLimits(redis_client, per_token=2, per_user=0, hold=1.0)
    while time.time() % 1 > 0.3:  # start early in a window
        await asyncio.sleep(0.05)
    window_end = math.floor(time.time()) + 1
    assert [await limits.wait_for("tok-c", "cat") for _ in range(2)] == [0.0, 0.0]
    started = time.time()
    first = await limits.wait_for("tok-c", "cat")  # the first refusal: at once
    assert 0 < first <= 1 and time.time() - started < 0.2
    asked = limits.reservations
    second = await limits.wait_for("tok-c", "cat")  # repeated: held a second, then answered
    assert time.time() - started >= 1.0 and time.time() >= window_end and 0 < second <= 0.2
    assert limits.reservations == asked  # refused locally: no Redis round trip
    assert await limits.wait_for("tok-c", "cat") == 0.0  # the next window counts afresh


async def test_a_refusal_held_by_the_gateway_still_answers_429_with_retry_after(
        limited: list[Api]) -> None:
    bot = await limited[0].token("bot2")
    replies = await asyncio.gather(*(limited[0].get(bot, "/v1/campaigns") for _ in range(4 * PER_TOKEN)))
    refused = [r for r in replies if r.status_code == 429]
    assert len(refused) >= 2 * PER_TOKEN  # all but at most two windows' worth
    assert all(r.headers["Retry-After"] == "1" and r.json()["rule"] == "rate.limit" for r in refused)
