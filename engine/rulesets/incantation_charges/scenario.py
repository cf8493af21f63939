"""Scripted matches of Incantation charges: the entities and their cards, then each round's phases with the
answers their decisions take and what must hold where the script says so.

A phase block lists, in order, the answers to the decisions the rules ask in that phase (``Mage begins an
incantation``, ``Mage plays "Flame Dart" at Goblin``, ``Mage keeps the charges``, ``Mage answers yes``) and
expectations (``expect Mage charges 1, incanting``), each checked where it is written, as in every game: one
before an answer at the decision that answer takes, one after the phase's last answer as the phase ends. An
answer that is not legal, a decision with no answer left, or an answer left over stops the replay with a located
error. What is shared with every game's scripts is engine.core.scenario's; this module says this game's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.scenario import (
    Answer,
    Expect,
    Expectation,
    Lines,
    Refused,
    Replay,
    Script,
    Vocabulary,
    check,
    legal,
    pick,
    quoted,
    replayed,
)
from spellc.engine.rulesets.incantation_charges.cards import Library
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, Entity, Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class EntitySpec:
    name: str
    team: str
    health: int
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # drawn from the top, in this order
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseScript:
    name: str  # "Draw Phase" | "Action Phase"
    lines: tuple[Answer | Refused | Expect, ...] = ()  # in the order written
    where: Where


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


def _zone(game: Game, entity: Entity, value: tuple[str, str]) -> tuple[str, list[str]]:
    """The zone an expectation names, and the titles it holds."""
    return value[0], [c.title for c in entity.zones[value[0]]]


EXPECTATIONS = {
    "health": Expectation(read=lambda g, e, _: e.health, said=lambda n: f"health {n}"),
    "charges": Expectation(read=lambda g, e, _: e.charges, said=lambda n: f"charges {n}"),
    # `expect Mage incanting` (or `not incanting`, `pretending`, `warded`): an entity is in that state, or is not.
    "state": Expectation(read=lambda g, e, state: getattr(e, state), said=str, want=lambda _: True),
    # `expect Mage hand has "Flame Dart"`: the zone holds a card of that title.
    "zone": Expectation(read=_zone, said=lambda v: f'{v[0]} has "{v[1]}"', holds=lambda found, v: v[1] in found[1],
                        found=lambda who, found: f"its {found[0]} holds "
                        + (", ".join(f'"{t}"' for t in found[1]) or "nothing")),
}
VOCABULARY: Vocabulary[Game] = Vocabulary(
    expectations=EXPECTATIONS, being="entity", subject=lambda g, name: g.table.entities.get(name),
    when=lambda g: f"in the {g.phase} of round {g.round}", say=lambda g, text: g.table.say(text),
    cannot=lambda who, label: f"{who} cannot {label}")


def build(scenario: Scenario, library: Library) -> Game:
    entities = []
    for spec in scenario.entities:
        e = Entity(spec.name, spec.team, spec.health, spec.health)
        for zone, titles in ((HAND, spec.hand), (DECK, spec.deck)):
            for title in titles:
                if title not in library:
                    raise ReplayError(f"no card is titled {quoted(title)}", spec.where,
                                      unknown=(title, tuple(library.titles())))
                e.zones.put(library[title], zone)
        entities.append(e)
    return Game(entities, library, scenario.settings)


def replay(scenario: Scenario, library: Library) -> Replay[Game]:
    return replayed(lambda: build(scenario, library), lambda: Game([], library), lambda g: g.table.log,
                    lambda result: _play(scenario, result))


def _play(scenario: Scenario, result: Replay[Game]) -> None:
    game = result.game
    script = {(r.number, p.name): p for r in scenario.rounds for p in r.phases}
    last_round = max((r.number for r in scenario.rounds), default=0)
    # What is left of the phase's lines, each expectation checked where it is written.
    lines = Lines(lambda line: _checked(result, line))

    def phase_begins(g: Game, event: str) -> None:
        lines.start(script[(g.round, g.phase)].lines if (g.round, g.phase) in script else ())

    def phase_ends(g: Game, event: str) -> None:
        if (g.round, g.phase) not in script:
            return
        lines.expectations(lambda line: _checked(result, line, f"after the {g.phase} of round {g.round}"))
        for extra in lines.left():
            raise ReplayError(f"{_said(extra)}: the {g.phase} ended before this line was needed", extra.where)
        result.snapshots.append(g.snapshot())

    for phase in ("draw", "action"):
        game.hooks.on(f"{phase} phase begins", phase_begins)
        game.hooks.on(f"{phase} phase ends", phase_ends)
    match = Match(game)
    played = Script(game, match, result, VOCABULARY)
    while match.decision is not None and game.round <= last_round:
        decision = match.decision
        lines.before(decision, played)  # the expectations and refusals written before its answer
        answer = lines.peek()
        if answer is None:
            if (game.round, game.phase) not in script and game.round == last_round:
                break  # the script stops here: the rest is left to the players
            raise ReplayError(f"round {game.round}, {game.phase}: the script has no answer for "
                              f"\"{decision.prompt}\" ({legal(decision)})", _where_of(scenario, game))
        lines.take(answer)
        assert isinstance(answer, Answer)  # the refusals before it were checked above
        match.apply(pick(game, decision, VOCABULARY, answer, answer.labels[0]))


def _said(line: Answer | Refused) -> str:
    """A line as the script writes it."""
    return f"refused {line.said}" if isinstance(line, Refused) else f"{line.who}: {line.labels[0]}"


def _checked(result: Replay[Game], line: Expect, when: str | None = None) -> None:
    result.checked += check(result.game, VOCABULARY, line, when)


def _where_of(scenario: Scenario, game: Game) -> Where:
    rounds = [r for r in scenario.rounds if r.number == game.round]
    return rounds[0].where if rounds else scenario.rounds[-1].where
