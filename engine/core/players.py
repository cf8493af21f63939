"""Players that play any ruleset through the decision protocol (:class:`~spellc.engine.core.match.Match`):
``random``, ``greedy`` (one ply ahead) and ``mcts`` (UCT search), as OpenSpiel's bots play any of its games.

A player is asked to choose at a decision its being must make, and is handed the match: it may copy it and look
ahead, never change it. What it knows of the game besides the rules is the ruleset's **evaluation**, declared
beside its rules (``knowledge = "module:KNOWLEDGE"`` in its ``ruleset.toml``): how well a being stands in a game
state, from 0 (lost) to 1 (won), a finished match scored by its outcome. Where a ruleset hides information (a
hand, cards set face down, a bag to draw from) it also declares how to **determinize** a copy for a being: whatever
that being could not know is dealt again at random, consistently with what it could, so that a search never
reads hidden state (Cowling, Powley and Whitehouse's Information Set MCTS does the same). Every player draws from
its own seeded source: the same seed gives the same match.

Chance (a decision of no being: a die, a draw) is answered by the match's table, not by a player.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from spellc.engine.core.decisions import Choice, Outcome
from spellc.engine.core.match import Match, RandomPlayer

# How well ``being`` stands in ``game`` (the match's rules state), in [0, 1]: 1 won, 0 lost, 0.5 even.
Evaluation = Callable[[Any, str], float]
# Deal again, in place, in ``game`` (a copy), whatever ``being`` cannot know, from ``rng``.
Determinization = Callable[[Any, str, random.Random], None]
# What ``being`` held in ``game``, asked once its match is over: the title of each card it held as the match began
# (whatever the ruleset deals a seat: its cards, its spells known), with how many times it cast that card.
Holdings = Callable[[Any, str], Mapping[str, int]]


class Player(Protocol):
    def choose(self, match: Match) -> Choice:
        """One of ``match.legal()``, for the being whose decision it is."""
        ...


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a ruleset tells its players beyond the rules: its evaluation, its determinization (None where it hides
    nothing), and its seats: the beings of a match that players may take, in a fixed order (a study puts its first
    player in the first seat, then the other way round; chance, a referee or a foe the rules play take none).

    A study also asks what each seat held (:data:`Holdings`), to rate each card: how often it is cast, and how
    often a seat wins when it casts it and when it merely holds it. None where the ruleset does not say."""

    evaluation: Evaluation
    determinize: Determinization | None = None
    seats: Callable[[Any], tuple[str, ...]] | None = None
    holdings: Holdings | None = None


def score(knowledge: Knowledge, match: Match, being: str) -> float:
    """How well ``being`` stands in ``match``, by the ruleset's evaluation, clamped to [0, 1]."""
    return min(1.0, max(0.0, float(knowledge.evaluation(match.game, being))))


class Random:
    """Uniform among the legal choices (:class:`~spellc.engine.core.match.RandomPlayer`)."""

    def __init__(self, seed: int) -> None:
        self.player = RandomPlayer(seed)

    def choose(self, match: Match) -> Choice:
        assert match.decision is not None
        return self.player.choose(match.decision)


class Greedy:
    """One ply ahead: each choice is tried on a copy of the match, the rules run on to the next decision of a
    being (chance answered at random), and the choice whose state the evaluation scores best for the deciding
    being is taken; ties go to the seeded draw. Every copy is determinized alike for the deciding being, so
    that its choices are compared in the same dealt world."""

    def __init__(self, seed: int, knowledge: Knowledge, chance_steps: int = 50) -> None:
        self.rng = random.Random(seed)
        self.knowledge = knowledge
        self.chance_steps = chance_steps

    def choose(self, match: Match) -> Choice:
        decision = match.decision
        assert decision is not None and decision.being is not None
        if len(decision.options) == 1:
            return decision.options[0]
        sample = Sample(match, decision.being, self.knowledge, self.rng.randrange(2**32))
        # The same choice of the match's own decision: the copy's choices may hold the copy's own objects.
        return decision.options[self.best(sample)]

    def best(self, sample: Sample) -> int:
        """The place among the choices of ``sample``'s decision of the best for the being who makes it (whoever
        the sample is dealt for)."""
        decision = sample.match.decision
        assert decision is not None and decision.being is not None
        options = decision.options
        best: list[int] = []
        top = -1.0
        for i in range(len(options)):
            trial = sample.fork()
            trial.apply(trial.legal()[i])
            settle_chance(trial, self.rng, self.chance_steps)
            value = score(self.knowledge, trial, decision.being)
            if value > top + 1e-12:
                top, best = value, [i]
            elif abs(value - top) <= 1e-12:
                best.append(i)
        return best[self.rng.randrange(len(best))]


