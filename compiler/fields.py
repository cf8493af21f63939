"""The line words a game's grammar writes (its cards' fields, its scenarios' line words) and their declarations.

A card is a block of lines, one field a line, each begun by its keyword (``school``, ``gems``, ``sphere``): the
grammar writes them as the alternatives of the rules a block holds (``"{" _NL (field _NL)* "}"``). Each is declared
once in the ruleset's ``ruleset.toml`` (``[field.<word>]``: its help and the closed list of words it takes), and
the language server and the TextMate grammar read both: what a grammar writes and what a ruleset declares must be
the same words (tests/test_field_declarations.py walks both ways).
"""

from __future__ import annotations

import re
from functools import cache

from spellc.compiler.language_reference import alternatives, block_rules
from spellc.compiler.parse import card_grammar, grammar_text
from spellc.engine.core.ruleset import FieldDeclaration, Ruleset

_FIRST = re.compile(r'^"((?:[a-z][a-z\'-]*)|[-!^])"')


def grammar_of(ruleset: Ruleset, scenario: bool) -> tuple[str, ...]:
    return (ruleset.scenario_grammar,) if scenario else card_grammar(ruleset.grammar)


@cache
def line_words(grammar: tuple[str, ...]) -> tuple[str, ...]:
    """The words that begin a line of a block in the grammar ``grammar``, in the grammar's order: the first
    keyword of each alternative of a rule a block holds (a line begun by a name or a number has none)."""
    text = grammar_text(grammar)
    found: dict[str, None] = {}
    for rule in block_rules(text):
        for expansion, _, _ in alternatives(text, rule):
            first = _FIRST.match(expansion)
            if first:
                found[first[1]] = None
    return tuple(found)


def written(ruleset: Ruleset, scenario: bool = False) -> tuple[str, ...]:
    """The line words ``ruleset``'s card (or scenario) grammar writes."""
    return line_words(grammar_of(ruleset, scenario))


def declared(ruleset: Ruleset, scenario: bool = False) -> tuple[FieldDeclaration, ...]:
    return ruleset.scenario_words if scenario else ruleset.fields


@cache
def vocabulary(ruleset: Ruleset, word: str, scenario: bool = False) -> tuple[str, ...]:
    """The words the line word ``word`` takes, from its declaration (none: free words, or no declaration)."""
    found = ruleset.field(word, scenario=scenario)
    return ruleset.words(found) if found is not None else ()


_PLACEHOLDER = re.compile(r"\b[A-Z]{2,}\b")


def forms(ruleset: Ruleset, word: str, scenario: bool = False) -> tuple[str, ...]:
    """The forms a line word's words are read by, when its vocabulary lists forms rather than words (Amtgard's
    events: `NAME completes ABILITY [on NAME]`, its placeholders in capitals); none otherwise."""
    found = vocabulary(ruleset, word, scenario)
    return found if any(_PLACEHOLDER.search(f) for f in found) else ()
