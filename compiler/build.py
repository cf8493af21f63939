"""The compiler's façade: a card project (or a workspace of them) in; each project's checked cards,
diagnostics and outputs out.

A card file belongs to the project whose ``spellc.toml`` is nearest above it (:mod:`compiler.project`), and
is read by that project's ruleset. Every output of every project, and a workspace's home page, is rendered in
memory first and then published as one transaction (:mod:`compiler.publish`), so a failing, interrupted or
concurrent build never leaves half-written or mismatched outputs.
"""

from __future__ import annotations

import gc
import hashlib
import importlib
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TextIO

from jinja2 import Template

from spellc.compiler import journal
from spellc.compiler.balance import BALANCE, balance_output
from spellc.compiler.card_site import Sources
from spellc.compiler.diagnostics import Diagnostics, shown, write_text
from spellc.compiler.frontend import Compiled, Frontend
from spellc.compiler.kept import kept, stamps
from spellc.compiler.language_reference import PAGE as REFERENCE
from spellc.compiler.language_reference import language_page, language_template
from spellc.compiler.memory_import import load_package
from spellc.compiler.project import (
    CARD_SUFFIX,
    REPOSITORY,
    TESTS,
    Project,
    Workspace,
    example_files,
    project_of,
    projects,
    refuse_outside,
    source_files,
    workspace_of,
)
from spellc.compiler.publish import Output, PublishError, left_warning, publish
from spellc.compiler.site_home import HOME, home_page
from spellc.compiler.source import SourceFile, Undecodable, read_regular, shown_path
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS


class Frontends(Mapping[str, Frontend]):
    """Each ruleset's front end, by the ruleset's name. A front end is the module ``spellc.compiler.<name>.frontend``,
    found by the ruleset's name (as Forge finds a card's API) and imported when it is first asked for: a command
    imports only the games it works on (importing all four took half a second at every start)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Frontend] = {}

    def __getitem__(self, name: str) -> Frontend:
        if name not in self._loaded:
            if name not in RULESETS:
                raise KeyError(name)
            self._loaded[name] = importlib.import_module(f"spellc.compiler.{name}.frontend").FRONTEND
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(RULESETS)

    def __len__(self) -> int:
        return len(RULESETS)


FRONTENDS = Frontends()


def outputs() -> tuple[str, ...]:
    """Every folder and page a build of this repository's workspace replaces (or removes: a shipped project's
    Balance section where it has no studies), relative to its root."""
    return (*(out for f in FRONTENDS.values()
              for out in (*f.outputs, f"{f.ruleset.site}/{REFERENCE}", f"{f.ruleset.site}/{BALANCE}")), HOME)


@dataclass
class Build:
    """Each project's checked cards, in the order they were given."""

    compiled: dict[Project, Compiled] = field(default_factory=dict)
    left: list[Path] = field(default_factory=list)  # files in the outputs spellc did not write, left in place
    reused: journal.Journal | None = None  # the last build's, when nothing changed since: nothing was done

    @property
    def diagnostics(self) -> Diagnostics:
        return Diagnostics([d for c in self.compiled.values() for d in c.diagnostics.items])

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.compiled.values())

    @property
    def files(self) -> int:
        return self.reused.files if self.reused else sum(c.files for c in self.compiled.values())

    def counts(self) -> str:
        if self.reused:
            return self.reused.counts
        return ", ".join(f"{p.ruleset.title}: {plural(c.cards, 'card')}" for p, c in self.compiled.items())


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def reference_page(ruleset: Ruleset) -> str:
    """The language reference of ``ruleset``: the same for every project of it, its examples read from the
    card set this repository ships for it."""
    cards, scenarios = example_files(ruleset, REPOSITORY / ruleset.cards)
    return _reference_page(ruleset, tuple(cards), tuple(scenarios), tuple(stamps((*cards, *scenarios))),
                           language_template())


# Kept for the same example files as they are now and the same template (Jinja makes a new one when its file
# is edited, even in a running process); between processes too, under the template's stamps as well (the code,
# grammar and glossary it reads are in every key, but the code digest is taken once per process).
@lru_cache(maxsize=16)
def _reference_page(ruleset: Ruleset, cards: tuple[Path, ...], scenarios: tuple[Path, ...],
                    read: tuple[tuple[str, int, int], ...], template: Template) -> str:
    return kept("reference", ruleset.name, [read, stamps([template.filename] if template.filename else [])],
                lambda: language_page(ruleset, cards, scenarios, FRONTENDS[ruleset.name].keywords(), template), str)


def ruleset_for(path: Path, explicit: Path | None = None) -> Ruleset:
    """The ruleset a card or scenario file is written for: its project's (raises ProjectError outside one)."""
    return project_of(path, explicit).ruleset


