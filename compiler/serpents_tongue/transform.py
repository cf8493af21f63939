"""Parse tree → AST: a thin Lark Transformer, one method per grammar rule, building frozen nodes. Its rules text is
grammar/common.lark's, built by the transformer every game shares (compiler.rules_text.StepsToAst): this one adds
the cards, fields and runs of words of Serpent's Tongue."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.rules_text import Action, StepsToAst, Word, Words
from spellc.compiler.serpents_tongue import ast
from spellc.compiler.source import SourceFile, Span

# Named keyword terminals that are structure, not content, where they appear outside a phrase.
STRUCTURAL = {"TO", "ON", "AND", "OR", "CHARGES", "CHARGE", "ALL", "FROM", "ONE", "IMPACT", "FOR"}


@v_args(meta=True)
class ToAst(StepsToAst):
    # ---- helpers
    def _word(self, tok: Token) -> Word:
        return Word(text=str(tok), span=span_of(self.source, tok))

    def _words(self, children: list[Any]) -> tuple[Word, ...]:
        return tuple(c if isinstance(c, Word) else self._word(c) for c in children)

    @staticmethod
    def _content(children: list[Any]) -> list[Any]:
        return [c for c in children if not (isinstance(c, Token) and c.type in STRUCTURAL)]

    # ---- file and spell
    def start(self, meta: Meta, children: list[ast.CardNode]) -> list[ast.CardNode]:
        """A file's cards, its spells (and Encounters) before its Nam-Shubs' pages, as they are checked."""
        return [*(c for c in children if not isinstance(c, ast.NamShubNode)),
                *(c for c in children if isinstance(c, ast.NamShubNode))]

    def spell(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        title_tok, *fields = children
        return ast.SpellNode(
            title=string_value(title_tok),
            title_span=span_of(self.source, title_tok),
            fields=tuple(fields),
            span=self._span(meta),
        )

    def _card(self, meta: Meta, children: list[Any], kind: str) -> ast.SpellNode:
        title_tok, *fields = children
        return ast.SpellNode(title=string_value(title_tok), title_span=span_of(self.source, title_tok),
                             fields=tuple(fields), span=self._span(meta), kind=kind)

    def specialization(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        return self._card(meta, children, "specialization")

    def artifact(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        return self._card(meta, children, "artifact")

    def spec_tier(self, meta: Meta, c: list[Any]) -> ast.TierLine:
        key, name, cost, *rules = c
        return ast.TierLine(key=self._word(key), name=string_value(name), cost=number(cost),
                            rules=tuple(rules), span=self._span(meta))

    # ---- an Encounter's card
    def encounter(self, meta: Meta, children: list[Any]) -> ast.EncounterNode:
        title_tok, *items = children
        return ast.EncounterNode(title=string_value(title_tok), title_span=span_of(self.source, title_tok),
                                 items=tuple(items), span=self._span(meta))

    def enc_spell(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        return self._card(meta, children, "encounter spell")

    def enc_ability(self, meta: Meta, children: list[Any]) -> ast.SpellNode:
        return self._card(meta, children, "encounter ability")

    def per_opponent(self, meta: Meta, c: list[Token]) -> int:
        return number(str(c[0]))

    def _stat(self, name: str, meta: Meta, c: list[Any]) -> ast.EncStat:
        return ast.EncStat(name=name, value=number(c[0]), per_opponent=(c[1] if len(c) > 1 and c[1] else 0),
                           span=self._span(meta))

    def enc_essence(self, meta: Meta, c: list[Any]) -> ast.EncStat:
        return self._stat("essence", meta, c)

    def enc_resonance(self, meta: Meta, c: list[Any]) -> ast.EncStat:
        return self._stat("resonance", meta, c)

    def enc_resonance_bonus(self, meta: Meta, c: list[Any]) -> ast.EncStat:
        return self._stat("resonance bonus", meta, c)

    def enc_actions(self, meta: Meta, c: list[Any]) -> ast.EncStat:
        return self._stat("actions", meta, c)

    def enc_resistance(self, meta: Meta, c: list[Any]) -> ast.EncStat:
        return self._stat("resistance", meta, c)

    def _enc_words(self, name: str, meta: Meta, c: list[Token]) -> ast.EncWords:
        return ast.EncWords(name=name, words=self._words(c), span=self._span(meta))

    def enc_source(self, meta: Meta, c: list[Token]) -> ast.EncWords:
        return self._enc_words("source", meta, c)

    def enc_lacks(self, meta: Meta, c: list[Token]) -> ast.EncWords:
        return self._enc_words("lacks", meta, c)

    def enc_targeting(self, meta: Meta, c: list[Token]) -> ast.EncWords:
        return self._enc_words("targeting", meta, c)

    def _counts(self, name: str, meta: Meta, c: list[Token]) -> ast.EncCounts:
        pairs = tuple((number(c[i]), self._word(c[i + 1])) for i in range(0, len(c), 2))
        return ast.EncCounts(name=name, counts=pairs, span=self._span(meta))

    def enc_bag(self, meta: Meta, c: list[Token]) -> ast.EncCounts:
        return self._counts("bag", meta, c)

    def enc_reset(self, meta: Meta, c: list[Token]) -> ast.EncCounts:
        return self._counts("reset", meta, c)

    def easy_off(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def enc_response(self, meta: Meta, c: list[Any]) -> ast.EncResponse:
        name, needs, cost, *rest = [x for x in c if not (isinstance(x, Token) and x.type in STRUCTURAL)]
        colours = tuple(self._word(t) for t in rest if isinstance(t, Token))
        return ast.EncResponse(name=string_value(name), needs=needs, cost=cost, colours=colours,
                               standard_only=any(x is True for x in rest), span=self._span(meta))

    def enc_threshold(self, meta: Meta, c: list[Any]) -> ast.EncThreshold:
        amount, energy, who, grants = c
        return ast.EncThreshold(amount=number(amount), energy=self._word(energy), who=who, grants=grants,
                                span=self._span(meta))

    def enc_discord_event(self, meta: Meta, c: list[Any]) -> ast.EncDiscordEvent:
        return ast.EncDiscordEvent(steps=c[0], span=self._span(meta))

    def enc_chart(self, meta: Meta, c: list[Any]) -> ast.EncChart:
        colour, *lines = c
        return ast.EncChart(colour=self._word(colour), lines=tuple(lines), span=self._span(meta))

    def chart_line(self, meta: Meta, c: list[Any]) -> ast.ChartLineNode:
        needs, (kind, title, span) = c
        cost, condition = needs if needs else (None, None)
        return ast.ChartLineNode(cost=cost, condition=condition, action=title if kind == "use" else None,
                                 roll=title if kind == "roll" else None, action_span=span, span=self._span(meta))

    def chart_needs(self, meta: Meta, c: list[Any]) -> tuple[ast.CostWords | None, Words | None]:
        cost = next((x for x in c if isinstance(x, ast.CostWords)), None)
        condition = next((x for x in c if isinstance(x, Words)), None)
        return cost, condition

    def chart_use(self, meta: Meta, c: list[Token]) -> tuple[str, str, Span]:
        return "use", string_value(c[0]), span_of(self.source, c[0])

    def chart_roll(self, meta: Meta, c: list[Token]) -> tuple[str, str, Span]:
        return "roll", string_value(c[0]), span_of(self.source, c[0])

    def enc_die_chart(self, meta: Meta, c: list[Any]) -> ast.EncDieChart:
        name, *faces = c
        return ast.EncDieChart(name=string_value(name), faces=tuple(faces), span=self._span(meta))

    def die_face(self, meta: Meta, c: list[Token]) -> ast.DieFaceNode:
        faces, what = c
        low, _, high = str(faces).partition("-")
        action = string_value(what) if what.type == "STRING" else None
        return ast.DieFaceNode(low=number(low), high=number(high or low), action=action, span=self._span(meta))

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

    def aspect_list(self, meta: Meta, sections: list[tuple[Words, ...]]) -> ast.AspectList:
        return ast.AspectList(sections=tuple(sections), span=self._span(meta))

    def section(self, meta: Meta, children: list[Any]) -> tuple[Words, ...]:
        return tuple(c for c in children if c is not None)

    # An aspect as written (`Harmony Dmg 1`), the words of a step kind's target, and a kind of spell cast for free
    # are runs of words, as a phrase is: the checker reads each.
    aspect = directive = target = spells = StepsToAst.phrase

    def aspect_seq(self, meta: Meta, children: list[Words]) -> tuple[Words, ...]:
        return tuple(children)

    tier_aspects = aspect_seq

    def broadcast(self, meta: Meta, children: list[Token]) -> ast.Broadcast:
        return ast.Broadcast(spheres=self._words(children), span=self._span(meta))

    def targets(self, meta: Meta, children: list[Words]) -> ast.TargetsLine:
        return ast.TargetsLine(phrase=children[0], span=self._span(meta))


    def requirement(self, meta: Meta, children: list[Words]) -> ast.RequirementLine:
        return ast.RequirementLine(phrase=children[0], span=self._span(meta))

    def cost(self, meta: Meta, children: list[Token]) -> ast.CostWords:
        return ast.CostWords(amount=number(children[0]), energy=self._word(children[1]), span=self._span(meta))

    def upgrade(self, meta: Meta, children: list[Any]) -> ast.UpgradeLine:
        aspects, *costs = self._content(children)
        timing = costs.pop() if costs and isinstance(costs[-1], str) else ""
        return ast.UpgradeLine(aspects=aspects, costs=tuple(costs), timing=timing, span=self._span(meta))

    def per_round(self, meta: Meta, children: list[Any]) -> str:
        return "per round"

    def this_impact(self, meta: Meta, children: list[Any]) -> str:
        return "this impact"

    def tier(self, meta: Meta, children: list[Any]) -> tuple[Words, ...]:
        only = children[0]
        return () if isinstance(only, Token) else only

    def ritual(self, meta: Meta, children: list[tuple[Words, ...]]) -> ast.RitualLine:
        return ast.RitualLine(tiers=tuple(children), span=self._span(meta))

    def koishaka(self, meta: Meta, children: list[ast.Stat]) -> ast.KoishakaLine:
        return ast.KoishakaLine(stats=tuple(children), span=self._span(meta))

    def stat(self, meta: Meta, c: list[Token]) -> ast.Stat:
        return ast.Stat(name=self._word(c[0]), value=number(c[1]), span=self._span(meta))

    # ---- Nam-Shub pages
    def nam_shub(self, meta: Meta, children: list[Any]) -> ast.NamShubNode:
        title_tok, *fields = children
        return ast.NamShubNode(title=string_value(title_tok), title_span=span_of(self.source, title_tok),
                               fields=tuple(fields), span=self._span(meta))

    def ns_step(self, meta: Meta, c: list[Any]) -> ast.NamShubStepLine:
        parts: dict[str, Any] = dict(x for x in c[1:] if isinstance(x, tuple))
        return ast.NamShubStepLine(name=string_value(c[0]), options=parts.get("options", ()),
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

    def passive_generate(self, meta: Meta, c: list[Any]) -> ast.GenerateRule:
        return ast.GenerateRule(selector=c[0], amounts=tuple(c[1:]), span=self._span(meta))

    def generate(self, meta: Meta, c: list[Token]) -> ast.CostWords:
        return ast.CostWords(amount=number(str(c[0])), energy=self._word(c[1]), span=self._span(meta))

    def ability(self, meta: Meta, c: list[Any]) -> ast.AbilityRule:
        name = string_value(c[0])
        options = c[1] if len(c) == 3 else ()  # no options: it takes a Full Action
        return ast.AbilityRule(name=name, options=options, steps=c[-1], span=self._span(meta))

    def definition(self, meta: Meta, c: list[Any]) -> ast.Definition:
        return ast.Definition(name=self._word(c[0]), value=c[1], span=self._span(meta))

    def on_impact(self, meta: Meta, c: list[Any]) -> ast.OnImpact:
        return ast.OnImpact(steps=self._content(c)[0], span=self._span(meta))

    def charge_word(self, meta: Meta, c: list[Any]) -> Tree[Token]:
        return Tree("charge_word", [])

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Action:
        """A step kind of the grammar fragment (``-> add_charges``) becomes the kind of the same words ("add
        charges"), a cost (``-> pay_energy``, ``-> pay_discard``) likewise; its numbers, words and runs of words
        (aspects, targets) are its arguments, in order (the words of the grammar itself, such as `charge`, left
        out). Which kinds exist, the checker knows: a new step kind is a grammar line and its declaration, nothing
        here."""
        return self.action(str(data).replace("_", " "), children, meta)


def to_ast(tree: Tree[Token], source: SourceFile) -> list[ast.CardNode]:
    result: list[ast.CardNode] = ToAst(source).transform(tree)
    return result
