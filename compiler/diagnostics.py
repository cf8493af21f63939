"""One Diagnostic type for every stage, rendered gcc-style with the source line and a caret, or as data for
tools: a JSON object per diagnostic (`spellc check --json`) and a SARIF 2.1.0 log (`--output-format sarif`,
which code-scanning services show inline). :data:`HIGHLIGHTS` names the parts of the text rendering that a
terminal shows in colour (:mod:`spellc.compiler.colour`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TextIO
from urllib.parse import quote

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

    @property
    def suggestion(self) -> str | None:
        """The first ``help:`` note's text: what to change, where the checker could guess it."""
        return next((n.removeprefix("help: ") for n in self.notes if n.startswith("help: ")), None)

    def json(self) -> dict[str, Any]:
        """The diagnostic as data: columns count characters from 1, and the end is the character after the last
        (as in the text rendering and in SARIF); ``notes`` are as rendered, prefix included."""
        s = self.span
        return {"file": s.source.path, "line": s.line, "column": s.column, "end_line": s.end_line,
                "end_column": s.end_column, "code": self.code, "severity": self.severity.value,
                "message": self.message, "suggestion": self.suggestion, "notes": list(self.notes)}

    def sarif(self, rule_index: int) -> dict[str, Any]:
        """A SARIF result: its rule (the code), level, message (the notes on lines of their own, as code-scanning
        services show only the message) and location."""
        s = self.span
        region = {"startLine": s.line, "startColumn": s.column, "endLine": s.end_line, "endColumn": s.end_column}
        return {"ruleId": self.code, "ruleIndex": rule_index, "level": self.severity.value,
                "message": {"text": "\n".join((self.message, *self.notes))},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": quote(s.source.path)},
                                                    "region": region}}]}


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


SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def sarif_log(diagnostics: Iterable[Diagnostic], version: str) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one run of spellc ``version``: its rules are the codes met, each result names its
    rule by id and index. Columns count Unicode characters (``columnKind``), as a Python string does; a path is
    a URI relative to the folder spellc ran in, the repository's root in a CI job."""
    items = Diagnostics(list(diagnostics)).sorted()
    codes = sorted({d.code for d in items})
    index = {code: i for i, code in enumerate(codes)}
    driver = {"name": "spellc", "version": version, "rules": [{"id": code} for code in codes]}
    run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints",
           "results": [d.sarif(index[d.code]) for d in items]}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


# The parts of a rendering (:meth:`Diagnostic.render`, :meth:`Diagnostics.render`, and the one-line ``spellc:
# error:`` messages) a terminal shows in colour, as regular expressions whose named groups name the style: the
# shapes this module prints, line by line, so that a card's own text (after a line's gutter) is never taken for
# one. A caret takes the colour of its diagnostic's severity, two lines above it.
HIGHLIGHTS = (
    r"(?m)^(?P<location>[^\n]*?:\d+:\d+): (?:(?P<error>error)|(?P<warning>warning))\[(?P<code>[A-Z]\d+)\]:",
    r"(?m)^(?P<gutter> *\d+ \|) ",
    r"(?m)^(?P<gutter> +\|) ",
    r"(?m): error\[[^\n]*\n[^\n]*\n +\| *(?P<error_caret>\^+)$",
    r"(?m): warning\[[^\n]*\n[^\n]*\n +\| *(?P<warning_caret>\^+)$",
    r"(?m)^ +(?P<gutter>=) (?:(?P<help>help)|(?P<note>note)):",
    r"(?m)^(?P<summary>\d+ errors?, \d+ warnings?)$",
    r"(?m)^spellc: (?:(?P<error>error)|(?P<warning>warning)):",
)


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
