"""Run by CI with a fresh virtual environment's Python, outside the checkout: the installed
``skald serve`` (from the built wheel) starts and answers ``/table/`` with the web client."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> int:
    import services

    where = Path(services.__file__).resolve()
    assert "site-packages" in where.parts, f"services imported from {where}, not the wheel"
    skald = Path(sys.executable).parent / "skald"
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "SKALD_DATA_DIR": data, "SKALD_PORT": str(port),
               "SKALD_GRPC_PORT": "off", "SKALD_LOG_FORMAT": "json"}
        env.pop("SKALD_DATABASE_URL", None)
        env.pop("SKALD_REDIS_URL", None)
        log = Path(data) / "serve.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([str(skald), "serve"], cwd=data, env=env, stdout=out,
                                    stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while True:
                assert proc.poll() is None, log.read_text()[-3000:]
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/table/", timeout=2) as r:
                        body = r.read().decode()
                        assert r.status == 200 and "<html" in body.lower(), body[:500]
                        break
                except OSError:
                    assert time.monotonic() < deadline, log.read_text()[-3000:]
                    time.sleep(0.3)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/table/app.js", timeout=5) as r:
                assert r.status == 200
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    print(f"installed skald serve answered /table/ (package at {where.parent})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
