"""Source files and spans: every AST and model node points back at the text it came from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str  # as shown in diagnostics and `# cards_src/...:LINE` comments (relative, '/'-separated)
    text: str

    @classmethod
    def read(cls, path: Path, root: Path | None = None) -> SourceFile:
        shown = path
        if root is not None:
            try:
                shown = path.resolve().relative_to(root.resolve())
            except ValueError:
                shown = path
        return cls(shown.as_posix(), path.read_text(encoding="utf-8"))

    def line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""

    @property
    def end(self) -> Span:
        lines = self.text.splitlines() or [""]
        return Span(self, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 1)


@dataclass(frozen=True, slots=True)
class Span:
    """1-based line and column of the first character, and of the character after the last."""

    source: SourceFile
    line: int
    column: int
    end_line: int
    end_column: int

    def __repr__(self) -> str:
        return f"{self.source.path}:{self.line}:{self.column}"

    def to(self, other: Span) -> Span:
        return Span(self.source, self.line, self.column, other.end_line, other.end_column)
