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
        """Raises OSError, or :class:`Undecodable` (which locates the first byte that is not UTF-8)."""
        return cls.decode(shown_path(path, root), path.read_bytes())

    @classmethod
    def decode(cls, shown: str, data: bytes) -> SourceFile:
        """A file's bytes as source text; raises :class:`Undecodable` when they are not UTF-8."""
        try:
            return cls(shown, data.decode("utf-8"))
        except UnicodeDecodeError as err:
            raise Undecodable(cls(shown, data.decode("utf-8", "replace")), data, err) from err

    def line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""

    @property
    def end(self) -> Span:
        lines = self.text.splitlines() or [""]
        return Span(self, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 1)


def shown_path(path: Path, root: Path | None) -> str:
    """``path`` from ``root`` ('/'-separated), or as given when it lies outside. A path written under ``root``
    needs no look at the file system (a project's files are found under it: a build shows thousands)."""
    if root is not None:
        if path.is_absolute() and root.is_absolute() and path.is_relative_to(root) and ".." not in path.parts:
            return path.relative_to(root).as_posix()
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


class Undecodable(Exception):
    """A source file that is not UTF-8: ``span`` is its first bad byte, in the text decoded with U+FFFD."""

    def __init__(self, source: SourceFile, data: bytes, err: UnicodeDecodeError) -> None:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")) + 1
        self.span = Span(source, line, column, line, column + 1)
        self.message = f"the file is not UTF-8 text: byte 0x{data[err.start]:02x} cannot start a character here"
        super().__init__(self.message)


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
