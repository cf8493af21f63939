"""The AST of Incantation charges' cards: what the card file says, with where it says it (its rules text in
compiler.rules_text's nodes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.rules_text import Step, Word
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    name: str  # incantation | at | effect | when
    value: int | Word | None = None
    event: tuple[Word, ...] = ()
    steps: tuple[Step, ...] = ()
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    kind: str  # action | implement | interrupt
    title: str
    title_span: Span = field(compare=False)
    fields: tuple[Field, ...]
    span: Span = field(compare=False)
