"""Serpent's Tongue's cards through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, scenarios and summary. Its checked cards are its spells (an Encounter's with them) and its Nam-Shubs'
pages, which its emitters take apart."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from spellc.compiler import coverage
from spellc.compiler.diagnostics import Diagnostics, write_text
from spellc.compiler.frontend import Compiled, Frontend, report_replay
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.serpents_tongue.check import Checker
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.model import CheckedNamShub, CheckedSpell
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.serpents_tongue.transform import to_ast
from spellc.compiler.source import SourceFile
from spellc.engine.core.registry import Registry as Bindings
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.bindings import REGISTRY as BINDINGS
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.registry import Keyword, Registry, load
from spellc.engine.rulesets.serpents_tongue.scenario import Replay, replay

RULESET = RULESETS["serpents_tongue"]


def spells(checked: Compiled | Iterable[Any]) -> list[CheckedSpell]:
    """The spells among a compilation's checked cards (or among ``checked``), in the order they were read."""
    return [c for c in (checked.checked if isinstance(checked, Compiled) else checked) if isinstance(c, CheckedSpell)]


def nam_shubs(checked: Compiled | Iterable[Any]) -> list[CheckedNamShub]:
    """The Nam-Shubs' pages among a compilation's checked cards (or among ``checked``)."""
    return [c for c in (checked.checked if isinstance(checked, Compiled) else checked)
            if isinstance(c, CheckedNamShub)]


def spell_files(paths: Iterable[Path]) -> list[Path]:
    """Each ``.spell`` file under ``paths`` (a folder's, sorted), and each file named."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.spell")))
        else:
            out.append(p)
    return out


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


def python_modules(checked: Sequence[Any]) -> dict[str, str]:
    return emit_python(spells(checked), nam_shubs(checked))


def site_pages(cards: Sequence[Any], glossary: Registry, registry: Bindings, rows: Sequence[coverage.Row], *,
               with_coverage: bool = True) -> dict[str, str]:
    """Its site section; its registry of keywords is its glossary too."""
    return emit_site(spells(cards), glossary, rows, nam_shubs(cards), with_coverage)


def keywords() -> list[KeywordRow]:
    return [KeywordRow(k.name, k.kind, parameters(k), ", ".join(k.roles)) for k in load().keywords.values()]


FRONTEND = Frontend(ruleset=RULESET, site_folders=("spells", "glossary"), glossary=load(), registry=BINDINGS,
                      checker=partial(Checker, load()), to_ast=to_ast, emit_python=python_modules,
                      emit_site=site_pages, parse_scenario=parse_scenario, replay=replay, summary=summary,
                      log=lambda result: result.game.log, keyword_rows=keywords)


def compile_files(paths: Iterable[Path], root: Path | None = None) -> Compiled:
    """Parse and check every ``.spell`` file under ``paths``."""
    return FRONTEND.compile(spell_files(paths), root)
