"""Scripted matches of Incantation charges: the entities and their cards, then each round's phases with the
answers their decisions take and what must hold where the script says so.

A phase block lists, in order, the answers to the decisions the rules ask in that phase (``Mage begins an
incantation``, ``Mage plays "Flame Dart" at Goblin``, ``Mage keeps the charges``, ``Mage answers yes``) and
expectations (``expect Mage charges 1, incanting``), each checked where it is written, as in every game: one
before an answer at the decision that answer takes, one after the phase's last answer as the phase ends. An
answer that is not legal, a decision with no answer left, or an answer left over stops the replay with a located
error.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from spellc.engine.core.decisions import Decision
from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.replays import replay_json
from spellc.engine.rulesets.incantation_charges.cards import Library
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, ZONES, Entity, Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class EntitySpec:
    name: str
    team: str
    health: int
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # drawn from the top, in this order
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    who: str
    label: str  # the legal choice it names
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Expect:
    who: str | None  # None: the match (its winner)
    what: str  # health | charges | incanting | pretending | warded | hand | waiting | winner
    value: Any
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseScript:
    name: str  # "Draw Phase" | "Action Phase"
    lines: tuple[Answer | Expect, ...] = ()  # in the order written
    where: Where

    @property
    def answers(self) -> tuple[Answer, ...]:
        return tuple(line for line in self.lines if isinstance(line, Answer))

    @property
    def expects(self) -> tuple[Expect, ...]:
        return tuple(line for line in self.lines if isinstance(line, Expect))


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScript:
    number: int
    phases: tuple[PhaseScript, ...]
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    settings: Settings
    entities: tuple[EntitySpec, ...]
    rounds: tuple[RoundScript, ...]



@dataclass
class Replay:
    game: Game
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    error: ReplayError | None = None
    checked: int = 0  # expectations that held

    def json(self) -> dict[str, Any]:
        return replay_json(snapshots=self.snapshots, log=self.game.table.log, checked=self.checked,
                           outcome=self.game.outcome, error=self.error.message if self.error else None)


def build(scenario: Scenario, library: Library) -> Game:
    entities = []
    for spec in scenario.entities:
        e = Entity(spec.name, spec.team, spec.health, spec.health)
        for zone, titles in ((HAND, spec.hand), (DECK, spec.deck)):
            for title in titles:
                if title not in library:
                    raise ReplayError(f"no card is titled {title!r}", spec.where,
                                      unknown=(title, tuple(library.titles())))
                e.zones.put(library[title], zone)
        entities.append(e)
    return Game(entities, library, scenario.settings)


def replay(scenario: Scenario, library: Library) -> Replay:
    try:
        game = build(scenario, library)
    except ReplayError as err:
        return Replay(Game([], library), error=err)
    result = Replay(game)
    script = {(r.number, p.name): p for r in scenario.rounds for p in r.phases}
    last_round = max((r.number for r in scenario.rounds), default=0)
    lines: deque[Answer | Expect] = deque()  # what is left of the phase's lines

    def expected(g: Game, when: str) -> None:
        """The expectations written before the next answer (or the phase's end), checked now."""
        while lines and isinstance(expect := lines[0], Expect):
            lines.popleft()
            _check(g, expect, when)
            result.checked += 1

    def phase_begins(g: Game, event: str) -> None:
        lines.clear()
        lines.extend(script[(g.round, g.phase)].lines if (g.round, g.phase) in script else ())

    def phase_ends(g: Game, event: str) -> None:
        if (g.round, g.phase) not in script:
            return
        expected(g, f"after the {g.phase} of round {g.round}")
        if lines:
            extra = lines[0]
            raise ReplayError(f"{extra.who}: {_said(extra)}: the {g.phase} ended before this line was needed",
                              extra.where)
        result.snapshots.append(g.snapshot())

    for event in ("draw phase begins", "action phase begins"):
        game.hooks.on(event, phase_begins)
    for event in ("draw phase ends", "action phase ends"):
        game.hooks.on(event, phase_ends)
    try:
        match = Match(game)
        while match.decision is not None and game.round <= last_round:
            decision = match.decision
            expected(game, f"in the {game.phase} of round {game.round}")
            if not lines:
                if (game.round, game.phase) not in script and game.round == last_round:
                    break  # the script stops here: the rest is left to the players
                raise ReplayError(f"round {game.round}, {game.phase}: the script has no answer for "
                                  f"{decision.prompt!r} ({_legal(decision)})", _where_of(scenario, game))
            answer = lines.popleft()
            assert isinstance(answer, Answer)  # the expectations before it were taken above
            match.apply(_choose(game, decision, answer))
    except ReplayError as err:
        result.error = err
    return result


def _choose(game: Game, decision: Decision, answer: Answer) -> str:
    if decision.being != answer.who:
        raise ReplayError(f"it is {decision.being}'s decision ({decision.prompt!r}), not {answer.who}'s",
                          answer.where)
    if decision.find(answer.label) is None:
        why = game.explain(decision, answer.label)
        rule, _, reason = why.partition(": ") if why else (None, "", "")
        raise ReplayError(f"{answer.who} cannot {answer.label} now" + (f": {reason}" if reason else "")
                          + f" ({_legal(decision)})", answer.where, rule)
    return answer.label


def _legal(decision: Decision) -> str:
    return "legal: " + "; ".join(c.label for c in decision.options)


def _where_of(scenario: Scenario, game: Game) -> Where:
    rounds = [r for r in scenario.rounds if r.number == game.round]
    return rounds[0].where if rounds else scenario.rounds[-1].where


def _said(line: Answer | Expect) -> str:
    return repr(line.label) if isinstance(line, Answer) else f"expect {line.what}"


def _check(game: Game, expect: Expect, when: str) -> None:
    if expect.who is None:
        winner = game.outcome.winner if game.outcome else None
        if winner != expect.value:
            raise ReplayError(f"expected the winner {expect.value}, found {winner or 'no winner'}", expect.where)
        return
    entity = game.table.entities.get(expect.who)
    if entity is None:
        raise ReplayError(f"no entity is named {expect.who}", expect.where)
    if expect.what in ZONES:
        found: Any = [c.title for c in entity.zones[expect.what]]
        held = expect.value in found
        if not held:
            raise ReplayError(f"expected {expect.who}'s {expect.what} to hold {expect.value!r}; it holds "
                              f"{', '.join(repr(t) for t in found) or 'nothing'}", expect.where)
        return
    found = getattr(entity, expect.what)
    if found != expect.value:
        raise ReplayError(f"{when}, expected {expect.who} {expect.what} {expect.value}, found {found}",
                          expect.where)
