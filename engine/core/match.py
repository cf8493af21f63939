"""The match protocol: what tools and players use to drive a game of any ruleset.

A :class:`Match` is at one :class:`~engine.core.decisions.Decision` at a time (or terminal). ``legal()``
lists its choices, ``apply(choice)`` takes one and runs the rules to the next decision, ``result`` tells
how it ended, and ``copy()`` makes an independent match at the same point.

The rules run as a generator (:meth:`Rules.run`), so a match is suspended at a decision for free.
Generators cannot be copied, so a copy is rebuilt the event-sourcing way: at each :data:`CHECKPOINT` the
rules yield (a ruleset yields one as each round begins) the match keeps a pickled restart point of the
game, plus the choices made since; a copy unpickles the restart point and replays those few choices. A
match nobody copies (a random match, a replay) keeps only its first restart point, since pickling the game
at every checkpoint is a cost no one uses; its first copy replays from there and turns the restart points
on, for it and for the copy. A ruleset whose setup can deal the match again (``Match(game, remake=...)``)
spares it even that first pickle: the first copy deals the game again, runs it to its first checkpoint and
pickles that.

:func:`run_many` plays many seeded matches on every core at once (OpenSpiel's and boardgame.io's
simulators do the same); it is what the benchmarks and long random runs use.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from spellc.engine.core.decisions import CHECKPOINT, Choice, Decision, Outcome
from spellc.engine.core.errors import IllegalAction


class Rules(Protocol):
    """What the core needs of a ruleset's game state to run a match on it."""

    outcome: Outcome | None
    library: Any  # shared by copies, never pickled with the state

    def run(self) -> Generator[Decision, Choice, Outcome]:
        """The whole match, yielding a decision whenever someone must choose."""
        ...

    def explain(self, decision: Decision, choice: str) -> str | None:
        """Why ``choice`` is no legal answer to ``decision`` ("Rule: reason"), when a rule says why."""
        ...

    def intervene(self, kind: str, who: str, value: str) -> None:
        """Something done between two decisions rather than in answer to one (see :class:`Intervention`);
        raises IllegalAction, changing nothing, when the rules refuse it."""
        ...

    def reconsider(self, decision: Decision) -> Decision:
        """The decision the match waits for, asked again after an intervention: its choices as the rules list
        them now (the same decision when an intervention cannot change them)."""
        ...


@dataclass(frozen=True, slots=True)
class Intervention:
    """Something a match's players do between two decisions rather than in answer to one (a ruleset names
    the kinds it accepts). Recorded with the choices, so a copy replays it in its place."""

    kind: str
    who: str
    value: str

    def play(self, game: Rules) -> None:
        game.intervene(self.kind, self.who, self.value)


