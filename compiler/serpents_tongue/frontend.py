"""Serpent's Tongue's cards through the compiler: parse and check, render the engine's modules and the
site's pages, replay a scenario."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TextIO

from spellc.compiler import coverage
from spellc.compiler.diagnostics import Diagnostic, Diagnostics, write_text
from spellc.compiler.frontend import COVERAGE, read_sources, report_replay, site_outputs
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.parse import card_grammar, parse_blocks
from spellc.compiler.publish import Output
from spellc.compiler.serpents_tongue.check import Checker
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import coverage_report, emit_site
from spellc.compiler.serpents_tongue.model import CheckedNamShub, CheckedSpell
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.serpents_tongue.transform import to_ast
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.registry import Keyword, Registry, Term, load
from spellc.engine.rulesets.serpents_tongue.scenario import Replay, replay

RULESET = RULESETS["serpents_tongue"]
GENERATED = RULESET.generated.as_posix()
SITE = RULESET.site.as_posix()
# The site's pages under site/docs/<ruleset>/ that the build writes (rules.md is written by hand).
SITE_FOLDERS = (f"{SITE}/spells", f"{SITE}/glossary")
SITE_FILES = (f"{SITE}/{COVERAGE}",)


@dataclass
class CompileResult:
    spells: list[CheckedSpell] = field(default_factory=list)
    nam_shubs: list[CheckedNamShub] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    files: int = 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics.has_errors

    @property
    def cards(self) -> int:
        return len(self.spells)

    def python(self) -> dict[str, str]:
        return emit_python(self.spells, self.nam_shubs)

    def render(self, tests: Path, with_coverage: bool = True) -> dict[str, Output]:
        return render(tests, self, with_coverage)


def spell_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.spell")))
        else:
            out.append(p)
    return out


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def compile_paths(paths: Iterable[Path], root: Path | None = None, registry: Registry | None = None
                  ) -> CompileResult:
    """Parse and check every ``.spell`` file under ``paths``; collect all diagnostics."""
    result = CompileResult()
    sources = list(read_sources(spell_files(paths), root, result.diagnostics))
    # shown path → modification time, so a clash blames the newer card
    ages = {source.path: _modified(path) for path, source in sources}
    return check_sources([source for _, source in sources], result, ages, registry)


def check_sources(sources: Iterable[SourceFile], result: CompileResult, ages: dict[str, int] | None = None,
                  registry: Registry | None = None) -> CompileResult:
    """Parse and check ``sources`` into ``result``; a title two cards share blames the newer file (``ages``)."""
    ages = ages or {}
    registry = registry or load()
    for source in sources:
        result.files += 1
        spells, pages, found = _checked_file(source, registry)
        result.diagnostics.extend(found)
        result.spells.extend(spells)
        result.nam_shubs.extend(pages)
    checker = Checker(registry, result.diagnostics)
    result.spells = checker.check_titles(result.spells, result.nam_shubs, lambda shown: ages.get(shown, 0))
    return result


# A file's cards are checked on their own (only titles are compared across files, above): a rebuild at each
# save or keystroke checks again only the file that changed. Checked cards are frozen values. Its tree and
# AST are not kept (parse_blocks, not parse_file): a rebuild never asks for them again, and they were half of what a
# build left for the collector to walk.
@lru_cache(maxsize=4096)
def _checked_file(source: SourceFile, registry: Registry
                  ) -> tuple[tuple[CheckedSpell, ...], tuple[CheckedNamShub, ...], tuple[Diagnostic, ...]]:
    found = Diagnostics()
    read = parse_blocks(source, found, card_grammar(RULESET.grammar))  # the cards that parse are checked too
    if read is None:
        return (), (), tuple(found.items)
    file = to_ast(read.tree, source)
    checker = Checker(registry, found)
    return tuple(checker.check_file(file)), tuple(checker.check_nam_shubs(file)), tuple(found.items)


def render(tests: Path, result: CompileResult, with_coverage: bool = True) -> dict[str, Output]:
    """Every output's new contents, rendered before anything is written (a failing emitter writes nothing);
    the coverage pages read the rule markers of the tests in ``tests``, and are made ``with_coverage`` only."""
    registry = load()
    site_files = emit_site(result.spells, registry, coverage_report(registry, tests), result.nam_shubs,
                           with_coverage)
    return {GENERATED: result.python(),
            **site_outputs(site_files, RULESET, SITE_FOLDERS, with_coverage)}


def play(source: SourceFile, *, cards: CardLibrary, json_out: bool = False, log: bool = False, out: TextIO,
         err: TextIO) -> int:
    """Replay a scenario against ``cards`` (the compiled cards); its summary, JSON or log to ``out``."""
    diags = Diagnostics()
    scenario = parse_scenario(source, diags)
    if scenario is None:
        write_text(err, diags.render())
        return 1
    result = replay(scenario, cards)
    shown = (json.dumps(result.json(), indent=2) if json_out
             else "\n".join(result.game.log) if log else summary(result))
    return report_replay(source, shown, result.error, out, err)


def summary(result: Replay) -> str:
    """Each round's end: every being's energies and zones; then the outcome."""
    game = result.game
    lines: list[str] = []
    # An Encounter that lacks an energy has none to show (it "is always considered to be zero").
    energies = ("essence", "resonance") if game.level1 else ("essence", "resonance", "harmony", "will")
    snaps = [(f"End of round {snap['round']}:", snap) for snap in result.rounds]
    if result.stopped is not None:
        snaps.append((f"Round {result.stopped['round']}, where the script stops (line {result.stopped['line']}):",
                      result.stopped))
    for head, snap in snaps:
        lines.append(head)
        for name, b in snap["beings"].items():
            zones = "; ".join(
                f"{zone}: " + ", ".join(_card(c) for c in cards)
                for zone, cards in b["zones"].items() if cards
            )
            shown = ", ".join(f"{b[e]} {e.capitalize()}" for e in energies if e in b)
            lines.append(f"  {name}: {shown}" + (f"  [{zones}]" if zones else ""))
    outcome = game.outcome
    if outcome is not None:
        lines.append(f"Outcome: {'draw' if outcome.draw else f'{outcome.winner} wins'}"
                     f" ({', '.join(outcome.incapacitated) or 'nobody'} incapacitated)")
    lines.append(f"{result.checked} expectations held")
    return "\n".join(lines)


def _card(c: dict[str, object]) -> str:
    counters = c["counters"]
    assert isinstance(counters, dict)
    extra = ", ".join(f"{k} {v}" for k, v in counters.items())
    return f"{c['title']}" + (f" ({extra})" if extra else "")


def parameters(k: Keyword) -> str:
    """What a keyword takes after its name (before it, for ``! 2 Actions``), as the reference shows it: the
    last ``optional`` ones in brackets, the words a parameter may be, the qualifiers it may carry."""
    shown = [f"[{p}]" if i >= len(k.params) - k.optional else p for i, p in enumerate(k.params)]
    text = ", ".join(shown)
    if k.leading_count:
        text = f"{text} (written before the name)"
    if k.choices:
        text += f"; one of {', '.join(k.choices)}"
    if k.qualifiers:
        text += f"; qualified by {', '.join(k.qualifiers)}"
    return text


@dataclass(frozen=True)
class SerpentsTongue:
    ruleset = RULESET
    outputs = (GENERATED, *SITE_FOLDERS, *SITE_FILES)

    def compile(self, files: Sequence[Path], root: Path | None) -> CompileResult:
        return compile_paths(files, root)

    def play(self, source: SourceFile, *, cards: CardLibrary, json_out: bool, log: bool, out: TextIO,
             err: TextIO) -> int:
        return play(source, cards=cards, json_out=json_out, log=log, out=out, err=err)

    def coverage(self, tests_dir: Path) -> list[coverage.Row]:
        return coverage_report(tests_dir=tests_dir)

    def keywords(self) -> list[KeywordRow]:
        return [KeywordRow(k.name, k.kind, parameters(k), ", ".join(k.roles)) for k in load().keywords.values()]

    def compile_texts(self, sources: Sequence[SourceFile]) -> CompileResult:
        return check_sources(sources, CompileResult())

    def scenario_diagnostics(self, source: SourceFile) -> Diagnostics:
        diags = Diagnostics()
        parse_scenario(source, diags)
        return diags

    def terms(self) -> tuple[Term, ...]:
        return load().terms

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        return coverage.unknown_citations(load(), coverage.citations(tests_dir, ruleset=RULESET.name))


FRONTEND = SerpentsTongue()
