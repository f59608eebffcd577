"""Time WISH's exact odds for 12-die pools (the domain call and its JSON encoding), beside a
trivial baseline measured in the same run: encoding a 12-entry pool mapping.

Run: python -m bench.wish_odds
"""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from contracts.rulesets.wish import OddsQuery
from domain.rulesets.wish import WISH

POOLS = (
    "CHR:12",
    "OFF:4,DFN:4,CHL:4",
    "CHR:5,OFF:2,CHL:3,FRT:1,MIS:1",
    "CHR:5,OFF:2,CHL:3,EXP:2",
    "CHR:4,OFF:2,DFN:2,CHL:2,EXP:2",
    "EXP:12",
)


def best_ms(f: Callable[[], object], repeat: int = 7) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    enc = msgspec.json.Encoder()
    base = best_ms(lambda: enc.encode({f"d{i}": i for i in range(12)}), 50)
    print(f"baseline (encode a 12-entry mapping): {base:.4f} ms")
    for pool in POOLS:
        query = OddsQuery(pool=pool)
        ms = best_ms(lambda q=query: enc.encode(WISH.odds(q)))  # type: ignore[misc]
        view = WISH.odds(query)
        print(f"{pool:32} {ms:8.2f} ms  x{ms / base:9.0f} baseline  "
              f"{len(view.outcomes):5} outcomes  tail {view.tail[:24]}")


if __name__ == "__main__":
    main()
