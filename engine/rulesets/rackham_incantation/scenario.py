"""Scripted battles of Incantation 2: the models and their starting reserves, the facts of the battlefield, then
each turn's lines in order — the answers to the decisions the rules ask (dice included), facts stated as they
change, what must hold where it is written, and answers the rules must refuse there.

An answer that is not legal, a decision with no answer, or an expectation that fails stops the replay with a
located error naming the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from spellc.engine.core.decisions import Decision
from spellc.engine.core.errors import IllegalAction, ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.replays import replay_json
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
class Line:
    """One line of a turn: ``kind`` is answer | dice | fact | expect | refused."""

    kind: str
    who: str | None = None
    labels: tuple[str, ...] = ()  # the choices it answers with, in order (a die's faces for dice)
    fact: tuple[str, str] = ("", "")  # (kind, value) of Game.intervene
    what: str = ""  # what an expectation reads: gems | wounds | spells cast | present ... | winner
    value: Any = None
    rule: str | None = None  # a refusal's rule
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
    facts: tuple[Line, ...]
    turns: tuple[TurnScript, ...]
    settings: Settings = Settings()



@dataclass
class Replay:
    game: Game
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    error: ReplayError | None = None
    checked: int = 0  # expectations (and refusals) that held

    @property
    def stopped(self) -> dict[str, Any] | None:
        """The battle where the script ends, when that is not at a turn's end (none before it is set up)."""
        last = self.game.snapshot()
        ended_a_turn = self.snapshots and self.snapshots[-1] == last
        return None if ended_a_turn or not last["magicians"] else last

    def json(self) -> dict[str, Any]:
        return replay_json(snapshots=self.snapshots, log=self.game.battle.log, checked=self.checked,
                           outcome=self.game.outcome, stopped=self.stopped,
                           error=self.error.message if self.error else None)


def build(scenario: Scenario, library: Library) -> Game:
    models: dict[str, Model] = {}
    for spec in scenario.models:
        card = library.cards.get(spec.card)
        if isinstance(card, MagicianCard):
            models[spec.name] = starting_magician(spec, card)
        elif isinstance(card, CreatureCard):
            models[spec.name] = Model(spec.name, spec.camp, fear=card.fear, traits=card.traits, devotion=card.devotion)
        else:
            raise ReplayError(f"no magician or creature card is titled {spec.card!r}", spec.where, unknown=(
                spec.card, tuple(t for t, c in library.cards.items() if isinstance(c, MagicianCard | CreatureCard))))
    return Game(Battle(models, library, scenario.settings, Facts()))


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


def replay(scenario: Scenario, library: Library) -> Replay:
    try:
        game = build(scenario, library)
    except ReplayError as err:
        return Replay(Game(Battle({}, library)), error=err)
    result = Replay(game)
    game.hooks.on("turn ends", lambda g, _: result.snapshots.append(g.snapshot()))
    try:
        match = Match(game)
        for line in scenario.facts:
            _fact(match, line)
        for turn in scenario.turns:
            for line in turn.lines:
                _at_turn(game, match, turn, line)
                _play(game, match, line, result)
    except ReplayError as err:
        result.error = err
    return result


def _at_turn(game: Game, match: Match, turn: TurnScript, line: Line) -> None:
    """An answer belongs to a decision of its turn. (What a turn's last lines expect is checked at the next
    decision, the next turn's first: nothing between the two changes what they read.)"""
    if line.kind in ("answer", "dice") and match.decision is not None and game.round != turn.number:
        waiting = match.decision
        raise ReplayError(f"turn {turn.number}'s line, but the match is in turn {game.round}, waiting for "
                          f"{waiting.prompt!r} ({_legal(waiting)})", line.where)


def _play(game: Game, match: Match, line: Line, result: Replay) -> None:
    if line.kind == "fact":
        _fact(match, line)
    elif line.kind == "expect":
        _check(game, line)
        result.checked += 1
    elif line.kind == "refused":
        _refused(game, match, line)
        result.checked += 1
    else:
        for label in line.labels:
            match.apply(_choose(game, match, line, label))


