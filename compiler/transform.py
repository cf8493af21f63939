"""Parse tree → AST: a thin Lark Transformer, one method per grammar rule, building frozen nodes."""

from __future__ import annotations

import ast as pyast
from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from compiler import ast
from compiler.parse import span_of
from compiler.source import SourceFile, Span

# Named keyword terminals that are structure, not content, where they appear outside a phrase.
STRUCTURAL = {"TO", "ON", "AND", "OR", "CHARGES", "CHARGE", "ALL", "FROM", "ONE", "IMPACT", "FOR"}


@v_args(meta=True)
class ToAst(Transformer[Token, Any]):
    def __init__(self, source: SourceFile) -> None:
        super().__init__()
        self.source = source

    # ---- helpers
    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.source, 1, 1, 1, 2)
        return Span(self.source, meta.line, meta.column, meta.end_line, meta.end_column)

    def _word(self, tok: Token) -> ast.Word:
        return ast.Word(text=str(tok), span=span_of(self.source, tok))

    def _words(self, children: list[Any]) -> tuple[ast.Word, ...]:
        return tuple(c if isinstance(c, ast.Word) else self._word(c) for c in children)

    @staticmethod
    def _content(children: list[Any]) -> list[Any]:
        return [c for c in children if not (isinstance(c, Token) and c.type in STRUCTURAL)]

    # ---- file and spell
    def start(self, meta: Meta, children: list[ast.SpellNode | ast.NamShubNode]) -> ast.SpellFile:
        return ast.SpellFile(spells=tuple(c for c in children if isinstance(c, ast.SpellNode)),
                             nam_shubs=tuple(c for c in children if isinstance(c, ast.NamShubNode)),
                             span=self._span(meta))

    def spell(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        title_tok, *fields = children
        return ast.SpellNode(
            title=pyast.literal_eval(str(title_tok)),
            title_span=span_of(self.source, title_tok),
            fields=tuple(fields),
            span=self._span(meta),
        )

    def _field(self, name: str, meta: Meta, children: list[Token]) -> ast.Field:
        return ast.Field(name=name, value=self._word(children[0]), span=self._span(meta))

    def sphere(self, meta: Meta, c: list[Token]) -> ast.Field:
        return self._field("sphere", meta, c)

    def role(self, meta: Meta, c: list[Token]) -> ast.Field:
        return self._field("role", meta, c)

    def fluency(self, meta: Meta, c: list[Token]) -> ast.Field:
        return self._field("fluency", meta, c)

    def resonance(self, meta: Meta, c: list[Token]) -> ast.Field:
        return self._field("resonance", meta, c)

    def harmony(self, meta: Meta, c: list[Token]) -> ast.Field:
        return self._field("harmony", meta, c)

    def aspects(self, meta: Meta, c: list[ast.AspectList]) -> ast.AspectList:
        return c[0]

    def aspect_list(self, meta: Meta, sections: list[tuple[ast.AspectWords, ...]]) -> ast.AspectList:
        return ast.AspectList(sections=tuple(sections), span=self._span(meta))

    def section(self, meta: Meta, children: list[Any]) -> tuple[ast.AspectWords, ...]:
        return tuple(c for c in children if c is not None)

    def aspect(self, meta: Meta, children: list[Token]) -> ast.AspectWords:
        return ast.AspectWords(words=self._words(children), span=self._span(meta))

    directive = aspect

    def aspect_seq(self, meta: Meta, children: list[ast.AspectWords]) -> tuple[ast.AspectWords, ...]:
        return tuple(children)

    def broadcast(self, meta: Meta, children: list[Token]) -> ast.Broadcast:
        return ast.Broadcast(spheres=self._words(children), span=self._span(meta))

    def targets(self, meta: Meta, children: list[ast.Phrase]) -> ast.TargetsLine:
        return ast.TargetsLine(phrase=children[0], span=self._span(meta))

    def phrase(self, meta: Meta, children: list[Token]) -> ast.Phrase:
        return ast.Phrase(words=self._words(children), span=self._span(meta))

    target = phrase

    def condition(self, meta: Meta, children: list[ast.Phrase]) -> ast.Phrase:
        return children[0]

    def requirement(self, meta: Meta, children: list[ast.Phrase]) -> ast.RequirementLine:
        return ast.RequirementLine(phrase=children[0], span=self._span(meta))

    def cost(self, meta: Meta, children: list[Token]) -> ast.CostWords:
        return ast.CostWords(amount=int(children[0]), energy=self._word(children[1]), span=self._span(meta))

    pay_energy = cost

    def pay_discard(self, meta: Meta, children: list[ast.Phrase]) -> ast.Phrase:
        return children[0]

    def upgrade(self, meta: Meta, children: list[Any]) -> ast.UpgradeLine:
        aspects, *costs = self._content(children)
        return ast.UpgradeLine(aspects=aspects, costs=tuple(costs), span=self._span(meta))

    def tier(self, meta: Meta, children: list[Any]) -> tuple[ast.AspectWords, ...]:
        only = children[0]
        return () if isinstance(only, Token) else only

    def ritual(self, meta: Meta, children: list[tuple[ast.AspectWords, ...]]) -> ast.RitualLine:
        return ast.RitualLine(tiers=tuple(children), span=self._span(meta))

    def koishaka(self, meta: Meta, children: list[ast.Stat]) -> ast.KoishakaLine:
        return ast.KoishakaLine(stats=tuple(children), span=self._span(meta))

    def stat(self, meta: Meta, c: list[Token]) -> ast.Stat:
        return ast.Stat(name=self._word(c[0]), value=int(c[1]), span=self._span(meta))

    # ---- Nam-Shub pages
    def nam_shub(self, meta: Meta, children: list[Any]) -> ast.NamShubNode:
        title_tok, *fields = children
        return ast.NamShubNode(title=pyast.literal_eval(str(title_tok)), title_span=span_of(self.source, title_tok),
                               fields=tuple(fields), span=self._span(meta))

    def ns_step(self, meta: Meta, c: list[Any]) -> ast.NamShubStepLine:
        parts: dict[str, Any] = dict(x for x in c[1:] if isinstance(x, tuple))
        return ast.NamShubStepLine(name=pyast.literal_eval(str(c[0])), options=parts.get("options", ()),
                                   costs=parts.get("costs", ()), steps=parts.get("effect", ()), span=self._span(meta))

    def ns_victory(self, meta: Meta, c: list[Any]) -> ast.VictoryLine:
        return ast.VictoryLine(span=self._span(meta))

    def ns_options(self, meta: Meta, c: list[Any]) -> tuple[str, Any]:
        return "options", c[0]

    def ns_costs(self, meta: Meta, c: list[Any]) -> tuple[str, Any]:
        return "costs", tuple(self._content(c))

    def ns_effect(self, meta: Meta, c: list[Any]) -> tuple[str, Any]:
        return "effect", c[0]

    # ---- rules text
    def rules(self, meta: Meta, children: list[ast.Rule]) -> ast.RulesBlock:
        return ast.RulesBlock(rules=tuple(children), span=self._span(meta))

    def trigger(self, meta: Meta, c: list[Any]) -> ast.TriggerRule:
        return ast.TriggerRule(event=c[0], steps=c[1], span=self._span(meta))

    def passive(self, meta: Meta, c: list[Any]) -> ast.PassiveRule:
        return ast.PassiveRule(selector=c[0], grants=c[1], span=self._span(meta))

    def ability(self, meta: Meta, c: list[Any]) -> ast.AbilityRule:
        name = pyast.literal_eval(str(c[0]))
        options = c[1] if len(c) == 3 else ()  # no options: it takes a Full Action
        return ast.AbilityRule(name=name, options=options, steps=c[-1], span=self._span(meta))

    def definition(self, meta: Meta, c: list[Any]) -> ast.Definition:
        return ast.Definition(name=self._word(c[0]), value=c[1], span=self._span(meta))

    def on_impact(self, meta: Meta, c: list[Any]) -> ast.OnImpact:
        return ast.OnImpact(steps=self._content(c)[0], span=self._span(meta))

    def steps(self, meta: Meta, children: list[ast.Step]) -> tuple[ast.Step, ...]:
        return tuple(children)

    def option(self, meta: Meta, children: list[tuple[ast.Step, ...]]) -> tuple[ast.Step, ...]:
        return children[0]

    def deal(self, meta: Meta, c: list[Any]) -> ast.Deal:
        c = self._content(c)
        return ast.Deal(directive=c[0], target=c[1], span=self._span(meta))

    def add_charges(self, meta: Meta, c: list[Any]) -> ast.AddCharges:
        c = [x for x in self._content(c) if not isinstance(x, Tree)]
        return ast.AddCharges(amount=int(c[0]), charge=self._word(c[1]), target=c[2], span=self._span(meta))

    def remove_charges(self, meta: Meta, c: list[Any]) -> ast.RemoveCharges:
        c = [x for x in self._content(c) if not isinstance(x, Tree)]
        return ast.RemoveCharges(charge=self._word(c[0]), target=c[1], span=self._span(meta))

    def charge_word(self, meta: Meta, c: list[Any]) -> Tree[Token]:
        return Tree("charge_word", [])

    def discard(self, meta: Meta, c: list[Any]) -> ast.DiscardStep:
        return ast.DiscardStep(target=c[0], span=self._span(meta))

    def gain(self, meta: Meta, c: list[Token]) -> ast.Gain:
        return ast.Gain(amount=int(c[0]), energy=self._word(c[1]), span=self._span(meta))

    def may_step(self, meta: Meta, c: list[Any]) -> ast.May:
        return ast.May(step=c[0], span=self._span(meta))

    def if_step(self, meta: Meta, c: list[Any]) -> ast.If:
        return ast.If(condition=c[0], step=c[1], span=self._span(meta))

    def unless_step(self, meta: Meta, c: list[Any]) -> ast.Unless:
        return ast.Unless(step=c[0], condition=c[1], span=self._span(meta))

    def if_you_did_step(self, meta: Meta, c: list[Any]) -> ast.IfYouDid:
        return ast.IfYouDid(step=c[0], span=self._span(meta))

    def pay_to_step(self, meta: Meta, c: list[Any]) -> ast.PayTo:
        c = self._content(c)
        *costs, step = c
        energy = tuple(x for x in costs if isinstance(x, ast.CostWords))
        discards = tuple(x for x in costs if isinstance(x, ast.Phrase))
        return ast.PayTo(energy=energy, discards=discards, step=step, span=self._span(meta))

    def choose_one_step(self, meta: Meta, c: list[Any]) -> ast.ChooseOne:
        options = tuple(x for x in self._content(c) if isinstance(x, tuple))
        return ast.ChooseOne(options=options, span=self._span(meta))


def to_ast(tree: Tree[Token], source: SourceFile) -> ast.SpellFile:
    result: ast.SpellFile = ToAst(source).transform(tree)
    return result
