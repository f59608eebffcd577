"""Clients generated from the running service's OpenAPI document, as a client author would.

* Python: ``openapi-python-client`` with ``clients/python/openapi-python-client.yaml``; any
  warning fails (``--fail-on-warning``).
* TypeScript: ``openapi-typescript`` (pinned in ``clients/web/package.json``) writes
  ``skald-api.d.ts`` beside a copy of the web table's modules, and ``tsc --noEmit --checkJs``
  checks their JSDoc types against it.

The subprocesses run under asyncio so the service, served in the same event loop, answers.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON_CONFIG = ROOT / "clients" / "python" / "openapi-python-client.yaml"
WEB = ROOT / "clients" / "web"
BIN = Path(sys.executable).parent
# The npm tools install once per checkout (package-lock.json pins them), outside the page's folder.
NODE_TOOLS = ROOT / ".skald" / "node-tools"


async def run(*command: str | Path, cwd: Path | None = None, timeout: float = 600) -> str:
    """Run a command; its output (stdout and stderr), or AssertionError with it on failure."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "NO_COLOR": "1", "COLUMNS": "200"}
    proc = await asyncio.create_subprocess_exec(
        *map(str, command), cwd=cwd, env=env, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    text = out.decode(errors="replace")
    assert proc.returncode == 0, f"{' '.join(map(str, command))} exited {proc.returncode}:\n{text}"
    return text


async def python_client(url: str, out: Path) -> tuple[Path, str]:
    """Generate the Python client from the document at ``url`` into ``out/skald-client``; the
    project folder and the generator's output."""
    project = out / "skald-client"
    shutil.rmtree(project, ignore_errors=True)
    log = await run(BIN / "openapi-python-client", "generate", "--url", url, "--meta", "setup",
                    "--fail-on-warning", "--config", PYTHON_CONFIG, "--output-path", project,
                    cwd=out)
    return project, log


async def node_tools() -> Path:
    """``openapi-typescript`` and ``typescript`` as ``clients/web/package-lock.json`` pins them."""
    NODE_TOOLS.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        source = (WEB / name).read_bytes()
        target = NODE_TOOLS / name
        if not target.exists() or target.read_bytes() != source:
            target.write_bytes(source)
            shutil.rmtree(NODE_TOOLS / "node_modules", ignore_errors=True)
    if not (NODE_TOOLS / "node_modules" / ".bin" / "tsc").exists():
        await run("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", cwd=NODE_TOOLS)
    return NODE_TOOLS / "node_modules" / ".bin"


async def typescript_check(url: str, out: Path) -> str:
    """Generate ``skald-api.d.ts`` from ``url`` beside a copy of the web table's modules and
    type-check them (``tsc --noEmit --checkJs``); tsc's output."""
    tools = await node_tools()
    site = out / "web"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("node_modules", "*.png"))
    # A field with a default may be left out of a request (its default is not "always sent").
    await run(tools / "openapi-typescript", url, "--output", site / "skald-api.d.ts",
              "--default-non-nullable", "false", cwd=site)
    return await run(tools / "tsc", "--project", site / "tsconfig.json", cwd=site)


async def typescript_errors(site: Path, module: str) -> str:
    """tsc's complaints about one more module checked beside the API module (in ``site``)."""
    (site / "probe.js").write_text(module)
    (site / "tsconfig.probe.json").write_text(
        '{"extends": "./tsconfig.json", "files": ["api.js", "skald-api.d.ts", "probe.js"]}')
    tools = NODE_TOOLS / "node_modules" / ".bin"
    try:
        await run(tools / "tsc", "--project", site / "tsconfig.probe.json", cwd=site)
    except AssertionError as failed:
        return str(failed)
    return ""
