"""Parse tree → AST: the ability cards of grammar/amtgard.lark, by the transformer every game of blocks of lines
shares (compiler.card_transform), a line's values read as the checks read them (a Charge's times a number, a range
in feet without leading zeros, each Special Effect of a list one word)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler.card_transform import CardsToAst, cards_of
from spellc.compiler.parse import number, span_of
from spellc.compiler.rules_text import Word
from spellc.compiler.source import SourceFile
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets.amtgard.effects import KINDS

KEPT = ("INT", "WORD", "STRING", "RANGE", "PER", "CHARGE_X", "TRIGGER", "COMMA")  # a comma parts Special Effects


@v_args(meta=True)
class ToAst(CardsToAst):
    def _line_value(self, line: str, child: Any) -> Any:
        if not isinstance(child, Token) or child.type not in KEPT:
            return None
        if child.type in ("INT", "WORD", "STRING"):
            return super()._line_value(line, child)
        if child.type == "CHARGE_X":  # `charge x3`: 3 times
            return self.number(child, child[1:])
        text = f"{number(child[:-1])}'" if child.type == "RANGE" and child.endswith("'") else str(child)  # 020' is 20'
        return Word(text=text, span=span_of(self.source, child))

    def _line(self, name: str, children: list[Any], meta: Meta) -> ast.Field:
        read = super()._line(name, children, meta)
        return ast.Field(name=name, values=_listed(read.values), steps=read.steps, span=read.span) \
            if name == "special_effect" else read


def _listed(values: tuple[Any, ...]) -> tuple[Word, ...]:
    """``Armor Destroying, Shield Destroying``: each Special Effect of a list, its words as one."""
    groups: list[list[Word]] = [[]]
    for word in values:
        if word.text == ",":
            groups.append([])
        else:
            groups[-1].append(word)
    return tuple(Word(text=" ".join(w.text for w in g), span=g[0].span.to(g[-1].span)) for g in groups if g)


def to_ast(ruleset: Ruleset, tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    transformer = ToAst(source, ruleset, ("ability",), {*KINDS.actions, *KINDS.costs})
    return cards_of(transformer, tree)
