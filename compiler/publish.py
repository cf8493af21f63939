"""A build's outputs published as one transaction: all of them new, or all of them as they were; and only
what changes is written.

An output is a folder (``generated/<game>``, ``site/docs/<game>/spells``) or a page. Each is compared with
what is on disk file by file: a file whose bytes are the same is left alone (its modification time too, so
mkdocs, editors and ``make`` see nothing change), a new or changed file is written, and a file the build no
longer makes is removed, if spellc wrote it. An edited card then rewrites its own pages, not the whole site.

A project is a stranger's until proved otherwise (it may be a clone), so a build touches nothing but its
outputs, and of the files in them removes only those it wrote:
- the files spellc published are listed in a *record* (``.spellc-build/record``), signed with this user's key
  (:mod:`compiler.trust`); a file in an output folder that the record does not list (a hand-written note, a
  helper module) is left in place and named in a warning;
- every path a transaction names lies inside an output, and every folder between an output and a file is a
  real folder, not a link: a symbolic link inside an output is never written through;
- the build's own folder, its lock and its staging area are never followed through a link either.

Those files sit in different folders, so no single rename can swap them together. Instead, under an
exclusive lock:

1. every new or changed file is written into one staging folder, ``.spellc-build/txn/new/`` (same file
   system), which a signed ``OPEN`` marker claims as spellc's;
2. a signed ``COMMITTED`` marker lists the changes (a file to write or to remove, or a whole folder output
   that did not exist): from here on the transaction is rolled forward, never back;
3. output by output, each file to replace or remove is moved aside into ``txn/old/``, then each staged file
   (or a new folder output's staged folder, whole) is renamed into place; then the new record;
4. ``txn/`` is removed.

A build killed before step 2 left the outputs untouched: the next build deletes ``txn/``. A build
killed after it left some files swapped: the next build finishes the changes first (roll forward), but only
if this user's spellc signed the marker and every path in it lies in the outputs; otherwise it refuses, says
why, and changes nothing. A swap that fails with an error (a read-only folder, say) is undone, file by file,
so the old outputs come back whole. Concurrent builds wait for the lock instead of racing on the same folders.
Files get the permissions of any file the user creates (0666 and 0777 less the umask).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import stat
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from spellc.compiler.diagnostics import shown
from spellc.compiler.source import shown_path
from spellc.compiler.trust import sign, verified

WORKSPACE = ".spellc-build"  # beside the outputs' project root; ignored by git
RECORD = "record"  # in the workspace: the files spellc published, signed
FAULT_ENV = "SPELLC_BUILD_FAULT"  # a step name of fault_steps(): the build dies there (tests only)

# A folder's files (relative name → text), one file's text, or None: nothing there any more (a page or folder a
# setting no longer asks for: what spellc wrote there is removed, what it did not is left with a warning).
Output = Mapping[str, str] | str | None


class PublishError(Exception):
    """The outputs could not be written, or a project's files asked for what a build never does; the outputs
    are as they were before the build."""


def left_warning(path: Path) -> str:
    """What a build says of a file in its outputs that it left in place, not having written it."""
    return shown(f"spellc: warning: {shown_path(path, Path.cwd())} was not written by spellc: left in place (a "
                 "build removes only the files it wrote; delete it yourself if it is stale)")


@dataclass
class Published:
    """What a publication did besides writing: the files in the outputs it left alone because spellc did not
    write them (paths from the root); and the stamp of every file the outputs are (size, modification and change
    times, inode; by its path, the root's joined to it), as it left them: what a build's journal records."""

    left: list[str] = field(default_factory=list)
    stamps: dict[str, tuple[int, int, int, int] | None] = field(default_factory=dict)


def fault_steps(names: tuple[str, ...]) -> tuple[str, ...]:
    """Every point at which a build can be interrupted, in order: the fault-injection hook's names."""
    swaps = tuple(f"{when}:{name}" for name in names for when in ("aside", "in"))
    return ("staged", "committed", *swaps, "swapped")


def _step(name: str) -> None:
    """Die here, as kill -9 would, when the fault-injection hook names this step."""
    if os.environ.get(FAULT_ENV) == name:
        os._exit(137)


@contextmanager
def locked(root: Path, names: tuple[str, ...], workspace: Path | None = None) -> Iterator[Path]:
    """Hold the build lock in ``workspace`` (by default ``root``'s); yield the transaction folder, recovered from
    any interrupted build of the outputs ``names`` (paths from ``root``)."""
    workspace = workspace or root / WORKSPACE
    try:
        _own_folder(workspace)
        fd = os.open(workspace / "lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
    except OSError as err:
        raise PublishError(f"cannot take the build lock in {workspace}: {err.strerror or err}") from err
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        txn = workspace / "txn"
        try:
            recover(root, txn, names)
        except OSError as err:
            raise PublishError(f"cannot recover from an interrupted build ({txn}): {err}") from err
        yield txn
    finally:
        os.close(fd)  # releases the lock


def _own_folder(path: Path) -> None:
    """``path`` as a real folder (made if missing): a link or a file there is not spellc's to use."""
    with suppress(FileExistsError):
        os.mkdir(path)
    if not stat.S_ISDIR(os.lstat(path).st_mode):
        raise PublishError(f"{path} is not a folder (a link or a file is there): spellc keeps its build's lock and "
                           "staging area in a folder of its own; remove it and build again")


def own_file(folder: Path, name: str, text: str) -> None:
    """Write a file of spellc's own (``name``) into ``folder``, a folder of its build folder: never through a
    link."""
    _own_folder(folder.parent)
    _own_folder(folder)
    _write(folder / name, text)


WRITE, REMOVE, CREATE = "write", "remove", "create"
Change = tuple[str, str]  # (WRITE or REMOVE a file, or CREATE a folder output; its path relative to the root)
ASIDE, IN = "aside", "in"
Move = tuple[str, str]  # (ASIDE: the file at the path moved into txn/old, or IN: its staged file put there)
OPEN, COMMITTED = "OPEN", "COMMITTED"  # the markers of a transaction: its staging folder, its changes


def publish(root: Path, outputs: Mapping[str, Output], workspace: Path | None = None) -> Published:
    """Make each output (a path relative to ``root``) hold its new contents, all together or not at all,
    writing only the files whose bytes change, and removing only files spellc wrote. The lock and the staging
    area are in ``workspace`` (by default ``root/.spellc-build``)."""
    workspace = workspace or root / WORKSPACE
    with locked(root, tuple(outputs), workspace) as txn:
        record = _read_record(workspace, root)
        published = Published()
        try:
            changes = _changes(root, outputs, record, _file_clock(workspace / "lock"), published)
            for name in outputs:
                _check_inside(root, name, changes[name])
            new_record = _new_record(record, outputs)
        except OSError as err:
            raise PublishError(f"cannot read the outputs: {err}") from err
        if not any(changes.values()):  # every output already holds its bytes: no transaction to make
            try:
                for name, output in outputs.items():
                    _tidy(root, name, output, [])
                if new_record != record:
                    write_signed(workspace / RECORD, RECORD, _record_body(root, new_record))
            except OSError as err:
                raise PublishError(f"cannot make the output folder {name}: {err}") from err
            return published
        _transact(root, txn, outputs, changes, new_record)
        _stamp_written(root, outputs, changes, published.stamps)
    return published


def _stamp_written(root: Path, outputs: Mapping[str, Output], changes: dict[str, list[Change]],
                   stamps: dict[str, tuple[int, int, int, int] | None]) -> None:
    """Add to ``stamps`` the files ``changes`` wrote, as they now are (the others were stamped as they were
    compared); None for one that is gone already."""
    base = os.fspath(root)
    for name in outputs:
        for kind, path in changes[name]:
            written = [path] if kind == WRITE else [f"{name}/{rel}" for rel in _files(outputs[name])] \
                if kind == CREATE else []
            for each in written:
                try:
                    st = os.stat(f"{base}/{each}")
                except OSError:
                    stamps[f"{base}/{each}"] = None
                    continue
                stamps[f"{base}/{each}"] = st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def _transact(root: Path, txn: Path, outputs: Mapping[str, Output], changes: dict[str, list[Change]],
              record: set[str]) -> None:
    """Stage, commit and swap in ``changes``, and the new ``record``."""
    try:
        os.mkdir(txn)
        write_signed(txn / OPEN, OPEN, b"")
        made: set[str] = set()
        staged = os.path.join(txn, "new")
        for name in outputs:
            for kind, path in changes[name]:
                if kind == WRITE:
                    _write(f"{staged}/{path}", _text(outputs, name, path), made=made)
                elif kind == CREATE:
                    for rel, text in _files(outputs[name]).items():
                        _write(f"{staged}/{name}/{rel}", text, made=made)
        write_signed(txn / RECORD, RECORD, _record_body(root, record))
        _step("staged")
        listed = [[kind, path] for name in outputs for kind, path in changes[name]]
        write_signed(txn / COMMITTED, COMMITTED, json.dumps({"changes": listed}).encode(), sync=True)
    except OSError as err:
        _remove(txn)
        raise PublishError(f"cannot write the new outputs: {err}") from err
    _step("committed")
    done: list[Move] = []
    try:
        for name in outputs:
            _swap(root, txn, changes[name], done, name)
            _tidy(root, name, outputs[name], changes[name])
    except OSError as err:
        _undo(root, txn, done)
        _remove(txn)
        raise PublishError(f"cannot replace {name}: {err}; the previous outputs are kept") from err
    _step("swapped")
    os.replace(txn / RECORD, txn.parent / RECORD)
    _remove(txn)


def _changes(root: Path, outputs: Mapping[str, Output], record: set[str], now: int, published: Published
             ) -> dict[str, list[Change]]:
    """Per output, the files to write (new or changed bytes) and to remove (no longer made, and written by
    spellc: ``record``); the files no longer made that spellc did not write go to ``published.left``, the stamps
    of those that hold their bytes already to ``published.stamps``. ``now`` is the file system's clock."""
    left = published.left
    found: dict[str, list[Change]] = {}
    for name, output in outputs.items():
        if output is None:
            found[name] = _removals(root, name, record, left)
            continue
        dest = root / name
        wanted = {name: output} if isinstance(output, str) else {f"{name}/{rel}": text for rel, text in output.items()}
        changes: list[Change] = []
        if not isinstance(output, str) and output and not os.path.lexists(dest):
            found[name] = [(CREATE, name)]  # a first build: its files staged together, and renamed in as one
            continue
        if isinstance(output, str) and dest.is_dir() or not isinstance(output, str) and dest.is_file():
            _claim(root, name, record)  # a page where a folder was, or the other way round
            changes.append((REMOVE, name))
        elif dest.is_dir():
            for path in sorted(p for p in _files_under(root, dest) if p not in wanted):
                if path in record:
                    changes.append((REMOVE, path))
                else:
                    left.append(path)
        base = os.fspath(root)
        writes = sorted(path for path, text in wanted.items()
                        if not _holds(f"{base}/{path}", text, now, published.stamps))
        for path in writes:  # a folder where a page goes is replaced only if spellc wrote all of it
            if path != name and os.path.isdir(f"{base}/{path}") and not os.path.islink(f"{base}/{path}"):
                _claim(root, path, record)
        changes += [(WRITE, path) for path in writes]
        found[name] = changes
    return found


def _removals(root: Path, name: str, record: set[str], left: list[str]) -> list[Change]:
    """The removal of each file at the output ``name`` (a page, or the files of a folder) that spellc wrote; the
    others go to ``left``."""
    dest = root / name
    present = _files_under(root, dest) if dest.is_dir() and not dest.is_symlink() else \
        [name] if os.path.lexists(dest) else []
    left += [path for path in present if path not in record]
    return [(REMOVE, path) for path in sorted(present) if path in record]


def _claim(root: Path, name: str, record: set[str]) -> None:
    """Refuse to remove the file or folder at the output ``name`` unless spellc wrote all of it."""
    dest = root / name
    files = _files_under(root, dest) if dest.is_dir() and not dest.is_symlink() else [name]
    strangers = [path for path in files if path not in record]
    if strangers:
        what = "a folder" if dest.is_dir() else "a file"
        raise PublishError(f"{name} is {what} that spellc did not write ({strangers[0]}), where the build writes "
                           f"{'a page' if dest.is_dir() else 'a folder'}: move it away and build again")


def _check_inside(root: Path, name: str, changes: list[Change]) -> None:
    """Every path ``changes`` name lies in the output ``name``, through real folders only: a link inside an
    output (``generated/spells -> /home/you``) is never written through."""
    seen: set[str] = set()
    for _, path in changes:
        if path != name and not path.startswith(f"{name}/") or ".." in path.split("/") or "\0" in path:
            raise PublishError(f"{path} is not inside the output {name}")
        parts = path.split("/")
        for depth in range(len(name.split("/")), len(parts)):
            folder = "/".join(parts[:depth])
            if folder in seen:
                continue
            try:
                mode = os.lstat(os.path.join(root, folder)).st_mode
            except FileNotFoundError:
                break
            if stat.S_ISLNK(mode):
                raise PublishError(f"{folder} is a symbolic link: spellc writes only into folders of its own, "
                                   "never through a link; remove the link and build again")
            seen.add(folder)


def _files_under(root: Path, folder: Path) -> list[str]:
    """Every file (or link) under ``folder``, as a '/'-separated path from ``root``, in no order."""
    found = []
    for where, folders, files in os.walk(folder):
        base = Path(where).relative_to(root).as_posix()
        found += [f"{base}/{name}" for name in files]
        found += [f"{base}/{name}" for name in folders if os.path.islink(os.path.join(where, name))]
    return found


def _read_record(workspace: Path, root: Path) -> set[str]:
    """The files spellc published from this workspace, as paths from ``root``, as its signed record says; none
    when there is no record this user's spellc signed (a first build, or a project from elsewhere). The record
    names the folder its paths start from: a project whose outputs moved (another ``root``) has its paths
    read from where they were."""
    body = read_signed(workspace / RECORD, RECORD)
    try:
        data = json.loads(body) if body is not None else {}
        files, base = data.get("files", []), data.get("root")
    except (ValueError, AttributeError):
        return set()
    if not isinstance(files, list) or not isinstance(base, str):
        return set()
    found = {f for f in files if isinstance(f, str)}
    if base == os.fspath(root):
        return found
    prefix = os.path.join(root, "")
    moved = (os.path.normpath(os.path.join(base, f)) for f in found)
    return {path[len(prefix):] for path in moved if path.startswith(prefix)}


def _new_record(record: set[str], outputs: Mapping[str, Output]) -> set[str]:
    """The record once ``outputs`` are published: every file they hold, and what it listed outside them."""
    inside = tuple(f"{name}/" for name in outputs)
    kept = {path for path in record if path not in outputs and not path.startswith(inside)}
    for name, output in outputs.items():
        if output is not None:
            kept.update([name] if isinstance(output, str) else (f"{name}/{rel}" for rel in output))
    return kept


def _record_body(root: Path, record: set[str]) -> bytes:
    return json.dumps({"root": os.fspath(root), "files": sorted(record)}, indent=0).encode()


def read_signed(path: Path, kind: str) -> bytes | None:
    """The body of the file ``path`` if this user's spellc signed it as ``kind`` (never through a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read()
    except OSError:
        return None
    finally:
        os.close(fd)
    return verified(kind, data)


def write_signed(path: Path, kind: str, body: bytes, sync: bool = False) -> None:
    """Written aside and renamed: a file cut short by a kill would not be the whole of what was signed."""
    aside = path.with_name(f"{path.name}.new")
    _write(aside, sign(kind, body), sync=sync)
    os.replace(aside, path)


# A file's stat when this process last saw it hold a text, and that text: the next build compares the text
# it wants with this one instead of reading the file again (a rebuild at each save of `spellc site --serve`
# would read thousands of pages). Kept only for a file last changed before the file system's clock was read
# (the stat was taken after): any later change to it then changes its modification time.
_SEEN: dict[str, tuple[tuple[int, int, int, int], str]] = {}


def _file_clock(marker: Path) -> int:
    """The file system's clock now, as the modification time of ``marker`` (the build's lock, touched): coarser
    than the system's."""
    os.utime(marker, follow_symlinks=False)
    return os.lstat(marker).st_mtime_ns


def _holds(path: str, text: str, now: int, stamps: dict[str, tuple[int, int, int, int] | None]) -> bool:
    """Whether ``path`` is a file whose bytes are ``text`` as :func:`_write` writes it; if so, its stamp goes to
    ``stamps``."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return False
        key, stamp = path, (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        seen = _SEEN.get(key)
        if seen is not None and seen[0] == stamp and seen[1] == text:
            stamps[path] = st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino
            return True
        encoded = text.encode("utf-8")
        if st.st_size != len(encoded):
            return False
        with open(path, "rb") as f:
            same = f.read() == encoded
    except OSError:
        return False
    if same and st.st_mtime_ns < now and st.st_ctime_ns < now:
        _SEEN[key] = (stamp, text)
    if same:
        stamps[path] = st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino
    return same


def _files(output: Output) -> Mapping[str, str]:
    assert output is not None and not isinstance(output, str), "only a folder output is created whole"
    return output


def _text(outputs: Mapping[str, Output], name: str, path: str) -> str:
    output = outputs[name]
    assert output is not None, "nothing is written where an output is no more"
    return output if isinstance(output, str) else output[path[len(name) + 1:]]


def recover(root: Path, txn: Path, names: tuple[str, ...]) -> None:
    """Finish a committed transaction an earlier build left half done, or drop an uncommitted one; raise
    :class:`PublishError`, changing nothing, when the transaction folder is not one this user's spellc made."""
    try:
        mode = os.lstat(txn).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(mode):
        raise _foreign(txn, txn, "is not a folder")
    entries = os.listdir(txn)
    if COMMITTED in entries:
        body = read_signed(txn / COMMITTED, COMMITTED)
        if body is None:
            raise _foreign(txn, txn / COMMITTED, "was not written by your spellc (its signature does not match)")
        changes = _listed_changes(body, names, txn)
        for name in names:
            _check_inside(root, name, [c for c in changes if c[1] == name or c[1].startswith(f"{name}/")])
        _swap(root, txn, changes, [], None)
        for name in names:  # a folder the finished removals emptied (the next build may find nothing to change),
            # the output's own too (one no longer made; one still made, if empty, is made again by the next build)
            _prune(root, name, [path for kind, path in changes if kind == REMOVE and path.startswith(f"{name}/")],
                   whole=True)
        if read_signed(txn / RECORD, RECORD) is not None:
            os.replace(txn / RECORD, txn.parent / RECORD)
    elif read_signed(txn / OPEN, OPEN) is None and set(entries) - {OPEN, f"{OPEN}.new"}:
        raise _foreign(txn, txn, "holds files no build of yours staged (it has no OPEN marker signed by your spellc)")
    _remove(txn)


def _foreign(txn: Path, path: Path, why: str) -> PublishError:
    """The refusal of a transaction folder ``txn`` that this user's spellc did not make (``path`` says why)."""
    return PublishError(f"{path} {why}: it came with the project, and a build will not act on it; nothing was "
                        f"changed. If no build of yours was interrupted here, delete {txn} and build again")


def _listed_changes(body: bytes, names: tuple[str, ...], txn: Path) -> list[Change]:
    """The changes a committed marker lists, each a file or folder inside one of the outputs ``names``."""
    try:
        listed = json.loads(body)["changes"]
        changes = [(str(kind), str(path)) for kind, path in listed if kind in (WRITE, REMOVE, CREATE)]
    except (ValueError, KeyError, TypeError) as err:
        raise _foreign(txn, txn / COMMITTED, f"cannot be read ({err})") from err
    inside = tuple(f"{name}/" for name in names)
    for _, path in changes:
        if path not in names and not path.startswith(inside) or ".." in path.split("/") or path.startswith("/"):
            raise _foreign(txn, txn / COMMITTED, f"names {path!r}, which is not in this build's outputs")
    return changes


def _folder(folder: str, made: set[str]) -> None:
    """Make ``folder`` and its parents unless already made (``made``: the folders made so far)."""
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)


