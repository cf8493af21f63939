"""Amtgard's abilities through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, timelines and summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spellc.compiler import coverage
from spellc.compiler.amtgard.check import Checker
from spellc.compiler.amtgard.emit_python import emit_python
from spellc.compiler.amtgard.emit_site import emit_site
from spellc.compiler.amtgard.scenario import parse_scenario, scenario_diagnostics, summary
from spellc.compiler.amtgard.transform import to_ast
from spellc.compiler.frontend import Compiled, Frontend
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.registry import GLOSSARY, REGISTRY
from spellc.engine.rulesets.amtgard.scenario import replay

FRONTEND = Frontend(ruleset=RULESETS["amtgard"], site_folders=("abilities", "states", "effects", "glossary"),
                    glossary=GLOSSARY, registry=REGISTRY, checker=Checker, to_ast=to_ast, emit_python=emit_python,
                    emit_site=emit_site, parse_scenario=parse_scenario, check_scenario=scenario_diagnostics,
                    replay=replay, summary=summary)


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    return FRONTEND.compile(files, root)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return FRONTEND.coverage(tests_dir)
