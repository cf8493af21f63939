"""The compiler's values kept between processes (see :mod:`engine.core.kept`): each is made by the code of
the compiler, the engine and the grammar, and by the libraries that shape an output, so an edit of any of
them makes it anew."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
import lark
import markupsafe

from spellc import engine
from spellc.compiler.parse import GRAMMAR_DIR
from spellc.engine.core import kept as core
from spellc.engine.core.kept import J, stamps

CODE = (str(Path(__file__).resolve().parent), str(Path(engine.__file__).resolve().parent), str(GRAMMAR_DIR),
        *(lib.__file__ for lib in (lark, jinja2, markupsafe) if lib.__file__))

__all__ = ["kept", "stamps"]


def kept(kind: str, of: Any, key: Any, make: Callable[[], J], shape: Any) -> J:
    return core.kept(kind, of, key, make, shape, CODE)
