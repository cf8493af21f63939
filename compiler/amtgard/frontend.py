"""Amtgard's abilities through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, timelines and summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spellc.compiler import coverage
from spellc.compiler.amtgard.check import Checked, Checker
from spellc.compiler.amtgard.emit_python import emit_python
from spellc.compiler.amtgard.emit_site import emit_site
from spellc.compiler.amtgard.scenario import parse_scenario, scenario_diagnostics, summary
from spellc.compiler.amtgard.transform import to_ast
from spellc.compiler.frontend import Compiled, Frontend
from spellc.engine.core.registry import Glossary, Registry
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.registry import GLOSSARY, REGISTRY
from spellc.engine.rulesets.amtgard.scenario import replay

SCENARIOS = Path(__file__).resolve().parents[2] / RULESETS["amtgard"].cards / "scenarios"


def site_pages(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[coverage.Row],
               *, with_coverage: bool = True) -> dict[str, str]:
    """The site section, each State's and Special Effect's page listing the scenarios that show it."""
    shown = {p.name: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.scenario"))}
    return emit_site(cards, glossary, registry, rows, shown, with_coverage=with_coverage)


FRONTEND = Frontend(ruleset=RULESETS["amtgard"], site_folders=("abilities", "states", "effects", "glossary"),
                    glossary=GLOSSARY, registry=REGISTRY, checker=Checker, to_ast=to_ast, emit_python=emit_python,
                    emit_site=site_pages, parse_scenario=parse_scenario, check_scenario=scenario_diagnostics,
                    replay=replay, summary=summary)


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    return FRONTEND.compile(files, root)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return FRONTEND.coverage(tests_dir)
