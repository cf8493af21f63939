"""The front end of a ruleset whose cards compile to plain values (Incantation charges, Incantation 2): parse
and check its card files, render its engine package and its site section, replay its scenarios, report its
coverage. A ruleset gives the pieces that are its own (:class:`ValueCards`' fields); the stages around them are
the same for each, and written once here. Nothing here knows a game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from lark import Token, Tree

from spellc.compiler import coverage
from spellc.compiler.diagnostics import Diagnostics, write_text
from spellc.compiler.frontend import COVERAGE, ReplayStop, read_sources, report_replay, site_outputs
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.parse import card_grammar, parse_file
from spellc.compiler.publish import Output
from spellc.compiler.source import SourceFile
from spellc.engine.core.registry import Glossary, Registry
from spellc.engine.core.ruleset import Ruleset


class CardChecker(Protocol):
    """A ruleset's checker: each card on its own, then the set (titles, and what cards name of each other)."""

    def check_card(self, node: Any, path: str) -> tuple[Any, Any] | None: ...
    def check_set(self, found: list[tuple[Any, Any]], written: frozenset[str]) -> list[Any]:
        """``written``: the title of every card of the set, those with errors too (a card that names one of
        them is not told that no such card exists: its own errors are said at it)."""
        ...


class Replayed(Protocol):
    """A ruleset's scenario replay, as ``spellc play`` shows it."""

    @property
    def error(self) -> ReplayStop | None: ...
    def json(self) -> dict[str, Any]: ...


class SiteEmitter(Protocol):
    """A ruleset's site pages from its checked cards, glossary and coverage rows (a coverage page, and links to
    it, only ``with_coverage``)."""

    def __call__(self, cards: Sequence[Any], glossary: Glossary, registry: Registry, rows: Sequence[coverage.Row],
                 *, with_coverage: bool = True) -> dict[str, str]: ...


@dataclass
class Compiled:
    front: ValueCards
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

    def render(self, tests: Path, with_coverage: bool = True) -> dict[str, Output]:
        front = self.front
        pages = front.emit_site(self.checked, front.glossary, front.registry, front.coverage(tests),
                                with_coverage=with_coverage)
        site = front.ruleset.site.as_posix()
        folders = tuple(f"{site}/{folder}" for folder in front.site_folders)
        return {front.ruleset.generated.as_posix(): self.python(),
                **site_outputs(pages, front.ruleset, folders, with_coverage)}


@dataclass(frozen=True)
class ValueCards:
    ruleset: Ruleset
    site_folders: tuple[str, ...]  # the folders of its site section the build writes whole (cards/, glossary/)
    glossary: Glossary
    registry: Registry
    checker: Callable[[Diagnostics], CardChecker]
    to_ast: Callable[[Tree[Token], SourceFile], list[Any]]
    emit_python: Callable[[Sequence[Any]], dict[str, str]]
    emit_site: SiteEmitter
    parse_scenario: Callable[[SourceFile, Diagnostics], Any]
    replay: Callable[[Any, Any], Any]
    summary: Callable[[Any], str]  # a replay's summary, as `spellc play` prints it
    log: Callable[[Any], list[str]]  # a replay's log, for `spellc play --log`

    @property
    def outputs(self) -> tuple[str, ...]:
        site = self.ruleset.site.as_posix()
        return (self.ruleset.generated.as_posix(), *(f"{site}/{folder}" for folder in self.site_folders),
                f"{site}/{COVERAGE}")

    def compile(self, files: Sequence[Path], root: Path | None = None) -> Compiled:
        result = Compiled(self)
        return self._check([source for _, source in read_sources(files, root, result.diagnostics)], result)

    def compile_texts(self, sources: Sequence[SourceFile]) -> Compiled:
        return self._check(sources, Compiled(self))

    def scenario_diagnostics(self, source: SourceFile) -> Diagnostics:
        diags = Diagnostics()
        self.parse_scenario(source, diags)
        return diags

    def terms(self) -> tuple[Any, ...]:
        return self.glossary.terms

    def _check(self, sources: Sequence[SourceFile], result: Compiled) -> Compiled:
        checker = self.checker(result.diagnostics)
        found = []
        written: set[str] = set()  # every title of the set, those of cards that did not parse too
        for source in sources:
            result.files += 1
            read = parse_file(source, result.diagnostics, card_grammar(self.ruleset.grammar), self.to_ast, written)
            for node in read or ():
                written.add(node.title)
                checked = checker.check_card(node, source.path)
                if checked is not None:
                    found.append(checked)
        result.checked = checker.check_set(found, frozenset(written))
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
                 else "\n".join(self.log(result)) if log else self.summary(result))
        return report_replay(source, shown, result.error, out, err)

    def coverage(self, tests_dir: Path | None = None) -> list[coverage.Row]:
        return coverage.report(self.glossary, self.registry.implemented(), tests_dir, self.ruleset.name)

    def keywords(self) -> tuple[KeywordRow, ...]:
        return ()  # its words are its grammar's and its vocabulary's: the reference reads the grammar

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        return coverage.unknown_citations(self.glossary, coverage.citations(tests_dir, ruleset=self.ruleset.name))
