"""Scripted battles of Incantation 2: the models and their starting reserves, the facts of the battlefield, then
each turn's lines in order — the answers to the decisions the rules ask (dice included), facts stated as they
change, what must hold where it is written, and answers the rules must refuse there.

An answer that is not legal, a decision with no answer, or an expectation that fails stops the replay with a
located error naming the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from spellc.engine.core.decisions import Decision
from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.scenario import (
    Answer,
    Expectation,
    Fact,
    Line,
    Replay,
    Script,
    Vocabulary,
    legal,
    pick,
    quoted,
    replayed,
    state,
)
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import CreatureCard, Library, MagicianCard
from spellc.engine.rulesets.rackham_incantation.elements import Element, gems_text
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.state import Facts, Magician, Model, Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelSpec:
    card: str  # its card's title
    name: str  # on the battlefield (a creature may be named apart from its card)
    camp: str
    gems: tuple[tuple[Element, int], ...] | None = None  # a magician's starting reserve
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnScript:
    number: int
    lines: tuple[Line, ...]
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    models: tuple[ModelSpec, ...]
    facts: tuple[Fact, ...]
    turns: tuple[TurnScript, ...]
    settings: Settings = Settings()


def _gems(game: Game, model: Model, value: Any) -> dict[Element, int] | None:
    return {e: n for e, n in model.reserve.items() if n} if isinstance(model, Magician) else None


def _removed(game: Game, model: Model, value: Any) -> str:
    return "present" if model.present else {"killed": "slain"}.get(model.removed or "", model.removed or "")




EXPECTATIONS = {
    "gems": Expectation(read=_gems, said=lambda gems: f"gems {gems_text(dict(gems))}", want=dict, rule="Mana reserve",
                        found=lambda who, found: f"found {gems_text(found)}" if found is not None
                        else f"{who} is no magician: it holds no gems"),
    "wounds": Expectation(read=lambda g, m, _: m.wounds, said=lambda n: f"wounds {n}"),
    "spells cast": Expectation(read=lambda g, m, _: m.spells_cast if isinstance(m, Magician) else 0,
                               said=lambda n: f"spells cast {n}"),
    # `expect Gorgon slain`: where the model is (present, or how it left the battle).
    "state": Expectation(read=_removed, said=str, found=lambda who, found: f"{who} is {found}"),
}


def _not_asked(decision: Decision, who: str | None, label: str) -> str | None:
    """Why an answer no rule refuses is still not one now: someone else casts first, or it is not asked."""
    if decision.being == who:
        return f"{decision.kind}: {label} is not among the choices"
    if decision.kind == "activation" and label.startswith('cast "'):
        return f"Initiative order: {decision.being} casts now; {who} casts in its own place of the Initiative order"
    return None  # the core's: it is someone else's decision


VOCABULARY: Vocabulary[Game] = Vocabulary(
    expectations=EXPECTATIONS, being="model", subject=lambda g, name: g.battle.models.get(name),
    when=lambda g: f"turn {g.round}", say=lambda g, text: g.battle.say(text),
    cannot=lambda who, label: f"{who or 'the die'} cannot answer {label}", chance="the dice",
    not_asked=_not_asked)


def build(scenario: Scenario, library: Library) -> Game:
    models: dict[str, Model] = {}
    for spec in scenario.models:
        card = library.cards.get(spec.card)
        if isinstance(card, MagicianCard):
            models[spec.name] = starting_magician(spec, card)
        elif isinstance(card, CreatureCard):
            models[spec.name] = Model(spec.name, spec.camp, fear=card.fear, traits=card.traits, devotion=card.devotion)
        else:
            raise ReplayError(f"no magician or creature card is titled {quoted(spec.card)}", spec.where, unknown=(
                spec.card, models_titles(library)))
    return Game(Battle(models, library, scenario.settings, Facts()))


def models_titles(library: Library) -> tuple[str, ...]:
    """The titles a model may be set up from: the magicians' and creatures' cards."""
    return tuple(t for t, c in library.cards.items() if isinstance(c, MagicianCard | CreatureCard))


def starting_magician(spec: ModelSpec, card: MagicianCard) -> Magician:
    """"A mana reserve is created at the beginning of the game for each Magician. This reserve consists of a
    number of gems equal to the Magician's Power characteristic ... he may select the type of each gem from
    the elements he controls" (6.2)."""
    gems = Counter(dict(spec.gems or ()))
    foreign = [e.value for e in gems if e not in card.elements]
    if foreign:
        raise ReplayError(f"{spec.name} cannot start with gems of {', '.join(foreign)}: it controls "
                          f"{', '.join(e.value for e in card.elements)}", spec.where, "Mana reserve")
    if sum(gems.values()) != card.power:
        raise ReplayError(f"{spec.name} starts with {card.power} gems (its Power), not {sum(gems.values())} "
                          f"({gems_text(gems)})", spec.where, "Mana reserve")
    return Magician(spec.name, spec.camp, card=card, reserve=gems)


def replay(scenario: Scenario, library: Library) -> Replay[Game]:
    return replayed(lambda: build(scenario, library), lambda: Game(Battle({}, library)), lambda g: g.battle.log,
                    lambda result: _play(scenario, result), _stopped_state)


def _play(scenario: Scenario, result: Replay[Game]) -> None:
    game = result.game
    game.hooks.on("turn ends", lambda g, _: result.snapshots.append(g.snapshot()))
    match = Match(game)
    for fact in scenario.facts:
        state(match, fact)
    played = Script(game, match, result, VOCABULARY)
    for turn in scenario.turns:
        for line in turn.lines:
            if isinstance(line, Answer):
                _answer(game, match, turn, line)
            else:
                played.play(line)


def _stopped_state(result: Replay[Game]) -> None:
    """The battle where the script ends, kept when that is not at a turn's end (none before it is set up)."""
    last = result.game.snapshot()
    ended_a_turn = result.snapshots and result.snapshots[-1] == last
    result.stopped = None if ended_a_turn or not last["magicians"] else last


def _answer(game: Game, match: Match, turn: TurnScript, line: Answer) -> None:
    """An answer belongs to a decision of its turn, and a die to a die's. (What a turn's last lines expect is
    checked at the next decision, the next turn's first: nothing between the two changes what they read.)"""
    waiting = match.decision
    if waiting is not None and game.round != turn.number:
        raise ReplayError(f"turn {turn.number}'s line, but the match is in turn {game.round}, waiting for "
                          f"\"{waiting.prompt}\" ({legal(waiting)})", line.where)
    for label in line.labels:
        waiting = match.decision
        if line.who is None and waiting is not None and waiting.kind != "die":
            raise ReplayError(f"no die is thrown here: {waiting.being}'s decision \"{waiting.prompt}\" comes first "
                              f"({legal(waiting)})", line.where)
        match.apply(pick(game, waiting, VOCABULARY, line, label))