@contextmanager
def collecting_after() -> Iterator[None]:
    """No cycle collection until the block ends. A build makes hundreds of thousands of objects and frees
    none of them before it ends; each collection walks them all again, for nothing (half of turning parse
    trees into ASTs, a third of rendering). Its garbage is collected once, after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@cache  # once per process
def settle() -> None:
    """For a command that goes on rebuilding (`spellc site --serve`, the language server), after its first
    build: the garbage collected once, then everything left set aside from later collections (gc.freeze).
    What is left is mostly what the build keeps for the next one (each file's parse and check, each page's
    rendering), alive as long as the process; each collection of the whole heap walked it all again (10 ms at
    500 spells, most of a rebuild after an edit). The collector then walks only what later builds make (an
    object set aside is still freed when nothing refers to it)."""
    gc.collect()
    gc.freeze()


def compile_project(project: Project, files: Iterable[Path] | None = None, shown_from: Path | None = None
                    ) -> Compiled:
    """Parse and check ``files`` (by default every card of ``project``) by the project's ruleset; paths in
    diagnostics are shown from ``shown_from``."""
    cards = project.card_files() if files is None else list(files)
    with collecting_after():
        return FRONTENDS[project.ruleset.name].compile(cards, shown_from)


def compile_sources(paths: Iterable[Path], shown_from: Path | None = None, explicit: Path | None = None) -> Build:
    """Parse and check every card file under ``paths``, each by the ruleset of its project (or of
    ``explicit``, the project ``--project`` names). Raises ProjectError for a file in no project."""
    by_project: dict[Project, list[Path]] = {}
    found: dict[Path, Project] = {}  # a folder's project
    for p in paths:
        for file in sorted(source_files(p, CARD_SUFFIX)) if p.is_dir() else [p]:
            folder = file.parent  # a real folder (links to folders are not followed), unlike the file
            project = found[folder] = found.get(folder) or project_of(folder, explicit)
            by_project.setdefault(project, []).append(project.own(file))
    return Build({project: compile_project(project, files, shown_from) for project, files in by_project.items()})


def base_of(target: Project | Workspace) -> Path:
    """The folder a build's outputs are named from: a workspace's, or the nearest folder holding a project
    and its outputs."""
    if isinstance(target, Workspace):
        return target.root
    return Path(os.path.commonpath([target.root, *target.outputs]))


def render(target: Project | Workspace, built: Build, base: Path, tests: Path = TESTS) -> dict[str, Output]:
    """Every output's new contents keyed from ``base``, rendered before anything is written (a failing emitter
    writes nothing)."""
    outputs: dict[str, Output] = {}
    for project, compiled in built.compiled.items():
        outputs.update(project.relocate(compiled.render(tests, project.coverage, sources(project, base)), base))
        outputs[(project.site / REFERENCE).relative_to(base).as_posix()] = reference_page(project.ruleset)
        # None (no studies folder): a Balance section written before goes
        outputs[(project.site / BALANCE).relative_to(base).as_posix()] = balance_output(project)
    if isinstance(target, Workspace) and target.home is not None:
        outputs[target.home.relative_to(base).as_posix()] = home_page(p.ruleset for p in target.members)
    return outputs


def sources(project: Project, base: Path) -> Sources:
    """What the project's pages say of its files: its folders as shown from ``base``, and its scenarios' texts by
    file name. A scenario that cannot be read or decoded is left out: `spellc check` and `spellc play` say why."""
    texts: dict[str, str] = {}
    for file in project.scenario_files():
        try:
            texts[file.name] = read_regular(file).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return Sources(f"{shown_path(project.cards, base)}/", f"{shown_path(project.scenarios, base)}/", texts)


def build(target: Project | Workspace, tests: Path = TESTS, allow_outside: bool = False, remember: bool = True
          ) -> Build:
    """Compile every card of ``target``'s projects into their compiled cards and site pages (nothing on error);
    nothing at all when nothing it reads or wrote has changed since the last build (:mod:`compiler.journal`).
    A process that goes on rebuilding (`spellc site --serve`) keeps what it needs in memory instead: with
    ``remember`` false no journal is read or written (a new one would cost a rebuild a third more at 5,000 cards).

    The coverage pages read the rule markers of ``tests`` (see :mod:`compiler.coverage`). Raises
    :class:`compiler.project.ProjectError` for outputs outside the project (unless ``allow_outside``) and
    :class:`compiler.publish.PublishError` when the outputs cannot be written; they are then as they were.
    """
    if not allow_outside:
        refuse_outside(projects(target))
    workspace = workspace_of(target)
    if remember:
        started = journal.clock(workspace)
        inputs = journal.stamps(journal.read_paths(target, tests))
        last = journal.read(workspace)
        if last is not None and last.holds(inputs):
            return Build(reused=last, left=[Path(p) for p in last.left])
    journal.forget(workspace)
    with collecting_after():
        built = compile_target(target)
        if built.ok:
            base = base_of(target)
            rendered = render(target, built, base, tests)
            published = publish(base, rendered, workspace)
            built.left = [base / path for path in published.left]
            if remember:
                journal.write(workspace, journal.Journal(
                    code=journal.code(), clock=started, inputs=inputs,
                    outputs={**published.stamps, **journal.stamps(journal.folders(base, rendered))},
                    counts=built.counts(), files=built.files,
                    said=built.diagnostics.render() if built.diagnostics.items else "",
                    left=[str(path) for path in built.left]))
    return built


def build_reported(target: Project | Workspace, err: TextIO, allow_outside: bool = False, remember: bool = True
                   ) -> Build | None:
    """:func:`build`, as a command says it: every diagnostic and failure written to ``err``; the build when its
    outputs were published (or were as the last build left them), else None (they are then as they were)."""
    try:
        built = build(target, allow_outside=allow_outside, remember=remember)
    except PublishError as error:
        write_text(err, shown(f"spellc: error: {error}"))
        return None
    said = built.reused.said if built.reused else built.diagnostics.render() if built.diagnostics.items else ""
    if said:
        write_text(err, said)
    if not built.ok:
        write_text(err, "spellc: build failed; nothing was written")
        return None
    for path in built.left:
        write_text(err, left_warning(path))
    return built


def compile_target(target: Project | Workspace) -> Build:
    """Every card of ``target``'s projects, checked; paths shown from where it publishes."""
    return Build({project: compile_project(project, shown_from=base_of(target)) for project in projects(target)})


