"""Scenario source → :class:`engine.rulesets.amtgard.scenario.Scenario` (its scenario grammar), and its summary.
Names are checked here, with a suggestion for a typo; whether an event may happen when its line comes is the
replay's to say."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler import scenario_lines as lines
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.core.errors import Where
from spellc.engine.core.scenario import Answer, Fact, Line, Refused, Replay
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard import events
from spellc.engine.rulesets.amtgard import scenario as sc
from spellc.engine.rulesets.amtgard.cards import Library
from spellc.engine.rulesets.amtgard.game import Game
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS, SPECIAL_EFFECTS

NAMES = lines.Names(being="player", twice="E732", unknown="E733")
EVENT_SHAPES = f"note: the events: {'; '.join(events.SHAPES)}"
# What a player setting adds to, rather than sets: `Ana wears 2 armor on torso` twice is two locations.
LISTED = ("armor", "carries", "ground", "traits")


@v_args(meta=True)
class ToScenario(lines.ScenarioTransformer):
    facts = {"distance": ("distance", "{2} {1}"), "unseen": ("unseen", "{1}"), "willing": ("{1}", "")}

    def __init__(self, source: SourceFile) -> None:
        super().__init__(source)
        self.named: list[tuple[events.Event, Span]] = []  # each event line's event, to check the players it names

    def start(self, meta: Meta, children: list[Any]) -> sc.Scenario:
        (title, players, facts), *rest = children
        timeline = rest[0] if rest and rest[0] is not None else []
        return sc.Scenario(title=title, players=tuple(players), facts=tuple(facts), lines=tuple(timeline))

    def match(self, meta: Meta, children: list[Any]) -> tuple[str, list[sc.PlayerSpec], list[Fact]]:
        title, *settings = children
        players: dict[str, dict[str, Any]] = {}
        facts: list[Fact] = []
        for s in settings:
            if isinstance(s, Fact):
                facts.append(s)
            elif s[0] == "player":
                players[s[1]] = s[2]
            elif s[1] in players:
                key, name, value, _ = s
                spec = players[name]
                spec[key] = (*spec.get(key, ()), *value) if key in LISTED else value
            else:
                self.error("E731", f"no player {s[1]} is declared before this line", s[3])
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
                self.error("E734", said, span_of(self.source, c[1]))
        return "wields", str(c[0]), effects, self._span(meta)

    def trait(self, meta: Meta, c: list[Any]) -> tuple[str, str, tuple[tuple[str, str | None], ...], Span]:
        name, state, detail = c
        return "traits", str(name), ((str(state), str(detail) if detail is not None else None),), self._span(meta)

    # ---- the timeline
    def timeline(self, meta: Meta, c: list[Any]) -> list[Line]:
        return lines.flat(c)

    def event(self, meta: Meta, c: list[Token]) -> Answer:
        return Answer(labels=(self._label(c[0]),), where=self._where(meta))

    def refused(self, meta: Meta, c: list[Any]) -> Refused:
        label, rule = c
        return Refused(label=self._label(label), rule=string_value(rule) if rule else None, said=str(label),
                       where=self._where(meta))

    def _label(self, token: Token) -> str:
        """An event's words, read as the timeline names its events (events.read), the same for an event that
        happens and one refused: words no event's form reads are an error here (a refusal of them would hold)."""
        words, span = str(token), span_of(self.source, token)
        event = events.read(words)
        if event is None:
            self.error("E735", f"no event reads {words!r}", span, EVENT_SHAPES)
            return words
        self.named.append((event, span))
        return events.canonical(event, words)


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    transformer = ToScenario(source)

    def check_names(scenario: sc.Scenario, source: SourceFile, diags: Diagnostics) -> None:
        names = lines.check_names(NAMES, [(p.name, p.team, p.where) for p in scenario.players], (),
                                  (*scenario.facts, *scenario.lines), source, diags)
        for event, span in transformer.named:  # the players an event names, where each is written
            for name, start, end in event.at:
                at = Span(source, span.line, span.column + start, span.line, span.column + end)
                lines.known(NAMES, name, names, Where(source.path, span.line, 0, 0), source, diags, at)

    scenario: sc.Scenario | None = lines.read_scenario(RULESETS["amtgard"], source, diags, transformer, check_names)
    return scenario


def card_titles(scenario: sc.Scenario) -> Iterator[tuple[str, Where]]:
    """The abilities the script names: each player's own (an event's are checked by the replay, against the
    abilities its player has)."""
    for p in scenario.players:
        yield from ((title, p.where) for title in p.abilities)


def scenario_diagnostics(source: SourceFile, cards: Library | None = None) -> Diagnostics:
    """What is wrong with a scenario as written; with ``cards`` (the project's compiled cards), the ability titles it
    names that are none of them too."""
    return lines.diagnostics(source, parse_scenario, card_titles, None if cards is None else cards.titles(), "ability")


# ---------------------------------------------------------------- the summary `spellc play` prints
def summary(result: Replay[Game]) -> str:
    """Where the timeline ends: each player's life, States, enchantments, armor and wounds."""
    final = result.snapshots[-1]
    shown = [(f"At {final['time']} s:", final)] if final["players"] else []  # none: the match was never set up
    return lines.summary(result, shown, "players", _player, str)


def _player(p: dict[str, Any]) -> str:
    parts = ["alive" if p["alive"] else "dead"]
    parts += [", ".join(p["states"])] if p["states"] else []
    parts += [f"enchanted with {', '.join(p['enchantments'])}"] if p["enchantments"] else []
    parts += [f"Magic Armor {', '.join(f'{n} on {loc}' for loc, n in p['magic armor'].items())}"] \
        if p["magic armor"] else []
    parts += [f"wounded in {', '.join(p['wounds'])}"] if p["wounds"] else []
    return "; ".join(parts)
