"""``bench.roundtrip``'s server process under cProfile (or timing its garbage collections).

``python -m bench.profiled_server OUT --serve DATABASE_URL REDIS_URL HTTP_PORT GRPC_PORT fast``
(what ``bench/live_fanout.py --profile OUT`` starts); SIGUSR1 writes the stats and ends it. With
``OUT`` ending in ``.gc`` the server runs unprofiled and ``OUT`` gets each collector generation's
pauses instead (count, total, longest; over the whole run). For finding where a bench's server
time goes; the profiler slows the server, so its figures are not the bench's.
"""

from __future__ import annotations

import cProfile
import gc
import os
import signal
import sys
import time
from types import FrameType
from typing import Any

from bench import roundtrip


def main() -> None:
    out, args = sys.argv[1], sys.argv[2:]
    profiler = cProfile.Profile()
    timing_gc = out.endswith(".gc")
    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    began = [0.0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses[info["generation"]].append(time.perf_counter() - began[0])

    def dump(signum: int, frame: FrameType | None) -> None:
        if timing_gc:
            with open(out, "w") as f:
                for generation, times in pauses.items():
                    f.write(f"generation {generation}: {len(times)} collections, "
                            f"{sum(times) * 1000:.1f} ms in all, longest "
                            f"{max(times, default=0.0) * 1000:.1f} ms\n")
        else:
            profiler.disable()
            profiler.dump_stats(out)
        os._exit(0)

    signal.signal(signal.SIGUSR1, dump)
    if timing_gc:
        gc.callbacks.append(on_gc)
    else:
        profiler.enable()
    roundtrip.main(args)


if __name__ == "__main__":
    main()
