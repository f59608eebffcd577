"""The ``eventsourcing`` library's PostgreSQL recorder as an append baseline (bench-only extra).

``PostgresApplicationRecorder.insert_events`` stores one event per call, from ``writers``
threads (the library is synchronous, on psycopg 3), each writer its own aggregate, against the
same server the store's figures come from. Install with ``pip install ".[bench]"``.
"""

from __future__ import annotations

import threading
import time
import uuid
from urllib.parse import urlsplit

ES_TOPIC = "bench:DiceRolled"


def eventsourcing_rate(url: str, writers: int, events: int, warmup: int) -> float:
    """Events per second of ``events`` one-event inserts spread over ``writers`` threads."""
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    parts = urlsplit(url)
    datastore = PostgresDatastore(
        dbname=parts.path.lstrip("/"), host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432, user=parts.username or "postgres",
        password=parts.password or "", pool_size=writers, max_overflow=0)
    recorder = PostgresApplicationRecorder(datastore, events_table_name="bench_es_events")
    recorder.create_table()
    state = b'{"expression":"2d6","faces":[3,5],"total":8}'
    try:
        counts = [events // writers + (1 if i < events % writers else 0) for i in range(writers)]
        start = threading.Barrier(writers + 1)

        def writer(count: int) -> None:
            aggregate = uuid.uuid4()
            for version in range(1, warmup + 1):
                recorder.insert_events([StoredEvent(aggregate, version, ES_TOPIC, state)])
            start.wait()
            for version in range(warmup + 1, warmup + count + 1):
                recorder.insert_events([StoredEvent(aggregate, version, ES_TOPIC, state)])

        threads = [threading.Thread(target=writer, args=(c,)) for c in counts]
        for t in threads:
            t.start()
        start.wait()
        began = time.perf_counter()
        for t in threads:
            t.join()
        return events / (time.perf_counter() - began)
    finally:
        datastore.close()
