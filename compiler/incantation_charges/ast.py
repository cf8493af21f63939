"""The AST of Incantation charges' cards: what the card file says, with where it says it."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A step kind with its arguments: ``deal 3 damage to target`` is ``Action("deal damage", (3, target))``."""

    kind: str
    args: tuple[int | Word, ...] = ()
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
