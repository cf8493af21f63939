"""The compiler's values kept between processes (see :mod:`engine.core.kept`): each is made by the code of
the compiler, the engine and the grammar, and by the libraries that shape an output, so an edit of any of
them makes it anew."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from spellc.engine.core import kept as core
from spellc.engine.core.kept import J, code_stamps, generation, restamped, stamps, stamps_digest

# The code that makes what is kept: the compiler's, the engine's and the grammars' folders (beside this one), and
# the libraries that shape an output, their files found without importing them (a command that needs none of
# them starts faster).
PACKAGE = Path(__file__).resolve().parent.parent
LIBRARIES = tuple(spec.origin for name in ("lark", "jinja2", "markupsafe")
                  if (spec := find_spec(name)) is not None and spec.origin)
CODE = (str(PACKAGE / "compiler"), str(PACKAGE / "engine"), str(PACKAGE / "grammar"), *LIBRARIES)

__all__ = ["folder", "kept", "stamps"]


def kept(kind: str, of: Any, key: Any, make: Callable[[], J], shape: Any) -> J:
    return core.kept(kind, of, key, make, shape, CODE)


def folder() -> Path | None:
    """The private folder of what is kept for the code as it is now; None when nothing is kept."""
    return generation(CODE)


@cache  # once per process: the code it runs was loaded as it started
def _loaded() -> tuple[str, dict[str, tuple[int, int]]]:
    found = code_stamps(CODE)
    return stamps_digest(found), found


def code() -> str:
    """The digest of the code this process runs: spellc's on disk when it was first asked."""
    return _loaded()[0]


def code_changed() -> bool:
    """Whether spellc's code on disk is no longer :func:`code` (a build server asks at each request: checking the
    stamps again takes half the time of a new digest)."""
    return restamped(_loaded()[1])


# What plays a match: the rules and players (engine), what compiles the cards (compiler) and the grammars. Site
# templates and the libraries that shape pages play no part.
PLAYED_BY = ("compiler", "engine", "grammar")
PLAYING_CODE = (".py", ".lark", ".toml")


@cache
def played_by() -> str:
    """A digest of spellc's code by content, each file named from the package: what a study's matches were played
    by. Unlike :func:`code` (modification times, this checkout's paths), it is the same in every clone and install
    of the same code, so that results kept in a repository are a colleague's current results too."""
    digest = hashlib.sha256()
    for top in PLAYED_BY:
        for folder, dirs, files in os.walk(PACKAGE / top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(PLAYING_CODE)):
                path = Path(folder, name)
                digest.update(f"{path.relative_to(PACKAGE).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:32]
