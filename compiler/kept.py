"""The compiler's values kept between processes (see :mod:`engine.core.kept`): each is made by the code of
the compiler, the engine and the grammar, and by the libraries that shape an output, so an edit of any of
them makes it anew."""

from __future__ import annotations

from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from spellc import engine
from spellc.compiler.parse import GRAMMAR_DIR
from spellc.engine.core import kept as core
from spellc.engine.core.kept import J, stamps

# The libraries' own files, found without importing them (a command that needs none of them starts faster).
LIBRARIES = tuple(spec.origin for name in ("lark", "jinja2", "markupsafe")
                  if (spec := find_spec(name)) is not None and spec.origin)
CODE = (str(Path(__file__).resolve().parent), str(Path(engine.__file__).resolve().parent), str(GRAMMAR_DIR),
        *LIBRARIES)

__all__ = ["kept", "stamps"]


def kept(kind: str, of: Any, key: Any, make: Callable[[], J], shape: Any) -> J:
    return core.kept(kind, of, key, make, shape, CODE)
