"""What the compiler asks of a ruleset's front end, and the ruleset a source file belongs to.

A ruleset (``engine/rulesets/<name>/ruleset.toml``) brings its card grammar fragment, its checker, its
emitters and its scenario replayer; the build, ``spellc check`` and ``spellc play`` find them here by the
ruleset's name. The front ends live beside this module, one per ruleset, and never import each other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from spellc.compiler.coverage import Row
from spellc.compiler.diagnostics import Diagnostics, did_you_mean, write_text
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.publish import Output
from spellc.compiler.source import SourceFile, Span, Undecodable, shown_path
from spellc.engine.core.errors import Where
from spellc.engine.core.ruleset import Ruleset


class Compiled(Protocol):
    """One ruleset's cards, checked: what its emitters read."""

    diagnostics: Diagnostics
    files: int

    @property
    def ok(self) -> bool: ...

    @property
    def cards(self) -> int: ...

    def python(self) -> dict[str, str]:
        """The compiled cards' package: each module's file name and text."""
        ...

    def render(self, tests: Path, with_coverage: bool = True) -> dict[str, Output]:
        """Every output's contents, keyed as in the front end's ``outputs``, rendered in memory (the coverage
        pages read the rule markers of the tests in ``tests``; ``with_coverage`` false: no coverage page, and
        no page links to one)."""
        ...


class Frontend(Protocol):
    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def outputs(self) -> tuple[str, ...]:
        """The folders and pages a build makes hold exactly what it renders (a file it no longer makes is
        removed), relative to the project root."""
        ...

    def compile(self, files: Sequence[Path], root: Path | None) -> Compiled:
        """Parse and check ``files`` (all of this ruleset); every problem is a diagnostic."""
        ...

    def compile_texts(self, sources: Sequence[SourceFile]) -> Compiled:
        """Parse and check card texts (an editor's buffers) as :meth:`compile` does files."""
        ...

    def scenario_diagnostics(self, source: SourceFile) -> Diagnostics:
        """What is wrong with a scenario's text as written (its lines, not yet its replay)."""
        ...

    def terms(self) -> Sequence[Any]:
        """Its glossary's terms (each with ``name``, ``glossary`` and ``keyword``): for hover text."""
        ...

    def play(self, source: SourceFile, *, cards: Any, json_out: bool, log: bool, out: TextIO, err: TextIO) -> int:
        """Replay a scenario of this ruleset against ``cards`` (its compiled cards' library): its summary (or
        JSON, or log) to ``out``, problems to ``err``."""
        ...

    def coverage(self, tests_dir: Path) -> list[Row]:
        """The ruleset's glossary, term by term: supported, unsupported (and why) or not a rule."""
        ...

    def keywords(self) -> Sequence[KeywordRow]:
        """The keywords its registry declares for cards to write, with their parameters and roles (none where
        the grammar itself fixes every word): for the language reference."""
        ...

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        """The rule markers of the ruleset's tests that name no term of its glossary."""
        ...


def read_sources(paths: Iterable[Path], root: Path | None, diags: Diagnostics) -> Iterator[tuple[Path, SourceFile]]:
    """Each card file and its text; one that cannot be read or is no UTF-8 is a located error instead."""
    for path in paths:
        try:
            yield path, SourceFile.read(path, root)
        except Undecodable as err:
            diags.error("E000", err.message, err.span, "help: save the file as UTF-8")
        except OSError as err:
            diags.error("E000", f"cannot read file: {err.strerror or err}", SourceFile(shown_path(path, root), "").end)


COVERAGE = "coverage.md"  # a ruleset's coverage page, in its site section


def site_outputs(pages: Mapping[str, str], ruleset: Ruleset, folders: Iterable[str], with_coverage: bool
                 ) -> dict[str, Output]:
    """A ruleset's site pages (keyed under its section, ``spells/x.md``) as the build's outputs: each folder
    made to hold exactly the pages under it, and its coverage page (keyed from the project root) made only
    ``with_coverage``: else a coverage page written before is removed."""
    site = ruleset.site.as_posix()
    out: dict[str, Output] = {}
    for folder in folders:
        prefix = folder.removeprefix(f"{site}/") + "/"
        out[folder] = {k[len(prefix):]: v for k, v in pages.items() if k.startswith(prefix)}
    out[f"{site}/{COVERAGE}"] = pages[COVERAGE] if with_coverage else None
    return out


class ReplayStop(Protocol):
    @property
    def message(self) -> str: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def where(self) -> Where: ...
    @property
    def unknown(self) -> tuple[str, tuple[str, ...]] | None: ...


def report_replay(source: SourceFile, shown: str, stop: ReplayStop | None, out: TextIO, err: TextIO) -> int:
    """What ``spellc play`` prints of a replay: ``shown`` (its summary, JSON or log), then where the script and
    the rules parted, as a located error naming the rule; 0, or 1 when the replay stopped."""
    if shown:
        write_text(out, shown)
    if stop is None:
        return 0
    w = stop.where
    diags = Diagnostics()
    notes = (f"note: rule: {stop.rule}",) if stop.rule else ()
    hint = did_you_mean(stop.unknown[0], stop.unknown[1]) if stop.unknown else ()
    span = Span(source, w.line, w.column, w.line, w.end_column)
    diags.error("E300", stop.message, _title_in(span, stop.unknown[0]) if stop.unknown else span, *notes, *hint)
    write_text(err, diags.render())
    return 1


def _title_in(span: Span, title: str) -> Span:
    """``title`` where it is written in ``span`` (a setup line naming several), quoted or as a bare name (an
    Amtgard timeline's), or the whole span."""
    text = span.source.line(span.line)
    if span.end_line != span.line:
        return span
    quoted = text.find(f'"{title}"', span.column - 1)
    if quoted >= 0:
        return Span(span.source, span.line, quoted + 1, span.line, quoted + len(title) + 3)
    bare = re.compile(rf"(?<![\w'-]){re.escape(title)}(?![\w'-])").search(text, span.column - 1)
    return Span(span.source, span.line, bare.start() + 1, span.line, bare.end() + 1) if bare else span
