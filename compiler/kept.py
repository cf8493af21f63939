"""The compiler's values kept between processes (see :mod:`engine.core.kept`): each is made by the code of
the compiler, the engine and the grammar, and by the libraries that shape an output, so an edit of any of
them makes it anew."""

from __future__ import annotations

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
