"""The cost of parsing a command's body twice: the input checks, then msgspec's typed decode.

``POST /v1/commands`` reads its body twice: ``services.entrypoints.http.body.check_json`` (the stdlib
``json`` parser, for duplicate keys, depth, NUL, surrogates, int64 and finite numbers, none of
which msgspec refuses) and then Litestar's msgspec decode into the command envelope. This
prints, for three bodies (a ``RollDice``, a ``CreateCharacter`` with a 1 KB sheet, one with a
60 KB sheet near the 64 KiB limit):

* ``decode``: the msgspec decode alone (the baseline: what parsing once costs);
* ``checks``: ``check_json`` alone (the second parse);
* ``both``: what the command path does now, and its ratio to the baseline;
* ``walk``: the walk that names the field of a refused body (``check_value``), which every
  body took before the fast pass;

each the best of five timings; and, measured in the same run against the real service
(``skald serve`` on embedded PostgreSQL and Redis), the median round trip of a ``RollDice``
command, with the checks' share of it. Figures are printed, never asserted.

Run from the repository root: ``python -m bench.body_parse`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import timeit
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

import httpx
import msgspec

from contracts.commands import ENVELOPES
from services.entrypoints.body_limits import check_json, check_value


def bodies() -> dict[str, bytes]:
    def envelope(type_: str, payload: dict[str, Any]) -> bytes:
        return json.dumps({"command_id": f"b-{uuid.uuid4().hex}", "type": type_,
                           "payload": payload}).encode()

    def sheet(entries: int) -> dict[str, Any]:
        return {"notes": [{"name": f"item-{i}", "weight": i % 7, "tags": ["a", "b"],
                           "text": "a line of text for the sheet"} for i in range(entries)]}

    return {
        "RollDice": envelope("RollDice", {"campaign_id": "bench", "expression": "4d6kh3+2",
                                          "label": "a roll"}),
        "sheet 1 KB": envelope("CreateCharacter", {"campaign_id": "bench", "name": "Hero",
                                                   "sheet": sheet(10)}),
        "sheet 60 KB": envelope("CreateCharacter", {"campaign_id": "bench", "name": "Hero",
                                                    "sheet": sheet(620)}),
    }


def per_call_us(work: Callable[[], object], seconds: float) -> float:
    """Microseconds per call: the best of 5 timings of about ``seconds`` / 5 each (the best
    is the least disturbed by the other processes on a shared machine)."""
    calls = 1
    while timeit.timeit(work, number=calls) < seconds / 50:
        calls *= 2
    per_repeat = max(1, int(calls * 10))
    return min(timeit.repeat(work, number=per_repeat, repeat=5)) / per_repeat * 1e6


def parse_costs(seconds: float) -> dict[str, tuple[float, float, float, float, int]]:
    union = Union[tuple(ENVELOPES.values())]  # type: ignore[valid-type]  # noqa: UP007
    decoder = msgspec.json.Decoder(union)
    out = {}
    for name, raw in bodies().items():
        decoder.decode(raw)
        check_json(raw, "application/json")
        decode = per_call_us(lambda raw=raw: decoder.decode(raw), seconds)  # type: ignore[misc]
        checks = per_call_us(lambda raw=raw: check_json(raw, "application/json"),  # type: ignore[misc]
                             seconds)
        both = per_call_us(lambda raw=raw: (check_json(raw, "application/json"),  # type: ignore[misc]
                                            decoder.decode(raw)), seconds)
        value = json.loads(raw)
        walk = per_call_us(lambda value=value: check_value(value), seconds)  # type: ignore[misc]
        out[name] = (decode, checks, both, walk, len(raw))
    return out


def command_round_trip_us(commands: int) -> float:
    """Median microseconds of a sequential RollDice over HTTP against ``skald serve``."""
    from bench.fuzz import running_service, token

    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp, \
            running_service(Path(tmp) / "data") as (base, env):
        gm = token(env, "bench")
        headers = {"Authorization": f"Bearer {gm}"}
        with httpx.Client(base_url=base, timeout=30, headers=headers) as client:
            def send(type_: str, payload: dict[str, Any]) -> None:
                got = client.post("/v1/commands", json={
                    "command_id": f"c-{uuid.uuid4().hex}", "type": type_, "payload": payload})
                assert got.status_code == 200, got.text

            send("CreateCampaign", {"campaign_id": "bench", "name": "Bench"})
            roll = {"campaign_id": "bench", "expression": "4d6kh3+2"}
            for _ in range(50):
                send("RollDice", roll)
            took = []
            for _ in range(commands):
                started = time.perf_counter()
                send("RollDice", roll)
                took.append(time.perf_counter() - started)
            return statistics.median(took) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per parse figure")
    parser.add_argument("--commands", type=int, default=500, help="round trips to time")
    parser.add_argument("--no-service", action="store_true", help="parse figures only")
    args = parser.parse_args(argv)
    costs = parse_costs(args.seconds)
    trip = None if args.no_service else command_round_trip_us(args.commands)
    print(f"{'body':<12} {'bytes':>7} {'decode us':>10} {'checks us':>10} {'both us':>9} "
          f"{'both/decode':>12} {'walk us':>9}"
          + ("" if trip is None else f" {'checks/round trip':>18}"))
    for name, (decode, checks, both, walk, size) in costs.items():
        line = (f"{name:<12} {size:>7} {decode:>10.1f} {checks:>10.1f} {both:>9.1f} "
                f"{both / decode:>11.2f}x {walk:>9.1f}")
        if trip is not None:
            line += f" {checks / trip:>17.1%}"
        print(line)
    if trip is not None:
        print(f"RollDice round trip over HTTP (sequential, median, same run): {trip:.0f} us")


if __name__ == "__main__":
    main()
