"""The AST of Amtgard's ability cards: what the card file says, with where it says it (its rules text in
compiler.rules_text's nodes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.rules_text import Step, Value, Word
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """A card line: its name (the grammar's alias), its values in order, the words of a `when` line's event and
    the steps of `effect` and `when`."""

    name: str
    values: tuple[Value, ...] = ()
    event: tuple[Word, ...] = ()
    steps: tuple[Step, ...] = ()
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    title: str
    title_span: Span = field(compare=False)
    fields: tuple[Field, ...]
    span: Span = field(compare=False)
