"""A written word checked against the one declaration of its field's vocabulary (issue 28, item 1: "One declaration
per keyword feeds the grammar, the checker, the engine and the glossary page").

A ruleset declares the closed list of words a card field takes once, in its ruleset.toml (``[field.school]``,
``vocabulary = "vocabulary:School"``); the language server completes from it and the TextMate grammar highlights
it. Each game's checker asks this module whether a word it reads is one of them, so that changing the declaration
changes what the checker accepts: no checker holds a list of its own. A word that is not one is a located error in
the game's words (``no School is named 'Protecton'``), with the nearest word and the list in a note.
"""

from __future__ import annotations

from spellc.compiler import fields
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.source import Span
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS


class Vocabularies:
    """The declared vocabularies of the game ``game``, checked into ``diags``."""

    def __init__(self, diags: Diagnostics, game: str) -> None:
        self.diags = diags
        self.ruleset: Ruleset = RULESETS[game]
        # Each list looked up once a check: finding it hashes the ruleset whole (9 us a lookup; for every word of
        # every card, half a second more for 10,000 abilities).
        self._found: dict[str, frozenset[str]] = {}

    def words(self, field: str) -> tuple[str, ...]:
        """The words the field ``field`` is declared to take; a field without a declared list is a mistake of the
        checker's, not of a card's."""
        found = fields.vocabulary(self.ruleset, field)
        if not found:
            raise LookupError(f"the ruleset {self.ruleset.name} declares no vocabulary for the field {field!r}")
        return found

    def _takes(self, field: str, said: str) -> bool:
        if field not in self._found:
            self._found[field] = frozenset(self.words(field))
        return said in self._found[field]

    def check(self, field: str, said: str, span: Span, code: str, noun: str, *, message: str | None = None,
              note: str | None = "{words}", also: tuple[str, ...] = ()) -> str | None:
        """``said`` when it is a word of ``field``'s vocabulary (or of ``also``, the words a field takes beside
        its list: Neutral beside the Elements); else None, and the error ``code``: ``no NOUN is named 'X'`` (or
        ``message``), the nearest word, and ``note`` with ``{words}`` the declared list (None: no note)."""
        if self._takes(field, said) or said in also:
            return said
        words = self.words(field)
        notes = () if note is None else (f"note: {note.format(words=', '.join(words))}",)
        self.diags.error(code, message or f"no {noun} is named {said!r}", span, *did_you_mean(said, (*words, *also)),
                         *notes)
        return None
