"""End to end: `python3 skald.py serve` on the embedded default, driven by the README walkthrough."""

from __future__ import annotations

import json
import os
import re
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
README_URL = "http://127.0.0.1:8080"


def walkthrough() -> str:
    """The README's walkthrough blocks, joined into one script."""
    text = (ROOT / "README.md").read_text()
    section = text.split("<!-- walkthrough -->", 1)[1].split("<!-- /walkthrough -->", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    assert len(blocks) >= 5
    return "\n".join(blocks)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """The service as a user starts it: the README's run command, embedded servers, free port."""
    data_dir = tmp_path_factory.mktemp("skald-data")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATA_DIR=str(data_dir), SKALD_PORT=str(port), SKALD_LOG_FORMAT="json",
               SKALD_GRPC_PORT=str(free_port()))
    log = (data_dir / "serve.log").open("w")
    proc = subprocess.Popen([sys.executable, str(ROOT / "skald.py"), "serve"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert proc.poll() is None, (data_dir / "serve.log").read_text()
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("skald serve did not become ready:\n" + (data_dir / "serve.log").read_text())
    yield base, env
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    log.close()


def test_the_readme_walkthrough_works_verbatim(service: tuple[str, dict[str, str]]) -> None:
    base, env = service
    script = walkthrough().replace(README_URL, base)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert '"campaign_id":"sunless-sea"' in out
    assert '"title"' not in out, out  # no problem document anywhere in the walkthrough
    # The observer's roll log shows Bob's public roll but not the GM's hidden one.
    lines = [line for line in out.splitlines() if line.startswith("[")]
    olga_table_rolls = json.loads(lines[0])
    assert [r["data"]["label"] for r in olga_table_rolls] == ["steer"]
    ann_rolls = json.loads(lines[1])
    assert [r["data"]["label"] for r in ann_rolls] == ["", "zubmarine?", "steer"]
    # The live stream replayed the campaign from the start, with ids, to Bob (no hidden roll).
    assert "event: CampaignCreated" in out and "event: DiceRolled" in out
    assert "zubmarine?" not in out.split("event: ready", 1)[1]


def test_export_and_verify_from_the_command_line(service: tuple[str, dict[str, str]],
                                                 tmp_path: Path) -> None:
    """After the walkthrough: `skald export` finds the running servers, `skald verify` needs none."""
    _, env = service
    out = tmp_path / "sunless-sea.jsonl"
    exported = subprocess.run([sys.executable, str(ROOT / "skald.py"), "export", "sunless-sea",
                               "--out", str(out)], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120, check=False)
    assert exported.returncode == 0, exported.stderr
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["campaign_id"] == "sunless-sea" and len(lines) > 10
    verified = subprocess.run([sys.executable, str(ROOT / "skald.py"), "verify", str(out)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                              check=False)
    assert verified.returncode == 0 and verified.stdout.strip().endswith("OK"), verified.stdout
    assert "awaiting a reveal" in verified.stdout


def test_tokens_are_required_and_errors_are_problems(service: tuple[str, dict[str, str]]) -> None:
    base, _ = service
    assert httpx.get(f"{base}/healthz").json() == {"status": "ok"}
    denied = httpx.get(f"{base}/v1/campaigns")
    assert denied.status_code == 401
    assert denied.headers["content-type"].startswith("application/problem+json")
    schema = httpx.get(f"{base}/schema/openapi.json").json()
    assert "/v1/commands" in schema["paths"]


def test_sigterm_stops_the_service_and_its_servers(tmp_path: Path) -> None:
    """A second service on its own data folder: SIGTERM ends it and the embedded servers with it;
    a SIGKILLed one leaves servers behind that the next start takes over."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATA_DIR=str(tmp_path), SKALD_PORT=str(port), SKALD_GRPC_PORT="off")

    def start() -> subprocess.Popen[bytes]:
        proc = subprocess.Popen([sys.executable, str(ROOT / "skald.py"), "serve"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    return proc
            except httpx.HTTPError:
                time.sleep(0.2)
        proc.kill()
        pytest.fail("service did not start")

    first = start()
    first.send_signal(signal.SIGKILL)
    first.wait()
    runtime = json.loads((tmp_path / "runtime.json").read_text())
    assert runtime["pid"] == first.pid  # the killed owner left its servers running
    second = start()  # takes over the stale servers
    postmaster = int((tmp_path / "pgdata" / "postmaster.pid").read_text().split()[0])
    second.send_signal(signal.SIGTERM)
    assert second.wait(timeout=60) == 0
    assert not (tmp_path / "runtime.json").exists()
    assert not Path(f"/proc/{postmaster}").exists() or \
        Path(f"/proc/{postmaster}/status").read_text().find("zombie") >= 0


def test_the_service_says_once_that_grpc_is_serving(service: tuple[str, dict[str, str]]) -> None:
    _, env = service
    log = (Path(env["SKALD_DATA_DIR"]) / "serve.log").read_text()
    assert len([ln for ln in log.splitlines() if "grpc serving" in ln]) == 1, log
