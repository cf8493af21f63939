"""Scenario source → :class:`engine.rulesets.rackham_incantation.scenario.Scenario` (its scenario grammar).

Each answer line becomes the label of the choice it names (``Gorgon absorbs with Darkness + Darkness`` is
"absorb with Darkness + Darkness"); names are checked here, with a suggestion for a typo: whoever answers must
be a magician the match declares, each model is declared once, turns go in order. Whether a line is legal when
its decision comes is the replay's to say.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import SourceTransformer, number, parse, span_of, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.core.errors import Where
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation import scenario as sc
from spellc.engine.rulesets.rackham_incantation.casting import NO_MORE
from spellc.engine.rulesets.rackham_incantation.counters import LET_IT_BE
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, Element
from spellc.engine.rulesets.rackham_incantation.game import DONE, FAST, NEITHER, NO_TRANCE, PROLONGED, TRANCE
from spellc.engine.rulesets.rackham_incantation.state import Settings

MAX_TURNS = 99


@v_args(meta=True)
class ToScenario(SourceTransformer):
    def __init__(self, source: SourceFile) -> None:
        super().__init__(source)
        self.errors: list[tuple[str, str, Span]] = []  # what only the transformer sees (numbers out of range)

    def _where(self, meta: Meta | Token) -> Where:
        span = span_of(self.source, meta) if isinstance(meta, Token) else self._span(meta)
        return Where(self.source.path, span.line, span.column, span.end_column)

    # ---- the match
    def start(self, meta: Meta, children: list[Any]) -> sc.Scenario:
        (title, models, facts, settings), *turns = children
        return sc.Scenario(title=title, models=tuple(models), facts=tuple(facts), turns=tuple(turns),
                           settings=settings)

    def match(self, meta: Meta, children: list[Any]) -> tuple[str, list[sc.ModelSpec], list[sc.Line], Settings]:
        title, *settings = children
        turns = [s for s in settings if isinstance(s, int)]
        return (string_value(title), [s for s in settings if isinstance(s, sc.ModelSpec)],
                [s for s in settings if isinstance(s, sc.Line)], Settings(max_turns=turns[-1] if turns else 12))

    def magician(self, meta: Meta, children: list[Any]) -> sc.ModelSpec:
        title, camp, gems = children
        return sc.ModelSpec(card=string_value(title), name=string_value(title), camp=str(camp),
                            gems=gems if gems is not None else (), where=self._where(meta))

    def creature(self, meta: Meta, children: list[Any]) -> sc.ModelSpec:
        title, camp, named = children
        name = string_value(named) if named is not None else string_value(title)
        return sc.ModelSpec(card=string_value(title), name=name, camp=str(camp), where=self._where(meta))

    def turns(self, meta: Meta, children: list[Token]) -> int:
        value = number(children[0])
        if not 1 <= value <= MAX_TURNS:
            self.errors.append(("E631", f"a match lasts 1 to {MAX_TURNS} turns, not {value}", self._span(meta)))
        return value

    def gems(self, meta: Meta, children: list[Token]) -> tuple[tuple[Element, int], ...]:
        counted: dict[Element, int] = {}
        for count, element in zip(children[::2], children[1::2], strict=True):
            counted[Element(str(element))] = counted.get(Element(str(element)), 0) + number(count)
        return tuple((e, counted[e]) for e in ELEMENTS if counted.get(e))

    def who(self, meta: Meta, children: list[Token]) -> str:
        tok = children[0]
        return string_value(tok) if tok.type == "STRING" else str(tok)

    # ---- turns and lines
    def turn(self, meta: Meta, children: list[Any]) -> sc.TurnScript:
        turn, *lines = children  # an `expect` line of several items gives a list of lines
        flat = [one for line in lines for one in (line if isinstance(line, list) else [line])]
        return sc.TurnScript(number=number(turn), lines=tuple(flat), where=self._where(meta))

    def _answer(self, meta: Meta, who: Token | str, *labels: str) -> sc.Line:
        return sc.Line(kind="answer", who=str(who), labels=labels, where=self._where(meta))

    def enters_trance(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], TRANCE)

    def declines_trance(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], NO_TRANCE)

    def declares(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], FAST if str(c[1]) == "fast" else PROLONGED)

    def declares_nothing(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], NEITHER)

    def casts(self, meta: Meta, c: list[Any]) -> sc.Line:
        return self._answer(meta, c[0], f'cast "{string_value(c[1])}" at {c[2]}')

    def pays(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], str(c[1]))

    def adds(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], str(c[1]))

    def adds_no_more(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], NO_MORE)

    def sets_difficulty(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], str(number(c[1])))

    def absorbs(self, meta: Meta, c: list[Token]) -> sc.Line:
        gems = sorted((Element(str(t)) for t in c[1:]), key=ELEMENTS.index)
        return self._answer(meta, c[0], "absorb with " + " + ".join(e.value for e in gems))

    def dispels(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], f"dispel with {c[1]}")

    def lets_it_be(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], LET_IT_BE)

    def sacrifices(self, meta: Meta, c: list[Any]) -> sc.Line:
        return self._answer(meta, c[0], f"sacrifice {c[1]}")

    def done(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], DONE)

    def regains(self, meta: Meta, c: list[Any]) -> sc.Line:
        """``Méliador regains 4 Light, 1 Air``: one answer per gem, as the rules ask them."""
        return self._answer(meta, c[0], *(e.value for e, n in c[1] for _ in range(n)))

    def answers(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], str(c[1]))

    def chooses(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._answer(meta, c[0], string_value(c[1]))

    def dice(self, meta: Meta, c: list[Token]) -> sc.Line:
        for face in c:
            if not 1 <= number(face) <= 6:
                self.errors.append(("E632", f"a d6 shows 1 to 6, not {face}", span_of(self.source, face)))
        return sc.Line(kind="dice", labels=tuple(str(number(t)) for t in c), where=self._where(meta))

    def refused(self, meta: Meta, c: list[Any]) -> sc.Line:
        answer, rule = c
        return sc.Line(kind="refused", who=answer.who, labels=answer.labels[:1],
                       rule=string_value(rule) if rule is not None else None, where=self._where(meta))

    # ---- facts
    def _fact(self, meta: Meta, who: str, kind: str, value: str = "") -> sc.Line:
        return sc.Line(kind="fact", who=who, fact=(kind, value), where=self._where(meta))

    def distance(self, meta: Meta, c: list[Any]) -> sc.Line:
        who, cm, other = c
        return self._fact(meta, who, "distance", f"{other} {number(cm)}")

    def in_melee(self, meta: Meta, c: list[str]) -> sc.Line:
        return self._fact(meta, c[0], "melee")

    def out_of_melee(self, meta: Meta, c: list[str]) -> sc.Line:
        return self._fact(meta, c[0], "out of melee")

    def blind(self, meta: Meta, c: list[str]) -> sc.Line:
        return self._fact(meta, c[0], "blind", c[1])

    def moved(self, meta: Meta, c: list[str]) -> sc.Line:
        return self._fact(meta, c[0], "moved")

    def ran(self, meta: Meta, c: list[str]) -> sc.Line:
        return self._fact(meta, c[0], "ran")

    # ---- expectations
    def expect(self, meta: Meta, c: list[Any]) -> list[sc.Line]:
        who, *items = c
        merged: list[tuple[str, Any]] = []
        for what, value in items:  # `gems 3 Air, 1 Light`: the gems after the first continue its list
            if what == "more gems" and merged and merged[-1][0] == "gems":
                merged[-1] = ("gems", _add_gems(merged[-1][1], value))
            elif what == "more gems":
                self.errors.append(("E637", "a gem count follows `gems`", self._span(meta)))
            else:
                merged.append((what, value))
        return [sc.Line(kind="expect", who=who, what=what, value=value, where=self._where(meta))
                for what, value in merged]

    def expect_winner(self, meta: Meta, c: list[Token]) -> list[sc.Line]:
        name = str(c[0]) if c and c[0] is not None else None
        return [sc.Line(kind="expect", what="winner", value=name, where=self._where(meta))]

    def gem(self, meta: Meta, c: list[Token]) -> tuple[tuple[Element, int], ...]:
        return ((Element(str(c[1])), number(c[0])),)

    def expect_gems(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[tuple[Element, int], ...]]:
        return "gems", c[0]

    def expect_more_gems(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[tuple[Element, int], ...]]:
        return "more gems", c[0]

    def expect_no_gems(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[tuple[Element, int], ...]]:
        return "gems", ()

    def expect_wounds(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return "wounds", number(c[0])

    def expect_spells_cast(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return "spells cast", number(c[0])

    def expect_state(self, meta: Meta, c: list[Token]) -> tuple[str, bool]:
        return str(c[0]), True


def _add_gems(gems: tuple[tuple[Element, int], ...], more: tuple[tuple[Element, int], ...]
              ) -> tuple[tuple[Element, int], ...]:
    counted = dict(gems)
    for element, n in more:
        counted[element] = counted.get(element, 0) + n
    return tuple((e, counted[e]) for e in ELEMENTS if counted.get(e))


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    tree = parse(source, diags, (RULESETS["rackham_incantation"].scenario_grammar,))
    if tree is None:
        return None
    errors = len(diags.items)
    transformer = ToScenario(source)
    scenario: sc.Scenario = transformer.transform(tree)
    for code, message, span in transformer.errors:
        diags.error(code, message, span)
    _check_names(scenario, source, diags)
    return scenario if len(diags.items) == errors else None


def _check_names(scenario: sc.Scenario, source: SourceFile, diags: Diagnostics) -> None:
    names = [m.name for m in scenario.models]
    for i, name in enumerate(names):
        if name in names[:i]:
            diags.error("E633", f"two models are named {name}", _span(source, scenario.models[i].where))
    if len({m.camp for m in scenario.models}) < 2:
        diags.error("E634", "a battle needs models of at least two camps", source.end,
                    "help: give the magicians different `camp` names")
    last = 0
    for turn in scenario.turns:
        if turn.number <= last:
            diags.error("E635", f"turn {turn.number} comes after turn {last}: turns go in order",
                        _span(source, turn.where))
        last = max(last, turn.number)
        for line in turn.lines:
            if line.kind in ("answer", "refused") and line.who not in names:
                diags.error("E636", f"no model is named {line.who}", _span(source, line.where),
                            *did_you_mean(line.who or "", names))


def _span(source: SourceFile, where: Where) -> Span:
    return Span(source, where.line, where.column, where.line, where.end_column)
