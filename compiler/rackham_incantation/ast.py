"""The AST of Incantation 2's cards: what the card file says, with where it says it."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """A quoted text (a title named in a field, an area's words)."""

    text: str
    span: Span = field(compare=False)


Value = int | Word | Text


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A step kind with its arguments: ``deal 2 wounds to target`` is ``Action("wound", (2, target))``."""

    kind: str
    args: tuple[Value, ...] = ()
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    words: tuple[Word, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One step of seed 003's grammar: ``form`` is do | may | if | unless | if you did | pay to | choose one."""

    form: str
    action: Action | None = None
    condition: Condition | None = None
    costs: tuple[Action, ...] = ()
    options: tuple[tuple[Step, ...], ...] = ()
    span: Span = field(compare=False)


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
