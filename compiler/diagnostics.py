"""One Diagnostic type for every stage, rendered gcc-style with the source line and a caret."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TextIO

from spellc.compiler.source import Span


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    span: Span
    notes: tuple[str, ...] = ()  # each rendered as "help: ..." or "note: ..." (prefix included)

    def render(self) -> str:
        s = self.span
        head = shown(f"{s.source.path}:{s.line}:{s.column}: {self.severity.value}[{self.code}]: {self.message}")
        text = s.source.line(s.line).replace("\t", " ")
        width = (s.end_column - s.column) if s.end_line == s.line else len(text) - s.column + 1
        width = max(1, min(width, max(1, len(text) - s.column + 1)))
        # The line as shown (its control characters escaped), the caret under the same characters.
        before, under = shown(text[:s.column - 1]), shown(text[s.column - 1:s.column - 1 + width])
        gutter, caret = f"{s.line:>4} | ", " " * len(before) + "^" * max(1, len(under))
        lines = [head, gutter + shown(text), " " * (len(gutter) - 2) + "| " + caret]
        lines.extend(f"     = {shown(n)}" for n in self.notes)
        return "\n".join(lines)


@dataclass
class Diagnostics:
    """Collects every problem of a run; stages report and carry on instead of stopping at the first."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span, *notes: str) -> None:
        self.items.append(Diagnostic(severity=Severity.ERROR, code=code, message=message, span=span, notes=notes))

    def warning(self, code: str, message: str, span: Span, *notes: str) -> None:
        self.items.append(
            Diagnostic(severity=Severity.WARNING, code=code, message=message, span=span, notes=notes)
        )

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.span.source.path, d.span.line, d.span.column, d.code))

    def render(self, limit: int = 50) -> str:
        items = self.sorted()
        out = [d.render() for d in items[:limit]]
        if len(items) > limit:
            out.append(f"... and {len(items) - limit} more")
        errors = sum(d.severity is Severity.ERROR for d in items)
        warnings = len(items) - errors
        if items:
            out.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
        return "\n\n".join(out[:-1]) + ("\n" + out[-1] if items else "")


# What a terminal must never be sent raw from a user's file: the C0 controls but the newline (ESC starts a command
# sequence), DEL, the C1 controls, and the marks that reorder or hide text as it is shown ("Trojan Source":
# bidirectional embeddings, overrides and isolates; zero-width characters).
_UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def shown(text: str) -> str:
    """``text`` with each character a terminal must not be sent raw written as its escape (``\\x1b``)."""
    if _UNSHOWN.search(text) is None:
        return text
    return _UNSHOWN.sub(lambda c: c[0].encode("unicode_escape").decode("ascii"), text)


def did_you_mean(word: str, candidates: Iterable[str]) -> tuple[str, ...]:
    """A `help:` note naming the closest candidate, if one is close enough to be a likely typo."""
    pool = list(dict.fromkeys(candidates))
    by_lower = {c.lower(): c for c in pool}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return (f"help: did you mean '{by_lower[close[0]]}'?",) if close else ()


def write_text(stream: TextIO, text: str) -> None:
    """Print ``text``; a character the terminal cannot encode (a lone surrogate) is shown escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    print(text.encode(encoding, "backslashreplace").decode(encoding, "replace"), file=stream)
