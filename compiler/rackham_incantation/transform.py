"""Parse tree → AST: the cards and their fields of grammar/rackham_incantation.lark (the steps of
grammar/common.lark are compiler.rules_text's). A field becomes an :class:`ast.Field` named after its grammar
alias; a step kind or cost the :class:`compiler.rules_text.Action` of the kind the ruleset declares under the
same words."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler import fields
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import Step, StepsToAst, Word, step_kind
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.effects import KINDS

# The card lines the grammar builds, as it names them (a new field is its grammar line and its declaration).
FIELDS = fields.built(RULESETS["rackham_incantation"])


@v_args(meta=True)
class ToAst(StepsToAst):
    # ---- cards
    def start(self, meta: Meta, children: list[ast.Card]) -> list[ast.Card]:
        return children

    def _card(self, kind: str, meta: Meta, children: list[Any]) -> ast.Card:
        title, *fields = children
        return ast.Card(kind=kind, title=string_value(title), title_span=span_of(self.source, title),
                        fields=tuple(fields), span=self._span(meta))

    def spell(self, meta: Meta, children: list[Any]) -> ast.Card:
        return self._card("spell", meta, children)

    def magician(self, meta: Meta, children: list[Any]) -> ast.Card:
        return self._card("magician", meta, children)

    def creature(self, meta: Meta, children: list[Any]) -> ast.Card:
        return self._card("creature", meta, children)

    def gem(self, meta: Meta, children: list[Token]) -> tuple[int, Word]:
        count, element = children
        return number(count), Word(text=str(element), span=span_of(self.source, element))

    # ---- fields, step kinds and costs
    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A field (``-> gems``) becomes an :class:`ast.Field` of that name; a step kind or cost (``-> move_away``)
        the kind the ruleset declares under the same words ("move away"): a new step kind is a grammar line and
        its declaration, nothing here."""
        name = str(data)
        if name not in FIELDS:
            return self.action(step_kind(name, {*KINDS.actions, *KINDS.costs}), children, meta)
        steps = next((c for c in children if isinstance(c, tuple) and c and isinstance(c[0], Step)), ())
        values = tuple(self.value(c) if isinstance(c, Token) else c for c in children
                       if c is not None and c is not steps)
        return ast.Field(name=name, values=values, steps=steps, span=self._span(meta))

def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    cards: list[ast.Card] = ToAst(source).transform(tree)
    return cards
