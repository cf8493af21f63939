"""Parse tree → AST: the cards of grammar/rackham_incantation.lark, by the transformer every game of blocks of
lines shares (compiler.card_transform); a gem is a pair (its count, its Element)."""

from __future__ import annotations

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler.card_transform import CardsToAst, cards_of
from spellc.compiler.parse import span_of
from spellc.compiler.rules_text import Word
from spellc.compiler.source import SourceFile
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets.rackham_incantation.effects import KINDS


@v_args(meta=True)
class ToAst(CardsToAst):
    def gem(self, meta: Meta, children: list[Token]) -> tuple[ast.Number, Word]:
        count, element = children
        return self.number(count), Word(text=str(element), span=span_of(self.source, element))


def to_ast(ruleset: Ruleset, tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    transformer = ToAst(source, ruleset, ("spell", "magician", "creature"),
                        {*KINDS.actions, *KINDS.costs})
    return cards_of(transformer, tree)
