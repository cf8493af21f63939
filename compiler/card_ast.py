"""The AST of every game's cards, blocks of lines (Amtgard, Incantation 2, Incantation charges, Serpent's Tongue):
what the card file says, with where it says it (its rules text in compiler.rules_text's nodes). One shape for every
such game: a card is its kind, its title and its lines; a line, its name (the grammar's alias: ``gems``,
``target_difficulty``) and what it writes. What a line means is its declaration's (compiler.declared_fields) and
its game's checker's."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

from spellc.compiler.rules_text import Step, Word
from spellc.compiler.source import Span


class Number(int):
    """A number a line writes, with where it is written: an int wherever one is read (a range, a sum, the Python
    emitted), and its span for what is said of it (a number out of its range is shown where it is)."""

    span: Span

    def __new__(cls, value: int, span: Span) -> Number:
        made = super().__new__(cls, value)
        made.span = span
        return made

    def __reduce__(self) -> tuple[type[Number], tuple[int, Span]]:
        return Number, (operator.index(self), self.span)  # the plain int it is, and its span


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """A card line: its name, its values in order (numbers, words, titles; an Incantation 2 gem is a pair; the
    values of a game's own parts, such as a Serpent's Tongue aspect list's sections, or the lines a block holds), the
    words of a `when` line's event, and the steps of the lines that hold rules text (`effect`, `when`, `extra`)."""

    name: str
    values: tuple[Any, ...] = ()
    event: tuple[Word, ...] = ()
    steps: tuple[Step, ...] = ()
    span: Span = field(compare=False)

    @property
    def value(self) -> Any:
        """The line's one value (`incantation 3`, `at enemy`), or None where it writes none."""
        return self.values[0] if self.values else None


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    kind: str  # the grammar's word for it: spell | magician | creature | ability | action | implement | interrupt ...
    title: str
    title_span: Span = field(compare=False)
    fields: tuple[Field, ...]
    span: Span = field(compare=False)
