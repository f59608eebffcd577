"""Prometheus metrics of the service (prometheus-client's default registry, served at /metrics).

HTTP request counts and latencies come from Litestar's Prometheus middleware (one series per
route template); everything else is counted here, at the place it happens."""

from __future__ import annotations

import time
from datetime import datetime

from prometheus_client import Counter, Gauge, Histogram

COMMANDS = Counter("skald_commands_total", "Commands handled, by type and outcome "
                   "(recorded, replayed, refused)", ["type", "outcome"])
EVENTS_APPENDED = Counter("skald_events_appended_total", "Events appended, by event type",
                          ["type"])
CONFLICTS = Counter("skald_command_conflicts_total",
                    "Appends refused by optimistic concurrency (each one is decided again)")
RETRIES_EXHAUSTED = Counter("skald_command_retries_exhausted_total",
                            "Commands refused with command.concurrency after every retry")
READ_WAIT_TIMEOUTS = Counter("skald_read_wait_timeouts_total",
                             "Reads whose ?position= the read models did not reach in time")
READ_REBUILD_WAITS = Counter("skald_read_rebuild_waits_total",
                             "Reads that found their campaign's read models behind its log (Redis "
                             "lost its data) and waited for the projector instead of answering 404")
LIVE_STREAMS = Gauge("skald_live_streams", "Live streams open in this process")
LIVE_LOG_READS = Counter("skald_live_log_reads_total",
                         "Log reads for live streams: relay gaps and resumes from before a relay's "
                         "history")
LIVE_LAGGED = Counter("skald_live_lagged_total",
                      "Live streams closed (resumably) for falling behind their relay's history")
PROJECTOR_LAG_EVENTS = Gauge("skald_projector_lag_events",
                             "Events recorded but not yet projected, at the last catch-up")
PROJECTOR_LAG_SECONDS = Gauge("skald_projector_lag_seconds",
                              "Age of the newest event when its batch was projected")
PROJECTED = Counter("skald_events_projected_total", "Events applied to the read models")
GRPC_REQUESTS = Counter("skald_grpc_requests_total", "gRPC calls, by method and status code",
                        ["method", "code"])
GRPC_SECONDS = Histogram("skald_grpc_request_duration_seconds", "gRPC call latency, by method",
                         ["method"])


def projected(count: int, newest: datetime) -> None:
    """A projector batch of ``count`` events committed; ``newest`` is its last event's time."""
    PROJECTED.inc(count)
    PROJECTOR_LAG_SECONDS.set(max(0.0, time.time() - newest.timestamp()))
