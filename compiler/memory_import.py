"""Import a package whose modules exist only as text: the compiled cards a command plays, straight from the
compiler's output, so that what is played is always what the sources say now (never a stale generated/).

The modules are the emitters' own output, the same text `spellc build` writes to disk: a card's words reach
them only through the emitters' literal writers (compiler.python_code), never as code.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from collections.abc import Mapping
from importlib.machinery import ModuleSpec
from types import ModuleType


class _Package(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds and runs the modules of one package held in memory (``files``: ``bio.py`` → its text)."""

    def __init__(self, name: str, files: Mapping[str, str]) -> None:
        self.name = name
        self.files = files

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname == self.name:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        parent, _, module = fullname.rpartition(".")
        if parent == self.name and f"{module}.py" in self.files:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        file = "__init__.py" if module.__name__ == self.name else f"{module.__name__.rpartition('.')[2]}.py"
        exec(compile(self.files[file], f"<{self.name}/{file}>", "exec"), module.__dict__)  # noqa: S102


def load_package(name: str, files: Mapping[str, str]) -> ModuleType:
    """Import ``files`` (a flat package: ``__init__.py`` and its modules) as the package ``name``. It stays in
    ``sys.modules``, where pickling a match looks its card classes up by name."""
    finder = _Package(name, files)
    sys.meta_path.insert(0, finder)
    try:
        return importlib.import_module(name)
    finally:
        sys.meta_path.remove(finder)