class CardErrors(Exception):
    """A project's cards do not compile: nothing of them can be played."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        super().__init__("the project's cards have errors")
        self.diagnostics = diagnostics


_LIBRARIES: dict[str, Any] = {}  # the digest of a project's sources → its cards, compiled and imported, or errors


@dataclass(frozen=True, slots=True)
class CardTexts:
    """A project's card files as read once, each by its path as shown from the current folder: what a study's
    every match plays with, whatever is edited while it runs, in whichever process or machine plays it."""

    ruleset: str
    files: tuple[tuple[str, bytes | None], ...]  # None: a file that could not be read

    @classmethod
    def of(cls, project: Project) -> CardTexts:
        files: list[tuple[str, bytes | None]] = []
        for file in project.card_files():
            try:
                files.append((shown_path(file, Path.cwd()), read_regular(file)))
            except OSError:  # compiling it says why, located
                files.append((shown_path(file, Path.cwd()), None))
        return cls(project.ruleset.name, tuple(files))

    @property
    def key(self) -> str:
        digest = hashlib.sha256(self.ruleset.encode())
        for path, data in self.files:
            digest.update(f"\0{path}\0".encode() + (b"\0unreadable" if data is None else data))
        return digest.hexdigest()


def library(project: Project) -> Any:
    """The compiled cards of ``project`` as its sources say now (:func:`library_of` them)."""
    return library_of(CardTexts.of(project))


def checked_library(project: Project) -> Any | None:
    """The compiled cards of ``project``, or None while one of them has an error: a scenario's titles are then not
    checked against them (the card's own error is said where it is)."""
    try:
        return library(project)
    except CardErrors:
        return None


def library_of(texts: CardTexts) -> Any:
    """The compiled cards of ``texts``: compiled in memory and imported from there (never from a generated/
    folder, which may be older than its sources); once per process for the same texts. Raises
    :class:`CardErrors` when a card has an error."""
    key = texts.key
    if key not in _LIBRARIES:
        compiled = _compiled_texts(texts)
        # A card in error is kept as its errors: the language server asks again at each edit of a scenario.
        _LIBRARIES[key] = (load_package(f"_spellc_cards_{key[:16]}", compiled.python()).LIBRARY if compiled.ok
                           else compiled.diagnostics)
    if isinstance(found := _LIBRARIES[key], Diagnostics):
        raise CardErrors(found)
    return found


def _compiled_texts(texts: CardTexts) -> Compiled:
    front = FRONTENDS[texts.ruleset]
    sources, unread = [], Diagnostics()
    for path, data in texts.files:
        try:
            if data is None:
                raise OSError("it cannot be read")
            sources.append(SourceFile.decode(path, data))
        except Undecodable as err:
            unread.error("E000", err.message, err.span, "help: save the file as UTF-8")
        except OSError as err:
            unread.error("E000", f"cannot read file: {err}", SourceFile(path, "").end)
    with collecting_after():
        compiled = front.compile_texts(sources)
    compiled.diagnostics.extend(unread.items)
    return compiled
