"""What each part of ``skald_append_item`` costs: copies of the function, each with one part
left out, timed against the function itself and a one-row ``INSERT``
(``bench/command_floor.py`` prints it).

Every call is a lone append in autocommit (its own durable commit, as a ``RollDice`` at 1 in
flight makes it), on one connection, in interleaved rounds; each figure is the lowest of the
rounds' medians. A part's cost is the function's median less its copy's. The copies keep the
function's settings and are made in the bench's scratch database only; a second connection
LISTENs on the append channel, as the projector does in the service. Leaving out the stream
versions or the campaign head would number every event the same, so those copies append to a
new stream (a new campaign) each call; the function itself, timed on a stream a call, measured
the same as on one stream in the runs that wrote this.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from itertools import count
from pathlib import Path

import asyncpg

from services.adapters.event_store import _APPEND_NOT_WAITING, NOTIFY_CHANNEL

FUNCTION = (Path(__file__).resolve().parent.parent
            / "services/adapters/sql/functions/skald_append_item.sql")


def _between(source: str, first: str, upto: str) -> str:
    """The text of ``source`` from ``first`` up to (not including) ``upto``."""
    start = source.index(first)
    return source[start:source.index(upto, start)]


def parts_of(source: str) -> dict[str, str]:
    """Each part of the function's body, as it is written there (a missing marker raises: the
    function changed and this bench with it)."""
    return {
        "the NOTIFY": "    PERFORM pg_notify('skald_events', p_campaign);\n",
        "the campaign's lock": _between(source, "    IF p_wait THEN", "    IF p_command_id IS NOT NULL"),
        "the command-id check": _between(source, "    IF p_command_id IS NOT NULL",
                                         "    SELECT coalesce(jsonb_object_agg"),
        "the stream versions": _between(source, "    SELECT coalesce(jsonb_object_agg",
                                        "    SELECT h.position INTO v_head"),
        "the campaign head": _between(source, "    IF coalesce(array_length(p_streams, 1), 0) > 0",
                                      "    IF p_seed IS NOT NULL"),
        "the command record": _between(source, "    ), cmd AS (", "    )\n    SELECT 'event'"),
    }


def copy_without(source: str, name: str, left_out: list[str]) -> str:
    body = source.replace("FUNCTION skald_append_item(", f"FUNCTION {name}(", 1)
    for part in left_out:
        assert part in body, "the function changed: bench/append_function_parts.py too"
        body = body.replace(part, "")
    return body


async def function_parts(url: str, calls: int, rounds: int = 5) -> dict[str, float]:
    """Medians in microseconds: the one-row insert, the function, each copy without one part,
    and the copy with only the events' insert left."""
    source = FUNCTION.read_text()
    parts = parts_of(source)
    conn = await asyncpg.connect(url)
    # A NOTIFY costs more with someone listening, as a projector always is in the service.
    listener = await asyncpg.connect(url)
    await listener.add_listener(NOTIFY_CHANNEL, lambda *_: None)
    run = uuid.uuid4().hex[:8]
    numbers = count()
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS floor_probe (id bigserial PRIMARY KEY, v int)")
        variants: dict[str, Callable[[], Awaitable[object]]] = {}

        async def insert() -> None:
            await conn.execute("INSERT INTO floor_probe (v) VALUES (1)")

        def append(function: str, *, new_stream: bool = False,
                   new_campaign: bool = False) -> Callable[[], Awaitable[object]]:
            sql = _APPEND_NOT_WAITING.replace("skald_append_item", function)

            async def call() -> None:
                n = next(numbers)
                campaign = f"parts-{run}-{n if new_campaign else 0}"
                stream = f"rolls/{campaign}/{n if new_stream else 0}"
                await conn.fetch(sql, campaign, f"c-{n}", "floor", "RollDice", "x" * 64,
                                 [f"campaign/{campaign}"], [None], [stream], ["DiceRolled"],
                                 [1], ['{"expression": "2d6"}'], ['{"actor": "floor"}'],
                                 None, None, None)
            return call

        variants["one-row INSERT + COMMIT"] = insert
        variants["skald_append_item + COMMIT"] = append("skald_append_item")
        for k, (label, text) in enumerate(parts.items()):
            name = f"bench_append_part_{k}"
            await conn.execute(copy_without(source, name, [text]))
            variants[f"  without {label}"] = append(
                name, new_stream=label == "the stream versions",
                new_campaign=label == "the campaign head")
        await conn.execute(copy_without(source, "bench_append_events_only", list(parts.values())))
        variants["  without all six: the events' insert only"] = append(
            "bench_append_events_only", new_campaign=True)
        for call in variants.values():
            for _ in range(30):  # plans made, caches warm
                await call()
        medians: dict[str, list[float]] = {name: [] for name in variants}
        for _ in range(rounds):
            for name, call in variants.items():
                times = []
                for _ in range(calls):
                    start = time.perf_counter()
                    await call()
                    times.append(time.perf_counter() - start)
                medians[name].append(statistics.median(times) * 1e6)
    finally:
        await listener.close()
        await conn.close()
    return {name: min(values) for name, values in medians.items()}


def print_parts(figures: dict[str, float]) -> None:
    whole = figures["skald_append_item + COMMIT"]
    floor = figures["one-row INSERT + COMMIT"]
    print("\nthe append function by part (lone calls in autocommit, one connection; median, "
          "microseconds):")
    for name, us in figures.items():
        note = ""
        if name.startswith("  "):
            note = f"   its part: {whole - us:6.1f}"
        elif name.startswith("skald"):
            note = f"   beyond the one-row insert: {whole - floor:6.1f}"
        print(f"  {name:44} {us:8.1f}{note}")
