"""The rules text of grammar/common.lark (seed 003's steps) for every game's front end: its AST and its
transformation from the parse tree (its translation into the core's step values is compiler.rules_core's).

A front end's transformer subclasses :class:`StepsToAst`, which turns the common grammar's step forms into
:class:`Step` nodes; the ruleset's own step kinds (``-> deal_damage``) become :class:`Action` nodes through
:meth:`StepsToAst.action`, by the names its engine declares. The checker then calls compiler.rules_core.to_core
with what checks one action and one condition of its game. Nothing here knows a game, nor the engine.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler.parse import SourceTransformer, number, span_of, string_value
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """A quoted text (a title a step names)."""

    text: str
    span: Span = field(compare=False)


Value = int | Word | Text


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A step kind with its arguments: ``deal 3 damage to target`` is ``Action("deal damage", (3, target))``."""

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


@v_args(meta=True)
class StepsToAst(SourceTransformer):
    """The step forms of grammar/common.lark → :class:`Step` nodes."""

    def value(self, tok: Token) -> Value:
        if tok.type in ("INT", "SIGNED_INT"):
            return number(tok)
        if tok.type == "STRING":
            return Text(text=string_value(tok), span=span_of(self.source, tok))
        return Word(text=str(tok), span=span_of(self.source, tok))

    def action(self, kind: str, children: list[Any], meta: Meta) -> Action:
        """A step kind or cost of the ruleset's fragment, its numbers, words and texts its arguments."""
        args = tuple(self.value(c) for c in children if isinstance(c, Token) and c.type in ("INT", "WORD", "STRING"))
        return Action(kind=kind, args=args, span=self._span(meta))

    def phrase(self, meta: Meta, children: list[Token]) -> tuple[Word, ...]:
        return tuple(Word(text=str(t), span=span_of(self.source, t)) for t in children)

    def steps(self, meta: Meta, children: list[Any]) -> tuple[Step, ...]:
        return tuple(c if isinstance(c, Step) else Step(form="do", action=c, span=c.span) for c in children)

    def _step(self, meta: Meta, form: str, **parts: Any) -> Step:
        return Step(form=form, span=self._span(meta), **parts)

    def may_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "may", action=children[0])

    def if_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "if", condition=children[0], action=children[1])

    def unless_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "unless", action=children[0], condition=children[1])

    def if_you_did_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "if you did", action=children[0])

    def pay_to_step(self, meta: Meta, children: list[Any]) -> Step:
        *costs, action = children
        return self._step(meta, "pay to", costs=tuple(costs), action=action)

    def choose_one_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "choose one", options=tuple(children))

    def option(self, meta: Meta, children: list[Any]) -> tuple[Step, ...]:
        return tuple(children[0])

    def condition(self, meta: Meta, children: list[Any]) -> Condition:
        return Condition(words=children[0], span=self._span(meta))


def step_kind(rule: str, declared: Container[str]) -> str:
    """The step kind a grammar rule names (``deal_damage`` is "deal damage"); a rule the engine does not declare
    is a bug of the front end, said loudly."""
    kind = rule.replace("_", " ")
    if kind not in declared:
        raise TypeError(f"no transformation for the grammar rule {rule!r}")
    return kind

