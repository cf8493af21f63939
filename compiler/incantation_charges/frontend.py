"""Incantation charges' cards through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, scenarios and summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spellc.compiler import coverage
from spellc.compiler.frontend import Compiled, Frontend
from spellc.compiler.incantation_charges.check import Checker
from spellc.compiler.incantation_charges.emit_python import emit_python
from spellc.compiler.incantation_charges.emit_site import emit_site
from spellc.compiler.incantation_charges.scenario import parse_scenario
from spellc.compiler.incantation_charges.transform import to_ast
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges.registry import GLOSSARY, REGISTRY
from spellc.engine.rulesets.incantation_charges.scenario import Replay, replay


def summary(result: Replay) -> str:
    """Each phase's end: every entity's Health, charges and state; then the outcome."""
    lines = []
    for snap in result.snapshots:
        lines.append(f"Round {snap['round']}, end of the {snap['phase']}:")
        for name, e in snap["entities"].items():
            state = [s for s in ("incanting", "pretending", "warded") if e[s]]
            charges = f"{e['charges']} charge" + ("s" if e["charges"] != 1 else "")
            lines.append(f"  {name}: {e['health']} Health, {charges}"
                         + (f", {', '.join(state)}" if state else "")
                         + (f"  [hand: {', '.join(e['zones']['hand'])}]" if e["zones"]["hand"] else ""))
    outcome = result.game.outcome
    if outcome is not None:
        lines.append(f"Outcome: {'draw' if outcome.draw else f'side {outcome.winner} wins'}"
                     f" ({', '.join(outcome.incapacitated) or 'nobody'} defeated)")
    lines.append(f"{result.checked} expectations held")
    return "\n".join(lines)


FRONTEND = Frontend(ruleset=RULESETS["incantation_charges"], site_folders=("cards", "glossary"), glossary=GLOSSARY,
                      registry=REGISTRY, checker=Checker, to_ast=to_ast, emit_python=emit_python,
                      emit_site=emit_site, parse_scenario=parse_scenario, replay=replay, summary=summary,
                      log=lambda result: result.game.table.log)


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    return FRONTEND.compile(files, root)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return FRONTEND.coverage(tests_dir)
