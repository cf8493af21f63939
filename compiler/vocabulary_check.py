"""A written word checked against the one declaration of its field's vocabulary (issue 28, item 1: "One declaration
per keyword feeds the grammar, the checker, the engine and the glossary page").

A ruleset declares the closed list of words a card field takes once, in its ruleset.toml (``[field.school]``,
``vocabulary = "vocabulary:School"``); the language server completes from it and the TextMate grammar highlights
it. compiler.declared_fields asks this module whether a word a card field writes is one of them, and so does a
checker for a word its rules text writes (a State a step makes), so that changing the declaration changes what the
checker accepts: no checker holds a list of its own. A word that is not one is the same located error in every game
(NOT_IN_VOCABULARY), in the game's words (``no School is named 'Protecton'``: the declaration's noun), with the
nearest word and the list in a note.
"""

from __future__ import annotations

from spellc.compiler import fields
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.source import Span
from spellc.engine.core.ruleset import FieldDeclaration, Ruleset
from spellc.engine.rulesets import RULESETS

NOT_IN_VOCABULARY = "E904"


def a(noun: str) -> str:
    """``noun`` with its indefinite article: "an Element", "a School"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


class Vocabularies:
    """The declared vocabularies of the game ``game``, checked into ``diags``."""

    def __init__(self, diags: Diagnostics, game: str) -> None:
        self.diags = diags
        self.ruleset: Ruleset = RULESETS[game]
        # Each list looked up once a check: finding it hashes the ruleset whole (9 us a lookup; for every word of
        # every card, half a second more for 10,000 abilities).
        self._found: dict[str, frozenset[str]] = {}

    def declaration(self, field: str) -> FieldDeclaration:
        found = self.ruleset.field(field)
        if found is None:
            raise LookupError(f"the ruleset {self.ruleset.name} declares no field {field!r}")
        return found

    def words(self, field: str) -> tuple[str, ...]:
        """The words the field ``field`` is declared to take; a field without a declared list is a mistake of the
        checker's, not of a card's."""
        found = fields.vocabulary(self.ruleset, field)
        if not found:
            raise LookupError(f"the ruleset {self.ruleset.name} declares no vocabulary for the field {field!r}")
        return found

    def takes(self, field: str, said: str) -> bool:
        """Whether ``said`` is a word of ``field``'s vocabulary, or one it takes beside it (its ``also``: Neutral
        beside the Elements)."""
        if field not in self._found:
            self._found[field] = frozenset((*self.words(field), *self.declaration(field).also))
        return said in self._found[field]

    def check(self, field: str, said: str, span: Span) -> str | None:
        """``said`` when ``field`` takes it; else None, and the error NOT_IN_VOCABULARY: ``no NOUN is named 'X'``
        (the noun ``field`` declares), the nearest word, and the words it takes."""
        if self.takes(field, said):
            return said
        declared = self.declaration(field)
        words = (*self.words(field), *declared.also)
        self.diags.error(NOT_IN_VOCABULARY, f"no {declared.named} is named {said!r}", span,
                         *did_you_mean(said, words), f"note: {a(declared.named)} is one of: {', '.join(words)}")
        return None
