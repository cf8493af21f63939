"""Amtgard's abilities through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, timelines and summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spellc.compiler import coverage
from spellc.compiler.amtgard.check import Checked, Checker
from spellc.compiler.amtgard.emit_python import emit_python
from spellc.compiler.amtgard.emit_site import emit_site
from spellc.compiler.amtgard.scenario import parse_scenario
from spellc.compiler.amtgard.transform import to_ast
from spellc.compiler.frontend import Compiled, Frontend
from spellc.engine.core.registry import Glossary, Registry
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.registry import GLOSSARY, REGISTRY
from spellc.engine.rulesets.amtgard.scenario import Replay, replay


def summary(result: Replay) -> str:
    """Where the timeline ends: each player's life, States, enchantments, armor and wounds."""
    final = result.game.snapshot()
    lines = [f"At {final['time']} s:"] if final["players"] else []  # none: the match was never set up
    for name, p in final["players"].items():
        parts = ["alive" if p["alive"] else "dead"]
        parts += [", ".join(p["states"])] if p["states"] else []
        parts += [f"enchanted with {', '.join(p['enchantments'])}"] if p["enchantments"] else []
        parts += [f"Magic Armor {', '.join(f'{n} on {loc}' for loc, n in p['magic armor'].items())}"] \
            if p["magic armor"] else []
        parts += [f"wounded in {', '.join(p['wounds'])}"] if p["wounds"] else []
        lines.append(f"  {name}: {'; '.join(parts)}")
    lines.append(f"{result.checked} expectations held")
    return "\n".join(lines)


SCENARIOS = Path(__file__).resolve().parents[2] / RULESETS["amtgard"].cards / "scenarios"


def site_pages(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[coverage.Row],
               *, with_coverage: bool = True) -> dict[str, str]:
    """The site section, each State's and Special Effect's page listing the scenarios that show it."""
    shown = {p.name: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.scenario"))}
    return emit_site(cards, glossary, registry, rows, shown, with_coverage=with_coverage)


FRONTEND = Frontend(ruleset=RULESETS["amtgard"], site_folders=("abilities", "states", "effects", "glossary"),
                      glossary=GLOSSARY, registry=REGISTRY, checker=Checker, to_ast=to_ast, emit_python=emit_python,
                      emit_site=site_pages, parse_scenario=parse_scenario, replay=replay, summary=summary,
                      log=lambda result: result.game.field.log)


def compile_files(files: Sequence[Path], root: Path | None = None) -> Compiled:
    return FRONTEND.compile(files, root)


def coverage_report(tests_dir: Path | None = None) -> list[coverage.Row]:
    return FRONTEND.coverage(tests_dir)
