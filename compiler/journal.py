"""What the last build read and wrote, so that a build that finds everything as it was does nothing.

A build of 5,000 cards takes seconds; most builds follow an edit of nothing (a `make` that runs `spellc build`
anyway, a hook, a second window). After a build, its journal records the stamps (size, modification and change
times, inode) of everything it read, which are:
- each project's manifest, its card files (the listing too: a card added or deleted shows);
- the tests whose rule markers its coverage pages cite;
- the example files of its games' language pages;
- spellc's own code (the compiler, the engine, the grammars, the libraries that shape an output: the digest kept
  values are made under, :mod:`spellc.compiler.kept`);

and of every file it wrote, with what it said (its counts, its warnings). The next build in any process compares
them with what is on disk now: when all hold, it says so and writes nothing. Anything else (an edited card or
template, a page edited by hand or deleted, another version of spellc) makes a whole build.

A file changed within the file system's clock tick of the build that read it could keep its stamp: as git does
for its index, an input whose modification time is not before the build's start is never trusted, and the next
build is a whole one. The journal sits in the build folder with the lock, signed with this user's key like the
other files a build leaves there (:mod:`spellc.compiler.trust`): one that came with a project is not read.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from spellc.compiler.coverage import test_files
from spellc.compiler.kept import code
from spellc.compiler.project import (
    MANIFEST,
    REPOSITORY,
    TESTS,
    Project,
    ProjectError,
    Workspace,
    example_files,
    locate,
    projects,
    refuse_outside,
    workspace_of,
)
from spellc.compiler.publish import Output, left_warning, own_file, read_signed, write_signed
from spellc.compiler.study_files import study_inputs

JOURNAL = "journal"
Stamp = tuple[int, int, int, int]  # size, modification time, change time (ns), inode


def stamp(path: str) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def stamps(paths: Iterable[str]) -> dict[str, Stamp | None]:
    return {path: stamp(path) for path in paths}


@dataclass(frozen=True, slots=True)
class Journal:
    """One build: what it read and wrote, and what it said."""

    code: str  # the digest of spellc's code
    clock: int  # the file system's time as the build started
    inputs: dict[str, Stamp | None]
    outputs: dict[str, Stamp | None]
    counts: str
    files: int
    said: str  # its diagnostics (warnings only: a build with an error writes no journal)
    left: list[str]  # the files it left in its outputs, not being spellc's

    def holds(self, inputs: Mapping[str, Stamp | None]) -> bool:
        """Whether nothing it read or wrote has changed: ``inputs`` are the stamps of what a build would read now."""
        return (dict(inputs) == self.inputs and all(s is None or s[1] < self.clock for s in inputs.values())
                and self.code == code() and stamps(self.outputs) == self.outputs)


def read_paths(target: Project | Workspace, tests: Path) -> list[str]:
    """Every file a build of ``target`` reads but spellc's own code: its manifests, cards and scenarios, the tests its
    coverage pages cite, the example files of its games' language pages, its studies and their results."""
    paths = [target.root / MANIFEST] if isinstance(target, Workspace) else []
    for project in projects(target):
        cards, scenarios = example_files(project.ruleset, REPOSITORY / project.ruleset.cards)
        paths += [project.root / MANIFEST, *project.card_files(), *project.scenario_files(), *cards, *scenarios,
                  *study_inputs(project)]
    files = sorted({str(p) for p in paths})
    return files + [path for path, _, _ in test_files(tests, None)] if tests.is_dir() else files


def unchanged(target: Project | Workspace, workspace: Path, tests: Path = TESTS) -> Journal | None:
    """The last build's journal, when nothing it read or wrote has changed since (a build now would do nothing)."""
    last = read(workspace)
    return last if last is not None and last.holds(stamps(read_paths(target, tests))) else None


