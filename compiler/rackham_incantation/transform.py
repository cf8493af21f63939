"""Parse tree → AST: the cards and their fields of grammar/rackham_incantation.lark, and the steps of
grammar/common.lark. A field becomes an :class:`ast.Field` named after its grammar alias; a step kind or cost
becomes the :class:`ast.Action` of the kind the ruleset declares under the same words."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from compiler.parse import SourceTransformer, span_of, string_value
from compiler.rackham_incantation import ast
from compiler.source import SourceFile
from engine.rulesets.rackham_incantation.effects import KINDS

FIELDS = frozenset({"college", "gems", "difficulty", "free_difficulty", "target_difficulty", "range", "target",
                    "area", "duration", "frequency", "once_per_game", "power", "pa", "exclusive", "ingredients",
                    "effect", "extra", "people", "level", "initiative", "elements", "spells", "spirit_of",
                    "warrior_mage", "fear", "traits", "devotion"})


@v_args(meta=True)
class ToAst(SourceTransformer):
    def _value(self, tok: Token) -> ast.Value:
        if tok.type in ("INT", "SIGNED_INT"):
            return int(tok)
        if tok.type == "STRING":
            return ast.Text(text=string_value(tok), span=span_of(self.source, tok))
        return ast.Word(text=str(tok), span=span_of(self.source, tok))

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

    def gem(self, meta: Meta, children: list[Token]) -> tuple[int, ast.Word]:
        count, element = children
        return int(count), ast.Word(text=str(element), span=span_of(self.source, element))

    def phrase(self, meta: Meta, children: list[Token]) -> tuple[ast.Word, ...]:
        return tuple(ast.Word(text=str(t), span=span_of(self.source, t)) for t in children)

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

    # ---- fields, step kinds and costs
    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """A field (``-> gems``) becomes an :class:`ast.Field` of that name; a step kind or cost (``-> move_away``)
        the kind the ruleset declares under the same words ("move away"), its numbers, words and texts its
        arguments. Any other rule without a method is a bug of this transformer, said loudly."""
        name = str(data)
        values = tuple(self._value(c) if isinstance(c, Token) else c for c in children
                       if c is not None and not (isinstance(c, tuple) and c and isinstance(c[0], ast.Step)))
        steps = next((c for c in children if isinstance(c, tuple) and c and isinstance(c[0], ast.Step)), ())
        if name in FIELDS:
            return ast.Field(name=name, values=values, steps=steps, span=self._span(meta))
        kind = name.replace("_", " ")
        if kind not in KINDS.actions and kind not in KINDS.costs:
            raise TypeError(f"no transformation for the grammar rule {data!r}")
        args = tuple(v for v in values if isinstance(v, int | ast.Word | ast.Text))
        return ast.Action(kind=kind, args=args, span=self._span(meta))


def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.Card]:
    cards: list[ast.Card] = ToAst(source).transform(tree)
    return cards
