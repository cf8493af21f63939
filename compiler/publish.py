"""A build's outputs published as one transaction: all of them new, or all of them as they were; and only
what changes is written.

An output is a folder (``generated/<game>``, ``site/docs/<game>/spells``) or a page. Each is compared with
what is on disk file by file: a file whose bytes are the same is left alone (its modification time too, so
mkdocs, editors and ``make`` see nothing change), a new or changed file is written, and a file the build no
longer makes is removed. An edited card then rewrites its own pages, not the whole site.

Those files sit in different folders, so no single rename can swap them together. Instead, under an
exclusive lock:

1. every new or changed file is written into one staging folder, ``.spellc-build/txn/new/`` (same file
   system);
2. a ``COMMITTED`` marker lists the changes (a file to write or to remove, or a whole folder output that did
   not exist, one a line): from here on the transaction is rolled forward, never back;
3. output by output, each file to replace or remove is moved aside into ``txn/old/``, then each staged file
   (or a new folder output's staged folder, whole) is renamed into place;
4. ``txn/`` is removed.

A build killed before step 2 left the outputs untouched: the next build deletes ``txn/``. A build
killed after it left some files swapped: the next build finishes the changes first (roll forward).
A swap that fails with an error (a read-only folder, say) is undone, file by file, so the old outputs
come back whole. Concurrent builds wait for the lock instead of racing on the same folders.
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


WRITE, REMOVE, CREATE = "write", "remove", "create"
Change = tuple[str, str]  # (WRITE or REMOVE a file, or CREATE a folder output; its path relative to the root)
ASIDE, IN = "aside", "in"
Move = tuple[str, str]  # (ASIDE: the file at the path moved into txn/old, or IN: its staged file put there)


def publish(root: Path, outputs: Mapping[str, Output]) -> None:
    """Make each output (a path relative to ``root``) hold its new contents, all together or not at all,
    writing only the files whose bytes change."""
    with locked(root, tuple(outputs)) as txn:
        try:
            changes = _changes(root, outputs, _file_clock(txn.parent / "lock"))
        except OSError as err:
            raise PublishError(f"cannot read the outputs: {err}") from err
        if not any(changes.values()):  # every output already holds its bytes: no transaction to make
            try:
                for name, output in outputs.items():
                    _tidy(root / name, output, [])
            except OSError as err:
                raise PublishError(f"cannot make the output folder {name}: {err}") from err
            return
        try:
            made: set[str] = set()
            staged = os.path.join(txn, "new")
            for name in outputs:
                for kind, path in changes[name]:
                    if kind == WRITE:
                        _write(f"{staged}/{path}", _text(outputs, name, path), made=made)
                    elif kind == CREATE:
                        for rel, text in _files(outputs[name]).items():
                            _write(f"{staged}/{name}/{rel}", text, made=made)
            _step("staged")
            # Written aside and renamed: a marker cut short by a kill would name only some changes.
            listed = "".join(f"{kind} {path}\n" for name in outputs for kind, path in changes[name])
            _write(txn / "COMMITTED.new", listed, sync=True)
            os.replace(txn / "COMMITTED.new", txn / "COMMITTED")
        except OSError as err:
            _remove(txn)
            raise PublishError(f"cannot write the new outputs: {err}") from err
        _step("committed")
        done: list[Move] = []
        try:
            for name in outputs:
                _swap(root, txn, changes[name], done, name)
                _tidy(root / name, outputs[name], changes[name])
        except OSError as err:
            _undo(root, txn, done)
            _remove(txn)
            raise PublishError(f"cannot replace {name}: {err}; the previous outputs are kept") from err
        _step("swapped")
        _remove(txn)


def _changes(root: Path, outputs: Mapping[str, Output], now: int) -> dict[str, list[Change]]:
    """Per output, the files to write (new or changed bytes) and to remove (no longer made); ``now`` is the
    file system's clock."""
    found: dict[str, list[Change]] = {}
    for name, output in outputs.items():
        dest = root / name
        wanted = {name: output} if isinstance(output, str) else {f"{name}/{rel}": text for rel, text in output.items()}
        changes: list[Change] = []
        if not isinstance(output, str) and output and not os.path.lexists(dest):
            found[name] = [(CREATE, name)]  # a first build: its files staged together, and renamed in as one
            continue
        if isinstance(output, str) and dest.is_dir() or not isinstance(output, str) and dest.is_file():
            changes.append((REMOVE, name))  # a page where a folder was, or the other way round
        elif dest.is_dir():
            changes += sorted((REMOVE, path) for path in _files_under(root, dest) if path not in wanted)
        base = os.fspath(root)
        changes += sorted((WRITE, path) for path, text in wanted.items() if not _holds(f"{base}/{path}", text, now))
        found[name] = changes
    return found


def _files_under(root: Path, folder: Path) -> list[str]:
    """Every file (or link) under ``folder``, as a '/'-separated path from ``root``, in no order."""
    found = []
    for where, folders, files in os.walk(folder):
        base = Path(where).relative_to(root).as_posix()
        found += [f"{base}/{name}" for name in files]
        found += [f"{base}/{name}" for name in folders if os.path.islink(os.path.join(where, name))]
    return found


