"""Parse tree → AST: Serpent's Tongue's cards as every game's (compiler.card_ast: a card is its kind, its title and
its lines), built by the transformer every game of blocks of lines shares (compiler.card_transform): a line the
grammar builds (``-> sphere``, ``-> upgrade``, ``-> trigger``) is a field of that name, its words, numbers, quoted
texts and the values of its parts its values. A new one-value line is its grammar line and its declaration: nothing
here. What is this game's own is the value of a line's parts: an aspect list's sections, a ritual tier, a cost, a
Koishaka's stat, an Encounter's chart line and die face, and the cards an Encounter holds."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler import card_ast
from spellc.compiler.card_transform import NUMBERS, CardsToAst, cards_of
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import StepsToAst, Word, Words
from spellc.compiler.serpents_tongue import ast
from spellc.compiler.source import SourceFile, Span

if TYPE_CHECKING:  # its declaration is handed to it by its front end: a card's parse knows no engine
    from spellc.engine.core.ruleset import Ruleset

# Named keyword terminals that are structure, not content, where they appear outside a phrase.
STRUCTURAL = {"TO", "ON", "AND", "OR", "CHARGES", "CHARGE", "ALL", "FROM", "ONE", "IMPACT", "FOR"}
KINDS = ("spell", "specialization", "artifact", "encounter")
PAGE = "nam-shub"  # a Nam-Shub's page: a card of its own kind, checked after the file's spells
# A pay-to's costs, as the grammar names them (`-> pay_energy`, `-> pay_discard`): its own, not step kinds the
# engine plays.
PAY_ENERGY, PAY_DISCARD = "pay energy", "pay discard"


@v_args(meta=True)
class ToAst(CardsToAst):
    def start(self, meta: Meta, children: list[card_ast.Card]) -> list[card_ast.Card]:
        """A file's cards, its spells (and Encounters) before its Nam-Shubs' pages, as they are checked."""
        return [*(c for c in children if c.kind != PAGE), *(c for c in children if c.kind == PAGE)]

    def _line_value(self, line: str, child: Any) -> Any:
        """A token's number or text as every game's, and any other token a word as written, with where; the
        grammar's own words (`for`, `to`) are structure, not values."""
        if not isinstance(child, Token):
            return child
        if child.type in STRUCTURAL:
            return None
        if child.type == "STRING" or child.type in NUMBERS:
            return super()._line_value(line, child)
        return Word(text=str(child), span=span_of(self.source, child))

    def nam_shub(self, meta: Meta, children: list[Any]) -> card_ast.Card:
        return self._card(PAGE, meta, children)

    # An Encounter's spells and abilities are cards of their own, each a line of the Encounter (its `spell` line).
    def enc_spell(self, meta: Meta, children: list[Any]) -> card_ast.Field:
        return self._held("enc_spell", "encounter spell", meta, children)

    def enc_ability(self, meta: Meta, children: list[Any]) -> card_ast.Field:
        return self._held("enc_ability", "encounter ability", meta, children)

    def _held(self, line: str, kind: str, meta: Meta, children: list[Any]) -> card_ast.Field:
        card = self._card(kind, meta, children)
        return card_ast.Field(name=line, values=(card,), span=card.span)

    # ---- the values of a line's parts
    def aspects(self, meta: Meta, c: list[card_ast.Field]) -> card_ast.Field:
        return c[0]

    def aspect_list(self, meta: Meta, sections: list[tuple[Words, ...]]) -> card_ast.Field:
        """Its sections, each a tuple of aspects; the line is where its list is (after the word `aspects`)."""
        return card_ast.Field(name="aspects", values=tuple(sections), span=self._span(meta))

    def section(self, meta: Meta, children: list[Any]) -> tuple[Words, ...]:
        return tuple(c for c in children if c is not None)

    # An aspect as written (`Harmony Dmg 1`), the words of a step kind's target, and a kind of spell cast for free
    # are runs of words, as a phrase is: the checker reads each.
    aspect = directive = target = spells = StepsToAst.phrase

    def aspect_seq(self, meta: Meta, children: list[Words]) -> tuple[Words, ...]:
        return tuple(children)

    tier_aspects = aspect_seq

    def tier(self, meta: Meta, children: list[Any]) -> tuple[Words, ...]:
        """A ritual tier's aspects; N/A, none."""
        only = children[0]
        return () if isinstance(only, Token) else only

    def cost(self, meta: Meta, c: list[Token]) -> ast.CostWords:
        return ast.CostWords(amount=number(c[0]), energy=self._word(c[1]), span=self._span(meta))

    generate = cost

    def per_round(self, meta: Meta, children: list[Any]) -> str:
        return "per round"

    def this_impact(self, meta: Meta, children: list[Any]) -> str:
        return "this impact"

    def stat(self, meta: Meta, c: list[Token]) -> ast.Stat:
        return ast.Stat(name=self._word(c[0]), value=number(c[1]), span=self._span(meta))

    def per_opponent(self, meta: Meta, c: list[Token]) -> int:
        return number(str(c[0]))

    def easy_off(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def chart_line(self, meta: Meta, c: list[Any]) -> ast.ChartLine:
        needs, (kind, title, span) = c
        cost, condition = needs if needs else (None, None)
        return ast.ChartLine(cost=cost, condition=condition, action=title if kind == "use" else None,
                             roll=title if kind == "roll" else None, action_span=span, span=self._span(meta))

    def chart_needs(self, meta: Meta, c: list[Any]) -> tuple[ast.CostWords | None, Words | None]:
        cost = next((x for x in c if isinstance(x, ast.CostWords)), None)
        condition = next((x for x in c if isinstance(x, Words)), None)
        return cost, condition

    def chart_use(self, meta: Meta, c: list[Token]) -> tuple[str, str, Span]:
        return "use", string_value(c[0]), span_of(self.source, c[0])

    def chart_roll(self, meta: Meta, c: list[Token]) -> tuple[str, str, Span]:
        return "roll", string_value(c[0]), span_of(self.source, c[0])

    def die_face(self, meta: Meta, c: list[Token]) -> ast.DieFace:
        faces, what = c
        low, _, high = str(faces).partition("-")
        action = string_value(what) if what.type == "STRING" else None
        return ast.DieFace(low=number(low), high=number(high or low), action=action, span=self._span(meta))

    def ns_options(self, meta: Meta, c: list[tuple[Words, ...]]) -> tuple[Words, ...]:
        return c[0]

    def ns_costs(self, meta: Meta, c: list[Any]) -> tuple[ast.CostWords, ...]:
        return tuple(x for x in c if isinstance(x, ast.CostWords))

    def ns_effect(self, meta: Meta, c: list[Any]) -> Any:
        return c[0]

    def charge_word(self, meta: Meta, c: list[Any]) -> Tree[Token]:
        return Tree("charge_word", [])

    def _word(self, tok: Token) -> Word:
        return Word(text=str(tok), span=span_of(self.source, tok))


def to_ast(steps: Collection[str], ruleset: Ruleset, tree: Tree[Token], source: SourceFile) -> list[card_ast.Card]:
    """The cards of ``tree``: the lines its grammar builds told by ``ruleset``, and its step kinds by ``steps``
    (with the pay-to's costs), the game's declarations its front end hands it."""
    return cards_of(ToAst(source, ruleset, KINDS, {*steps, PAY_ENERGY, PAY_DISCARD}), tree)