class Sample:
    """A copy of a match as one being may know it: determinized by the ruleset, then played on by the search.
    :meth:`fork` copies it again as it was dealt. (``Match.copy()`` of a determinized match would not: it replays
    from a restart point pickled before the deal, so it would read the hidden state, and diverge where a choice
    made in the dealt world is none in the real one.) The deal depends only on the match and ``seed``: dealing
    again and replaying the choices since gives the same state."""

    def __init__(self, origin: Match, being: str, knowledge: Knowledge, seed: int) -> None:
        self.origin, self.being, self.knowledge, self.seed = origin, being, knowledge, seed
        # The choices made in the dealt match, by their place among the decision's choices (two choices may bear
        # one label: two copies of one card, each offered by its title).
        self.path: list[int] = []
        self.match = self.deal()

    def deal(self) -> Match:
        copy = self.origin.copy()
        if self.knowledge.determinize is not None:
            self.knowledge.determinize(copy.game, self.being, random.Random(self.seed))
        return copy

    def apply(self, choice: Choice) -> None:
        """``choice``, one of the very choices of the dealt match's decision."""
        decision = self.match.decision
        assert decision is not None
        self.path.append(place(choice, decision.options))
        self.match.apply(choice)

    def fork(self) -> Match:
        """A copy of the dealt match as it stands: dealt again, and its choices replayed."""
        copy = self.deal()
        for i in self.path:
            copy.apply(copy.legal()[i])
        return copy


def place(choice: Choice, options: tuple[Choice, ...]) -> int:
    """Where ``choice`` (one of the very objects offered) is among ``options``."""
    for i, option in enumerate(options):
        if option is choice:
            return i
    return options.index(choice)


def observed(match: Match, being: str, knowledge: Knowledge, rng: random.Random) -> Match:
    """A copy of ``match`` as ``being`` may know it: determinized where the ruleset hides information. (To copy
    it again, deal it as a :class:`Sample`.)"""
    return Sample(match, being, knowledge, rng.randrange(2**32)).match


def settle_chance(match: Match, rng: random.Random, steps: int) -> None:
    """Answer chance decisions at random until a being must decide (or the match ends)."""
    for _ in range(steps):
        decision = match.decision
        if decision is None or decision.being is not None:
            return
        match.apply(decision.options[rng.randrange(len(decision.options))])


@dataclass(slots=True)
class Node:
    """A node of the search tree, reached by a sequence of choice labels (open loop: the state is replayed, never
    stored, so that chance and determinization may deal it differently each time; a choice tried before may not
    be offered this time)."""

    visits: int = 0
    value: float = 0.0  # the sum of the values backed up through here, for the being whose choice led here
    children: dict[str, Node] = field(default_factory=dict)
    won: bool = False  # the choice that led here ended the match won for the being who made it, nothing to chance


