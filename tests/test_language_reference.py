"""The language reference (issue 13): "generated from the grammar and the registry, one page per ruleset: every
card field, every keyword with its parameters and roles, every rules-text step form and scenario line, each
with an example that the test suite compiles"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.build import FRONTENDS, REFERENCE, reference_page
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.language_reference import (
    CARD_SECTIONS,
    SCENARIO_SECTIONS,
    keyword_examples,
    reference,
    sections,
    syntax,
)
from spellc.compiler.parse import card_grammar, grammar_text
from spellc.compiler.project import EXAMPLES, example_files, shipped
from spellc.compiler.serpents_tongue.scenario import parse_scenario as parse_serpents_tongue_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
NAMES = sorted(RULESETS)


def sources(name: str) -> tuple[list[Path], list[Path]]:
    return example_files(RULESETS[name], shipped(name).root)


@pytest.mark.parametrize("name", NAMES)
def test_every_form_of_the_grammar_has_an_example(name: str) -> None:
    cards, scenarios = sources(name)
    card_sections, scenario_sections = reference(RULESETS[name], cards, scenarios)
    assert card_sections and scenario_sections
    missing = [f"{s.title}: {f.name} ({f.syntax})" for s in (*card_sections, *scenario_sections) for f in s.forms
               if f.example is None]
    assert not missing, f"write an example of each in {EXAMPLES / name}: {missing}"


@pytest.mark.parametrize("name", NAMES)
def test_every_keyword_has_its_parameters_roles_and_an_example(name: str) -> None:
    cards, _ = sources(name)
    rows = keyword_examples(FRONTENDS[name].keywords(), cards)
    assert not [k.name for k in rows if k.example is None]
    if name == "serpents_tongue":  # the one registry of keywords with parameters and roles
        dmg = next(k for k in rows if k.name == "Dmg")
        assert dmg.params.startswith("amount") and "Physical" in dmg.params


@pytest.mark.parametrize("name", NAMES)
def test_the_example_cards_compile(name: str) -> None:
    files = sorted((EXAMPLES / name).glob("*.spell"))
    compiled = FRONTENDS[name].compile(files, ROOT)
    assert compiled.ok, compiled.diagnostics.render()


@pytest.mark.parametrize("name", NAMES)
def test_the_example_scenarios_parse(name: str) -> None:
    front: Any = FRONTENDS[name]
    read = getattr(front, "parse_scenario", parse_serpents_tongue_scenario)
    for path in sorted((EXAMPLES / name).glob("*.scenario")):
        diags = Diagnostics()
        assert read(SourceFile.read(path, ROOT), diags) is not None, diags.render()


@pytest.mark.parametrize("name", NAMES)
def test_the_published_page_is_the_reference_of_the_grammar(name: str) -> None:
    page = ROOT / RULESETS[name].site / REFERENCE
    assert page.read_text(encoding="utf-8") == reference_page(RULESETS[name]), "run `spellc build`"


def test_a_form_reads_as_a_designer_writes_it() -> None:
    terminals = {"PER": "life|refresh"}
    assert syntax('"uses" INT "per" PER', terminals) == "uses N per life|refresh"
    assert syntax('"grants" WORD (TO WORD)?', terminals) == "grants Word [to Word]"
    assert syntax('"broadcast" WORD ("," WORD)*', terminals) == "broadcast Word [, Word ...]"
    assert syntax('"type" WORD+', terminals) == "type Word ..."
    assert syntax('"resonance" (SIGNED_INT | INT)', terminals) == "resonance (+N | N)"
    assert syntax('"effect" ":" steps', terminals) == "effect: <steps>"


@pytest.mark.parametrize("name", NAMES)
def test_every_form_that_names_what_it_builds_is_in_the_reference(name: str) -> None:
    ruleset = RULESETS[name]
    for files, wanted in ((card_grammar(ruleset.grammar), CARD_SECTIONS), ((ruleset.scenario_grammar,),
                                                                            SCENARIO_SECTIONS)):
        named = set(re.findall(r"->\s*([a-z_][a-z0-9_]*)", grammar_text(files)))
        shown = {form.name for section in sections(files, wanted, {}) for form in section.forms}
        assert named <= shown, f"{files}: add the rules of {sorted(named - shown)} to a section"