def answered(explicit: Path | None, allow_outside: bool, out: TextIO, err: TextIO) -> bool:
    """`spellc build` answered from the last build's journal, when nothing has changed since: what it said (its
    warnings) said again, and that nothing was written. False when a build must run (it then says why, whatever
    stopped this one). The command line calls this before it loads the compiler and the games."""
    start = time.perf_counter()
    try:
        target = locate(Path.cwd(), explicit)
        if not allow_outside:
            refuse_outside(projects(target))
        last = unchanged(target, workspace_of(target))
    except (ProjectError, OSError):
        return False
    if last is None:
        return False
    if last.said:
        print(last.said, file=err)
    for path in last.left:
        print(left_warning(Path(path)), file=err)
    print(nothing_changed(last.counts, last.files, time.perf_counter() - start), file=out)
    return True


def nothing_changed(counts: str, files: int, elapsed: float) -> str:
    return (f"spellc: nothing changed since the last build ({counts} from {files} file{'s' * (files != 1)}): "
            f"nothing written, in {elapsed:.2f}s")


def clock(workspace: Path) -> int:
    """The file system's time now: the modification time of a file of the build folder's own, written now."""
    own_file(workspace / "journal.d", "clock", "")
    return os.stat(workspace / "journal.d" / "clock").st_mtime_ns


# The journal this process last wrote in a build folder, with the stamp of its file: a build server reads it back
# from memory while the file is as it wrote it (decoding and checking the signature of 5,000 cards' journal took
# a twentieth of a build after one edit).
_WRITTEN: dict[Path, tuple[Stamp | None, Journal]] = {}


def read(workspace: Path) -> Journal | None:
    """The last build's journal, if this user's spellc wrote it and it reads."""
    path = workspace / JOURNAL
    known = _WRITTEN.get(path)
    if known is not None and known[0] is not None and known[0] == stamp(str(path)):
        return known[1]
    body = read_signed(path, JOURNAL)
    try:
        data: dict[str, Any] = json.loads(body) if body is not None else {}
        return Journal(**{**data, "inputs": _stamped(data["inputs"]), "outputs": _stamped(data["outputs"])})
    except (ValueError, TypeError, KeyError):
        return None


def _stamped(found: dict[str, list[int] | None]) -> dict[str, Stamp | None]:
    return {path: (tuple(s) if s is not None else None) for path, s in found.items()}  # type: ignore[misc]


# Journals a build server writes after its reply (:func:`later`); None: each is written as its build ends.
_LATER: list[tuple[Path, Journal]] | None = None


def write(workspace: Path, journal: Journal) -> None:
    """Keep ``journal`` as the last build of ``workspace``'s (after the reply, inside :func:`later`)."""
    if _LATER is not None:
        _LATER.append((workspace, journal))
        return
    fields = {name: getattr(journal, name) for name in Journal.__slots__}
    with suppress(OSError):  # the journal only ever saves time
        write_signed(workspace / JOURNAL, JOURNAL, json.dumps(fields).encode())
        _WRITTEN[workspace / JOURNAL] = stamp(str(workspace / JOURNAL)), journal


@contextmanager
def later() -> Iterator[None]:
    """Within it, the journals of builds are written when it ends: a build server replies first (encoding and
    signing a journal of 5,000 cards' files took a quarter of a build after one edit). What a journal says is
    made as its build ends (what was read, as it started; what was written, as it was published): only its
    writing waits. The next build (the same server's) starts after it is written."""
    global _LATER
    _LATER = []
    try:
        yield
    finally:
        pending, _LATER = _LATER, None
        for workspace, journal in pending:
            write(workspace, journal)


def forget(workspace: Path) -> None:
    """No journal: the next build is a whole one (this one failed, or found an error)."""
    _WRITTEN.pop(workspace / JOURNAL, None)
    with suppress(OSError):
        (workspace / JOURNAL).unlink(missing_ok=True)


def folders(base: Path, outputs: Mapping[str, Output]) -> list[str]:
    """Every folder holding a file of ``outputs`` (keyed from ``base``): a file added to a folder, or taken from it,
    changes the folder's times (a note written into generated/ is then warned about again)."""
    found = set()
    for name, output in outputs.items():
        if output is None or isinstance(output, str):
            found.add(os.path.dirname(name))
        else:
            found.add(name)
            found.update(f"{name}/{rel.rpartition('/')[0]}" for rel in output if "/" in rel)
    return sorted(os.path.join(base, folder) if folder else os.fspath(base) for folder in found)
