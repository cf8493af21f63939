"""A build's outputs published as one transaction: all of them new, or all of them as they were.

``generated/``, ``site/docs/spells``, ``site/docs/glossary`` and ``site/docs/coverage.md`` sit in
different folders, so no single rename can swap them together. Instead, under an exclusive lock:

1. every output is written into one staging folder, ``.spellc-build/txn/new/`` (same file system);
2. a ``COMMITTED`` marker is written: from here on the transaction is rolled forward, never back;
3. each output is moved aside into ``txn/old/`` and its staged copy renamed into place;
4. ``txn/`` is removed.

A build killed before step 2 left the outputs untouched: the next build deletes ``txn/``. A build
killed after it left some outputs swapped: the next build finishes the swaps first (roll forward).
A swap that fails with an error (a read-only folder, say) is undone, output by output, so the old
outputs come back whole. Concurrent builds wait for the lock instead of racing on the same folders.
Files get the permissions of any file the user creates (0666 and 0777 less the umask).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import stat
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

WORKSPACE = ".spellc-build"  # beside the outputs' project root; ignored by git
FAULT_ENV = "SPELLC_BUILD_FAULT"  # a step name of fault_steps(): the build dies there (tests only)

Output = Mapping[str, str] | str  # a folder's files (relative name → text), or one file's text


class PublishError(Exception):
    """The outputs could not be written; they are as they were before the build."""


def fault_steps(names: tuple[str, ...]) -> tuple[str, ...]:
    """Every point at which a build can be interrupted, in order: the fault-injection hook's names."""
    swaps = tuple(f"{when}:{name}" for name in names for when in ("aside", "in"))
    return ("staged", "committed", *swaps, "swapped")


def _step(name: str) -> None:
    """Die here, as kill -9 would, when the fault-injection hook names this step."""
    if os.environ.get(FAULT_ENV) == name:
        os._exit(137)


@contextmanager
def locked(root: Path, names: tuple[str, ...]) -> Iterator[Path]:
    """Hold the project's build lock; yield the transaction folder, recovered from any interrupted build."""
    workspace = root / WORKSPACE
    try:
        workspace.mkdir(parents=True, exist_ok=True)
        lock = open(workspace / "lock", "a+b")  # noqa: SIM115 (held open for the whole transaction)
    except OSError as err:
        raise PublishError(f"cannot take the build lock in {workspace}: {err}") from err
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            txn = workspace / "txn"
            try:
                recover(root, txn, names)
            except OSError as err:
                raise PublishError(f"cannot recover from an interrupted build ({txn}): {err}") from err
            yield txn
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def publish(root: Path, outputs: Mapping[str, Output]) -> None:
    """Replace each output (a path relative to ``root``) by its new contents, all together or not at all."""
    with locked(root, tuple(outputs)) as txn:
        try:
            _stage(txn / "new", outputs)
            _step("staged")
            # Written aside and renamed: a marker cut short by a kill would name only some outputs.
            _write(txn / "COMMITTED.new", "\n".join(outputs) + "\n", sync=True)
            os.replace(txn / "COMMITTED.new", txn / "COMMITTED")
        except OSError as err:
            _remove(txn)
            raise PublishError(f"cannot write the new outputs: {err}") from err
        _step("committed")
        done: list[str] = []
        try:
            for name in outputs:
                _swap(root, txn, name, done)
        except OSError as err:
            _undo(root, txn, done)
            _remove(txn)
            raise PublishError(f"cannot replace {name}: {err}; the previous outputs are kept") from err
        _step("swapped")
        _remove(txn)


def recover(root: Path, txn: Path, names: tuple[str, ...]) -> None:
    """Finish a committed transaction an earlier build left half done, or drop an uncommitted one; remove
    the leftovers of builds from before transactions (``.NAME.new-*`` and ``.NAME.old`` folders)."""
    marker = txn / "COMMITTED"
    if marker.is_file():
        for name in marker.read_text(encoding="utf-8").splitlines():
            if (txn / "new" / name).exists():
                _swap(root, txn, name, [])
    _remove(txn)
    for leftover in _legacy_leftovers(root, names):
        _remove(leftover)


def _legacy_leftovers(root: Path, names: tuple[str, ...]) -> Iterator[Path]:
    for name in names:
        dest = root / name
        if dest.parent.is_dir():
            yield from dest.parent.glob(f".{dest.name}.new-*")
            yield from dest.parent.glob(f".{dest.name}.old")


def _stage(staging: Path, outputs: Mapping[str, Output]) -> None:
    for name, output in outputs.items():
        if isinstance(output, str):
            _write(staging / name, output)
            continue
        (staging / name).mkdir(parents=True, exist_ok=True)
        for rel, text in sorted(output.items()):
            _write(staging / name / rel, text)


def _write(path: Path, text: str, sync: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # os.open's 0o666 is narrowed by the umask, as for any file the user makes (mkstemp would give 0600).
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
        if sync:
            f.flush()
            os.fsync(f.fileno())


def _swap(root: Path, txn: Path, name: str, done: list[str]) -> None:
    """Move output ``name`` aside into ``txn/old`` and its staged copy into place."""
    dest, new, old = root / name, txn / "new" / name, txn / "old" / name
    if dest.exists():
        if old.exists():  # moved aside once already by a build that died before the second rename
            _remove(old)
        old.parent.mkdir(parents=True, exist_ok=True)
        os.replace(dest, old)
    _step(f"aside:{name}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.replace(new, dest)
    except OSError:
        if old.exists():
            os.replace(old, dest)
        raise
    done.append(name)
    _step(f"in:{name}")


def _undo(root: Path, txn: Path, done: list[str]) -> None:
    """Put back the outputs already swapped, newest first, after a swap failed with an error."""
    for name in reversed(done):
        dest, old = root / name, txn / "old" / name
        if old.exists():
            _remove(dest)
            os.replace(old, dest)


def _remove(path: Path) -> None:
    """Delete a file or folder, read-only entries included (a user may have made the outputs read-only)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, onerror=_make_writable_and_retry)
    elif path.exists() or path.is_symlink():
        path.unlink()


def _make_writable_and_retry(func: Callable[..., object], path: str, _exc: object) -> None:
    parent = os.path.dirname(path)
    os.chmod(parent, os.stat(parent).st_mode | stat.S_IWUSR | stat.S_IXUSR)
    func(path)
