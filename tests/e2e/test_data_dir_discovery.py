"""A second terminal finds the running service's data directory without SKALD_DATA_DIR.

Real processes: ``skald serve`` started from one folder with ``SKALD_DATA_DIR`` pointing
somewhere else, then ``skald token create`` from the same folder with no ``SKALD_DATA_DIR``
(it must reach the running service's database), and from another folder (it must say what to
set, naming the running service's data directory).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
SKALD = [str(Path(sys.executable).parent / "skald")]


@pytest.fixture
def started(tmp_path: Path) -> Iterator[tuple[str, Path, Path, dict[str, str]]]:
    """``skald serve`` started from ``folder`` with its data directory elsewhere."""
    folder, data_dir = tmp_path / "game", tmp_path / "elsewhere" / "data"
    folder.mkdir()
    data_dir.parent.mkdir()
    # The registry is the test's own, so services other test runs start do not show up.
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_REGISTRY_DIR=str(tmp_path / "registry"), PYTHONPATH=str(ROOT))
    log_path = tmp_path / "serve.log"
    for _attempt in range(3):  # a free port can be taken by another process before serve binds
        port = free_port()
        serve_env = {**env, "SKALD_DATA_DIR": str(data_dir), "SKALD_PORT": str(port),
                     "SKALD_GRPC_PORT": "off"}
        with log_path.open("w") as log:
            proc = subprocess.Popen([*SKALD, "serve"], cwd=folder, env=serve_env, stdout=log,
                                    stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        if _ready(proc, base):
            break
        assert "address already in use" in log_path.read_text(), log_path.read_text()
    else:
        pytest.fail("no free port for skald serve in 3 attempts")
    try:
        yield base, folder, data_dir, env
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)


def _ready(proc: subprocess.Popen[bytes], base: str) -> bool:
    """Wait for ``/readyz``; False when the process exited first."""
    deadline = time.monotonic() + 120
    while proc.poll() is None:
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "skald serve did not become ready in 120 s"
        time.sleep(0.3)
    return False


def token_create(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SKALD, "token", "create", "--user", "ann"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_second_terminal_in_the_same_folder_reaches_the_running_service(
        started: tuple[str, Path, Path, dict[str, str]]) -> None:
    base, folder, data_dir, env = started
    done = token_create(folder, env)  # no SKALD_DATA_DIR: the default ./.skald is not in use
    assert done.returncode == 0, done.stderr
    assert str(data_dir.resolve()) in done.stderr
    assert not (folder / ".skald").exists()  # it started no servers of its own
    me = httpx.get(f"{base}/v1/me", headers={"Authorization": f"Bearer {done.stdout.strip()}"})
    assert me.status_code == 200 and me.json()["user"] == "ann", me.text


def test_a_terminal_in_another_folder_is_told_what_to_set(
        started: tuple[str, Path, Path, dict[str, str]], tmp_path: Path) -> None:
    base, _, data_dir, env = started
    other = tmp_path / "other"
    other.mkdir()
    done = token_create(other, env)
    assert "no running 'skald serve' uses the data directory" in done.stderr
    assert f"SKALD_DATA_DIR={data_dir.resolve()}" in done.stderr, done.stderr
    # It used its own folder's data directory, which the running service does not know.
    me = httpx.get(f"{base}/v1/me", headers={"Authorization": f"Bearer {done.stdout.strip()}"})
    assert me.status_code == 401


def test_skald_data_dir_set_in_the_second_terminal_wins(
        started: tuple[str, Path, Path, dict[str, str]], tmp_path: Path) -> None:
    base, folder, _, env = started
    own = tmp_path / "own-data"
    done = token_create(folder, {**env, "SKALD_DATA_DIR": str(own)})
    assert "no running 'skald serve' uses the data directory" in done.stderr
    me = httpx.get(f"{base}/v1/me", headers={"Authorization": f"Bearer {done.stdout.strip()}"})
    assert me.status_code == 401
