"""The front end of every ruleset (Serpent's Tongue, Incantation 2, Incantation charges, Amtgard), and the ruleset
a source file belongs to: parse and check its card files, render its engine package and its site section, replay its
scenarios, report its coverage.

A ruleset (``engine/rulesets/<name>/ruleset.toml``) gives the pieces that are its own (:class:`Frontend`'s fields:
its card grammar fragment, its checker, its emitters, its scenario reader and replay); the stages around them are
the same for each, and written once here. The build, ``spellc check`` and ``spellc play`` find a game's
``FRONTEND`` by the ruleset's name (``compiler/<game>/frontend.py``). Nothing here knows a game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from pathlib import Path
from typing import Any, Protocol, TextIO

from lark import Token, Tree

from spellc.compiler import coverage
from spellc.compiler.card_site import Sources
from spellc.compiler.card_titles import Age
from spellc.compiler.diagnostics import Diagnostic, Diagnostics, did_you_mean, write_text
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.parse import card_grammar, parse_file
from spellc.compiler.publish import Output
from spellc.compiler.source import SourceFile, Span, Undecodable, shown_path
from spellc.engine.core.errors import Where
from spellc.engine.core.registry import Registry
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS


class CardChecker(Protocol):
    """A ruleset's checker: each card on its own, then the set (titles, and what cards name of each other)."""

    def check_card(self, node: Any, path: str) -> tuple[Any, Any] | None:
        """The card ``node`` checked, and what :meth:`check_set` reads of it; None when it has errors. It reads
        nothing of the other cards: a file's cards are checked once for the same text (:func:`checked_file`)."""
        ...

    def check_set(self, found: list[tuple[Any, Any]], written: frozenset[str], age: Age) -> list[Any]:
        """``written``: the title of every card of the set, those with errors too (a card that names one of
        them is not told that no such card exists: its own errors are said at it). ``age``: of two cards of one
        title, the newer file's is refused (a new card is blamed, not the one it repeats)."""
        ...


class Replayed(Protocol):
    """A ruleset's scenario replay, as ``spellc play`` shows it."""

    @property
    def error(self) -> ReplayStop | None: ...
    @property
    def log(self) -> list[str]: ...
    def json(self) -> dict[str, Any]: ...


class SiteEmitter(Protocol):
    """A ruleset's site pages from its checked cards, glossary and coverage rows (a coverage page, and links to
    it, only ``with_coverage``), naming the project's ``sources`` (its folders, and its scenarios for a game whose
    pages list those that show a rule). ``glossary``: the ruleset's own (Any: each reads its own kind)."""

    def __call__(self, cards: Sequence[Any], glossary: Any, registry: Registry, rows: Sequence[coverage.Row],
                 *, with_coverage: bool = True, sources: Sources | None = None) -> dict[str, str]: ...


@dataclass
class Compiled:
    front: Frontend
    checked: list[Any] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    files: int = 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics.has_errors

    @property
    def cards(self) -> int:
        return len(self.checked)

    def python(self) -> dict[str, str]:
        return self.front.emit_python(self.checked)

    def render(self, tests: Path, with_coverage: bool = True, sources: Sources | None = None) -> dict[str, Output]:
        """Its engine package and site section; ``sources``: its project's (by default this repository's card set)."""
        front = self.front
        pages = front.emit_site(self.checked, front.glossary, front.registry, front.coverage(tests),
                                with_coverage=with_coverage, sources=sources)
        site = front.ruleset.site.as_posix()
        folders = tuple(f"{site}/{folder}" for folder in front.site_folders)
        return {front.ruleset.generated.as_posix(): self.python(),
                **site_outputs(pages, front.ruleset, folders, with_coverage)}


