"""The compiler's values kept between processes (see :mod:`engine.core.kept`): each is made by the code of
the compiler, the engine and the grammar, and by the libraries that shape an output, so an edit of any of
them makes it anew."""

from __future__ import annotations

from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from spellc.engine.core import kept as core
from spellc.engine.core.kept import J, generation, stamps

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
