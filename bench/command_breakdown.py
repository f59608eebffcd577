"""Where a ``RollDice`` spends its time beyond the floor: each part measured alone, in the bench
process, on the service's own PostgreSQL and Redis (``bench/command_floor.py`` prints it).

Each figure is the median of many calls, one at a time:

* the body's input checks and its msgspec decode into the command envelope (the gateway);
* the token check, from the token cache (the gateway, every /v1 request);
* the rate limits (on by default; the bench's server runs without them, as
  ``bench/roundtrip.py`` always has): a reservation of slots (one pipelined Redis round trip),
  a slot spent locally, and what that makes per request at the default limits;
* the decision with its dice, on the folded state the pipeline holds (``decider.decide``), and
  the two dice alone (HMAC-derived faces);
* the append function's own work (``skald_append_item`` as a lone append calls it, inside an
  open transaction), its ``COMMIT`` (the durable flush) and a bare ``SELECT 1`` on the same
  connection: in the service the append and its commit are one round trip, so the database's
  share of a command is work + commit - one round trip;
* the reply: the events the caller may see, and the JSON encoding of the command's result.

``redis_calls`` counts Redis commands (``INFO commandstats``) over a run of commands: against a
server without its projector it is what the command path itself sends to Redis.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Union

import asyncpg
import msgspec
from redis.asyncio import Redis

from contracts.commands import ENVELOPES, payload_of
from domain import decider
from domain.context import CommandContext
from domain.fair_dice import SeededDice
from domain.streams import campaign_stream
from services.adapters.event_store import _APPEND_NOT_WAITING
from services.adapters.rate_limits import RESERVE_DIVISOR, RateLimits
from services.adapters.token_book import TokenBook
from services.application.pipeline import CommandPipeline
from services.application.queries import only_visible
from services.application.settings import DEFAULT_RATE_PER_TOKEN, DEFAULT_RATE_PER_USER
from services.entrypoints.body_limits import check_json


def median_us(call: Callable[[], object], calls: int = 2000) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


async def amedian_us(call: Callable[[], Awaitable[object]], calls: int = 400) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def roll_body() -> bytes:
    return msgspec.json.encode({"command_id": f"b-{uuid.uuid4().hex[:12]}", "type": "RollDice",
                                "payload": {"campaign_id": "floor", "expression": "2d6"}})


async def breakdown(url: str, redis_url: str, token: str, pipeline: CommandPipeline,
                    calls: int) -> dict[str, float]:
    """Each part of a ``RollDice`` alone, in microseconds (medians)."""
    out: dict[str, float] = {}
    union = Union[tuple(ENVELOPES.values())]  # type: ignore[valid-type]  # noqa: UP007
    body = roll_body()
    # As Litestar does it: the body to builtins, then converted into the handler's signature
    # model (a Struct with the union field, whose type information msgspec keeps; decoding
    # with ``type=union`` on every call instead rebuilds it: about 100 us here).
    signature = msgspec.defstruct("Signature", [("data", union)])

    def gateway_body() -> None:
        check_json(body, "application/json")
        msgspec.convert({"data": msgspec.json.decode(body)}, signature, strict=False)

    out["body checks + decode"] = median_us(gateway_body)
    envelope = msgspec.json.decode(body, type=union)

    pool = await asyncpg.create_pool(url, min_size=1, max_size=1)
    redis = Redis.from_url(redis_url)
    book = TokenBook(pool)
    try:
        await book.user_for(token)
        out["token check (cached)"] = await amedian_us(lambda: book.user_for(token), calls)
        # A gateway reserves limit // 20 slots in one Redis round trip and spends them locally:
        # one trip in five requests at the defaults (100 a second per token, 200 per user).
        fresh = RateLimits(redis, DEFAULT_RATE_PER_TOKEN, DEFAULT_RATE_PER_USER, hold=0)
        keys = iter(range(10**9))
        trip = await amedian_us(lambda: fresh.wait_for(f"tok-{next(keys)}", f"u-{next(keys)}"),
                                calls)
        roomy = RateLimits(redis, 10**9, 10**9, hold=0)  # always a reserved slot left
        await roomy.wait_for(token, "floor")
        local = await amedian_us(lambda: roomy.wait_for(token, "floor"), calls)
        out["rate limits: a reservation (Redis trip)"] = trip
        out["rate limits: a slot spent locally"] = local
        out["rate limits: per request at the defaults"] = (
            trip + (DEFAULT_RATE_PER_TOKEN // RESERVE_DIVISOR - 1) * local) / (
            DEFAULT_RATE_PER_TOKEN // RESERVE_DIVISOR)
    finally:
        await book.close()
        await redis.aclose()
        await pool.close()

    payload = payload_of(envelope)
    ctx = CommandContext(actor="floor", command_id=envelope.command_id)
    streams = decider.streams_for(payload, ctx)
    cached = pipeline.states.cached("floor", streams)
    assert cached is not None, "run RollDice through the pipeline first"
    states = cached[0]
    camp = states[campaign_stream("floor")]
    seed = await pipeline._seed("floor", camp.epoch)
    assert seed is not None
    ctx = msgspec.structs.replace(ctx, current_seed=seed.hex())

    def decide() -> None:
        decider.decide(payload, states, ctx, SeededDice(seed, "floor", ctx.command_id))

    def dice() -> None:
        rolled = SeededDice(seed, "floor", ctx.command_id)
        rolled.roll(6)
        rolled.roll(6)

    out["decide, with its dice"] = median_us(decide)
    out["  of which the two dice"] = median_us(dice)
    out.update(await append_parts(url, calls))

    result, _ = await pipeline.execute_as(msgspec.json.decode(roll_body(), type=union), "floor")

    def reply() -> None:
        msgspec.json.encode(msgspec.structs.replace(
            result, events=only_visible(result.events, "gm")))

    out["reply: visible events + JSON"] = median_us(reply)
    return out


async def append_parts(url: str, calls: int) -> dict[str, float]:
    """The append function's work, its commit and a bare round trip, on one connection."""
    conn = await asyncpg.connect(url)
    await conn.execute("SET ROLE skald_app")
    campaign = f"bd-{uuid.uuid4().hex[:8]}"
    parts: dict[str, list[float]] = {"select": [], "work": [], "commit": []}
    data, meta = '{"expression": "2d6"}', '{"actor": "floor"}'
    try:
        for n in range(calls + 30):
            t0 = time.perf_counter()
            await conn.fetchval("SELECT 1")
            t1 = time.perf_counter()
            tr = conn.transaction()
            await tr.start()
            t2 = time.perf_counter()
            await conn.fetch(_APPEND_NOT_WAITING, campaign, f"c-{n}", "floor", "RollDice", "x" * 64,
                             [campaign_stream(campaign)], [None], [f"rolls/{campaign}"],
                             ["DiceRolled"], [1], [data], [meta], None, None, None)
            t3 = time.perf_counter()
            await tr.commit()
            t4 = time.perf_counter()
            if n >= 30:  # the first ones warm the plans
                parts["select"].append(t1 - t0)
                parts["work"].append(t3 - t2)
                parts["commit"].append(t4 - t3)
    finally:
        await conn.close()
    med = {k: statistics.median(v) * 1e6 for k, v in parts.items()}
    return {"bare round trip (SELECT 1)": med["select"],
            "append function's work (in a transaction)": med["work"],
            "its COMMIT (durable flush)": med["commit"],
            "database share (work + commit - 1 trip)": med["work"] + med["commit"] - med["select"]}


async def redis_calls(redis_url: str, run: Callable[[], Awaitable[Any]], commands: int) -> float:
    """Redis commands per ``RollDice`` (all clients), over ``commands`` of them run one at a time."""
    redis = Redis.from_url(redis_url)
    try:
        async def total() -> int:
            stats = await redis.info("commandstats")
            return sum(int(v["calls"]) for k, v in stats.items() if k != "cmdstat_info")

        before = await total()
        for _ in range(commands):
            await run()
        return (await total() - before) / commands
    finally:
        await redis.aclose()

