"""Scenario source → :class:`engine.rulesets.incantation_charges.scenario.Scenario` (its scenario grammar), and its
summary.

Names are checked here, with a suggestion for a typo: every line's entity must be one the match declares,
each entity once, rounds in order. Whether a line is legal when its decision comes is the replay's to say.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler import scenario_lines as lines
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import number, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.core.decisions import Outcome
from spellc.engine.core.errors import Where
from spellc.engine.core.scenario import Answer, Replay
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges import scenario as sc
from spellc.engine.rulesets.incantation_charges.cards import Library
from spellc.engine.rulesets.incantation_charges.game import BEGIN, KEEP, PASS, PRETEND, Game
from spellc.engine.rulesets.incantation_charges.state import Settings

MAX_HEALTH = 999
PHASES = {"draw": "Draw Phase", "action": "Action Phase"}
NAMES = lines.Names(being="entity", twice="E522", unknown="E525", blocks=("round", "E524"), sides=(
    "E523", "a match needs entities on at least two sides", "help: give the entities different `team` lines"))


@v_args(meta=True)
class ToScenario(lines.ScenarioTransformer):
    answers = {"begins": BEGIN, "feigns": PRETEND, "passes": PASS, "keeps": KEEP, "answers": "{1}", "chooses": "{1}"}

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
                self.error("E520", f"`{key}` is given twice for {name}", span)
            got[key] = value
        return sc.EntitySpec(name=str(name), team=got.get("team", str(name)), health=got.get("health", 10),
                             hand=got.get("hand", ()), deck=got.get("deck", ()), where=self._where(meta))

    def health(self, meta: Meta, children: list[Token]) -> tuple[str, int, Span]:
        value = number(children[0])
        if not 1 <= value <= MAX_HEALTH:
            self.error("E521", f"Health is 1 to {MAX_HEALTH}, not {value}", self._span(meta))
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
        return sc.PhaseScript(name=PHASES[str(name)], lines=tuple(lines.flat(written)), where=self._where(meta))

    def plays(self, meta: Meta, children: list[Any]) -> Answer:
        who, title, target = children
        at = f" at {target}" if target is not None else ""
        return Answer(who=str(who), labels=(f'play "{string_value(title)}"{at}',), where=self._where(meta))


READER: lines.Reader[sc.Scenario] = lines.Reader(
    RULESETS["incantation_charges"], ToScenario, NAMES, setup=lambda s: [(e.name, e.team, e.where) for e in s.entities],
    numbered=lambda s: [(r.number, r.where) for r in s.rounds],
    written=lambda s: (item for r in s.rounds for p in r.phases for item in p.lines))
parse_scenario = READER.parse


def card_titles(scenario: sc.Scenario) -> Iterator[tuple[str, Where]]:
    """The cards the script names: each entity's hand and deck, and each card played."""
    for e in scenario.entities:
        yield from ((title, e.where) for title in (*e.hand, *e.deck))
    yield from lines.titles_in((line for r in scenario.rounds for p in r.phases for line in p.lines), "play")


def scenario_diagnostics(source: SourceFile, cards: Library | None = None) -> Diagnostics:
    """What is wrong with a scenario as written; with ``cards`` (the project's compiled cards), the card titles it
    names that are none of them too."""
    return lines.diagnostics(source, parse_scenario, card_titles, None if cards is None else cards.titles(), "card")


# ---------------------------------------------------------------- the summary `spellc play` prints
def summary(result: Replay[Game]) -> str:
    """Each phase's end: every entity's Health, charges and state; then the outcome."""
    shown = [(f"Round {s['round']}, end of the {s['phase']}:", s) for s in result.snapshots]
    return lines.summary(result, shown, "entities", _entity, _outcome)


def _entity(e: dict[str, Any]) -> str:
    state = [s for s in ("incanting", "pretending", "warded") if e[s]]
    return (f"{e['health']} Health, {lines.plural(e['charges'], 'charge')}"
            + (f", {', '.join(state)}" if state else "")
            + (f"  [hand: {', '.join(e['zones']['hand'])}]" if e["zones"]["hand"] else ""))


def _outcome(outcome: Outcome) -> str:
    return (f"{'draw' if outcome.draw else f'side {outcome.winner} wins'}"
            f" ({', '.join(outcome.incapacitated) or 'nobody'} defeated)")
