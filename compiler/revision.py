"""A card project as it was at a git revision: what `spellc sim --against REV` replays its study with.

The project's folder, as committed at the revision, is taken from its git repository with ``git archive`` and
unpacked into a private temporary folder, where it is loaded as any project is (its manifest checked, its outputs
kept inside it). Nothing of the revision runs: its cards are compiled as data, like today's.

A repository may be a stranger's. Git runs with the options that could run a program from its configuration
turned off (its file system monitor, its hooks), never prompts, and is given the revision after
``--end-of-options`` (a "revision" such as ``--output=...`` is an option to no one). The archive is unpacked
with Python's ``data`` filter: no member is written outside the folder, no link leads out of it, and no device
or special file is made.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import IO

from spellc.compiler.project import MANIFEST, Project, ProjectError, load

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
    archive = into.parent / f"{into.name}.tar"
    with archive.open("wb") as out:
        _git(project.root, "archive", "--format=tar", f"{commit}:{prefix}", out=out,
             failure=f"the project's folder is not in {revision} (it was added later, or moved)")
    try:
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    except (tarfile.TarError, OSError) as err:
        raise RevisionError(f"cannot unpack the project as it was at {revision}: {err}") from None
    finally:
        archive.unlink(missing_ok=True)
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


def _git(folder: Path, *args: str, failure: str | None = None, out: IO[bytes] | None = None) -> str:
    """Git's standard output for ``args`` in ``folder`` (or written to ``out``); RevisionError when it fails."""
    git = shutil.which("git")
    if git is None:
        raise RevisionError("git is not installed: --against REV reads the project's cards from its git history")
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}
    try:
        done = subprocess.run([git, *GIT_SAFE, "-C", str(folder), *args], stdout=out or subprocess.PIPE,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=environment, timeout=GIT_WAIT,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RevisionError(f"git did not answer: {err}") from None
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        raise RevisionError(failure or (said[-1] if said else f"git {args[0]} failed"))
    return "" if out is not None else done.stdout.decode(errors="replace")
