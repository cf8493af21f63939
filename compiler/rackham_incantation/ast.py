"""The AST of Incantation 2's cards: what the card file says, with where it says it (its rules text in
compiler.rules_text's nodes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.rules_text import Step, Value, Word
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """A card line: its name (the grammar's alias: ``gems``, ``target_difficulty``), its values in order (a
    gem is a pair), and its steps for ``effect`` and ``extra``."""

    name: str
    values: tuple[Value | tuple[int, Word], ...] = ()
    steps: tuple[Step, ...] = ()
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    kind: str  # spell | magician | creature
    title: str
    title_span: Span = field(compare=False)
    fields: tuple[Field, ...]
    span: Span = field(compare=False)
