"""The flow of a match: rounds of phases, each a declared list of steps (boardgame.io's phases and turns,
said as data).

A ruleset declares its round as :class:`Phase` values: the phase's name, the event it begins with, the
steps its game plays in order (each a rule of the ruleset: a function of the game that may ask decisions),
the event it ends with, and whether it is still played once the match has an outcome. :func:`play` runs a
match round after round until an outcome or the round limit, and offers a restart point as each round
begins (:data:`~engine.core.decisions.CHECKPOINT`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spellc.engine.core.decisions import CHECKPOINT, Flow, Outcome

# A rule a phase plays: a function of the game (or a method of its class), which may ask decisions.
Step = Callable[[Any], "Flow[None] | None"]


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    steps: tuple[Step, ...]  # its rules, in order: each a function of the game that returns None or a Flow
    begins: str | None = None  # the event emitted as it begins, after the game enters it
    ends: str | None = None  # the event emitted after its last step
    after_outcome: bool = False  # still played when an earlier phase of the round ended the match


class Flowing(Protocol):
    """What :func:`play` needs of a ruleset's game."""

    round: int
    phase: str
    outcome: Outcome | None

    def emit_event(self, event: str) -> Flow[None]:
        """``event`` happens now: whatever reacts to it runs."""
        ...

    def draw_at_limit(self) -> Outcome:
        """The outcome of a match that reached its round limit."""
        ...


def play_round(game: Flowing, phases: Sequence[Phase]) -> Flow[None]:
    """One round: each phase in turn, its steps in order; a phase not played ``after_outcome`` is skipped
    once one of the round's steps has decided the match."""
    game.round += 1
    for phase in phases:
        if game.outcome is not None and not phase.after_outcome:
            continue
        game.phase = phase.name
        if phase.begins:
            yield from game.emit_event(phase.begins)
        for step in phase.steps:
            result = step(game)
            if result is not None:
                yield from result
        if phase.ends:
            yield from game.emit_event(phase.ends)


def play(game: Flowing, phases: Sequence[Phase], max_rounds: int) -> Flow[Outcome]:
    """Rounds until an outcome; at ``max_rounds`` the game says what a match without a winner is."""
    while game.outcome is None:
        if game.round >= max_rounds:
            game.outcome = game.draw_at_limit()
            break
        yield CHECKPOINT
        yield from play_round(game, phases)
    return game.outcome
