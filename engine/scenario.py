"""Scripted matches: a scenario's beings, Codexes, dice, actions and choices, replayed by the rules.

The engine asks for each die, action and choice when the rules need it; :class:`ScriptedDecider`
answers from the script, in order, and stops the replay with a located error when the script and the
rules disagree (a spell not prepared, a cost that cannot be paid, a line out of place).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardLibrary, Energy
from engine.decisions import Action, Cast, Decision, Meditate, Pass, Preparation, UseAbility
from engine.errors import EngineError
from engine.rules import Game, Options
from engine.state import Being, Card, Zone


@dataclass(frozen=True, slots=True)
class Where:
    path: str
    line: int
    column: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceItem(Item):
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionItem(Item):
    being: str
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class PrepareItem(Item):
    being: str
    reattune: tuple[str, ...] = ()
    prepare: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceItem(Item):
    being: str
    kind: str  # first | accept | decline | choose
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectItem(Item):
    being: str
    energies: tuple[tuple[str, int], ...] = ()
    cards: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...] = ()  # zone, title, counters
    incapacitated: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectWinner(Item):
    winner: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BeingSetup:
    name: str
    team: str
    codex: tuple[str, ...]
    energies: tuple[tuple[str, int], ...]
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScript:
    number: int
    items: tuple[Item, ...]
    where: Where
    end: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    level: int
    beings: tuple[BeingSetup, ...]
    rounds: tuple[RoundScript, ...]
    where: Where


class ScenarioError(EngineError):
    def __init__(self, message: str, where: Where, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.rule = rule


class ScriptedDecider:
    """Answers the engine from the script. Dice come through :meth:`roll` (it is the game's Dice)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.rounds = {r.number: r for r in scenario.rounds}
        self.current: RoundScript | None = None
        self.queue: deque[Item] = deque()
        self.dice: deque[tuple[int, Where]] = deque()
        self.last: Where = scenario.where
        self.failed: list[ScenarioError] = []

    # ---- moving through the script
    def start_round(self, number: int) -> None:
        script = self.rounds.get(number)
        if script is None:
            raise ScriptEnded(number)
        self.current = script
        self.queue = deque(script.items)
        self.last = script.where

    def finish_round(self, game: Game) -> None:
        """Every line of the round must have been used; then the round's expectations are checked."""
        assert self.current is not None
        for item in list(self.queue):
            if isinstance(item, ExpectItem | ExpectWinner):
                continue
            raise ScenarioError(_unused(item), item.where, "Turn")
        if self.dice:
            raise ScenarioError("more dice than the round needed", self.dice[0][1], "Resonance Roll")
        for item in self.current.items:
            if isinstance(item, ExpectItem):
                check_expectation(game, item)
            elif isinstance(item, ExpectWinner):
                winner = game.outcome.winner if game.outcome else None
                if winner != item.winner:
                    raise ScenarioError(f"expected winner {item.winner or 'none'}, got {winner or 'none'}",
                                        item.where)

    def _peek(self) -> Item | None:
        while self.queue and isinstance(self.queue[0], ExpectItem | ExpectWinner):
            self.queue.popleft()
        return self.queue[0] if self.queue else None

    def _take(self, what: str) -> Item:
        item = self._peek()
        if item is None:
            assert self.current is not None
            raise ScenarioError(f"the round needs {what} here, and the script has no more lines", self.current.end)
        self.queue.popleft()
        self.last = item.where
        return item

    def _require(self, game: Game, round_no: int) -> None:
        if self.current is None or self.current.number != round_no:
            self.start_round(round_no)

    # ---- the Decider protocol and Dice
    def roll(self, why: str, game: Game | None = None) -> int:
        if not self.dice:
            item = self._take(f"a die ({why})")
            if not isinstance(item, DiceItem):
                raise ScenarioError(f"the rules need a die here ({why}), not this line", item.where, "Dice")
            for v in item.values:
                if not 1 <= v <= 10:
                    raise ScenarioError(f"a ten-sided die shows 1 to 10 (0 reads as 10), not {v}", item.where)
                self.dice.append((v, item.where))
        value, _ = self.dice.popleft()
        return value

    def action(self, game: Game, being: Being) -> Action:
        item = self._peek()
        if isinstance(item, ActionItem) and item.being == being.name:
            self.queue.popleft()
            self.last = item.where
            return item.action
        return Pass()

    def preparation(self, game: Game, being: Being) -> Preparation:
        reattune: list[str] = []
        prepare: list[str] = []
        for item in list(self.queue):
            if isinstance(item, PrepareItem) and item.being == being.name:
                self.queue.remove(item)
                self.last = item.where
                reattune.extend(item.reattune)
                prepare.extend(item.prepare)
        return Preparation(tuple(reattune), tuple(prepare))

    def decide(self, game: Game, decision: Decision) -> Any:
        options = decision.options
        if decision.kind == "optional" or len(options) != 1:
            item = self._take(f"{decision.being.name}'s choice: {decision.prompt}")
        else:
            return options[0]
        if not isinstance(item, ChoiceItem) or item.being != decision.being.name:
            raise ScenarioError(f"the rules ask {decision.being.name}: {decision.prompt} — this line does "
                                "not answer it", item.where, "Choices")
        if decision.kind == "optional":
            if item.kind not in ("accept", "decline") or (decision.card and item.value != decision.card):
                raise ScenarioError(f"expected `{decision.being.name} accepts|declines \"{decision.card}\"`: "
                                    f"{decision.prompt}", item.where, "Choices")
            return item.kind == "accept"
        for option in options:
            if _label(option) == item.value:
                return option
        raise ScenarioError(f"{item.value!r} is not one of the choices: "
                            + ", ".join(repr(_label(o)) for o in options), item.where, "Choices")


class ScriptEnded(Exception):
    def __init__(self, number: int) -> None:
        self.number = number


class _ScriptDice:
    def __init__(self, decider: ScriptedDecider) -> None:
        self.decider = decider

    def roll(self, why: str) -> int:
        return self.decider.roll(why)


def _label(option: Any) -> str:
    if isinstance(option, Card):
        return option.title
    if isinstance(option, Being):
        return option.name
    return str(option)


def _unused(item: Item) -> str:
    if isinstance(item, ActionItem):
        return f"{item.being} cannot act here: it is not {item.being}'s turn, or the round has ended"
    if isinstance(item, DiceItem):
        return "the rules needed no more dice this round"
    return "this line was not used by the round"


def check_expectation(game: Game, item: ExpectItem) -> None:
    b = game.being(item.being)
    for energy, value in item.energies:
        got = b.energy(Energy(energy.capitalize()))
        if got != value:
            raise ScenarioError(f"expected {b.name} to have {value} {energy}, got {got}", item.where)
    for zone, title, counters in item.cards:
        cards = [c for c in b.zones[Zone(zone)] if c.title == title]
        if not cards:
            raise ScenarioError(f"expected {title!r} in {b.name}'s {zone} zone; it holds: "
                                + (", ".join(c.title for c in b.zones[Zone(zone)]) or "nothing"), item.where)
        for name, value in counters:
            got = cards[0].counters.get(name, 0)
            if got != value:
                raise ScenarioError(f"expected {title!r} to have {value} {name}, got {got}", item.where)
    if item.incapacitated and not b.incapacitated:
        raise ScenarioError(f"expected {b.name} to be incapacitated", item.where)


@dataclass
class Replay:
    game: Game
    error: ScenarioError | None = None
    log: list[str] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        outcome = self.game.outcome
        return {
            "rounds": self.game.snapshots,
            "outcome": {
                "winner": outcome.winner if outcome else None,
                "incapacitated": [b.name for b in self.game.beings if b.incapacitated],
            },
        }


def setup(scenario: Scenario, library: CardLibrary, decider: ScriptedDecider) -> Game:
    beings = []
    for spec in scenario.beings:
        # Level-1 play leaves out the advanced energies: no Will tokens are collected (Act I).
        b = Being(name=spec.name, team=spec.team, will=0 if scenario.level == 1 else 3)
        for energy, value in spec.energies:
            b.set_energy(Energy(energy.capitalize()), value)
            if energy == "essence":
                b.starting_essence = value
        for title in spec.codex:
            if title not in library:
                raise ScenarioError(f"{spec.name}'s Codex names {title!r}, which is not a compiled spell",
                                    spec.where, "Codex")
            b.codex.append(Card(spec=library[title], owner=b))
        beings.append(b)
    return Game(beings, library, _ScriptDice(decider), decider, Options(level=scenario.level))


def replay(scenario: Scenario, library: CardLibrary) -> Replay:
    decider = ScriptedDecider(scenario)
    game = setup(scenario, library, decider)
    result = Replay(game)
    try:
        for script in scenario.rounds:
            if game.outcome is not None:
                raise ScenarioError(f"the match was already over before round {script.number}", script.where)
            if script.number != game.round + 1:
                raise ScenarioError(f"round {game.round + 1} comes next, not round {script.number}", script.where)
            decider.start_round(script.number)
            try:
                game.play_round()
            except EngineError as err:
                if isinstance(err, ScenarioError):
                    raise
                message = getattr(err, "message", str(err))
                raise ScenarioError(message, decider.last, getattr(err, "rule", None)) from err
            decider.finish_round(game)
    except ScenarioError as err:
        result.error = err
    return result


__all__ = ["Cast", "Meditate", "UseAbility", "Pass", "Scenario", "replay"]