def _write(path: str | Path, text: str | bytes, sync: bool = False, made: set[str] | None = None) -> None:
    path = os.fspath(path)
    _folder(path.rpartition("/")[0], set() if made is None else made)
    # os.open's 0o666 is narrowed by the umask, as for any file the user makes (mkstemp would give 0600). Only
    # spellc's own staging area is written: never through a link.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
    try:
        data = memoryview(text if isinstance(text, bytes) else text.encode("utf-8"))
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


def _tidy(root: Path, name: str, output: Output, changes: list[Change]) -> None:
    """A folder output exists even when empty, and keeps no folder emptied by the files it lost (``changes``:
    only a removal can empty one)."""
    if output is None:  # the folder that was an output goes too, once spellc emptied it
        _prune(root, name, [path for kind, path in changes if kind == REMOVE], whole=True)
        return
    if isinstance(output, str):
        return
    if not (root / name).is_dir():
        (root / name).mkdir(parents=True, exist_ok=True)
    _prune(root, name, [path for kind, path in changes if kind == REMOVE])


def _prune(root: Path, name: str, removed: list[str], whole: bool = False) -> None:
    """Remove the folders under the output ``name`` that the removal of the files ``removed`` (paths from
    ``root``) left empty, and the output itself when ``whole``; never an empty folder that spellc did not empty."""
    for path in sorted(removed, key=lambda p: -p.count("/")):  # the deepest first
        folder = path.rpartition("/")[0]
        while folder.startswith(f"{name}/") or whole and folder == name:
            try:
                os.rmdir(os.path.join(root, folder))  # only an empty folder goes
            except OSError:
                break
            folder = folder.rpartition("/")[0]


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