class Mcts:
    """UCT search (Kocsis and Szepesvári) from the decision at hand: each iteration copies the match (determinized
    for the deciding being), descends the tree by UCB1 among the choices tried, tries one new choice, plays on
    for ``depth`` decisions with its ``playout`` player (random or greedy), and backs the evaluation up, each node
    scored for the being who chose to reach it. ``playouts`` iterations, or as many as ``milliseconds`` allow.
    A choice that won the match at once, with nothing left to chance, is taken; else the most visited. An
    iteration's cost is mostly its copy (Serpent's Tongue: about 2 ms, a replay of the round so far, against 1 ms
    for a random playout of 10 decisions); a greedy playout copies the dealt match again for every choice of every
    decision it plays, tens of times a random playout's cost."""

    def __init__(self, seed: int, knowledge: Knowledge, playouts: int = 200, milliseconds: float | None = None,
                 depth: int = 20, playout: str = "random", exploration: float = math.sqrt(2)) -> None:
        if playout not in ("random", "greedy"):
            raise ValueError(f"playout {playout!r}: random or greedy")
        self.rng = random.Random(seed)
        self.knowledge = knowledge
        self.playouts, self.milliseconds, self.depth = playouts, milliseconds, depth
        self.exploration = exploration
        self.playout = Greedy(self.rng.randrange(2**32), knowledge) if playout == "greedy" else None

    def choose(self, match: Match) -> Choice:
        decision = match.decision
        assert decision is not None and decision.being is not None
        if len(decision.options) == 1:
            return decision.options[0]
        root = Node()
        deadline = None if self.milliseconds is None else time.perf_counter() + self.milliseconds / 1000
        done = 0
        while done < self.playouts if deadline is None else time.perf_counter() < deadline or done == 0:
            self.iterate(root, Sample(match, decision.being, self.knowledge, self.rng.randrange(2**32)))
            done += 1
        # A decisive move first (Teytaud and Teytaud, "On the huge benefit of decisive moves in Monte-Carlo tree
        # search"): a choice seen to win at once is taken, whatever its playouts' share.
        label = max(root.children.items(), key=lambda item: (item[1].won, item[1].visits, item[1].value))[0]
        found = decision.find(label)
        assert found is not None
        return found

    def iterate(self, root: Node, sample: Sample) -> None:
        steps: list[tuple[Node, str]] = []  # each node entered, and the being whose choice entered it
        node = root
        match = sample.match
        while match.decision is not None:  # selection, then expansion of one new choice
            decision = match.decision
            options = decision.options
            if decision.being is None:
                sample.apply(options[self.rng.randrange(len(options))])
                continue
            children = node.children
            untried = [option for option in options if option.label not in children]
            if untried:
                option = untried[self.rng.randrange(len(untried))]
                child = children[option.label] = Node()
                sample.apply(option)
                steps.append((child, decision.being))
                child.won = match.decision is None and score(self.knowledge, match, decision.being) == 1.0
                break
            option = self.select(node, options)
            sample.apply(option)
            node = children[option.label]
            steps.append((node, decision.being))
        self.play_on(sample)
        values: dict[str, float] = {}
        for child, being in steps:
            if being not in values:
                values[being] = score(self.knowledge, match, being)
            child.visits += 1
            child.value += values[being]
        root.visits += 1

    def select(self, node: Node, options: tuple[Choice, ...]) -> Choice:
        """UCB1 among the children reachable now (a choice tried before may not be offered this time)."""
        log_n = math.log(max(1, node.visits))
        best, top = options[0], -math.inf
        for option in options:
            child = node.children.get(option.label)
            if child is None:
                continue
            ucb = child.value / child.visits + self.exploration * math.sqrt(log_n / child.visits)
            if ucb > top:
                best, top = option, ucb
        return best

    def play_on(self, sample: Sample) -> None:
        """Up to ``depth`` decisions of beings past the new node, chance answered at random."""
        match = sample.match
        for _ in range(self.depth):
            decision = match.decision
            if decision is None:
                return
            if decision.being is None or self.playout is None:
                sample.apply(decision.options[self.rng.randrange(len(decision.options))])
            else:
                sample.apply(decision.options[self.playout.best(sample)])


def play(match: Match, seats: Mapping[str, Player], seed: int, max_steps: int = 100_000) -> Outcome | None:
    """Play ``match`` to its end: each being's decisions by its seat's player, chance from ``seed``. Raises
    IllegalAction if a player answers wrongly, and AssertionError past ``max_steps`` decisions."""
    chance = random.Random(seed)
    for _ in range(max_steps):
        decision = match.decision
        if decision is None:
            return match.result
        if decision.being is None:
            match.apply(decision.options[chance.randrange(len(decision.options))])
        else:
            match.apply(seats[decision.being].choose(match))
    raise AssertionError(f"the match did not end within {max_steps} decisions")
