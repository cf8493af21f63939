"""What the compiler asks of a ruleset's front end, and the ruleset a source file belongs to.

A ruleset (``engine/rulesets/<name>/ruleset.toml``) brings its card grammar fragment, its checker, its
emitters and its scenario replayer; the build, ``spellc check`` and ``spellc play`` find them here by the
ruleset's name. The front ends live beside this module, one per ruleset, and never import each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TextIO

from compiler.coverage import Row
from compiler.diagnostics import Diagnostics
from compiler.publish import Output
from compiler.source import SourceFile
from engine.core.ruleset import Ruleset


class Compiled(Protocol):
    """One ruleset's cards, checked: what its emitters read."""

    diagnostics: Diagnostics
    files: int

    @property
    def ok(self) -> bool: ...

    @property
    def cards(self) -> int: ...

    def render(self, root: Path) -> dict[str, Output]:
        """Every output's contents, keyed as in the front end's ``outputs``, rendered in memory."""
        ...


class Frontend(Protocol):
    ruleset: Ruleset

    @property
    def outputs(self) -> tuple[str, ...]:
        """The folders and pages a build replaces whole, relative to the project root."""
        ...

    def compile(self, files: Sequence[Path], root: Path | None) -> Compiled:
        """Parse and check ``files`` (all of this ruleset); every problem is a diagnostic."""
        ...

    def play(self, source: SourceFile, *, json_out: bool, log: bool, out: TextIO, err: TextIO) -> int:
        """Replay a scenario of this ruleset: its summary (or JSON, or log) to ``out``, problems to ``err``."""
        ...

    def coverage(self, tests_dir: Path) -> list[Row]:
        """The ruleset's glossary, term by term: supported, unsupported (and why) or not a rule."""
        ...

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        """The rule markers of the ruleset's tests that name no term of its glossary."""
        ...
