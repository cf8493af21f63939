"""Diagnostics in colour on a terminal, through rich: ``error`` red, ``warning`` yellow, the location bold, the
carets in their severity's colour, ``help:`` and ``note:`` in their own. Only the colours are added: the text
is the same, character for character, as without them.

The command line decides whether to colour (:func:`spellc.compiler.terminal.colour_wanted`: a terminal, and
``NO_COLOR`` and ``FORCE_COLOR``) and imports this module only then: rich takes 30 ms to import, and a piped
run never needs it. It paints what the commands write to standard error through :class:`Painted`, which
every command (and every module a command calls) writes to as it always has."""

from __future__ import annotations

import io
import threading
from typing import TextIO

from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.theme import Theme

from spellc.compiler.diagnostics import HIGHLIGHTS

# As cargo and rustc colour theirs.
THEME = Theme({
    "spellc.error": "bold red",
    "spellc.warning": "bold yellow",
    "spellc.location": "bold",
    "spellc.code": "bold",
    "spellc.gutter": "bold blue",
    "spellc.error_caret": "bold red",
    "spellc.warning_caret": "bold yellow",
    "spellc.help": "bold cyan",
    "spellc.note": "bold green",
    "spellc.summary": "bold",
}, inherit=False)


class DiagnosticHighlighter(RegexHighlighter):
    """The parts of spellc's diagnostics (:data:`spellc.compiler.diagnostics.HIGHLIGHTS`) as rich styles."""

    base_style = "spellc."
    highlights = HIGHLIGHTS


class Painted(io.TextIOBase):
    """A text stream that writes to ``stream`` in colour, a whole line at a time (a diagnostic's parts are
    found by the lines around them: a caret by its diagnostic's first line)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.pending = ""
        self.lock = threading.Lock()  # `spellc site --serve` logs from its server's threads too
        # Markup, emoji codes and rich's own highlighting are off: a card's text is shown as written. soft_wrap:
        # no line is wrapped or cut at the terminal's width.
        self.console = Console(file=stream, force_terminal=True, theme=THEME, highlighter=DiagnosticHighlighter(),
                               markup=False, emoji=False, soft_wrap=True)

    @property
    def encoding(self) -> str:  # type: ignore[override]  # io.TextIOBase declares it read-only
        return getattr(self.stream, "encoding", None) or "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def write(self, text: str) -> int:
        with self.lock:
            self.pending += text
            if self.pending.endswith("\n"):  # print() writes its text, then the line's end
                self.console.print(self.pending[:-1])
                self.pending = ""
        return len(text)

    def flush(self) -> None:
        with self.lock:
            if self.pending:
                self.console.print(self.pending, end="")
                self.pending = ""
        self.stream.flush()
