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


@cache
def _aliases(grammar: tuple[str, ...]) -> dict[str, str]:
    text = grammar_text(grammar)
    found: dict[str, str] = {}
    for rule in block_rules(text):
        for expansion, alias, _ in alternatives(text, rule):
            first = _FIRST.match(expansion)
            if first and alias:
                found.setdefault(alias, first[1])
    return found


def built(ruleset: Ruleset) -> frozenset[str]:
    """What ``ruleset``'s card grammar builds of a card's lines (their aliases: ``gems``, ``spirit_of``)."""
    return frozenset(_aliases(grammar_of(ruleset, False)))


def line_word(ruleset: Ruleset, built: str) -> str:
    """The line word of a card line the grammar builds as ``built`` (its alias: ``spirit_of`` is a `spirit` line,
    ``free_difficulty`` a `difficulty` one): the word its declaration is under. A line the grammar does not build
    is the checker's mistake."""
    found = _aliases(grammar_of(ruleset, False)).get(built)
    if found is None:
        raise LookupError(f"the card grammar of {ruleset.name} builds no line {built!r}")
    return found


_KEYWORD = re.compile(r'"([^"]+)"')


@cache
def _keywords(grammar: tuple[str, ...]) -> dict[str, str]:
    text = grammar_text(grammar)
    forms: dict[str, list[list[str]]] = {}
    for rule in block_rules(text):
        for expansion, _, _ in alternatives(text, rule):
            leading: list[str] = []
            for part in expansion.split():
                found = _KEYWORD.fullmatch(part)
                if found is None or (leading and not found[1][:1].isalpha()):  # `effect:` is named `effect`
                    break
                leading.append(found[1])
            if leading:
                forms.setdefault(leading[0], []).append(leading)
    return {word: " ".join(_common(found)) for word, found in forms.items()}


def _common(forms: list[list[str]]) -> list[str]:
    out = []
    for words in zip(*forms, strict=False):
        if len(set(words)) > 1:
            break
        out.append(words[0])
    return out


def keywords(ruleset: Ruleset, word: str) -> str:
    """The keywords every line begun by the card field ``word`` writes first, as its grammar writes them: a
    diagnostic names the line by them (`bars magical enchantments`, `magic armor`; `frequency`, whose forms go on
    differently)."""
    return _keywords(grammar_of(ruleset, False)).get(word, word)
