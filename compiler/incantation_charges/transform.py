"""Parse tree → AST: one Lark Transformer method per rule of grammar/incantation_charges.lark and of the
steps of grammar/common.lark."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from compiler.incantation_charges import ast
from compiler.parse import SourceTransformer, span_of, string_value
from compiler.source import SourceFile
from engine.rulesets.incantation_charges.steps import KINDS


@v_args(meta=True)
class ToAst(SourceTransformer):
    def _word(self, tok: Token) -> ast.Word:
        return ast.Word(text=str(tok), span=span_of(self.source, tok))

    # ---- cards and fields
    def start(self, meta: Meta, children: list[ast.Card]) -> list[ast.Card]:
        return children

    def card(self, meta: Meta, children: list[Any]) -> ast.Card:
        kind, title, *fields = children
        return ast.Card(kind=str(kind), title=string_value(title), title_span=span_of(self.source, title),
                        fields=tuple(fields), span=self._span(meta))

    def incantation(self, meta: Meta, children: list[Token]) -> ast.Field:
        return ast.Field(name="incantation", value=int(children[0]), span=self._span(meta))

    def aim(self, meta: Meta, children: list[Token]) -> ast.Field:
        return ast.Field(name="at", value=self._word(children[0]), span=self._span(meta))

    def effect(self, meta: Meta, children: list[Any]) -> ast.Field:
        return ast.Field(name="effect", steps=children[0], span=self._span(meta))

    def when(self, meta: Meta, children: list[Any]) -> ast.Field:
        phrase, steps = children
        return ast.Field(name="when", event=phrase, steps=steps, span=self._span(meta))

    def phrase(self, meta: Meta, children: list[Token]) -> tuple[ast.Word, ...]:
        return tuple(self._word(t) for t in children)

    # ---- steps (seed 003's forms)
    def steps(self, meta: Meta, children: list[Any]) -> tuple[ast.Step, ...]:
        return tuple(c if isinstance(c, ast.Step) else ast.Step(form="do", action=c, span=c.span) for c in children)

    def _step(self, meta: Meta, form: str, **parts: Any) -> ast.Step:
        return ast.Step(form=form, span=self._span(meta), **parts)

    def may_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        return self._step(meta, "may", action=children[0])

    def if_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        return self._step(meta, "if", condition=children[0], action=children[1])

    def unless_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        return self._step(meta, "unless", action=children[0], condition=children[1])

    def if_you_did_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        return self._step(meta, "if you did", action=children[0])

    def pay_to_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        *costs, action = children
        return self._step(meta, "pay to", costs=tuple(costs), action=action)

    def choose_one_step(self, meta: Meta, children: list[Any]) -> ast.Step:
        return self._step(meta, "choose one", options=tuple(children))

    def option(self, meta: Meta, children: list[Any]) -> tuple[ast.Step, ...]:
        return tuple(children[0])

    def condition(self, meta: Meta, children: list[Any]) -> ast.Condition:
        return ast.Condition(words=children[0], span=self._span(meta))

    # ---- the step kinds and costs of this ruleset
    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A step kind or cost of the grammar fragment (``-> deal_damage``) becomes the step kind the ruleset
        declares under the same words (``"deal damage"``, engine.rulesets.incantation_charges.steps), its
        numbers and words its arguments: a new step kind is a grammar line and its declaration, nothing
        here. Any other rule without a method is a bug of this transformer, said loudly."""
        kind = str(data).replace("_", " ")
        if kind not in KINDS.actions and kind not in KINDS.costs:
            raise TypeError(f"no transformation for the grammar rule {data!r}")
        args = tuple(int(c) if c.type == "INT" else self._word(c) for c in children
                     if isinstance(c, Token) and c.type in ("INT", "WORD"))
        return ast.Action(kind=kind, args=args, span=self._span(meta))


def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    cards: list[ast.Card] = ToAst(source).transform(tree)
    return cards
