"""The coverage report: for each row of the Glossary, does the engine play it and does a test show it?

A row is *supported* when the ruleset's registry binds its behaviour (the ``implemented`` names a front
end passes in) and at least one test cites it; *not a rule* when it is lore; *unsupported* otherwise, with
what is missing. A redirect ("Voluntary Discard: See Dismiss") reports its target's status. Each ruleset's
terms are cited by the tests of its own folder (``tests/<ruleset>/``; the default ruleset's elsewhere).

Tests cite terms with a marker, several per test if need be::

    @pytest.mark.rule("Energy Exchange")
    def test_energy_exchange_once_per_round(...): ...

Citations are found by reading ``tests/**/*.py`` with :mod:`ast`, without running pytest: decorators on
test functions and ``Test*`` classes, and a module's ``pytestmark``. A cited name is a term's name or a
keyword's name (which stands for the row that defines it).
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from spellc.compiler.diagnostics import did_you_mean
from spellc.compiler.kept import kept, stamps
from spellc.engine.core.ruleset import ruleset_of
from spellc.engine.rulesets import DEFAULT, RULESETS

ROOT = Path(__file__).resolve().parent.parent
SUPPORTED = "supported"
UNSUPPORTED = "unsupported"
NOT_A_RULE = "not a rule"


class Term(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def behaviour(self) -> str | None: ...
    @property
    def keyword(self) -> str | None: ...
    @property
    def not_a_rule(self) -> str | None: ...
    @property
    def unsupported(self) -> str | None: ...


class Glossary(Protocol):
    """What the report reads of a ruleset's glossary."""

    @property
    def terms(self) -> Iterable[Term]: ...
    def term(self, name: str) -> Term | None: ...
    def target(self, term: Any) -> Term: ...  # Any: each glossary takes its own rows
    def citable(self) -> list[str]: ...
    def __hash__(self) -> int: ...  # a report is kept for the same glossary


@dataclass(frozen=True, slots=True)
class Citation:
    """One ``@pytest.mark.rule(...)`` argument; ``name`` is None when it is not a string literal."""

    name: str | None
    test: str  # the pytest node id: tests/test_x.py::test_name
    where: str  # path:line of the marker


@dataclass(frozen=True, slots=True)
class Row:
    term: str
    status: str
    tests: tuple[str, ...]
    reason: str | None
    kind: str
    ruleset: str = DEFAULT

    def json(self) -> dict[str, object]:
        return {"term": self.term, "status": self.status, "tests": list(self.tests), "reason": self.reason,
                "ruleset": self.ruleset}


# ---------------------------------------------------------------------- reading the tests
def _rule_marks(node: ast.expr) -> Iterator[ast.Call]:
    """``pytest.mark.rule(...)`` / ``mark.rule(...)`` calls in a decorator or a ``pytestmark`` value."""
    if isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            yield from _rule_marks(item)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
        owner = node.func.value
        if (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
            isinstance(owner, ast.Name) and owner.id == "mark"
        ):
            yield node


def _cited(calls: Iterable[ast.Call], test: str, path: str) -> Iterator[Citation]:
    for call in calls:
        for arg in call.args or [call]:
            name = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
            yield Citation(name=name, test=test, where=f"{path}:{arg.lineno}")


