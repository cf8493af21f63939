"""Parse tree → AST: one Lark Transformer method per rule of grammar/incantation_charges.lark; the steps of
grammar/common.lark are compiler.rules_text's."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import StepsToAst, Word, step_kind
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.incantation_charges.steps import KINDS


@v_args(meta=True)
class ToAst(StepsToAst):
    def _word(self, tok: Token) -> Word:
        return Word(text=str(tok), span=span_of(self.source, tok))

    # ---- cards and fields
    def start(self, meta: Meta, children: list[ast.Card]) -> list[ast.Card]:
        return children

    def card(self, meta: Meta, children: list[Any]) -> ast.Card:
        kind, title, *fields = children
        return ast.Card(kind=str(kind), title=string_value(title), title_span=span_of(self.source, title),
                        fields=tuple(fields), span=self._span(meta))

    def incantation(self, meta: Meta, children: list[Token]) -> ast.Field:
        return ast.Field(name="incantation", values=(number(children[0]),), span=self._span(meta))

    def aim(self, meta: Meta, children: list[Token]) -> ast.Field:
        return ast.Field(name="at", values=(self._word(children[0]),), span=self._span(meta))

    def effect(self, meta: Meta, children: list[Any]) -> ast.Field:
        return ast.Field(name="effect", steps=children[0], span=self._span(meta))

    def when(self, meta: Meta, children: list[Any]) -> ast.Field:
        phrase, steps = children
        return ast.Field(name="when", event=phrase, steps=steps, span=self._span(meta))

    # ---- the step kinds and costs of this ruleset
    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A step kind or cost of the grammar fragment (``-> deal_damage``) becomes the step kind the ruleset
        declares under the same words (``"deal damage"``, engine.rulesets.incantation_charges.steps): a new step
        kind is a grammar line and its declaration, nothing here."""
        return self.action(step_kind(str(data), {*KINDS.actions, *KINDS.costs}), children, meta)


def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    cards: list[ast.Card] = ToAst(source).transform(tree)
    return cards
