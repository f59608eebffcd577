"""Which ``skald serve`` runs from which folder, so a second terminal finds its data directory.

``serve`` (and ``projector``) with embedded servers leave one small file per process in a
per-user folder: the folder it was started from and its data directory. Another ``skald``
command started from the same folder without ``SKALD_DATA_DIR`` uses that data directory, even
when the first terminal had ``SKALD_DATA_DIR`` set to somewhere else.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

# skald.py changes into the checkout before running a command; it passes the folder it was
# started from here, so "the same folder" means the user's, not the checkout's.
LAUNCH_DIR_ENV = "SKALD_LAUNCH_DIR"
REGISTRY_ENV = "SKALD_REGISTRY_DIR"


def registry() -> Path:
    """``$SKALD_REGISTRY_DIR``, or ``~/.cache/skald/running``."""
    given = os.environ.get(REGISTRY_ENV)
    return Path(given) if given else Path.home() / ".cache" / "skald" / "running"


def launch_dir() -> Path:
    return Path(os.environ.get(LAUNCH_DIR_ENV) or os.getcwd()).resolve()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def register(data_dir: Path) -> Path:
    """Advertise this process's data directory; returns the entry to pass to ``unregister``."""
    folder = registry()
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / f"{os.getpid()}.json"
    staging = entry.with_suffix(".tmp")
    staging.write_text(json.dumps({"pid": os.getpid(), "launch_dir": str(launch_dir()),
                                   "data_dir": str(data_dir.resolve())}))
    os.replace(staging, entry)
    return entry


def unregister(entry: Path) -> None:
    entry.unlink(missing_ok=True)


def services() -> list[tuple[Path, Path]]:
    """(launch folder, data directory) of every live registered process; stale entries go."""
    found: list[tuple[Path, Path]] = []
    folder = registry()
    for entry in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            raw = json.loads(entry.read_text())
            pid, launched, data = int(raw["pid"]), Path(raw["launch_dir"]), Path(raw["data_dir"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if not _alive(pid):
            entry.unlink(missing_ok=True)
            continue
        found.append((launched, data))
    return found


def started_here() -> list[Path]:
    """Data directories of the live services started from this folder, newest entry last."""
    here = launch_dir()
    return list(dict.fromkeys(data for launched, data in services() if launched == here))