def _tests(body: list[ast.stmt]) -> Iterator[tuple[list[str], ast.FunctionDef | ast.AsyncFunctionDef, list[ast.expr]]]:
    """(class path, test function, the decorators that apply to it) for every test pytest would collect."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield [], node, node.decorator_list
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for owners, func, decorators in _tests(node.body):
                yield [node.name, *owners], func, [*node.decorator_list, *decorators]


def citations(tests_dir: Path | None = None, root: Path | None = None, ruleset: str | None = None
              ) -> list[Citation]:
    """Every rule citation under ``tests_dir`` (of ``ruleset``'s tests only, when given), in file and line
    order."""
    tests_dir = tests_dir or ROOT / "tests"
    return list(_citations(root or tests_dir.parent, test_files(tests_dir, ruleset)))


def test_files(tests_dir: Path, ruleset: str | None) -> tuple[tuple[str, int, int], ...]:
    """The test files under ``tests_dir`` (of ``ruleset``'s tests only, when given), each with its modification
    time and size, in path order: what the citations are read from, and what keys them."""
    files = []
    for where, _, names in os.walk(tests_dir):
        folder = Path(where).relative_to(tests_dir) / "_"  # the ruleset of a folder's files
        if ruleset is None or ruleset_of(folder, RULESETS, DEFAULT).name == ruleset:
            files += [os.path.join(where, name) for name in names if name.endswith(".py")]
    return tuple(stamps(sorted(files, key=lambda f: Path(f).parts)))


# Kept for the same test files as they are now, in this process and between processes: most builds read
# tests that have not changed since the last one.
@lru_cache(maxsize=16)
def _citations(root: Path, files: tuple[tuple[str, int, int], ...]) -> tuple[Citation, ...]:
    def read() -> list[tuple[str | None, str, str]]:
        return [(c.name, c.test, c.where) for path, modified, size in files
                for c in _file_citations(Path(path), Path(path).relative_to(root).as_posix(), modified, size)]

    of = [str(root), [path for path, _, _ in files]]
    return tuple(Citation(*c) for c in kept("citations", of, [str(root), files], read,
                                                 list[list[str | None]]))


# `mark.rule` as Python may write it: the tokens `mark`, `.` and `rule`, with spaces, line breaks, comments or
# a backslash's line continuation between them. A file without it holds no rule marker.
_GAP = r"(?:\s|#[^\n]*|\\\n)*"
_MARK_RULE = re.compile(rf"\bmark{_GAP}\.{_GAP}rule\b")


@lru_cache(maxsize=1024)  # a build reads every test file's markers: again only for a file that changed
def _file_citations(path: Path, rel: str, modified: int, size: int) -> tuple[Citation, ...]:
    """The rule citations of one test file (``modified`` and ``size`` key the cache: the file as it is now)."""
    text = path.read_text(encoding="utf-8")
    if not _MARK_RULE.search(text):  # most test files cite no rule: not parsed
        return ()
    module = ast.parse(text, filename=rel)
    marks = [call for node in module.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
             for call in _rule_marks(node.value)]
    out: list[Citation] = []
    for owners, func, decorators in _tests(module.body):
        test = "::".join([rel, *owners, func.name])
        calls = [*marks, *(call for d in decorators for call in _rule_marks(d))]
        out.extend(_cited(calls, test, rel))
    return tuple(out)


def unknown_citations(registry: Glossary, cited: Iterable[Citation]) -> list[str]:
    """One message per citation that names no glossary term (or keyword), with a suggestion."""
    names = registry.citable()
    out = []
    for c in cited:
        if c.name is None:
            out.append(f"{c.where}: {c.test}: @pytest.mark.rule takes the term's name as a string literal")
        elif registry.term(c.name) is None:
            hint = did_you_mean(c.name, names)
            out.append(f"{c.where}: {c.test}: {c.name!r} is not a glossary term"
                       + (f"; {hint[0].removeprefix('help: ')}" if hint else ""))
    return out


# ---------------------------------------------------------------------- the report
def _status(term: Term, tests: tuple[str, ...], implemented: frozenset[str]) -> tuple[str, str | None]:
    if term.kind == "lore":
        return NOT_A_RULE, term.not_a_rule
    if term.behaviour is None and term.unsupported:
        return UNSUPPORTED, term.unsupported
    if term.behaviour is None:
        return UNSUPPORTED, f"no engine behaviour: keyword '{term.keyword}' is not bound to one yet"
    if term.behaviour not in implemented:
        return UNSUPPORTED, f"no engine behaviour '{term.behaviour}'"
    if not tests:
        return UNSUPPORTED, "no test cites it"
    return SUPPORTED, None


def report(reg: Glossary, implemented: frozenset[str], tests_dir: Path | None = None,
           ruleset: str = DEFAULT) -> list[Row]:
    """One row per glossary term of ``ruleset``, in the glossary's order, cited by the tests in ``tests_dir``;
    where there are none (an installed spellc ships no tests), by the citations shipped with it."""
    tests_dir = tests_dir or ROOT / "tests"
    if not tests_dir.is_dir():
        return list(_report(reg, implemented, ruleset, shipped_citations().get(ruleset, ())))
    return list(_report(reg, implemented, ruleset, _cited_tests(tests_dir.parent, test_files(tests_dir, ruleset))))


Cited = tuple[tuple[str, tuple[str, ...]], ...]  # each name a test cites, and the tests citing it, in order


@lru_cache(maxsize=16)  # the same at every build until a test file changes
def _cited_tests(root: Path, files: tuple[tuple[str, int, int], ...]) -> Cited:
    cited: dict[str, set[str]] = defaultdict(set)
    for c in _citations(root, files):
        if c.name is not None:
            cited[c.name].add(c.test)
    return tuple((name, tuple(sorted(tests))) for name, tests in sorted(cited.items()))


# The tests' citations as an installed spellc ships them (it ships no tests): per ruleset, each name cited and
# the tests citing it. `python -m spellc.compiler.coverage` writes the file; a test checks it is current.
SHIPPED = Path(__file__).with_name("citations.json")


@lru_cache(maxsize=1)
def shipped_citations() -> dict[str, Cited]:
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {ruleset: tuple((name, tuple(tests)) for name, tests in cited) for ruleset, cited in data.items()}


def citations_to_ship(tests_dir: Path = ROOT / "tests") -> str:
    """The text of the shipped citations file, read from ``tests_dir``."""
    data = {name: [[term, list(tests)] for term, tests in _cited_tests(tests_dir.parent, test_files(tests_dir, name))]
            for name in RULESETS}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


@lru_cache(maxsize=16)  # the same at every build until a test file changes
def _report(reg: Glossary, implemented: frozenset[str], ruleset: str, cited_tests: Cited) -> tuple[Row, ...]:
    cited: dict[str, set[str]] = defaultdict(set)
    for name, tests in cited_tests:
        term = reg.term(name)
        if term is not None:
            cited[term.name].update(tests)
    rows = []
    for term in reg.terms:
        # A redirect stands for its target, unless it names a keyword of its own (Absolute Free Action).
        target = reg.target(term) if term.keyword is None else term
        tests = tuple(sorted(cited[term.name] | cited[target.name]))
        status, reason = _status(target, tests, implemented)
        if target is not term and reason is not None:
            reason = f"as '{target.name}': {reason}"
        rows.append(Row(term=term.name, status=status, tests=tests, reason=reason, kind=target.kind,
                        ruleset=ruleset))
    return tuple(rows)


def summary(rows: Iterable[Row]) -> str:
    rows = list(rows)
    supported = sum(r.status == SUPPORTED for r in rows)
    not_rules = sum(r.status == NOT_A_RULE for r in rows)
    return f"{supported} of {len(rows)} glossary terms supported, {not_rules} not rules"


def percent_supported(rows: Iterable[Row]) -> float:
    """Supported rows as a percentage of the rows that are rules (lore left out)."""
    rules = [r for r in rows if r.status != NOT_A_RULE]
    return 100.0 * sum(r.status == SUPPORTED for r in rules) / len(rules) if rules else 100.0


def table(rows: Iterable[Row]) -> str:
    """The rows as a text table (with each row's ruleset, when there are several), then the summary."""
    rows = list(rows)
    several = len({r.ruleset for r in rows}) > 1
    width = max((len(r.term) for r in rows), default=4)
    games = max((len(r.ruleset) for r in rows), default=7) if several else 0
    first = f"{'ruleset':<{games}}  " if several else ""
    lines = [f"{first}{'term':<{width}}  {'status':<11}  tests / reason",
             f"{'-' * games + '  ' if several else ''}{'-' * width}  {'-' * 11}  {'-' * 14}"]
    for r in rows:
        detail = f"{len(r.tests)} test{'s' * (len(r.tests) != 1)}" if r.status == SUPPORTED else r.reason or ""
        game = f"{r.ruleset:<{games}}  " if several else ""
        lines.append(f"{game}{r.term:<{width}}  {r.status:<11}  {detail}")
    lines.append(summary(rows))
    return "\n".join(lines)


if __name__ == "__main__":  # python -m spellc.compiler.coverage: write the shipped citations
    SHIPPED.write_text(citations_to_ship(), encoding="utf-8")
    print(f"wrote {SHIPPED.relative_to(ROOT)}")
