"""Serpent's Tongue's cards through the compiler: the stages of compiler.frontend, with this game's checker,
emitters, scenarios and summary. Its checked cards are its spells (an Encounter's with them) and its Nam-Shubs'
pages, which its emitters take apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from spellc.compiler import coverage
from spellc.compiler.card_site import Sources
from spellc.compiler.frontend import Compiled, Frontend
from spellc.compiler.language_reference import KeywordRow
from spellc.compiler.serpents_tongue.check import Checker
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.model import CheckedNamShub, CheckedSpell
from spellc.compiler.serpents_tongue.scenario import parse_scenario, scenario_diagnostics, summary
from spellc.compiler.serpents_tongue.transform import to_ast
from spellc.engine.core.registry import Registry as Bindings
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.bindings import REGISTRY as BINDINGS
from spellc.engine.rulesets.serpents_tongue.bindings import STEP_KINDS
from spellc.engine.rulesets.serpents_tongue.registry import Keyword, Registry, load
from spellc.engine.rulesets.serpents_tongue.scenario import replay

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
               with_coverage: bool = True, sources: Sources | None = None) -> dict[str, str]:
    """Its site section; its registry of keywords is its glossary too. Its gallery names the project's ``sources``
    (by default this repository's card set); no page lists its scenarios yet."""
    return emit_site(spells(cards), glossary, rows, nam_shubs(cards), with_coverage, sources)


def keywords() -> list[KeywordRow]:
    return [KeywordRow(k.name, k.kind, parameters(k), ", ".join(k.roles)) for k in load().keywords.values()]


# Its transformer is handed the step kinds its engine declares: a card's parse knows no engine.
FRONTEND = Frontend(ruleset=RULESET, site_folders=("spells", "glossary"), glossary=load(), registry=BINDINGS,
                    checker=partial(Checker, load()), to_ast=partial(to_ast, STEP_KINDS), emit_python=python_modules,
                    emit_site=site_pages,
                    parse_scenario=parse_scenario, check_scenario=scenario_diagnostics, replay=replay, summary=summary,
                    keyword_rows=keywords)


def compile_files(paths: Iterable[Path], root: Path | None = None) -> Compiled:
    """Parse and check every ``.spell`` file under ``paths``."""
    return FRONTEND.compile(spell_files(paths), root)
