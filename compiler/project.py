"""Card projects: a folder with a ``spellc.toml`` that names its ruleset and its folders.

Every command works on the nearest project above the current folder (or above the file it is given), the
way git and ruff find theirs, or on the one ``--project`` names. A project's manifest::

    [project]
    ruleset = "amtgard"            # the game its cards are written for
    cards = "cards"                # its .spell files, searched recursively
    scenarios = "scenarios"        # its .scenario files
    studies = "studies"            # its *.sim.toml studies (spellc sim), shown in the site's Balance section

    [output]
    python = "generated"           # the compiled cards: a Python package
    site = "site"                  # the reference pages of its cards
    mkdocs = "mkdocs.yml"          # the site's mkdocs configuration, read by `spellc site`

    [site]
    coverage = false               # a coverage page: the glossary against the engine's tests (the repository's)

Every path is relative to the manifest's folder, and each has the default shown. A *workspace* manifest
gathers projects instead, as Cargo's and uv's do; this repository's own card sets are its members::

    [workspace]
    members = ["cards_src/*"]      # folders (globs) each holding a project's spellc.toml
    home = "site/docs/index.md"    # a home page listing the members' games
    mkdocs = "site/mkdocs.yml"     # the whole site's mkdocs configuration (default: mkdocs.yml)

A manifest that cannot be read is a located diagnostic, never a traceback.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from spellc.compiler.diagnostics import Diagnostics, did_you_mean, shown
from spellc.compiler.publish import WORKSPACE, Output
from spellc.compiler.source import SourceFile, Span, Undecodable, number, read_regular, shown_path
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS

MANIFEST = "spellc.toml"
CARD_SUFFIX = ".spell"
SCENARIO_SUFFIX = ".scenario"
# The repository this compiler ships in: its card sets are projects of its workspace.
REPOSITORY = Path(__file__).resolve().parent.parent
# The tests whose rule markers the coverage pages read: the engine's own, beside this compiler (an installed spellc
# ships none, and reads their citations shipped with it instead: compiler/coverage.py).
TESTS = REPOSITORY / "tests"
# More examples for each game's language page, for the forms no shipped card or scenario writes: a file of each
# kind per ruleset, beside the card set the repository ships for it.
EXAMPLES = Path(__file__).with_name("templates") / "language"
TABLES = {"project": {"ruleset", "cards", "scenarios", "studies"}, "output": {"python", "site", "mkdocs"},
          "site": {"coverage"}, "workspace": {"members", "home", "mkdocs"}}
DEFAULTS = {"cards": "cards", "scenarios": "scenarios", "studies": "studies", "python": "generated", "site": "site",
            "mkdocs": "mkdocs.yml"}
# The settings that are true or false, not paths. The coverage page reports the glossary against the tests of
# the engine's repository: that repository's site shows it (its card sets set it); a designer's, when asked.
SWITCHES = {"coverage": False}


@dataclass(frozen=True, slots=True)
class Project:
    """One card set: its ruleset, where its sources are and where a build writes."""

    root: Path  # the folder holding its spellc.toml
    boundary: Path  # the folder everything it reads and writes lies in: its own, or its workspace's
    ruleset: Ruleset
    cards: Path
    scenarios: Path
    studies: Path  # its studies (spellc sim), which the site's Balance section shows
    python: Path  # the compiled cards' package folder
    site: Path  # its reference pages
    mkdocs: Path  # the configuration of the site that shows them
    coverage: bool = False  # whether its site has a coverage page ([site] coverage)

    @property
    def outputs(self) -> tuple[Path, ...]:
        return (self.python, self.site)

    def outside(self) -> list[tuple[str, Path]]:
        """Each output (its setting and folder) that resolves outside the project's boundary: a build writes and
        removes files there only when the user says so on the command line."""
        return [(key, path) for key, path in (("python", self.python), ("site", self.site))
                if not path.is_relative_to(self.boundary)]

    def card_files(self) -> list[Path]:
        """Its card files, in path order. A cards folder that is missing, or a card file that is a link out of
        the project, is a :class:`ProjectError`: never an empty build, never a file read from elsewhere."""
        if not self.cards.is_dir():
            raise missing_folder(self, "cards")
        return sorted(self.own(path) for path in source_files(self.cards, CARD_SUFFIX))

    def scenario_files(self) -> list[Path]:
        """Its scenario files, in path order (none without a scenarios folder: a project need not have one); a link
        out of the project is a :class:`ProjectError`, as for its cards."""
        if not self.scenarios.is_dir():
            return []
        return sorted(self.own(path) for path in source_files(self.scenarios, SCENARIO_SUFFIX))

    def own(self, path: Path) -> Path:
        """``path``, a source file found in the project, unless it is a link out of it (a :class:`ProjectError`:
        spellc reads only the project's own files)."""
        if path.is_symlink() and not path.resolve().is_relative_to(self.boundary):
            raise ProjectError(f"{shown_path(path, Path.cwd())} is a link to {path.resolve()}, outside the project: "
                               "spellc reads only the project's own files")
        return path

    def relocate(self, outputs: Mapping[str, Output], base: Path) -> dict[str, Output]:
        """A front end's outputs (keyed as in the repository's layout, ``generated/<ruleset>/...`` and
        ``site/docs/<ruleset>/...``) keyed instead by where this project writes them, relative to ``base``."""
        moved: dict[str, Output] = {}
        for key, value in outputs.items():
            path = PurePath(key)
            if path.is_relative_to(self.ruleset.generated):
                dest = self.python / path.relative_to(self.ruleset.generated)
            else:
                dest = self.site / path.relative_to(self.ruleset.site)
            moved[dest.relative_to(base).as_posix()] = value
        return moved



@dataclass(frozen=True, slots=True)
class Workspace:
    """Several projects built together, and the home page that lists their games."""

    root: Path
    members: tuple[Project, ...]
    home: Path | None
    mkdocs: Path  # the configuration of the site that shows them all


class ProjectError(Exception):
    """No project, or a manifest that says something wrong: ``diagnostics`` locates it when it can."""

    def __init__(self, message: str, diagnostics: Diagnostics | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics or Diagnostics()

    def render(self) -> str:
        if self.diagnostics.items:
            return self.diagnostics.render()
        return shown(f"spellc: error: {self.message}")


def source_files(folder: Path, suffix: str) -> list[Path]:
    """The files named ``*suffix`` under ``folder``, in no order; links to folders are not followed (a project
    linking to ``/`` would have every file of the machine searched)."""
    found: list[Path] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                found += source_files(Path(entry.path), suffix)
            elif entry.name.endswith(suffix):
                found.append(Path(entry.path))
    return found


def missing_folder(project: Project, key: str) -> ProjectError:
    """The error of a project whose folder ``key`` (cards, scenarios) is not there, located in its manifest."""
    source, _ = read_manifest(project.root / MANIFEST)
    folder: Path = getattr(project, key)
    near = [p.name for p in folder.parent.iterdir() if p.is_dir()] if folder.parent.is_dir() else []
    diags = Diagnostics()
    diags.error("E016", f"the {key} folder {shown_path(folder, Path.cwd())} does not exist (a mistyped name would "
                "build nothing, and remove every page of a card)", where(source, key),
                *did_you_mean(folder.name, near))
    return ProjectError(f"{source.path}: no {key} folder", diags)


def refuse_outside(projects: Iterable[Project]) -> None:
    """Refuse outputs that resolve outside their project (through '..', an absolute path or a link): a build
    removes from its outputs what it no longer makes. The user may allow it on the command line."""
    diags = Diagnostics()
    for project in projects:
        for key, path in project.outside():
            source, _ = read_manifest(project.root / MANIFEST)
            diags.error("E017", f"the {key} output resolves outside the project (to {path}): a build writes there "
                        "and removes the files it no longer makes", where(source, key),
                        "help: name a folder inside the project, or pass --allow-outside-outputs if that folder "
                        "is yours to build into")
    if diags.has_errors:
        raise ProjectError("outputs outside the project", diags)


def find_manifest(start: Path) -> Path | None:
    """The nearest ``spellc.toml`` in ``start`` (a folder, or a file's folder) or any folder above it."""
    here = start.resolve()
    folder = here if here.is_dir() else here.parent
    for candidate in (folder, *folder.parents):
        if (candidate / MANIFEST).is_file():
            return candidate / MANIFEST
    return None


def locate(start: Path, explicit: Path | None = None) -> Project | Workspace:
    """The project (or workspace) a command works on: ``explicit`` (``--project``: a folder or its manifest)
    when given, else the nearest manifest above ``start``. Raises :class:`ProjectError` when there is none."""
    if explicit is not None:
        named = explicit / MANIFEST if explicit.is_dir() else explicit
        if not named.is_file():
            raise ProjectError(f"--project {explicit}: no {MANIFEST} there")
        return load(named)
    manifest = find_manifest(start)
    if manifest is None:
        raise ProjectError(f"{shown_path(start, Path.cwd())} is in no card project: no {MANIFEST} in it or any "
                           f"folder above it; create one with `spellc new PATH --ruleset NAME` (rulesets: "
                           f"{', '.join(RULESETS)}), or name one with --project")
    return load(manifest)


def project_of(file: Path, explicit: Path | None = None) -> Project:
    """The project a card or scenario file belongs to (a workspace's member that holds it)."""
    found = locate(file, explicit)
    if isinstance(found, Project):
        return found
    for member in found.members:
        if file.resolve().is_relative_to(member.root):
            return member
    raise ProjectError(f"{shown_path(file, Path.cwd())} is in the workspace {found.root} but in none of its "
                       f"projects; move it into one, or name one with --project")


def projects(target: Project | Workspace) -> tuple[Project, ...]:
    return target.members if isinstance(target, Workspace) else (target,)


def workspace_of(target: Project | Workspace) -> Path:
    """The folder of the build's lock, staging area and journal: inside the project (or its workspace), always."""
    return (target.root if isinstance(target, Workspace) else target.boundary) / WORKSPACE


def example_files(ruleset: Ruleset, shipped: Path) -> tuple[list[Path], list[Path]]:
    """The card and scenario files a ruleset's language page reads its examples from: the card set shipped in
    ``shipped``, then the ruleset's own example files."""
    extra = EXAMPLES / ruleset.name
    cards = sorted(shipped.rglob("*.spell")) + sorted(extra.glob("*.spell"))
    scenarios = sorted(shipped.rglob("*.scenario")) + sorted(extra.glob("*.scenario"))
    return cards, scenarios


def shipped(ruleset: str) -> Project:
    """The card set this repository ships for ``ruleset`` (``cards_src/<ruleset>/``)."""
    found = load(REPOSITORY / "cards_src" / ruleset / MANIFEST)
    assert isinstance(found, Project), f"cards_src/{ruleset}/{MANIFEST} declares no project"
    return found


def load(manifest: Path, boundary: Path | None = None) -> Project | Workspace:
    """Read a manifest; a problem in it is a :class:`ProjectError` located in the file. A project's files lie in
    ``boundary``: given for a workspace's member, else the workspace above that lists it, else its own folder."""
    source, data = read_manifest(manifest)
    diags = Diagnostics()
    root = manifest.resolve().parent
    if "workspace" in data:
        return _workspace(root, source, data["workspace"], diags)
    return _project(root, boundary or _enclosing_workspace(root) or root, source, data, diags)


def read_manifest(manifest: Path) -> tuple[SourceFile, dict[str, Any]]:
    """A manifest's text and tables, checked; raises :class:`ProjectError` with located diagnostics."""
    diags = Diagnostics()
    try:
        source = SourceFile.read(manifest, Path.cwd())
    except Undecodable as err:
        diags.error("E010", f"{MANIFEST} {err.message}", err.span, "help: save the file as UTF-8")
        raise ProjectError(f"{shown_path(manifest, Path.cwd())}: the manifest has errors", diags) from err
    except OSError as err:
        raise ProjectError(f"cannot read {shown_path(manifest, Path.cwd())}: {err.strerror or err}") from err
    data = _parse(source, diags)
    if data is not None:
        _check_tables(source, data, diags)
    if data is None or diags.has_errors:
        raise ProjectError(f"{source.path}: the manifest has errors", diags)
    return source, data


def _enclosing_workspace(root: Path) -> Path | None:
    """The folder of the nearest manifest above ``root`` when it is a workspace that lists ``root`` as a member
    (a member's outputs may lie anywhere in its workspace, as this repository's do)."""
    manifest = find_manifest(root.parent)
    if manifest is None:
        return None
    try:
        data = tomllib.loads(read_regular(manifest).decode("utf-8"))
    except (OSError, ValueError):
        return None
    members = data.get("workspace", {}).get("members") if isinstance(data.get("workspace"), dict) else None
    if not isinstance(members, list):
        return None
    folder = manifest.parent
    for pattern in members:
        if isinstance(pattern, str) and _member_pattern_problem(pattern) is None and root in _matches(folder, pattern):
            return folder
    return None


_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # NUL, a newline, ESC...: no file name spellc reads or writes has one


def _parse(source: SourceFile, diags: Diagnostics) -> dict[str, Any] | None:
    try:
        return tomllib.loads(source.text)
    except tomllib.TOMLDecodeError as err:
        at = _AT.search(str(err))
        line, column = (number(at[1]), number(at[2])) if at else (1, 1)
        diags.error("E010", f"{MANIFEST} is not valid TOML: {_AT.sub('', str(err)).strip()}",
                    Span(source, line, column, line, column + 1))
        return None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        diags.error("E010", f"{MANIFEST} nests arrays or tables too deep to read", Span(source, 1, 1, 1, 2))
        return None
    except ValueError:  # tomllib reads an integer with int(): over 4,300 digits, it raises this instead
        long = _LONG_NUMBER.search(source.text)
        start = long.start() if long else 0
        line = source.text.count("\n", 0, start) + 1
        column = start - (source.text.rfind("\n", 0, start) + 1) + 1
        diags.error("E010", f"{MANIFEST} holds a number of over 4,300 digits, which TOML cannot read",
                    Span(source, line, column, line, column + 1))
        return None


_LONG_NUMBER = re.compile(r"[0-9_]{4300,}")
MAX_PATH = 1024  # characters in a path setting; a folder's name is at most 255 bytes on common file systems


def where(source: SourceFile, key: str) -> Span:
    """The line that sets ``key`` (a table's header for a table), else the file's first line."""
    pattern = re.compile(rf"^\s*(\[{re.escape(key)}\]|{re.escape(key)}\s*=)", re.M)
    found = pattern.search(source.text)
    if found is None:
        return Span(source, 1, 1, 1, 2)
    line = source.text.count("\n", 0, found.start(1)) + 1
    column = found.start(1) - (source.text.rfind("\n", 0, found.start(1)) + 1) + 1
    return Span(source, line, column, line, column + len(key))


def _check_tables(source: SourceFile, data: dict[str, Any], diags: Diagnostics) -> None:
    if not data.keys() & {"project", "workspace"}:
        diags.error("E011", "a manifest needs a [project] or a [workspace] table", Span(source, 1, 1, 1, 2))
    for table, value in data.items():
        if table == "sim":  # a project holds several studies, each with its results beside it: a file each
            diags.error("E011", "a study is declared in a file of its own, not in the manifest", where(source, table),
                        "help: move this table's settings, without its [sim] line, into studies/NAME.sim.toml; "
                        "`spellc sim` plays it")
            continue
        if table not in TABLES:
            diags.error("E011", f"unknown table [{table}]", where(source, table), *did_you_mean(table, TABLES))
            continue
        if not isinstance(value, dict):
            diags.error("E011", f"{table} must be a table: [{table}]", where(source, table))
            continue
        for key, setting in value.items():
            if key not in TABLES[table]:
                diags.error("E011", f"unknown setting {key!r} in [{table}]", where(source, key),
                            *did_you_mean(key, TABLES[table]))
            elif key in SWITCHES:
                if not isinstance(setting, bool):
                    diags.error("E011", f"{key} must be true or false, not {_toml_type(setting)}",
                                where(source, key), f"help: write {key} = true")
            elif key != "members" and not isinstance(setting, str):
                diags.error("E011", f"{key} must be text (a path or a name)", where(source, key))
            elif key != "members" and (control := _CONTROL.search(setting)):
                diags.error("E011", f"{key} holds a control character ({control[0]!r}): a path or a name of "
                            "spellc's is printable text", where(source, key))
            elif key != "members" and (len(setting) > MAX_PATH or
                                       any(len(part.encode()) > 255 for part in setting.split("/"))):
                diags.error("E011", f"{key} is a path of {len(setting):,} characters: no folder of a file system "
                            "is named so long (at most 255 bytes a name)", where(source, key))


def _toml_type(value: object) -> str:
    """What a TOML value is, in TOML's words: a setting of the wrong type names what it was given."""
    kinds = ((str, "text"), (bool, "a boolean"), (int, "a number"), (float, "a number"), (list, "an array"),
             (dict, "a table"))
    return next((kind for cls, kind in kinds if isinstance(value, cls)), "a date or time")


def _project(root: Path, boundary: Path, source: SourceFile, data: dict[str, Any], diags: Diagnostics) -> Project:
    settings = {**DEFAULTS, **data.get("project", {}), **data.get("output", {})}
    name = settings.get("ruleset")
    if name not in RULESETS:
        said = f"no ruleset is named {name!r}" if name else "the project names no ruleset"
        diags.error("E012", f"{said} (the rulesets: {', '.join(RULESETS)})", where(source, "ruleset"),
                    *did_you_mean(str(name or ""), RULESETS))
        raise ProjectError(f"{source.path}: the manifest has errors", diags)
    folder = {key: _resolved(root, source, key, settings[key]) for key in DEFAULTS}
    for key in ("cards", "scenarios", "studies", "mkdocs"):  # read only: never outside, whatever the command says
        if not folder[key].is_relative_to(boundary):
            diags.error("E015", f"{key} is {settings[key]!r}, which resolves outside the project (to "
                        f"{folder[key]}): spellc reads only the project's own files", where(source, key),
                        f"help: name a folder inside {shown_path(boundary, Path.cwd())}")
    _check_outputs(source, folder, root, diags)
    return Project(root=root, boundary=boundary, ruleset=RULESETS[name], cards=folder["cards"],
                   scenarios=folder["scenarios"], studies=folder["studies"], python=folder["python"],
                   site=folder["site"], mkdocs=folder["mkdocs"], **{**SWITCHES, **data.get("site", {})})


def _check_outputs(source: SourceFile, folder: dict[str, Path], root: Path, diags: Diagnostics) -> None:
    """A build replaces its output folders whole: never one that is, or holds, the project's own folder, its
    cards or its scenarios, nor one inside the other output."""
    for output in ("python", "site"):
        out = folder[output]
        for kept, path in (("the project's folder", root), ("its cards", folder["cards"]),
                           ("its scenarios", folder["scenarios"]), ("its studies", folder["studies"])):
            if out == path or out in path.parents:
                diags.error("E014", f"the {output} output would replace {kept} ({shown_path(path, Path.cwd())}): "
                            "a build removes from its outputs every file it does not make", where(source, output),
                            f"help: give it a folder of its own, such as {DEFAULTS[output]!r}")
                break
    python, site = folder["python"], folder["site"]
    if python == site or python in site.parents or site in python.parents:
        diags.error("E014", "the python and site outputs overlap: a build replaces each whole",
                    where(source, "site"))
    if diags.has_errors:
        raise ProjectError(f"{source.path}: the manifest has errors", diags)


def _check_members(source: SourceFile, root: Path, members: list[Project], diags: Diagnostics) -> None:
    """A workspace publishes every member's outputs as one transaction under its own folder: each output inside
    it, and no two members writing the same one."""
    seen: dict[Path, Path] = {}
    for member in members:
        for out in member.outputs:
            if root not in out.parents:
                diags.error("E013", f"the member {shown_path(member.root, root)} writes {out}, outside the workspace",
                            where(source, "members"))
            elif out in seen:
                diags.error("E013", f"the members {shown_path(seen[out], root)} and {shown_path(member.root, root)} "
                            f"both write {shown_path(out, root)}", where(source, "members"))
            seen[out] = member.root


def _workspace(root: Path, source: SourceFile, table: dict[str, Any], diags: Diagnostics) -> Workspace:
    members = table.get("members", [])
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        diags.error("E011", "members must be a list of folders: members = [\"cards_src/*\"]",
                    where(source, "members"))
        raise ProjectError(f"{source.path}: the manifest has errors", diags)
    found: list[Project] = []
    for pattern in members:
        problem = _member_pattern_problem(pattern)
        if problem is not None:
            diags.error("E013", f"the member {pattern!r} {problem}", where(source, "members"),
                        'help: name folders inside the workspace, such as "cards_src/*"')
            continue
        folders = [p for p in _matches(root, pattern) if p != root and p.is_relative_to(root)]
        if not folders:
            diags.error("E013", f"no project matches the member {pattern!r}", where(source, "members"))
        for folder in folders:
            member = load(folder / MANIFEST, boundary=root)
            if isinstance(member, Workspace):
                diags.error("E013", f"{folder.name} is a workspace: a member is a project", where(source, "members"))
            else:
                found.append(member)
    _check_members(source, root, found, diags)
    home, mkdocs = (_inside(root, source, key, table.get(key), diags) for key in ("home", "mkdocs"))
    if diags.has_errors:
        raise ProjectError(f"{source.path}: the manifest has errors", diags)
    return Workspace(root=root, members=tuple(found), home=home,
                     mkdocs=mkdocs or (root / DEFAULTS["mkdocs"]).resolve())


def _resolved(root: Path, source: SourceFile, key: str, setting: str) -> Path:
    """The path ``setting`` (of ``key``) from ``root``, links followed; a loop of links is a located error."""
    try:
        return (root / setting).resolve()
    except (OSError, RuntimeError) as err:  # RuntimeError: a loop of symbolic links
        diags = Diagnostics()
        diags.error("E015", f"{key} is {setting!r}, which cannot be resolved: {err}", where(source, key))
        raise ProjectError(f"{source.path}: the manifest has errors", diags) from err


def _member_pattern_problem(pattern: str) -> str | None:
    """Why a workspace's member pattern is refused, or None: members are folders inside the workspace."""
    if not pattern or pattern in (".", "./"):
        return "is the workspace itself: a workspace gathers projects in folders of its own"
    if PurePath(pattern).is_absolute():
        return "is an absolute path"
    if ".." in PurePath(pattern).parts:
        return "leaves the workspace ('..')"
    if _CONTROL.search(pattern):
        return "holds a control character"
    if len(pattern) > MAX_PATH or any(len(part.encode()) > 255 for part in pattern.split("/")):
        return "is longer than any folder's name can be"
    if any("**" in part and part != "**" for part in pattern.split("/")):
        return "writes '**' inside a name: '**' matches whole folders only (cards_src/**)"
    return None


def _matches(root: Path, pattern: str) -> list[Path]:
    """The folders under ``root`` matching the member ``pattern`` that hold a manifest, as real paths."""
    try:
        return sorted({p.resolve() for p in root.glob(pattern) if (p / MANIFEST).is_file()})
    except (ValueError, OSError):  # a pattern pathlib refuses, or a name the file system does
        return []


def _inside(root: Path, source: SourceFile, key: str, setting: str | None, diags: Diagnostics) -> Path | None:
    """The workspace's file ``setting`` (its ``key``), which must lie inside the workspace."""
    if setting is None:
        return None
    path = _resolved(root, source, key, setting)
    if not path.is_relative_to(root):
        diags.error("E015", f"{key} is {setting!r}, which resolves outside the workspace (to {path})",
                    where(source, key), f"help: name a file inside {shown_path(root, Path.cwd())}")
    return path
