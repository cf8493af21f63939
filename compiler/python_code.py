"""Python that compiled cards are written as. Card values reach it only through :func:`py_literal`, which
builds constructor calls from ``repr`` of plain values, so no card text can ever become code; text in
comments and docstrings goes through :func:`inert_text` and names through :func:`identifier`. A template
whose ``finalize`` is :func:`only_code` refuses any value that did not pass one of these.
"""

from __future__ import annotations

import dataclasses
import json
import keyword
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from functools import cache, lru_cache
from typing import Any, Protocol


class Code(str):
    """Text safe to paste into generated Python: a literal, an identifier, inert comment text, or a
    statement the step writer built from those. The templates accept nothing else."""


def py_literal(value: Any) -> Code:
    """A Python expression that rebuilds ``value`` (cards values, enums, tuples, scalars)."""
    return Code(_literal(value))


def _literal(value: Any) -> str:
    if type(value) in _SCALARS:  # the commonest first: a card is mostly words and numbers
        return repr(value)
    if isinstance(value, Enum):
        return _member(value)
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        args = [f"{name}={_literal(v)}" for name, default in _arguments(type(value))
                if (v := getattr(value, name)) is not default and (default is dataclasses.MISSING or v != default)]
        return f"{type(value).__name__}({', '.join(args)})"
    raise TypeError(f"cannot write {type(value).__name__} into generated code")


_SCALARS = frozenset({str, int, bool})


@lru_cache(maxsize=1024, typed=True)  # a few members (Spheres, roles), on every card
def _member(value: Enum) -> str:
    return f"{type(value).__name__}.{identifier(value.name)}"


@cache  # a few dataclasses, each written thousands of times
def _arguments(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields a dataclass's constructor takes and compares, with their defaults: what rebuilds a value."""
    return tuple((f.name, f.default) for f in dataclasses.fields(cls) if f.init and f.compare)


class Located(Protocol):
    """A checked card: its value and where it was written."""

    @property
    def card(self) -> Any: ...
    @property
    def path(self) -> str: ...
    @property
    def line(self) -> int: ...


def values_package(cards: Sequence[Located], header: str, init: str, package: str) -> dict[str, str]:
    """``{file name: source}`` of a package whose ``cards.py`` holds every card as a value (in file order, each
    after a comment saying where it was written) and its ``LIBRARY``; ``header`` imports what the values name."""
    lines = [header, "CARDS = ("]
    for checked in sorted(cards, key=lambda c: (c.path, c.line)):
        lines.append(f"    # {inert_text(checked.path)}:{checked.line}")
        lines.append(f"    {py_literal(checked.card)},")
    lines += [")", "LIBRARY = Library.of(CARDS)", ""]
    return {"cards.py": "\n".join(lines), "__init__.py": init}


# What in generated code is not a name: its docstring, comments and string literals (``repr`` writes them
# between ' or ", a quote inside escaped).
_NOT_CODE = re.compile(r'"""[\s\S]*?"""|#[^\n]*|\'(?:[^\'\\\n]|\\.)*\'|"(?:[^"\\\n]|\\.)*"')
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def names_used(code: str) -> frozenset[str]:
    """Every name the generated ``code`` writes outside its texts (with attribute and argument names, which
    no import table holds). A scan, not a parse: parsing thousands of classes took most of a build."""
    return frozenset(_NAME.findall(_NOT_CODE.sub(" ", code)))


def import_lines(table: Mapping[str, Sequence[str]], used: Iterable[str]) -> Code:
    """The import lines for the names of ``table`` (module → the names it exports) that are ``used``, a line
    per module, sorted; more than two names are listed one a line."""
    wanted = set(used)
    lines = []
    for module, names in table.items():
        these = sorted(n for n in names if n in wanted)
        if len(these) > 2:
            lines.append(f"from {module} import (\n" + "".join(f"    {n},\n" for n in these) + ")")
        elif these:
            lines.append(f"from {module} import {', '.join(these)}")
    return Code("\n".join(lines))


def inert_text(value: object) -> Code:
    """``value`` as text that cannot end a ``#`` comment or a docstring: quotes, backslashes, every line
    break Python or an editor knows (\\n \\r \\x0b \\x0c \\x1c-\\x1e \\x85 \\u2028 \\u2029) and all other
    non-ASCII characters are written as escapes. A file name may hold any of them."""
    return Code(json.dumps(str(value), ensure_ascii=True)[1:-1])


@lru_cache(maxsize=50_000)  # a class's name and base on every card
def identifier(value: object) -> Code:
    """A name the checker made (a class or method name): refused unless it is a plain identifier."""
    name = str(value)
    if not name.isidentifier() or keyword.iskeyword(name) or keyword.issoftkeyword(name) or not name.isascii():
        raise ValueError(f"not a safe Python identifier: {name!r}")
    return Code(name)


def only_code(value: object) -> object:
    """The templates' ``finalize`` hook: every ``{{ }}`` must go through a filter that returns Code."""
    if isinstance(value, Code) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"unfiltered value {value!r} in a generated-code template: use py, inert_text or identifier")