# A file's stat when this process last saw it hold a text, and that text: the next build compares the text
# it wants with this one instead of reading the file again (a rebuild at each save of `spellc site --serve`
# would read thousands of pages). Kept only for a file last changed before the file system's clock was read
# (the stat was taken after): any later change to it then changes its modification time.
_SEEN: dict[str, tuple[tuple[int, int, int, int], str]] = {}


def _file_clock(marker: Path) -> int:
    """The file system's clock now, as the modification time of ``marker`` (a file of the build's own,
    touched): coarser than the system's."""
    marker.touch()
    return marker.stat().st_mtime_ns


def _holds(path: str, text: str, now: int) -> bool:
    """Whether ``path`` is a file whose bytes are ``text`` as :func:`_write` writes it."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return False
        key, stamp = path, (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        seen = _SEEN.get(key)
        if seen is not None and seen[0] == stamp and seen[1] == text:
            return True
        with open(path, "rb") as f:
            same = f.read() == text.encode("utf-8")
    except OSError:
        return False
    if same and st.st_mtime_ns < now and st.st_ctime_ns < now:
        _SEEN[key] = (stamp, text)
    return same


def _files(output: Output) -> Mapping[str, str]:
    assert not isinstance(output, str), "only a folder output is created whole"
    return output


def _text(outputs: Mapping[str, Output], name: str, path: str) -> str:
    output = outputs[name]
    return output if isinstance(output, str) else output[path[len(name) + 1:]]


def recover(root: Path, txn: Path, names: tuple[str, ...]) -> None:
    """Finish a committed transaction an earlier build left half done, or drop an uncommitted one; remove
    the leftovers of builds from before transactions (``.NAME.new-*`` and ``.NAME.old`` folders)."""
    marker = txn / "COMMITTED"
    if marker.is_file():
        changes = [(line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in marker.read_text(encoding="utf-8")
                   .splitlines()]
        _swap(root, txn, changes, [], None)
        for name in names:  # a folder the finished removals emptied (the next build may find nothing to change)
            if any(kind == REMOVE and path.startswith(f"{name}/") for kind, path in changes):
                _prune(root / name)
    _remove(txn)
    for leftover in _legacy_leftovers(root, names):
        _remove(leftover)


def _legacy_leftovers(root: Path, names: tuple[str, ...]) -> Iterator[Path]:
    for name in names:
        dest = root / name
        if dest.parent.is_dir():
            yield from dest.parent.glob(f".{dest.name}.new-*")
            yield from dest.parent.glob(f".{dest.name}.old")


def _folder(folder: str, made: set[str]) -> None:
    """Make ``folder`` and its parents unless already made (``made``: the folders made so far)."""
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)


def _write(path: str | Path, text: str, sync: bool = False, made: set[str] | None = None) -> None:
    path = os.fspath(path)
    _folder(path.rpartition("/")[0], set() if made is None else made)
    # os.open's 0o666 is narrowed by the umask, as for any file the user makes (mkstemp would give 0600).
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        data = memoryview(text.encode("utf-8"))
        while data:
            data = data[os.write(fd, data):]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _swap(root: Path, txn: Path, changes: list[Change], done: list[Move], name: str | None) -> None:
    """Move each file to replace or remove aside into ``txn/old``, then each staged file into place, noting
    each move in ``done``. Run again on a half-done transaction, it finishes it: a change already made is not
    made twice. (Paths are strings here: a site has thousands of files.)"""
    made: set[str] = set()
    staged, aside = os.path.join(txn, "new"), os.path.join(txn, "old")
    for kind, path in changes:
        dest, new, old = os.path.join(root, path), os.path.join(staged, path), os.path.join(aside, path)
        if kind != REMOVE and not os.path.exists(new):
            continue  # already in place
        if os.path.lexists(dest):
            if os.path.lexists(old):  # moved aside once already by a build that died before the rename
                _remove(Path(old))
            _folder(os.path.dirname(old), made)
            os.replace(dest, old)
            done.append((ASIDE, path))
    _step(f"aside:{name}")
    for kind, path in changes:
        new = os.path.join(staged, path)
        if kind != REMOVE and os.path.exists(new):
            dest = os.path.join(root, path)
            _folder(os.path.dirname(dest), made)
            os.replace(new, dest)
            done.append((IN, path))
    _step(f"in:{name}")


def _tidy(dest: Path, output: Output, changes: list[Change]) -> None:
    """A folder output exists even when empty, and keeps no folder emptied by the files it lost (``changes``:
    only a removal can empty one)."""
    if isinstance(output, str) or dest.is_dir() and all(kind != REMOVE for kind, _ in changes):
        return
    dest.mkdir(parents=True, exist_ok=True)
    _prune(dest)


def _prune(folder: Path) -> None:
    """Remove every empty folder under ``folder`` (not ``folder`` itself)."""
    for where, _, _ in os.walk(folder, topdown=False):  # a folder after the folders in it
        if where != os.fspath(folder) and not os.listdir(where):
            os.rmdir(where)


def _undo(root: Path, txn: Path, done: list[Move]) -> None:
    """Put back what was moved, newest first, after a swap failed with an error."""
    for move, path in reversed(done):
        dest, old = root / path, txn / "old" / path
        if move == IN:
            _remove(dest)
        elif old.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
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
