"""A card project as it was at a git revision: what `spellc sim --against REV` replays its study with.

The project's folder, as committed at the revision, is read from its git repository as stored objects (``git
ls-tree``, then ``git cat-file --batch``) and written into a private temporary folder, where it is loaded as any
project is (its manifest checked, its outputs kept inside it). Nothing of the revision runs: its cards are
compiled as data, like today's.

A repository may be a stranger's, and so may its configuration and attributes. So the objects are read raw:
``git archive`` or a checkout would pass each file through the filters its attributes name (``filter=...``), and a
filter is a program of the repository's configuration. Git runs with its file system monitor and hooks off, never
prompts, and is given the revision after ``--end-of-options`` (a "revision" such as ``--output=...`` is an option
to no one). Only plain files are written, each at a path that stays inside the folder: a link, a submodule or a
path with ``..`` in the tree is refused.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path, PurePosixPath

from spellc.compiler.project import MANIFEST, Project, ProjectError, load
from spellc.compiler.source import number

GIT_SAFE = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null")
GIT_WAIT = 120  # seconds: a local archive of a card project takes well under one


class RevisionError(Exception):
    """The revision cannot be had: why, in a sentence."""


def project_at(revision: str, project: Project, into: Path) -> Project:
    """``project`` as committed at ``revision``, unpacked into ``into`` (an empty private folder)."""
    prefix = _git(project.root, "rev-parse", "--show-prefix", failure=f"{project.root} is in no git repository: "
                  "--against takes a results file, or a revision of the project's git history").strip()
    commit = _git(project.root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}",
                  failure=f"{revision!r} is no results file, nor a revision of the git repository of "
                  f"{project.root}").strip()
    listing = _git(project.root, "ls-tree", "-r", "-z", "--end-of-options", f"{commit}:{prefix}",
                   failure=f"the project's folder is not in {revision} (it was added later, or moved)")
    files = [_entry(revision, line) for line in listing.split("\0") if line]
    try:
        _write(project.root, files, into)
    except OSError as err:
        raise RevisionError(f"cannot write the project as it was at {revision}: {err}") from None
    manifest = into / MANIFEST
    if not manifest.is_file():
        raise RevisionError(f"the project has no {MANIFEST} at {revision}")
    try:
        found = load(manifest)
    except ProjectError as err:
        raise RevisionError(f"the project's {MANIFEST} at {revision} does not load: {err}") from None
    if not isinstance(found, Project):
        raise RevisionError(f"the {MANIFEST} at {revision} declares no project")
    return found


def _entry(revision: str, line: str) -> tuple[str, PurePosixPath]:
    """An object of the tree (``mode type name<TAB>path``): its name and path, if it is a plain file at a path
    that stays inside the folder; else RevisionError."""
    head, _, path = line.partition("\t")
    mode, kind, name = head.split(" ")
    where = PurePosixPath(path)
    if kind != "blob" or mode not in ("100644", "100755"):
        what = "a link" if mode == "120000" else "a submodule" if kind == "commit" else f"a {kind}"
        raise RevisionError(f"cannot unpack the project as it was at {revision}: {path} is {what}, and spellc reads "
                            "only the project's own files")
    if where.is_absolute() or ".." in where.parts or not where.parts:
        raise RevisionError(f"cannot unpack the project as it was at {revision}: {path!r} leads out of it")
    return name, where


def _write(folder: Path, files: list[tuple[str, PurePosixPath]], into: Path) -> None:
    """Each file's stored content (raw: no filter of the repository's runs) at its path under ``into``."""
    into.mkdir(mode=0o700)
    if not files:
        return
    request = "".join(f"{name}\n" for name, _ in files).encode()
    done = subprocess.run([_git_command(), *GIT_SAFE, "-C", str(folder), "cat-file", "--batch"], input=request,
                          capture_output=True, env=_environment(), timeout=GIT_WAIT, check=False)
    if done.returncode != 0:
        raise OSError(done.stderr.decode(errors="replace").strip() or "git cat-file failed")
    stream, at = done.stdout, 0
    for _, path in files:
        end = stream.index(b"\n", at)
        size = number(stream[at:end].split(b" ")[2].decode())  # "<name> blob <size>": git's header
        content = stream[end + 1:end + 1 + size]
        at = end + 1 + size + 1
        target = into.joinpath(*path.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600), "wb") as out:
            out.write(content)


def _git_command() -> str:
    git = shutil.which("git")
    if git is None:
        raise RevisionError("git is not installed: --against REV reads the project's cards from its git history")
    return git


def _environment() -> dict[str, str]:
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}


def _git(folder: Path, *args: str, failure: str | None = None) -> str:
    """Git's standard output for ``args`` in ``folder``; RevisionError when it fails."""
    try:
        done = subprocess.run([_git_command(), *GIT_SAFE, "-C", str(folder), *args], capture_output=True,
                              stdin=subprocess.DEVNULL, env=_environment(), timeout=GIT_WAIT, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RevisionError(f"git did not answer: {err}") from None
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        raise RevisionError(failure or (said[-1] if said else f"git {args[0]} failed"))
    return done.stdout.decode(errors="replace")
