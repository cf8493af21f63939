"""The game-state protocol: what tools and players use to drive a match.

A :class:`Match` is at one :class:`~engine.core.decisions.Decision` at a time (or terminal). ``legal()``
lists its choices, ``apply(choice)`` takes one and runs the rules to the next decision, ``result``
tells who won, and ``copy()`` makes an independent match at the same point.

The rules run as a generator (:meth:`engine.rules.Game.run`), so a match is suspended at a decision
for free. Generators cannot be copied, so a copy is rebuilt the event-sourcing way: at the start of
every round the match keeps a pickled restart point of the game, plus the choices made since; a copy
unpickles the restart point and replays those few choices (a round's worth, never the whole match).
A match nobody copies (a random match, a replay) keeps only its first restart point: pickling the game
every round cost 8% of a random match. Its first copy replays from there and turns the rounds' restart
points on, for it and for the copy.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from engine import actions, codex, specs
from engine import encounter as enc  # duel() has a parameter named encounter
from engine.core.decisions import Choice, Decision, Outcome
from engine.core.errors import IllegalAction
from engine.rules import CHECKPOINT, Game, Options
from engine.state import Being, Card


@dataclass(frozen=True, slots=True)
class Event:
    """Something a match's players do between two decisions rather than in answer to one — an Encounter's
    change of mode ("No more Easy Mode!"). Recorded with the choices, so a copy replays it in its place."""

    kind: str  # mode
    being: str
    value: str

    def play(self, game: Game) -> None:
        if self.kind == "mode":
            enc.set_mode(game, game.being(self.being), self.value)
        else:
            raise AssertionError(f"unknown event {self.kind!r}")


class Match:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._flow: Generator[Decision, Choice, Outcome] = game.run()
        self._restart: bytes = b""
        self._since: list[str | Event] = []  # the choices (by label) and events since the restart point
        self.checkpoints = False  # a restart point every round: from the first copy() on
        self.decision: Decision | None = None
        self.steps = 0
        self._run(lambda: next(self._flow))

    # ---- the protocol
    @property
    def terminal(self) -> bool:
        return self.decision is None

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
        if self.decision is None:
            raise IllegalAction("Match", "the match is over")
        picked = choice if isinstance(choice, Choice) else self.decision.find(choice)
        if picked is None or picked not in self.decision.options:
            legal = "legal: " + ", ".join(c.label for c in self.decision.options)
            # The rule that forbids it and why, where one does ("Energy Exchange: ... one per round").
            reason = actions.explain(self.game, self.decision, str(choice))
            if reason:
                rule, _, why = reason.partition(": ")
                raise IllegalAction(rule, f"{choice}: {why}; {legal}")
            raise IllegalAction(self.decision.kind, f"{choice} is not a legal choice here; {legal}")
        self._since.append(picked.label)
        self.steps += 1
        self._run(lambda: self._flow.send(picked))

    def set_mode(self, being: str, mode: str) -> None:
        """An Encounter goes into ``mode`` (easy | standard) now, between decisions; scripts do it at the
        top of a round (``Shadow enters standard mode``). Kept with the choices: a copy has it too."""
        if self.decision is None:
            raise IllegalAction("Match", "the match is over")
        self._event(Event("mode", being, mode))

    def _event(self, event: Event) -> None:
        event.play(self.game)  # raises IllegalAction (and changes nothing) when the rules refuse it
        self._since.append(event)

    def copy(self) -> Match:
        """An independent match at the same decision (restart point + replay of this round's choices)."""
        self.checkpoints = True
        clone = Match.__new__(Match)
        clone.checkpoints = True
        clone.game = pickle.loads(self._restart)
        clone.game.library = self.game.library
        clone._flow = clone.game.run()
        clone._restart = self._restart
        clone._since = []
        clone.decision = None
        clone.steps = self.steps
        clone._run(lambda: next(clone._flow), keep_restart=True)
        for label in self._since:
            if isinstance(label, Event):
                label.play(clone.game)
                clone._since.append(label)
                continue
            assert clone.decision is not None
            picked = clone.decision.find(label)
            assert picked is not None, f"copy diverged at {label!r}"
            clone._since.append(label)
            clone._run(lambda choice=picked: clone._flow.send(choice))
        return clone

    # ---- running the rules
    def _run(self, step: Callable[[], Decision], keep_restart: bool = False) -> None:
        try:
            decision = step()
            while decision is CHECKPOINT:
                if keep_restart:
                    keep_restart = False
                elif self.checkpoints or not self._restart:
                    self._restart = pickle.dumps(self.game, pickle.HIGHEST_PROTOCOL)
                    self._since = []
                decision = next(self._flow)
            self.decision = decision
        except StopIteration:
            self.decision = None


class RandomPlayer:
    """Picks uniformly among the legal choices, from its own seeded source (so matches replay)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Choice:
        return self.rng.choice(decision.options)


def play_out(match: Match, player: RandomPlayer, max_steps: int = 100_000,
             check: Any = None) -> Outcome | None:
    """Drive a match with one player answering every decision; ``check(match)`` after each step."""
    for _ in range(max_steps):
        if match.terminal:
            return match.result
        match.apply(player.choose(match.decision))  # type: ignore[arg-type]
        if check is not None:
            check(match)
    raise AssertionError(f"the match did not end within {max_steps} decisions")


def duel(library: Any, seed: int, level: int = 2, max_rounds: int = 40, log: bool = False,
         encounter: str | None = None) -> Match:
    """Two Magi with random legal Codexes drawn from ``library`` (a CardLibrary), dice from ``seed``;
    at level 2 each may start with a random Specialization. With ``encounter`` (a title), the two are
    one team against that Encounter in standard mode."""

    rng = random.Random(seed)
    pool = sorted(library.cards.values(), key=lambda s: s.title)
    beings = []
    for name in ("White", "Black"):
        b = Being(name=name, team="Magi" if encounter else name, will=3 if level > 1 else 0)
        b.codex = [Card(spec=spec, owner=b) for spec in codex.random_codex(pool, rng)]
        beings.append(b)
    if encounter:
        beings.append(enc.create(library[encounter], encounter.split()[-1], encounter, "standard", library))
    options = Options(level=level, chance="auto", seed=seed, intoning=level > 1, max_rounds=max_rounds, log=log)
    game = Game(beings, library, options)
    spec_pool = [s for s in pool if s.kind == "specialization"]
    for b in beings:
        if b.encounter is not None:
            enc.scale(game, b)
        elif level > 1 and spec_pool and rng.random() < 0.5:
            specs.start(game, b, rng.choice(spec_pool))
    return Match(game)
