"""Source files and spans: every AST and model node points back at the text it came from."""

from __future__ import annotations

import errno
import os
import stat
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str  # as shown in diagnostics and `# cards_src/...:LINE` comments (relative, '/'-separated)
    text: str

    @classmethod
    def read(cls, path: Path, root: Path | None = None) -> SourceFile:
        """Raises OSError (:class:`NotRegularFile` for a FIFO, a device or a folder), or :class:`Undecodable`
        (which locates the first byte that is not UTF-8)."""
        key = os.fspath(path), os.fspath(root) if root is not None else None
        st = os.stat(path)
        stamp = st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns
        known = _READ.get(key)
        if known is not None and known[0] == stamp:
            return known[1]
        source = cls.decode(shown_path(path, root), read_regular(path))
        if stat.S_ISREG(st.st_mode) and time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > SETTLED_NS:
            if len(_READ) >= READ_KEPT:
                _READ.clear()
            _READ[key] = stamp, source
        return source

    @classmethod
    def decode(cls, shown: str, data: bytes) -> SourceFile:
        """A file's bytes as source text, in Unicode's composed form (NFC), so that two spellings of one name
        (``é`` as one character, or as ``e`` and an accent) are one name; raises :class:`Undecodable` when they
        are not UTF-8."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise Undecodable(cls(shown, data.decode("utf-8", "replace")), data, err) from err
        return cls(shown, text if text.isascii() or unicodedata.is_normalized("NFC", text)
                   else unicodedata.normalize("NFC", text))

    def line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""

    @property
    def end(self) -> Span:
        lines = self.text.splitlines() or [""]
        return Span(self, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 1)


# Each file read, by its name and the folder it is shown from, with its stamp: a build server or `spellc site
# --serve` reads every card file again at each build, when one of thousands has changed (reading them was a sixth
# of a build after one edit at 5,000 cards). A file is read again when its stamp changes; one changed less than
# SETTLED_NS before it was read is not kept, since a second change within the file system's clock tick could
# leave its stamp as it was.
_READ: dict[tuple[str, str | None], tuple[tuple[int, int, int, int], SourceFile]] = {}
SETTLED_NS = 2_000_000_000
READ_KEPT = 100_000

NUMBER_DIGITS = 12  # the most digits a number may have once its leading zeros are dropped, in any language


class NumberTooLong(ValueError):
    """A number of more digits than any language allows (:func:`spellc.compiler.parse.parse` refuses it first,
    located)."""


def number(token: str) -> int:
    """The value of a number token (``7``, ``-3``, ``+1``, ``0007``): the one conversion of every card, scenario
    and study language. Its leading zeros are dropped and its digits counted before ``int()`` reads them:
    CPython refuses a text of over 4,300 digits, even ``000…7``, and reads a Unicode digit such as ``٣``."""
    text = str(token)
    sign = text[:1] if text[:1] in ("+", "-") else ""
    written = text[len(sign):]
    digits = written.lstrip("0") or "0"
    if not written or len(digits) > NUMBER_DIGITS or not (digits.isascii() and digits.isdigit()):
        raise NumberTooLong(f"{text[:20]!r} is not a number of at most {NUMBER_DIGITS} digits")
    value = int(digits)
    return -value if sign == "-" else value


class NotRegularFile(OSError):
    """A path that is not a regular file (a FIFO, a device, a socket or a folder): never read as a source."""


def read_regular(path: Path) -> bytes:
    """The bytes of the regular file ``path``. Anything else is refused without waiting on it: reading a FIFO
    named ``x.spell`` would block until something writes to it (``check``, ``build`` and ``fmt`` hung)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file (a FIFO, a device or a folder): spellc reads "
                                 "only files", os.fspath(path))
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


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
