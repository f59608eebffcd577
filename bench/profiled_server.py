"""``bench.roundtrip``'s server process under cProfile: the stats go to a file when it stops.

``python -m bench.profiled_server OUT --serve DATABASE_URL REDIS_URL HTTP_PORT GRPC_PORT fast``
(what ``bench/live_fanout.py --profile OUT`` starts); SIGUSR1 writes the stats and ends it. For
finding where a bench's server time goes; the profiler slows the server, so its figures are not
the bench's.
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
from types import FrameType

from bench import roundtrip


def main() -> None:
    out, args = sys.argv[1], sys.argv[2:]
    profiler = cProfile.Profile()

    def dump(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        profiler.dump_stats(out)
        os._exit(0)

    signal.signal(signal.SIGUSR1, dump)
    profiler.enable()
    roundtrip.main(args)


if __name__ == "__main__":
    main()
