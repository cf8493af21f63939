"""Scenario source → :class:`engine.rulesets.rackham_incantation.scenario.Scenario` (its scenario grammar).

Each answer line becomes the label of the choice it names (``Gorgon absorbs with Darkness + Darkness`` is
"absorb with Darkness + Darkness"); names are checked here, with a suggestion for a typo: whoever answers must
be a magician the match declares, each model is declared once, turns go in order. Whether a line is legal when
its decision comes is the replay's to say.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler import scenario_lines as lines
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import number, span_of, string_value
from spellc.compiler.source import SourceFile
from spellc.engine.core.decisions import Outcome
from spellc.engine.core.errors import Where
from spellc.engine.core.scenario import Answer, Expect, Fact, Refused, Replay
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation import scenario as sc
from spellc.engine.rulesets.rackham_incantation.cards import Library
from spellc.engine.rulesets.rackham_incantation.casting import NO_MORE
from spellc.engine.rulesets.rackham_incantation.counters import LET_IT_BE
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, Element
from spellc.engine.rulesets.rackham_incantation.game import DONE, NEITHER, NO_TRANCE, TRANCE, Game
from spellc.engine.rulesets.rackham_incantation.state import Settings

MAX_TURNS = 99
NAMES = lines.Names(being="model", twice="E633", unknown="E636", blocks=("turn", "E635"), sides=(
    "E634", "a battle needs models of at least two camps", "help: give the magicians different `camp` names"))
Gems = tuple[tuple[Element, int], ...]


@v_args(meta=True)
class ToScenario(lines.ScenarioTransformer):
    answers = {"enters_trance": TRANCE, "declines_trance": NO_TRANCE, "declares_nothing": NEITHER,
               "adds_no_more": NO_MORE, "lets_it_be": LET_IT_BE, "done": DONE, "declares": "{1} cast",
               "casts": 'cast "{1}" at {2}', "pays": "{1}", "adds": "{1}", "answers": "{1}", "chooses": "{1}",
               "sets_difficulty": "{1}", "dispels": "dispel with {1}", "sacrifices": "sacrifice {1}"}
    facts = {"in_melee": ("melee", ""), "out_of_melee": ("out of melee", ""), "moved": ("moved", ""),
             "ran": ("ran", ""), "distance": ("distance", "{2} {1}"), "blind": ("blind", "{1}")}

    # ---- the match
    def start(self, meta: Meta, children: list[Any]) -> sc.Scenario:
        (title, models, facts, settings), *turns = children
        return sc.Scenario(title=title, models=tuple(models), facts=tuple(facts), turns=tuple(turns),
                           settings=settings)

    def match(self, meta: Meta, children: list[Any]) -> tuple[str, list[sc.ModelSpec], list[Fact], Settings]:
        title, *settings = children
        turns = [s for s in settings if isinstance(s, int)]
        return (string_value(title), [s for s in settings if isinstance(s, sc.ModelSpec)],
                [s for s in settings if isinstance(s, Fact)], Settings(max_turns=turns[-1] if turns else 12))

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
            self.error("E631", f"a match lasts 1 to {MAX_TURNS} turns, not {value}", self._span(meta))
        return value

    def gems(self, meta: Meta, children: list[Token]) -> Gems:
        return _add_gems((), tuple((Element(str(e)), number(n)) for n, e in zip(children[::2], children[1::2],
                                                                                 strict=True)))

    def who(self, meta: Meta, children: list[Token]) -> str:
        tok = children[0]
        return string_value(tok) if tok.type == "STRING" else str(tok)

    # ---- turns and lines
    def turn(self, meta: Meta, children: list[Any]) -> sc.TurnScript:
        turn, *written = children
        return sc.TurnScript(number=number(turn), lines=tuple(lines.flat(written)), where=self._where(meta))

    def _answer(self, meta: Meta, who: Token | str, *labels: str) -> Answer:
        return Answer(who=str(who), labels=labels, where=self._where(meta))

    def absorbs(self, meta: Meta, c: list[Token]) -> Answer:
        gems = sorted((Element(str(t)) for t in c[1:]), key=ELEMENTS.index)
        return self._answer(meta, c[0], "absorb with " + " + ".join(e.value for e in gems))

    def regains(self, meta: Meta, c: list[Any]) -> Answer:
        """``Méliador regains 4 Light, 1 Air``: one answer per gem, as the rules ask them."""
        return self._answer(meta, c[0], *(e.value for e, n in c[1] for _ in range(n)))

    def dice(self, meta: Meta, c: list[Token]) -> Answer:
        for face in c:
            if not 1 <= number(face) <= 6:
                self.error("E632", f"a d6 shows 1 to 6, not {face}", span_of(self.source, face))
        return Answer(labels=tuple(str(number(t)) for t in c), where=self._where(meta))

    # ---- expectations: (what, value), as engine.rulesets.rackham_incantation.scenario declares them
    def expect(self, meta: Meta, c: list[Any]) -> list[Expect]:
        who, *items = c
        merged: list[tuple[Any, ...]] = []
        for item in items:  # `gems 3 Air, 1 Light`: the gems after the first continue its list
            if item[0] == "more gems" and merged and merged[-1][0] == "gems":
                merged[-1] = ("gems", _add_gems(merged[-1][1], item[1]))
            elif item[0] == "more gems":
                self.error("E637", "a gem count follows `gems`", self._span(meta))
            else:
                merged.append(item)
        return super().expect(meta, [who, *merged])

    def gem(self, meta: Meta, c: list[Token]) -> Gems:
        return ((Element(str(c[1])), number(c[0])),)

    def expect_gems(self, meta: Meta, c: list[Any]) -> tuple[str, Gems]:
        return "gems", c[0]

    def expect_more_gems(self, meta: Meta, c: list[Any]) -> tuple[str, Gems]:
        return "more gems", c[0]

    def expect_no_gems(self, meta: Meta, c: list[Any]) -> tuple[str, Gems]:
        return "gems", ()


def _add_gems(gems: Gems, more: Gems) -> Gems:
    counted = dict(gems)
    for element, n in more:
        counted[element] = counted.get(element, 0) + n
    return tuple((e, counted[e]) for e in ELEMENTS if counted.get(e))


READER: lines.Reader[sc.Scenario] = lines.Reader(
    RULESETS["rackham_incantation"], ToScenario, NAMES, setup=lambda s: [(m.name, m.camp, m.where) for m in s.models],
    numbered=lambda s: [(t.number, t.where) for t in s.turns],
    # a creature summoned in the battle has a name no setting gives: only answers are checked
    written=lambda s: (line for t in s.turns for line in t.lines if isinstance(line, Answer | Refused)))
parse_scenario = READER.parse


def card_titles(scenario: sc.Scenario) -> Iterator[tuple[str, Where]]:
    """The cards the script names: each model's, and each spell cast."""
    yield from ((m.card, m.where) for m in scenario.models)
    yield from lines.titles_in((line for turn in scenario.turns for line in turn.lines), "cast")