def _fact(match: Match, line: Line) -> None:
    try:
        match.intervene(line.fact[0], line.who or "", line.fact[1])
    except IllegalAction as err:
        raise ReplayError(err.message, line.where, err.rule) from None


def _choose(game: Game, match: Match, line: Line, label: str) -> str:
    decision = match.decision
    if decision is None:
        raise ReplayError(f"the match is over: nothing asks for {label!r}", line.where)
    if line.kind == "dice":
        if decision.kind != "die":
            raise ReplayError(f"no die is thrown here: {decision.being}'s decision {decision.prompt!r} comes first "
                              f"({_legal(decision)})", line.where)
    elif decision.being != line.who:
        raise ReplayError(f"it is {decision.being or 'the dice'}'s decision ({decision.prompt!r}), not "
                          f"{line.who}'s ({_legal(decision)})", line.where)
    if decision.find(label) is None:
        why = game.explain(decision, label)
        rule, _, reason = why.partition(": ") if why else (None, "", "")
        raise ReplayError(f"{line.who or 'the die'} cannot answer {label!r} now" + (f": {reason}" if reason else "")
                          + f" ({_legal(decision)})", line.where, rule)
    return label


def _refused(game: Game, match: Match, line: Line) -> None:
    """The answer is not legal at the decision the match waits for, and the rule named (if any) says why."""
    decision = match.decision
    label = line.labels[0]
    if decision is None:
        raise ReplayError("the match is over: there is no decision to refuse an answer at", line.where)
    if decision.find(label) is not None and decision.being == line.who:
        raise ReplayError(f"expected {label!r} to be refused, and it is legal ({_legal(decision)})", line.where)
    # Asked of someone else, the answer is weighed as if it were its own decision of that kind.
    mine = decision if decision.being == line.who else Decision(decision.kind, line.who, decision.prompt, ())
    why = game.explain(mine, label) or _not_asked(decision, line, label)
    rule = why.partition(": ")[0]
    if line.rule is not None and rule != line.rule:
        raise ReplayError(f"{label!r} is refused by the rule {rule!r} ({why}), not {line.rule!r}", line.where)
    game.battle.say(f"refused: {line.who} {label!r}: {why}")


def _not_asked(decision: Decision, line: Line, label: str) -> str:
    """Why an answer no rule refuses is still not one now: someone else casts first, or it is not asked."""
    if decision.being == line.who:
        return f"{decision.kind}: {label!r} is not among the choices"
    if decision.kind == "activation" and label.startswith('cast "'):
        return (f"Initiative order: {decision.being} casts now; {line.who} casts in its own place of the "
                "Initiative order")
    return f"Decision: it is {decision.being or 'the dice'}'s decision ({decision.prompt!r})"


def _legal(decision: Decision) -> str:
    return "legal: " + "; ".join(c.label for c in decision.options)


def _check(game: Game, line: Line) -> None:
    if line.what == "winner":
        winner = game.outcome.winner if game.outcome else None
        if winner != line.value:
            raise ReplayError(f"expected the winner {line.value}, found {winner}", line.where)
        return
    model = game.battle.models.get(line.who or "")
    if model is None:
        raise ReplayError(f"no model is named {line.who}", line.where)
    found: Any
    if line.what == "gems":
        if not isinstance(model, Magician):
            raise ReplayError(f"{model.name} is no magician: it holds no gems", line.where)
        found = {e: n for e, n in model.reserve.items() if n}
        if found != dict(line.value):
            raise ReplayError(f"turn {game.round}: expected {model.name} to hold {gems_text(dict(line.value))}, "
                              f"found {gems_text(found)}", line.where, "Mana reserve")
        return
    if line.what == "wounds":
        found = model.wounds
    elif line.what == "spells cast":
        found = model.spells_cast if isinstance(model, Magician) else 0
    else:  # present | banished | slain | sacrificed
        found = "present" if model.present else {"killed": "slain"}.get(model.removed or "", model.removed)
        if found != line.what:
            raise ReplayError(f"expected {model.name} {line.what}, found it {found}", line.where)
        return
    if found != line.value:
        raise ReplayError(f"turn {game.round}: expected {model.name}'s {line.what} {line.value}, found {found}",
                          line.where)
