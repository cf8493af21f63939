"""Scenario source → :class:`engine.rulesets.amtgard.scenario.Scenario` (its scenario grammar). Names are checked
here, with a suggestion for a typo; whether an event may happen when its line comes is the replay's to say."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import SourceTransformer, number, parse, span_of, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.core.errors import Where
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard import events
from spellc.engine.rulesets.amtgard import scenario as sc
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS, SPECIAL_EFFECTS


@v_args(meta=True)
class ToScenario(SourceTransformer):
    def __init__(self, source: SourceFile) -> None:
        super().__init__(source)
        self.errors: list[tuple[str, str, Span]] = []
        self.named: list[tuple[events.Event, Span]] = []  # each event line's event, to check the players it names

    def _where(self, meta: Meta) -> Where:
        span = self._span(meta)
        return Where(self.source.path, span.line, span.column, span.end_column)

    def start(self, meta: Meta, children: list[Any]) -> sc.Scenario:
        (title, players, facts), *rest = children
        lines = rest[0] if rest and rest[0] is not None else []
        return sc.Scenario(title=title, players=tuple(players), facts=tuple(facts), lines=tuple(lines))

    def match(self, meta: Meta, children: list[Any]) -> tuple[str, list[sc.PlayerSpec], list[sc.Line]]:
        title, *settings = children
        players: dict[str, dict[str, Any]] = {}
        facts: list[sc.Line] = []
        for s in settings:
            if isinstance(s, sc.Line):
                facts.append(s)
            elif s[0] == "player":
                players[s[1]] = s[2]
            elif s[1] in players:
                key, name, value, _ = s
                spec = players[name]
                spec[key] = (*spec.get(key, ()), *value) if key in ("armor", "carries", "ground", "traits") else value
            else:
                self.errors.append(("E731", f"no player {s[1]} is declared before this line", s[3]))
        return string_value(title), [sc.PlayerSpec(**spec) for spec in players.values()], facts

    def player(self, meta: Meta, c: list[Any]) -> tuple[str, str, dict[str, Any]]:
        name, team, *abilities = c
        return "player", str(name), {"name": str(name), "team": str(team), "where": self._where(meta),
                                     "abilities": tuple(string_value(a) for a in abilities if a is not None)}

    def wears(self, meta: Meta, c: list[Any]) -> tuple[str, str, tuple[tuple[str, int], ...], Span]:
        name, points, loc = c
        where = [str(loc)] if loc is not None else list(LOCATIONS)
        return "armor", str(name), tuple((w, number(points)) for w in where), self._span(meta)

    def carries(self, meta: Meta, c: list[Token]) -> tuple[str, str, tuple[str, ...], Span]:
        return "carries", str(c[0]), (str(c[1]),), self._span(meta)

    def on_the_ground(self, meta: Meta, c: list[Token]) -> tuple[str, str, tuple[str, ...], Span]:
        """Equipment the player owns but does not carry (a shield put down)."""
        return "ground", str(c[0]), (str(c[1]),), self._span(meta)

    def wields(self, meta: Meta, c: list[Token]) -> tuple[str, str, tuple[str, ...], Span]:
        # "a sword may be both Armor Breaking and Wounds Kill": `Bo wields Armor Breaking and Wounds Kill`
        effects = tuple(e.strip() for e in str(c[1]).split(" and "))
        for name in effects:
            if name not in SPECIAL_EFFECTS:
                hint = did_you_mean(name, SPECIAL_EFFECTS)
                said = f"no Special Effect is named {name!r}" + (f"; {hint[0][6:]}" if hint else "")
                self.errors.append(("E734", said, span_of(self.source, c[1])))
        return "wields", str(c[0]), effects, self._span(meta)

    def trait(self, meta: Meta, c: list[Any]) -> tuple[str, str, tuple[tuple[str, str | None], ...], Span]:
        name, state, detail = c
        return "traits", str(name), ((str(state), str(detail) if detail is not None else None),), self._span(meta)

    # ---- the timeline
    def timeline(self, meta: Meta, c: list[Any]) -> list[sc.Line]:
        return [one for line in c for one in (line if isinstance(line, list) else [line])]

    def event(self, meta: Meta, c: list[Token]) -> sc.Line:
        return sc.Line(kind="event", label=self._label(c[0]), where=self._where(meta))

    def refused(self, meta: Meta, c: list[Any]) -> sc.Line:
        label, rule = c
        return sc.Line(kind="refused", label=self._label(label), rule=string_value(rule) if rule else None,
                       where=self._where(meta))

    def _label(self, token: Token) -> str:
        """An event's words, read as the timeline names its events (events.read), the same for an event that
        happens and one refused: words no event's form reads are an error here (a refusal of them would hold)."""
        words, span = str(token), span_of(self.source, token)
        event = events.read(words)
        if event is None:
            self.errors.append(("E735", f"no event reads {words!r}", span))
            return words
        self.named.append((event, span))
        return events.canonical(event, words)

    def _fact(self, meta: Meta, who: Token, kind: str, value: str = "") -> sc.Line:
        return sc.Line(kind="fact", who=str(who), fact=(kind, value), where=self._where(meta))

    def distance(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._fact(meta, c[0], "distance", f"{c[2]} {number(c[1])}")

    def unseen(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._fact(meta, c[0], "unseen", str(c[1]))

    def willing(self, meta: Meta, c: list[Token]) -> sc.Line:
        return self._fact(meta, c[0], str(c[1]))

    # ---- expectations
    def expect(self, meta: Meta, c: list[Any]) -> list[sc.Line]:
        who, *items = c
        return [sc.Line(kind="expect", who=str(who), what=what, value=value, negated=negated, where=self._where(meta))
                for what, value, negated in items]

    def expect_alive(self, meta: Meta, c: list[Token]) -> tuple[str, str, bool]:
        return "alive", str(c[0]), False

    def expect_state(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[str, str | None], bool]:
        negated, state, detail = c
        return "state", (str(state), str(detail) if detail is not None else None), negated is not None

    def expect_left(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "left", (str(c[1]), number(c[0])), False

    def expect_ongoing(self, meta: Meta, c: list[Any]) -> tuple[str, str, bool]:
        negated, title = c
        return "ongoing", string_value(title), negated is not None

    def expect_chanting(self, meta: Meta, c: list[Any]) -> tuple[str, str, bool]:
        negated, title = c
        return "chanting", string_value(title), negated is not None

    def expect_ongoing_left(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "ongoing left", (string_value(c[1]), number(c[0])), False

    def expect_wounds(self, meta: Meta, c: list[Token]) -> tuple[str, int, bool]:
        return "wounds", number(c[0]), False

    def expect_enchanted(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[str, int | None], bool]:
        negated, title, strips, _ = c
        return "enchanted", (string_value(title), number(strips) if strips is not None else None), negated is not None

    def expect_uses(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "uses", (string_value(c[1]), number(c[0])), False

    def expect_granted_uses(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "granted uses", (string_value(c[1]), number(c[0])), False

    def expect_holding(self, meta: Meta, c: list[Any]) -> tuple[str, str, bool]:
        negated, title = c
        return "holding", string_value(title), negated is not None

    def expect_armor(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "armor", (str(c[1]), number(c[0])), False

    def expect_magic(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int], bool]:
        return "magic", (str(c[1]), number(c[0])), False

    def expect_equipment(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, str], bool]:
        return "equipment", (str(c[0]), str(c[1])), False


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    tree = parse(source, diags, (RULESETS["amtgard"].scenario_grammar,))
    if tree is None:
        return None
    errors = len(diags.items)
    transformer = ToScenario(source)
    scenario: sc.Scenario = transformer.transform(tree)
    for code, message, span in transformer.errors:
        diags.error(code, message, span, *((EVENT_SHAPES,) if code == "E735" else ()))
    names = [p.name for p in scenario.players]
    for i, name in enumerate(names):
        if name in names[:i]:
            w = scenario.players[i].where
            diags.error("E732", f"two players are named {name}", Span(source, w.line, w.column, w.line, w.end_column))
    for line in (*scenario.facts, *scenario.lines):
        if line.kind in ("fact", "expect") and line.who not in names:
            w = line.where
            diags.error("E733", f"no player is named {line.who}", Span(source, w.line, w.column, w.line, w.end_column),
                        *did_you_mean(line.who, names))
    for event, span in transformer.named:
        for name, start, end in event.at:
            if name not in names:
                at = Span(source, span.line, span.column + start, span.line, span.column + end)
                diags.error("E733", f"no player is named {name}", at, *did_you_mean(name, names))
    return scenario if len(diags.items) == errors else None


EVENT_SHAPES = f"note: the events: {'; '.join(events.SHAPES)}"

