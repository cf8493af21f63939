"""Incantation 2's cards through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, scenarios and summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spellc.compiler import coverage
from spellc.compiler.frontend import Compiled, Frontend
from spellc.compiler.rackham_incantation.check import Checker
from spellc.compiler.rackham_incantation.emit_python import emit_python
from spellc.compiler.rackham_incantation.emit_site import emit_site
from spellc.compiler.rackham_incantation.scenario import parse_scenario
from spellc.compiler.rackham_incantation.transform import to_ast
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.registry import GLOSSARY, REGISTRY
from spellc.engine.rulesets.rackham_incantation.scenario import Replay, replay


def summary(result: Replay) -> str:
    """Each turn's end: every magician's reserve, spells cast and wounds; then the outcome."""
    lines = []
    shown = [(f"Turn {s['turn']}, after the {s['phase']}:", s) for s in result.snapshots]
    last = result.stopped
    if last is not None:
        when = f"Turn {last['turn']}" if last["turn"] else "Before the first turn"  # turn 0: none has begun
        phase = f" ({last['phase']})" if last["phase"] else ""
        shown.append((f"{when}, where the script ends{phase}:", last))
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


FRONTEND = Frontend(ruleset=RULESETS["rackham_incantation"],
                      site_folders=("spells", "magicians", "creatures", "glossary"), glossary=GLOSSARY,
                      registry=REGISTRY, checker=Checker, to_ast=to_ast, emit_python=emit_python,
                      emit_site=emit_site, parse_scenario=parse_scenario, replay=replay, summary=summary,
                      log=lambda result: result.game.battle.log)


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    return FRONTEND.compile(files, root)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return FRONTEND.coverage(tests_dir)
