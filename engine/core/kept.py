"""What spellc derives from its own files alone, kept between processes.

A ruleset's glossary table, its language reference (from its grammar and the card set this repository
ships) and the rule markers of this repository's tests are the same for every project of the ruleset; making
them again was a third of a first build of 500 cards. Each is kept in a file of the user's cache folder, as
Lark keeps its parser tables and Jinja its compiled templates, and used again while nothing it was made from
has changed.

A kept value is used again only when both are as they were:
- the code that makes it (the files its maker names, such as the packages of the compiler and the engine):
  the path, size and modification time of each file, as Python checks a ``.pyc`` file against its source;
  and the version of Python. Each state of the code has a folder (a generation), named by their digest;
- what its maker read: the files, with the same stamps, and the values it depends on. Their digest heads the
  value's file, one file per value (per ruleset, per file read): a value made anew replaces the one before.

So editing spellc, a grammar, a glossary, a shipped card or a test makes a new value. The folder is
``$SPELLC_CACHE``, else ``$XDG_CACHE_HOME/spellc``, else ``~/.cache/spellc``; ``SPELLC_CACHE=off`` keeps
nothing. Values are JSON, never code. A folder that others may write to is not used (its values could be
forged), and a value that cannot be read or written is simply made again: the cache only ever saves time.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
import tempfile
import tomllib
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from spellc.engine.core.folders import private_folder

CACHE_ENV = "SPELLC_CACHE"
OFF = "off"
# Generations (each the code as it was) kept; beyond them, those unused the longest are removed.
GENERATIONS = 8

J = TypeVar("J")  # a JSON value: what a kept file holds


def kept(kind: str, of: Any, key: Any, make: Callable[[], J], shape: Any, code: tuple[str, ...] = ()) -> J:
    """``make()``, or the value it gave for the same ``key`` (JSON: the files read and their stamps, see
    :func:`stamps`, and the values it depends on) with the files and folders ``code`` as they are now. ``of``
    names what the value is (a ruleset, a file): each has one file, which a value made anew replaces, so the
    cache does not grow as the inputs change. ``shape`` is the value's type as JSON gives it back (see
    :func:`conforms`): a kept value of another shape is made anew, never used."""
    folder = generation(code)
    if folder is None:
        return make()
    path = folder / f"{kind}-{_digest(of)}.json"
    made_from = _digest(key).encode()
    found = _read(path, made_from, shape)
    if found is not None:
        return found[0]
    value = make()
    try:
        data = json.dumps(value).encode()
    except (TypeError, ValueError):  # not JSON (a TOML date): made again each time
        return value
    _write(path, made_from + b" " + _content_digest(data) + b"\n" + data)
    made: J = json.loads(data)  # as it will be read back: a tuple is a list, whether kept or just made
    return made


def _read(path: Path, made_from: bytes, shape: Any) -> tuple[Any] | None:
    """The value kept in ``path`` (in a 1-tuple) if it was made from ``made_from``, its bytes are those written
    (the digest of its own content, which heads it, matches: a damaged file is not used) and it has ``shape``."""
    try:
        head, _, data = path.read_bytes().partition(b"\n")  # the key's digest and the value's, then the value
        stored, _, content = head.partition(b" ")
        if stored != made_from or not hmac.compare_digest(content, _content_digest(data)):
            return None
        value = json.loads(data)
    except (OSError, ValueError, RecursionError):
        return None
    return (value,) if conforms(value, shape) else None


def _content_digest(data: bytes) -> bytes:
    return hashlib.sha256(data).hexdigest().encode()


def conforms(value: Any, shape: Any) -> bool:
    """Whether the JSON value ``value`` has the type ``shape``: ``str``, ``int``, ``float``, ``bool``, ``None``,
    ``Any``, ``list[X]``, ``dict[str, X]`` or a union ``X | Y`` of them (a tuple is kept as a list)."""
    if shape is Any:
        return True
    if shape is None or shape is type(None):
        return value is None
    if isinstance(shape, types.UnionType):
        return any(conforms(value, option) for option in typing.get_args(shape))
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if origin is list:
        return isinstance(value, list) and all(conforms(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) and conforms(v, args[1]) for k, v in value.items())
    if shape is int or shape is float:  # JSON's numbers; a bool is not one
        return isinstance(value, int | float) and not isinstance(value, bool) and (shape is float or
                                                                                  isinstance(value, int))
    return isinstance(value, shape)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:32]


def toml_table(path: Path) -> dict[str, Any]:
    """The TOML file ``path`` as Python values (a glossary is read at every build: JSON reads 25 times faster)."""
    def read() -> dict[str, Any]:
        with path.open("rb") as f:
            return tomllib.load(f)
    return kept("toml", str(path), stamps([path]), read, dict[str, Any])


def stamps(paths: Iterable[str | Path]) -> list[tuple[str, int, int]]:
    """Each file's path, modification time and size: a file changed since is another key."""
    out = []
    for p in paths:
        st = os.stat(p)
        out.append((os.fspath(p), st.st_mtime_ns, st.st_size))
    return out