def scenario_diagnostics(source: SourceFile, cards: Library | None = None) -> Diagnostics:
    """What is wrong with a scenario as written; with ``cards`` (the project's compiled cards), the card titles it
    names that are none of them too."""
    return lines.diagnostics(source, parse_scenario, card_titles, None if cards is None else cards.cards, "card")


# ---------------------------------------------------------------- the summary `spellc play` prints
def summary(result: Replay[Game]) -> str:
    """Each turn's end: every magician's reserve, spells cast and wounds; then the outcome."""
    shown = [(f"Turn {s['turn']}, after the {s['phase']}:", s) for s in result.snapshots]
    last = result.stopped
    if last is not None:
        when = f"Turn {last['turn']}" if last["turn"] else "Before the first turn"  # turn 0: none has begun
        phase = f" ({last['phase']})" if last["phase"] else ""
        shown.append((f"{when}, where the script ends{phase}:", last))
    return lines.summary(result, shown, "magicians", _magician, _outcome)


def _magician(m: dict[str, Any]) -> str:
    gems = ", ".join(f"{n} {e}" for e, n in m["gems"].items()) or "no gem"
    return (f"{gems}; {lines.plural(m['spells cast'], 'spell')} cast this turn"
            + (f", {lines.plural(m['wounds'], 'wound')}" if m["wounds"] else ""))


def _outcome(outcome: Outcome) -> str:
    return "draw" if outcome.draw else f"camp {outcome.winner} wins"
