"""Parse tree → AST: the ability cards of grammar/amtgard.lark (the steps of grammar/common.lark are
compiler.rules_text's). A field becomes an :class:`ast.Field` named after its grammar alias, its values read as
the checks read them (a Charge's times a number, a range in feet without leading zeros, each Special Effect of a
list one word); a step kind or cost the :class:`compiler.rules_text.Action` of the kind the ruleset declares under
the same words."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import Step, StepsToAst, Word, step_kind
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.amtgard.effects import KINDS

KEPT = ("INT", "WORD", "STRING", "RANGE", "PER", "CHARGE_X", "TRIGGER", "COMMA")  # a comma parts Special Effects


@v_args(meta=True)
class ToAst(StepsToAst):
    def start(self, meta: Meta, children: list[ast.Card]) -> list[ast.Card]:
        return children

    def card(self, meta: Meta, children: list[Any]) -> ast.Card:
        title, *fields = children
        return ast.Card(kind="ability", title=string_value(title), title_span=span_of(self.source, title),
                        fields=tuple(fields), span=self._span(meta))

    def when(self, meta: Meta, children: list[Any]) -> ast.Field:
        event, steps = children
        return ast.Field(name="when", event=event, steps=steps, span=self._span(meta))

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A step kind or cost (``-> remove_state``) becomes the kind the ruleset declares under the same words
        ("remove state"); any other rule is a field of that name, its tokens its values."""
        name = str(data)
        if name.replace("_", " ") in (*KINDS.actions, *KINDS.costs):
            return self.action(step_kind(name, {*KINDS.actions, *KINDS.costs}), children, meta)
        steps: tuple[Step, ...] = next((c for c in children if isinstance(c, tuple)), ())
        values = tuple(self._token(c) for c in children if isinstance(c, Token) and c.type in KEPT)
        return ast.Field(name=name, values=_listed(values) if name == "special_effect" else values, steps=steps,
                         span=self._span(meta))

    def _token(self, tok: Token) -> Any:
        if tok.type in ("INT", "WORD", "STRING"):
            return self.value(tok)
        if tok.type == "CHARGE_X":  # `charge x3`: 3 times
            return number(tok[1:])
        text = f"{number(tok[:-1])}'" if tok.type == "RANGE" and tok.endswith("'") else str(tok)  # 020' is 20'
        return Word(text=text, span=span_of(self.source, tok))


def _listed(values: tuple[Any, ...]) -> tuple[Word, ...]:
    """``Armor Destroying, Shield Destroying``: each Special Effect of a list, its words as one."""
    groups: list[list[Word]] = [[]]
    for word in values:
        if word.text == ",":
            groups.append([])
        else:
            groups[-1].append(word)
    return tuple(Word(text=" ".join(w.text for w in g), span=g[0].span.to(g[-1].span)) for g in groups if g)


def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    cards: list[ast.Card] = ToAst(source).transform(tree)
    return cards
