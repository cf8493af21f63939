"""The site renders every rules-text step form back into card English (compiler/serpents_tongue/render_text.py).

Each case is one `rules { ... }` line as a designer writes it and the sentence the spell's page prints
for it, following seed 003's wording ("You may ...", "If ..., ...", "... unless ...", "...; if you did,
...", "You may pay ... to ...", "Choose one: • ...") and naming each step target as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue import render_text
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue.bindings import STEP_KINDS

CARD = """spell "Sample" {{
    sphere Soul
    role {role}
    fluency 1
    resonance 0
    aspects | |
    rules {{
        {rule}
    }}
}}
"""

CASES = [
    ("on impact: deal Dmg 1 to target; gain 1 Resonance",
     "On impact: deal Dmg 1 to target opponent. Gain 1 Resonance."),
    ("on impact: may deal Harmony Dmg 2 to target",
     "On impact: you may deal Harmony Dmg 2 to target opponent."),
    ("on impact: if target has at most 10 Essence: gain 1 Resonance",
     "On impact: if the target has at most 10 Essence, gain 1 Resonance."),
    ("on impact: gain 1 Resonance unless caster has fewer than 2 Harmony",
     "On impact: gain 1 Resonance unless the caster has fewer than 2 Harmony."),
    ("on impact: may deal Dmg 1 to target; if you did: gain 1 Resonance",
     "On impact: you may deal Dmg 1 to target opponent; if you did, gain 1 Resonance."),
    ("on impact: you may pay 1 Resonance to deal Dmg 2 to target",
     "On impact: you may pay 1 Resonance to deal Dmg 2 to target opponent."),
    ("on impact: you may pay 1 Will and discard this to deal Will Dmg 1 to target",
     "On impact: you may pay 1 Will and discard this spell to deal Will Dmg 1 to target opponent."),
    ("on impact: deal Dmg 2 to target Magi",
     "On impact: deal Dmg 2 to target Magi."),
    ("on impact: add 1 Karma charge to target spell; remove all Karma charges from target Magi",
     "On impact: add 1 Karma charge to target spell. Remove all Karma charges from target Magi."),
    ("on impact: deal Dispel to target Curse; discard target Bio Enhancement",
     "On impact: deal Dispel to target Curse. Discard target Bio Enhancement."),
    ("when resolved: you may pay 1 Resonance to add 1 Karma charge to target spell",
     "Each time this spell is resolved in maintenance: you may pay 1 Resonance to add 1 Karma charge to "
     "target spell."),
    ('ability "Mark" [Free Action]: may deal Dmg 1 to target Magi',
     "Grants the ability Mark (Free Action): you may deal Dmg 1 to target Magi."),
    ("on impact: gain control of target spell; may gain control of target Koishaka",
     "On impact: gain control of target spell. You may gain control of target Koishaka."),
    ("on impact: gain control of target Ally spell",
     "On impact: gain control of target Ally spell."),
]


def _rules_lines(rule: str, role: str = "Attack") -> list[str]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sample.spell"
        path.write_text(CARD.format(role=role, rule=rule), encoding="utf-8")
        result = compile_files([path])
    assert result.ok, result.diagnostics.render()
    (spell,) = spells(result)
    return render_text.rules_lines(spell)


@pytest.mark.parametrize(("rule", "english"), CASES, ids=[c[0] for c in CASES])
def test_each_step_form_renders_as_card_english(rule: str, english: str) -> None:
    assert _rules_lines(rule) == [english]


def test_choose_one_renders_each_mode_with_its_own_target() -> None:
    rule = "on impact: choose one {\n- deal Dmg 2 to target Magi\n- add 1 Karma charge to target spell\n}"
    assert _rules_lines(rule, role="Enhance") == [
        "On impact: choose one: • Deal Dmg 2 to target Magi. • Add 1 Karma charge to target spell."]


def test_every_step_kind_of_the_grammar_is_declared_with_its_words() -> None:
    """A step kind the site cannot print would be a page that disagrees with the game: each alternative of
    the grammar's `?action` names a declared step kind (rules_text.kind), which words itself."""
    grammar = (Path(__file__).parents[1] / "grammar" / "serpents_tongue.lark").read_text()
    block = grammar[grammar.index("?action:"):grammar.index("charge_word:")]
    named = {alias.replace("_", " ") for alias in re.findall(r"->\s*(\w+)", block)}
    assert named == set(STEP_KINDS)
    assert all(callable(s.words) for s in STEP_KINDS.values())