@dataclass(frozen=True, eq=False)  # eq=False: hashed as itself, a key of the files it has checked
class Frontend:
    ruleset: Ruleset
    site_folders: tuple[str, ...]  # the folders of its site section the build writes whole (cards/, glossary/)
    glossary: coverage.Glossary
    registry: Registry
    checker: Callable[[Diagnostics], CardChecker]
    to_ast: Callable[[Ruleset, Tree[Token], SourceFile], list[Any]]  # handed its declaration: its parse knows no engine
    emit_python: Callable[[Sequence[Any]], dict[str, str]]
    emit_site: SiteEmitter
    parse_scenario: Callable[[SourceFile, Diagnostics], Any]
    # What is wrong with a scenario as written, and with the project's compiled cards (when they compile), the
    # card titles it names that are none of them.
    check_scenario: Callable[[SourceFile, Any], Diagnostics]
    replay: Callable[[Any, Any], Any]
    summary: Callable[[Any], str]  # a replay's summary, as `spellc play` prints it
    # The keywords its registry declares for cards to write (none where the grammar fixes every word and its
    # vocabularies are declared fields): for the language reference.
    keyword_rows: Callable[[], Sequence[KeywordRow]] = tuple

    @cached_property
    def transform(self) -> Callable[[Tree[Token], SourceFile], list[Any]]:
        """Its ``to_ast`` handed its ruleset's declaration, one callable: a file's parse is kept by it."""
        return partial(self.to_ast, self.ruleset)

    @property
    def outputs(self) -> tuple[str, ...]:
        """The folders and pages a build makes hold exactly what it renders (a file it no longer makes is
        removed), relative to the project root."""
        site = self.ruleset.site.as_posix()
        return (self.ruleset.generated.as_posix(), *(f"{site}/{folder}" for folder in self.site_folders),
                f"{site}/{COVERAGE}")

    def compile(self, files: Sequence[Path], root: Path | None = None) -> Compiled:
        """Parse and check ``files`` (all of this ruleset); every problem is a diagnostic."""
        result = Compiled(self)
        read = list(read_sources(files, root, result.diagnostics))
        ages = {source.path: _modified(path) for path, source in read}
        return self._check([source for _, source in read], result, lambda shown: ages.get(shown, 0))

    def compile_texts(self, sources: Sequence[SourceFile]) -> Compiled:
        """Parse and check card texts (an editor's buffers) as :meth:`compile` does files."""
        return self._check(sources, Compiled(self), lambda shown: 0)

    def scenario_diagnostics(self, source: SourceFile, cards: Any = None) -> Diagnostics:
        """What is wrong with a scenario's text as written (its lines, not yet its replay); with ``cards`` (the
        project's compiled cards), the titles it names that are none of them too."""
        return self.check_scenario(source, cards)

    def terms(self) -> tuple[Any, ...]:
        return tuple(self.glossary.terms)

    def _check(self, sources: Sequence[SourceFile], result: Compiled, age: Age) -> Compiled:
        found: list[tuple[Any, Any]] = []
        written: set[str] = set()  # every title of the set, those of cards that did not parse too
        for source in sources:
            result.files += 1
            checked, titles, problems = checked_file(self, RULESETS[self.ruleset.name], source)
            result.diagnostics.extend(problems)
            written.update(titles)
            found.extend(checked)
        result.checked = self.checker(result.diagnostics).check_set(found, frozenset(written), age)
        return result

    def play(self, source: SourceFile, *, cards: Any, json_out: bool = False, log: bool = False, out: TextIO,
             err: TextIO) -> int:
        diags = Diagnostics()
        scenario = self.parse_scenario(source, diags)
        if scenario is None:
            write_text(err, diags.render())
            return 1
        result: Replayed = self.replay(scenario, cards)
        shown = (json.dumps(result.json(), indent=2) if json_out
                 else "\n".join(result.log) if log else self.summary(result))
        return report_replay(source, shown, result.error, out, err)

    def coverage(self, tests_dir: Path | None = None) -> list[coverage.Row]:
        return coverage.report(self.glossary, self.registry.implemented(), tests_dir, self.ruleset.name)

    def keywords(self) -> Sequence[KeywordRow]:
        return self.keyword_rows()

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        return coverage.unknown_citations(self.glossary, coverage.citations(tests_dir, ruleset=self.ruleset.name))


# A file's cards are checked on their own (only the set's checks read across files): a rebuild at each save or
# keystroke checks again only the file that changed. Checked cards are frozen values.
@lru_cache(maxsize=4096)
def checked_file(front: Frontend, declared: Ruleset, source: SourceFile
                  ) -> tuple[tuple[tuple[Any, Any], ...], tuple[str, ...], tuple[Diagnostic, ...]]:
    """``source``'s cards checked by ``front``'s checker (those without errors), the title of each card it writes
    (those that did not parse too), and every problem found in it. ``declared``: the ruleset as its checks read
    its declarations now, so that a file is checked again under declarations changed since."""
    found = Diagnostics()
    titles: set[str] = set()
    read = parse_file(source, found, card_grammar(front.ruleset.grammar), front.transform, titles)
    checker = front.checker(found)
    checked = tuple(c for node in read or () if (c := checker.check_card(node, source.path)) is not None)
    return checked, (*titles, *(node.title for node in read or ())), tuple(found.items)


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


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
