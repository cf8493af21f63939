"""Parse tree → AST (compiler.card_ast) for a game whose cards are blocks of lines (Amtgard, Incantation 2,
Incantation charges, Serpent's Tongue): one transformer, read from the game's grammar and declarations, not one per
game.

A rule of the game's grammar fragment is one of three things, told apart by its name (its alias):
- a kind of card (``-> spell``; or the one ``card`` rule, its kind its first word or the game's only kind);
- a card line the grammar builds (``-> gems``, ``-> free_difficulty``: compiler.fields.built), which becomes an
  :class:`ast.Field` of that name, its tokens its values and its steps its steps;
- a step kind or cost (``-> deal_damage``) the ruleset declares under the same words ("deal damage").
A new field is its grammar line and its declaration; a new step kind, its grammar line and the engine's
declaration: nothing here. A game reads a value its own way by overriding ``CardsToAst._line_value``, and the
parts of a line that are its own (Serpent's Tongue's aspect list, cost, Koishaka stat) by a method of their rule.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast as ast
from spellc.compiler import fields
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import Step, StepsToAst, step_kind
from spellc.compiler.source import SourceFile
from spellc.engine.core.ruleset import Ruleset

NUMBERS = ("INT", "SIGNED_INT")  # the tokens that write a number


@v_args(meta=True)
class CardsToAst(StepsToAst):
    """The transformer of one game: ``kinds``, its kinds of card (the first is a lone ``card`` rule's, where the
    card's first word does not say it); ``steps``, the step kinds and costs its ruleset declares (a rule that is
    none of them, nor a kind of card or a line, is one the game's transformer forgot: said loudly)."""

    def __init__(self, source: SourceFile, ruleset: Ruleset, kinds: tuple[str, ...], steps: Collection[str]) -> None:
        super().__init__(source)
        self.kinds = kinds
        self.lines = fields.built(ruleset)
        self.steps_declared = frozenset(steps)

    def start(self, meta: Meta, children: list[ast.Card]) -> list[ast.Card]:
        return children

    def card(self, meta: Meta, children: list[Any]) -> ast.Card:
        """A game's one ``card`` rule: its kind the word it begins with (``action``), or the game's one kind."""
        if isinstance(children[0], Token) and children[0].type != "STRING":
            kind, *children = children
            return self._card(str(kind), meta, children)
        return self._card(self.kinds[0], meta, children)

    def _card(self, kind: str, meta: Meta, children: list[Any]) -> ast.Card:
        title, *lines = children
        return ast.Card(kind=kind, title=string_value(title), title_span=span_of(self.source, title),
                        fields=tuple(lines), span=self._span(meta))

    def when(self, meta: Meta, children: list[Any]) -> ast.Field:
        """`when EVENT: steps`: the event's words, then what it sets off."""
        event, steps = children
        return ast.Field(name="when", event=event.words, steps=steps, span=self._span(meta))

    def _line_value(self, line: str, child: Any) -> Any:
        """What a line's child holds as its value (None: nothing): a token's number (with where it is written),
        word or text by default."""
        if not isinstance(child, Token):
            return child
        return self.number(child) if child.type in NUMBERS else self.value(child)

    def number(self, tok: Token, written: str | None = None) -> ast.Number:
        """The number ``tok`` writes (``written``: the part of it that is the number, `x3` a charge's 3), where."""
        return ast.Number(number(tok if written is None else written), span_of(self.source, tok))

    def _line(self, name: str, children: list[Any], meta: Meta) -> ast.Field:
        """Its steps (the child that is a run of steps), and its other children's values in order: an empty
        one (a part that writes nothing, `N/A`) is a value too, where it stands."""
        at = next((i for i, c in enumerate(children) if isinstance(c, tuple) and c and isinstance(c[0], Step)), None)
        steps: tuple[Step, ...] = () if at is None else children[at]
        values = (self._line_value(name, c) for i, c in enumerate(children) if c is not None and i != at)
        return ast.Field(name=name, values=tuple(v for v in values if v is not None), steps=steps,
                         span=self._span(meta))

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        name = str(data)
        if name in self.kinds:
            return self._card(name, meta, children)
        if name in self.lines:
            return self._line(name, children, meta)
        return self.action(step_kind(name, self.steps_declared), children, meta)


def cards_of(transformer: CardsToAst, tree: Tree[Token]) -> list[ast.Card]:
    cards: list[ast.Card] = transformer.transform(tree)
    return cards
