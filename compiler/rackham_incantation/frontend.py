"""Incantation 2's cards through the compiler: parse and check, render the engine's package and the
site's section, replay a scenario."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from compiler import coverage
from compiler.diagnostics import Diagnostics, write_text
from compiler.frontend import loaded_cards, read_sources, report_replay, site_outputs
from compiler.parse import card_grammar, parse
from compiler.publish import Output
from compiler.rackham_incantation.check import Checked, Checker
from compiler.rackham_incantation.emit_python import emit_python
from compiler.rackham_incantation.emit_site import emit_site
from compiler.rackham_incantation.scenario import parse_scenario
from compiler.rackham_incantation.transform import to_ast
from compiler.source import SourceFile
from engine.rulesets import RULESETS
from engine.rulesets.rackham_incantation.registry import GLOSSARY, REGISTRY
from engine.rulesets.rackham_incantation.scenario import Replay, replay

RULESET = RULESETS["rackham_incantation"]
GENERATED = RULESET.generated.as_posix()
SITE = RULESET.site.as_posix()
SITE_FOLDERS = (f"{SITE}/spells", f"{SITE}/magicians", f"{SITE}/creatures", f"{SITE}/glossary")
SITE_FILES = (f"{SITE}/coverage.md",)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return coverage.report(GLOSSARY, REGISTRY.implemented(), tests_dir, RULESET.name)


@dataclass
class Compiled:
    checked: list[Checked] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    files: int = 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics.has_errors

    @property
    def cards(self) -> int:
        return len(self.checked)

    def render(self, root: Path) -> dict[str, Output]:
        pages = emit_site(self.checked, GLOSSARY, REGISTRY, coverage_report(root / "tests"))
        return {GENERATED: emit_python(self.checked), **site_outputs(pages, RULESET, SITE_FOLDERS, SITE_FILES)}


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    result = Compiled()
    checker = Checker(result.diagnostics)
    grammar = card_grammar(RULESET.grammar)
    found = []
    for _, source in read_sources(files, root, result.diagnostics):
        result.files += 1
        tree = parse(source, result.diagnostics, grammar)
        if tree is None:
            continue
        for node in to_ast(tree, source):
            checked = checker.check_card(node, source.path)
            if checked is not None:
                found.append(checked)
    result.checked = checker.check_set(found)
    return result


def play(source: SourceFile, *, json_out: bool = False, log: bool = False, out: TextIO, err: TextIO) -> int:
    diags = Diagnostics()
    scenario = parse_scenario(source, diags)
    if scenario is None:
        write_text(err, diags.render())
        return 1
    result = replay(scenario, loaded_cards(RULESET))
    shown = (json.dumps(result.json(), indent=2) if json_out
             else "\n".join(result.game.battle.log) if log else summary(result))
    return report_replay(source, shown, result.error, out, err)


def summary(result: Replay) -> str:
    """Each turn's end: every magician's reserve, spells cast and wounds; then the outcome."""
    lines = []
    last = result.game.snapshot()
    shown = [(f"Turn {s['turn']}, after the {s['phase']}:", s) for s in result.snapshots]
    if not result.snapshots or result.snapshots[-1] != last:
        shown.append((f"Turn {last['turn']}, where the script ends ({last['phase']}):", last))
    for heading, snap in shown:
        lines.append(heading)
        for name, m in snap["magicians"].items():
            gems = ", ".join(f"{n} {e}" for e, n in m["gems"].items()) or "no gem"
            cast = m["spells cast"]
            lines.append(f"  {name}: {gems}; {cast} spell{'s' if cast != 1 else ''} cast this turn"
                         + (f", {m['wounds']} wound{'s' if m['wounds'] != 1 else ''}" if m["wounds"] else ""))
    outcome = result.game.outcome
    if outcome is not None:
        lines.append(f"Outcome: {'draw' if outcome.draw else f'camp {outcome.winner} wins'}")
    lines.append(f"{result.checked} expectations held")
    return "\n".join(lines)


@dataclass(frozen=True)
class RackhamIncantation:
    ruleset = RULESET
    outputs = (GENERATED, *SITE_FOLDERS, *SITE_FILES)

    def compile(self, files: Sequence[Path], root: Path | None) -> Compiled:
        return compile_files(files, root)

    def play(self, source: SourceFile, *, json_out: bool, log: bool, out: TextIO, err: TextIO) -> int:
        return play(source, json_out=json_out, log=log, out=out, err=err)

    def coverage(self, tests_dir: Path) -> list[coverage.Row]:
        return coverage_report(tests_dir)

    def unknown_citations(self, tests_dir: Path) -> list[str]:
        return coverage.unknown_citations(GLOSSARY, coverage.citations(tests_dir, ruleset=RULESET.name))


FRONTEND = RackhamIncantation()