class Match:
    def __init__(self, game: Rules, remake: Callable[[], Rules] | None = None) -> None:
        """``remake``: how the ruleset makes ``game`` again as it is now, from scratch (a seeded setup), when it can.
        Then no restart point is pickled as the match begins: its first copy makes the game again and pickles that
        (a match nobody copies, most of them, never pays for it)."""
        self.game = game
        self._flow: Generator[Decision, Choice, Outcome] = game.run()
        self._restart: bytes = b""
        self._remake = remake
        # The choices since then, each by its place among the decision's options (two options may bear one label:
        # two copies of a card, each offered by its title), and the interventions.
        self._since: list[int | Intervention] = []
        self.checkpoints = False  # a restart point at every checkpoint: from the first copy() on
        self.decision: Decision | None = None
        self.terminal = False  # no decision left: the match is over (an attribute: read after every step)
        self.steps = 0
        self._run(None)

    # ---- the protocol

    @property
    def result(self) -> Outcome | None:
        return self.game.outcome

    @property
    def current(self) -> Decision | None:
        """The decision the match waits for: who makes it (``being``; None for chance) and its choices."""
        return self.decision

    def legal(self) -> tuple[Choice, ...]:
        return self.decision.options if self.decision else ()

    def apply(self, choice: Choice | str) -> None:
        decision = self.decision
        if decision is None:
            raise IllegalAction("Match", "the match is over")
        # A player hands back one of the very choices offered: found without comparing field by field (``in``
        # compares every choice before it); a label, or an equal choice, is looked for the long way.
        place = 0  # counted by hand: an enumerate costs more than the few options it would count
        for option in decision.options:
            if option is choice:
                picked: Choice = choice
                break
            place += 1
        else:
            found = choice if isinstance(choice, Choice) else decision.find(choice)
            if found is None or found not in decision.options:
                raise self._refused(decision, choice)
            picked, place = found, decision.options.index(found)
        self._since.append(place)
        self.steps += 1
        # The rules run on to their next decision (_run, written out: this is every step of every match).
        try:
            answer = self._flow.send(picked)
            while answer is CHECKPOINT:
                if self.checkpoints or not (self._restart or self._remake):
                    self._restart = pickle.dumps(self.game, pickle.HIGHEST_PROTOCOL)
                    self._since = []
                answer = next(self._flow)
            self.decision = answer
        except StopIteration:
            self.decision = None
            self.terminal = True

    def _refused(self, decision: Decision, choice: Choice | str) -> IllegalAction:
        """Why ``choice`` is no answer to ``decision``: the rule that forbids it, when the game says."""
        legal = "legal: " + ", ".join(c.label for c in decision.options)
        reason = self.game.explain(decision, str(choice))  # the rule that forbids it, and why
        if reason:
            rule, _, why = reason.partition(": ")
            return IllegalAction(rule, f"{choice}: {why}; {legal}")
        return IllegalAction(decision.kind, f"{choice} is not a legal choice here; {legal}")

    def intervene(self, kind: str, who: str, value: str) -> None:
        """Play an :class:`Intervention` now, between decisions, and keep it with the choices."""
        if self.decision is None:
            raise IllegalAction("Match", "the match is over")
        event = Intervention(kind, who, value)
        event.play(self.game)
        self._since.append(event)
        self.decision = self.game.reconsider(self.decision)

    def copy(self) -> Match:
        """An independent match at the same decision (restart point + replay of the choices since)."""
        if not self._restart:
            self._restart = self._first_restart()
        self.checkpoints = True
        clone = Match.__new__(Match)
        clone.checkpoints = True
        clone.game = pickle.loads(self._restart)
        clone.game.library = self.game.library
        clone._flow = clone.game.run()
        clone._restart = self._restart
        clone._remake = None
        clone._since = []
        clone.decision = None
        clone.terminal = False
        clone.steps = self.steps
        clone._run(None, keep_restart=True)
        for since in self._since:
            if isinstance(since, Intervention):
                since.play(clone.game)
                assert clone.decision is not None
                clone.decision = clone.game.reconsider(clone.decision)
                clone._since.append(since)
                continue
            assert clone.decision is not None and since < len(clone.decision.options), "copy diverged"
            clone._since.append(since)
            clone._run(clone.decision.options[since])
        return clone

    def _first_restart(self) -> bytes:
        """The restart point the match began with, for a first copy: its game made again and run to its first
        checkpoint (it asks nothing before it), then pickled. No choice since then was forgotten: with no restart
        point kept, every one is in ``_since``."""
        assert self._remake is not None, "a match without a restart point can be made again"
        game = self._remake()
        if next(game.run()) is not CHECKPOINT:
            raise AssertionError("a match made again asked something before its first checkpoint")
        return pickle.dumps(game, pickle.HIGHEST_PROTOCOL)

    # ---- running the rules
    def _run(self, answer: Choice | None, keep_restart: bool = False) -> None:
        """Run the rules on to their next decision: from the start (``answer`` None), or with ``answer`` to the
        one they wait for."""
        try:
            decision = next(self._flow) if answer is None else self._flow.send(answer)
            while decision is CHECKPOINT:
                if keep_restart:
                    keep_restart = False
                elif self.checkpoints or not (self._restart or self._remake):
                    self._restart = pickle.dumps(self.game, pickle.HIGHEST_PROTOCOL)
                    self._since = []
                decision = next(self._flow)
            self.decision = decision
        except StopIteration:
            self.decision = None
            self.terminal = True


def offered(choice: Choice, options: tuple[Choice, ...]) -> bool:
    """Whether ``choice`` is one of ``options``. A player hands back one of the very objects it was offered,
    which is found without comparing field by field (``in`` compares every choice before it); a plain loop
    finds it in half the time ``any(map(is_, ...))`` takes, at every decision."""
    for option in options:
        if option is choice:
            return True
    return choice in options


class RandomPlayer:
    """Picks uniformly among the legal choices, from its own seeded source (so matches replay)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits  # read at every decision of a simulation

    def choose(self, decision: Decision) -> Choice:
        """``random.Random.choice``'s draw, written out: the same index from the same seed (the matches of
        earlier versions replay), without its two calls at every decision of a simulation."""
        options = decision.options
        n = len(options)
        if not n:
            raise IndexError(f"no choice to pick for {decision.kind}")
        bits = n.bit_length()
        getrandbits = self._bits
        drawn = getrandbits(bits)
        while drawn >= n:  # rejection sampling, as random.Random._randbelow_with_getrandbits does
            drawn = getrandbits(bits)
        return options[drawn]


def play_out(match: Match, player: RandomPlayer, max_steps: int = 100_000,
             check: Callable[[Match], object] | None = None) -> Outcome | None:
    """Drive a match with one player answering every decision; ``check(match)`` after each step."""
    for _ in range(max_steps):
        if match.decision is None:
            return match.result
        match.apply(player.choose(match.decision))
        if check is not None:
            check(match)
    raise AssertionError(f"the match did not end within {max_steps} decisions")


@dataclass(frozen=True, slots=True)
class Played:
    """What one random match of :func:`run_many` gives back (the match itself stays in its process)."""

    seed: int
    steps: int
    outcome: Outcome | None


def play_random(setup: Callable[[int], Match], seed: int) -> Played:
    """One match from ``setup(seed)`` played to its end by a :class:`RandomPlayer` of the same seed."""
    match = setup(seed)
    outcome = play_out(match, RandomPlayer(seed))
    return Played(seed, match.steps, outcome)


def run_many(setup: Callable[[int], Match], seeds: Iterable[int], workers: int | None = None) -> list[Played]:
    """Random matches for every seed, on ``workers`` processes (all cores when None; 1 plays them here).
    ``setup`` must be a module-level function, so that other processes can find it."""
    seeds = list(seeds)
    if workers == 1:
        return [play_random(setup, s) for s in seeds]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_random, [setup] * len(seeds), seeds, chunksize=max(1, len(seeds) // 16)))
