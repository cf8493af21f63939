"""Scenario source → :class:`engine.rulesets.incantation_charges.scenario.Scenario` (its scenario grammar).

Names are checked here, with a suggestion for a typo: every line's entity must be one the match declares,
each entity once, rounds in order. Whether a line is legal when its decision comes is the replay's to say.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import SourceTransformer, number, parse, span_of, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges import scenario as sc
from spellc.engine.rulesets.incantation_charges.game import BEGIN, KEEP, PASS, PRETEND
from spellc.engine.rulesets.incantation_charges.state import Settings

MAX_HEALTH = 999
PHASES = {"draw": "Draw Phase", "action": "Action Phase"}


@v_args(meta=True)
class ToScenario(SourceTransformer):
    def __init__(self, source: SourceFile, diags: Diagnostics) -> None:
        super().__init__(source)
        self.diags = diags

    def _where(self, meta: Meta | Token) -> sc.Where:
        span = span_of(self.source, meta) if isinstance(meta, Token) else self._span(meta)
        return sc.Where(self.source.path, span.line, span.column, span.end_column)

    # ---- the match
    def start(self, meta: Meta, children: list[Any]) -> sc.Scenario:
        match, *rounds = children
        title, settings, entities = match
        return sc.Scenario(title=title, settings=settings, entities=tuple(entities), rounds=tuple(rounds))

    def match(self, meta: Meta, children: list[Any]) -> tuple[str, Settings, list[sc.EntitySpec]]:
        title, *settings = children
        needs_means = any(s == "needs means" for s in settings)
        return string_value(title), Settings(incantation_needs_means=needs_means), [
            s for s in settings if isinstance(s, sc.EntitySpec)]

    def needs_means(self, meta: Meta, children: list[Any]) -> str:
        return "needs means"

    def entity(self, meta: Meta, children: list[Any]) -> sc.EntitySpec:
        name, *fields = children
        got: dict[str, Any] = {}
        for key, value, span in fields:
            if key in got:
                self.diags.error("E520", f"`{key}` is given twice for {name}", span)
            got[key] = value
        health = got.get("health", 10)
        return sc.EntitySpec(name=str(name), team=got.get("team", str(name)), health=health,
                             hand=got.get("hand", ()), deck=got.get("deck", ()), where=self._where(meta))

    def health(self, meta: Meta, children: list[Token]) -> tuple[str, int, Span]:
        value = number(children[0])
        if not 1 <= value <= MAX_HEALTH:
            self.diags.error("E521", f"Health is 1 to {MAX_HEALTH}, not {value}", self._span(meta))
        return "health", value, self._span(meta)

    def team(self, meta: Meta, children: list[Token]) -> tuple[str, str, Span]:
        return "team", str(children[0]), self._span(meta)

    def hand(self, meta: Meta, children: list[Token]) -> tuple[str, tuple[str, ...], Span]:
        return "hand", tuple(string_value(t) for t in children), self._span(meta)

    def deck(self, meta: Meta, children: list[Token]) -> tuple[str, tuple[str, ...], Span]:
        return "deck", tuple(string_value(t) for t in children), self._span(meta)

    # ---- rounds and phases
    def round(self, meta: Meta, children: list[Any]) -> sc.RoundScript:
        turn, *phases = children
        return sc.RoundScript(number=number(turn), phases=tuple(phases), where=self._where(meta))

    def phase(self, meta: Meta, children: list[Any]) -> sc.PhaseScript:
        name, *written = children
        lines = tuple(e for line in written for e in (line if isinstance(line, list) else [line]))
        return sc.PhaseScript(name=PHASES[str(name)], lines=lines, where=self._where(meta))

    def _answer(self, meta: Meta, who: Token, label: str) -> sc.Answer:
        return sc.Answer(who=str(who), label=label, where=self._where(meta))

    def plays(self, meta: Meta, children: list[Any]) -> sc.Answer:
        who, title, target = children
        at = f" at {target}" if target is not None else ""
        return self._answer(meta, who, f'play "{string_value(title)}"{at}')

    def begins(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], BEGIN)

    def feigns(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], PRETEND)

    def passes(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], PASS)

    def keeps(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], KEEP)

    def answers(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], str(children[1]))

    def chooses(self, meta: Meta, children: list[Token]) -> sc.Answer:
        return self._answer(meta, children[0], string_value(children[1]))

    # ---- expectations
    def expect(self, meta: Meta, children: list[Any]) -> list[sc.Expect]:
        who, *items = children
        return [sc.Expect(who=str(who), what=what, value=value, where=self._where(meta)) for what, value in items]

    def expect_winner(self, meta: Meta, children: list[Token]) -> list[sc.Expect]:
        name = str(children[0]) if children and children[0] is not None else None
        return [sc.Expect(who=None, what="winner", value=name, where=self._where(meta))]

    def expect_health(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return "health", number(children[0])

    def expect_charges(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return "charges", number(children[0])

    def expect_state(self, meta: Meta, children: list[Token | None]) -> tuple[str, bool]:
        negated, state = children
        return str(state), negated is None

    def expect_zone(self, meta: Meta, children: list[Token]) -> tuple[str, str]:
        return str(children[0]), string_value(children[1])


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    tree = parse(source, diags, (RULESETS["incantation_charges"].scenario_grammar,))
    if tree is None:
        return None
    errors = len(diags.items)
    scenario: sc.Scenario = ToScenario(source, diags).transform(tree)
    _check_names(scenario, tree, source, diags)
    return scenario if len(diags.items) == errors else None


def _check_names(scenario: sc.Scenario, tree: Tree[Token], source: SourceFile, diags: Diagnostics) -> None:
    names = [e.name for e in scenario.entities]
    for i, name in enumerate(names):
        if name in names[:i]:
            diags.error("E522", f"two entities are named {name}", _span(source, scenario.entities[i].where))
    if len({e.team for e in scenario.entities}) < 2:
        diags.error("E523", "a match needs entities on at least two sides", source.end,
                    "help: give the entities different `team` lines")
    last = 0
    for r in scenario.rounds:
        if r.number <= last:
            diags.error("E524", f"round {r.number} comes after round {last}: rounds go in order",
                        _span(source, r.where))
        last = max(last, r.number)
        for p in r.phases:
            for item in p.lines:
                if item.who is not None and item.who not in names:
                    diags.error("E525", f"no entity is named {item.who}", _span(source, item.where),
                                *did_you_mean(item.who, names))


def _span(source: SourceFile, where: sc.Where) -> Span:
    return Span(source, where.line, where.column, where.line, where.end_column)
