"""Parse tree → AST: the cards of grammar/incantation_charges.lark, by the transformer every game of blocks of
lines shares (compiler.card_transform): a card's kind is its first word (action, implement, interrupt)."""

from __future__ import annotations

from lark import Token, Tree

from spellc.compiler import card_ast as ast
from spellc.compiler.card_transform import CardsToAst, cards_of
from spellc.compiler.source import SourceFile
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets.incantation_charges.steps import KINDS


def to_ast(ruleset: Ruleset, tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    transformer = CardsToAst(source, ruleset, ("action", "implement", "interrupt"),
                             {*KINDS.actions, *KINDS.costs})
    return cards_of(transformer, tree)
