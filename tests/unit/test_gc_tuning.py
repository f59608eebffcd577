"""The collector settings of the server processes (``services.entrypoints.gc_tuning``)."""

from __future__ import annotations

import subprocess
import sys

from services.entrypoints import gc_tuning


def test_tuning_freezes_what_startup_left_and_spaces_collections_out() -> None:
    # In a process of its own: the test runner's collector stays as it is.
    out = subprocess.run(
        [sys.executable, "-c", "import gc; from services.entrypoints import gc_tuning;"
         " gc_tuning.tune_after_startup(); print(gc.get_freeze_count(), *gc.get_threshold())"],
        capture_output=True, text=True, check=True).stdout.split()
    frozen, *threshold = map(int, out)
    assert frozen > 1_000  # the modules imported so far, at least
    assert threshold == [gc_tuning.YOUNG, gc_tuning.MIDDLE, gc_tuning.OLD]
    assert gc_tuning.YOUNG > 700  # CPython's default, which the bench measured against
