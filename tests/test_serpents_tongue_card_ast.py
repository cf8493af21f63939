"""Serpent's Tongue's cards on every game's AST (issue 28, item 1: "One generic front end reads those declarations.
It produces the AST"): a spell, a Specialization, an Artifact, an Encounter and a Nam-Shub's page are each a
compiler.card_ast.Card, their lines Fields named as the grammar builds them, built by the transformer every game of
blocks of lines shares (compiler.card_transform)."""

from __future__ import annotations

import pytest

from spellc.compiler import card_ast, declared_fields
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import card_grammar, parse
from spellc.compiler.rules_text import Word
from spellc.compiler.serpents_tongue.frontend import FRONTEND
from spellc.compiler.serpents_tongue.transform import to_ast
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.serpents_tongue.bindings import STEP_KINDS

DISSOLVE = ('spell "Dissolve Tissue" {\n    sphere Bio\n    role Attack\n    fluency 1\n    resonance -1\n'
            '    aspects Dmg 1 | Bonded\n}\n')
RITUAL = ('spell "Acidic Matter" {\n    sphere Matter\n    role Attack\n    fluency 2\n    resonance -2\n'
          '    aspects Dmg 1\n    ritual N/A | N/A | Dmg +1 | N/A\n}\n')
SPECTRE = ('encounter "Spectre" {\n    source Soul\n    essence 10 (+2)\n    actions 2 (+1)\n    bag 2 red\n'
           '    chart red {\n        "Wail"\n    }\n    spell "Wail" {\n        role Attack\n'
           '        aspects | Dmg 1\n    }\n}\n')


def cards(text: str) -> list[card_ast.Card]:
    source = SourceFile("s.spell", text)
    tree = parse(source, Diagnostics(), card_grammar(FRONTEND.ruleset.grammar))
    assert tree is not None
    return FRONTEND.transform(tree, source)


def test_a_spell_is_a_card_of_lines_as_in_every_game() -> None:
    """"The Aspects list tells you everything the spell is and does": a spell is its kind, its title and its lines
    (its aspect list one of them), each named as the grammar builds it, a one-value line's value its word as
    written, or its number with where it is written, as in every game."""
    [spell] = cards(DISSOLVE)
    assert (spell.kind, spell.title) == ("spell", "Dissolve Tissue")
    assert [f.name for f in spell.fields] == ["sphere", "role", "fluency", "resonance", "aspects"]
    assert spell.fields[0].value == Word(text="Bio", span=spell.fields[0].span)
    resonance = spell.fields[3].value
    assert isinstance(resonance, card_ast.Number) and (resonance, resonance.span.column) == (-1, 15)


def test_a_ritual_paths_empty_tiers_keep_their_place() -> None:
    """"On this card the first 2 tiers are empty but the third would provide one additional Duration. You must pay
    even for the empty tiers": a ritual path's N/A tiers are values of its line where they stand."""
    [spell] = cards(RITUAL)
    [ritual] = [f for f in spell.fields if f.name == "ritual"]
    assert [len(tier) for tier in ritual.values] == [0, 0, 1, 0]


def test_an_encounters_spells_are_cards_of_their_own() -> None:
    """"The Sentient Shadow's spells and abilities are by default considered Soul": an Encounter's spells and
    abilities are cards of their own (they take its Source Sphere), each a `spell` or `ability` line of it."""
    [encounter] = cards(SPECTRE)
    [held] = [f.value for f in encounter.fields if f.name == "enc_spell"]
    assert (encounter.kind, held.kind, held.title) == ("encounter", "encounter spell", "Wail")


def test_a_number_out_of_its_range_is_shown_where_it_is_written() -> None:
    """"Fluency Level: A measure of how complex and therefore how powerful a given spell is" (1 to 4): a number a
    line writes is checked by its declaration at the number itself."""
    found = [d for d in FRONTEND.compile_texts([SourceFile("s.spell", DISSOLVE.replace("fluency 1", "fluency 7"))])
             .diagnostics.items if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [(declared_fields.OUT_OF_RANGE, 4, 13)]


def test_a_grammar_rule_no_step_kind_declares_is_said_at_once_not_taken_as_one() -> None:
    """"A new step kind, its grammar line and the engine's declaration": the transformer reads a step kind's rule
    by the kinds the engine declares, so a rule of the grammar it forgets to read is said at once, not a step kind
    of the same words that only the checker would find."""
    source = SourceFile("s.spell", SPECTRE.replace('aspects | Dmg 1\n', 'aspects | Dmg 1\n        rules {\n'
                                                   '            on impact: gain 1 Resonance\n        }\n'))
    tree = parse(source, Diagnostics(), card_grammar(FRONTEND.ruleset.grammar))
    assert tree is not None and FRONTEND.transform(tree, source)
    with pytest.raises(TypeError, match="no transformation for the grammar rule 'gain'"):
        to_ast(STEP_KINDS.keys() - {"gain"}, FRONTEND.ruleset, tree, source)
