"""What the processes of one test run share: a folder, and what is made once in it for all of them.

`make test` runs the tests in several processes (pytest-xdist's workers). A few things are slow to make and the
same for every test that uses them: the reference site built by mkdocs (tests/browsing.py), the wheel and the
virtual environment it is installed in (tests/test_wheel.py). The first process that needs one makes it, under
a lock, and the others wait for it and use it, whichever worker each test is sent to.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

RUN_ENV = "SPELLC_TEST_RUN"


def run_folder() -> Path:
    """The run's folder: made by the run's first process (tests/conftest.py asks for it as it is loaded, so
    xdist's controller makes it before its workers start, and they inherit it), removed when that process ends."""
    folder = os.environ.get(RUN_ENV)
    if folder is None:
        folder = tempfile.mkdtemp(prefix="spellc-test-run-")
        os.environ[RUN_ENV] = folder
        atexit.register(shutil.rmtree, folder, True)
    return Path(folder)


def made_once(name: str, make: Callable[[Path], None]) -> Path:
    """The run's folder ``name``, filled by ``make`` the first time a process of the run asks for it. A make that
    failed is tried again by the next process that asks (each reports the failure with its own tests)."""
    folder = run_folder() / name
    made = run_folder() / f"{name}.made"
    with open(run_folder() / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released as the file closes, also if this process dies
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed make left
            folder.mkdir()
            make(folder)
            made.touch()
    return folder