@cache  # the code does not change under a running process
def generation(code: tuple[str, ...]) -> Path | None:
    """The folder of the values kept for ``code`` as it is now, made if need be; None when nothing can be kept."""
    root = _root()
    if root is None:
        return None
    try:
        folder = root / code_digest(code)
        if folder.is_dir():
            os.utime(folder)  # used now: the generations retired are those unused the longest
        else:
            folder.mkdir(mode=0o700, exist_ok=True)  # another process may be making it too
            _retire(root)
    except OSError:
        return None
    return folder


def code_digest(code: tuple[str, ...]) -> str:
    """A digest of Python's version and of every file in ``code`` (files, and folders walked)."""
    return stamps_digest(code_stamps(code))


def stamps_digest(stamps: dict[str, tuple[int, int]]) -> str:
    """The digest of :func:`code_stamps`' stamps, with Python's version."""
    digest = hashlib.sha256(sys.version.encode())
    for path, (mtime, size) in sorted(stamps.items()):
        digest.update(f"{path}\0{mtime}\0{size}\n".encode())
    return digest.hexdigest()[:32]


def code_stamps(code: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """The modification time and size of every file in ``code`` and of every folder walked. A file added, removed
    or renamed changes its folder's, so while each stamp holds, :func:`code_digest` would give what it gave: a
    process that runs for long (a build server) checks these at each request, in half the time of a digest."""
    found = {top: os.stat(top) for top in code if os.path.isdir(top)}
    for top in code:
        for path, st in _files(top, found):
            found[path] = st
    return {path: (st.st_mtime_ns, st.st_size) for path, st in found.items()}


def restamped(stamps: dict[str, tuple[int, int]]) -> bool:
    """Whether any of :func:`code_stamps`' files or folders is no longer as it was (or is gone)."""
    for path, was in stamps.items():
        try:
            st = os.stat(path)
        except OSError:
            return True
        if (st.st_mtime_ns, st.st_size) != was:
            return True
    return False


def _files(top: str, folders: dict[str, os.stat_result] | None = None) -> Iterator[tuple[str, os.stat_result]]:
    """Each file at or under ``top`` (compiled bytecode left out) with its stat, in name order; each folder below
    ``top`` walked, with its stat, added to ``folders`` when given."""
    if not os.path.isdir(top):
        yield top, os.stat(top)
        return
    with os.scandir(top) as found:
        entries = sorted(found, key=lambda e: e.name)
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False):
            yield entry.path, entry.stat()
        elif entry.name != "__pycache__":
            if folders is not None:
                folders[entry.path] = entry.stat()
            yield from _files(entry.path, folders)


def _root() -> Path | None:
    """The cache folder, made private to the user; None when it is off, when there is none (no home folder, as
    for some service accounts) or when others may write to it."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen == OFF:
        return None
    try:
        root = Path(chosen) if chosen else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "spellc"
    except RuntimeError:  # Path.home() found no home folder
        return None
    found = private_folder(str(root))
    return Path(found) if found is not None else None


def _retire(root: Path) -> None:
    """Remove all but the generations used last: each edit of spellc's code starts one. Another process may be
    retiring them too: what is already gone is no matter."""
    try:
        folders = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime_ns,
                         reverse=True)
    except OSError:
        return
    for old in folders[GENERATIONS:]:
        try:
            for file in old.iterdir():
                file.unlink(missing_ok=True)
            old.rmdir()
        except OSError:  # written into again meanwhile: retired another time
            continue


def _write(path: Path, data: bytes) -> None:
    """Written aside and renamed: a reader sees the whole value or none."""
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".new-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except OSError:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
