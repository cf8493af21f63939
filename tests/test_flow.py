"""The core's rounds of declared phases (engine/core/flow.py), on a toy game that is no ruleset: each phase
enters, emits its events, plays its steps in order, and a round that decides the match plays only the phases
declared to follow an outcome."""

from __future__ import annotations

import pickle

from spellc.engine.core import flow
from spellc.engine.core.decisions import CHECKPOINT, Choice, Decision, Flow, Outcome
from spellc.engine.core.events import Hooks


class Toy:
    """Two phases a round: a draw, then a move that asks a decision; the match is won in round 3."""

    def __init__(self) -> None:
        self.round = 0
        self.phase = "setup"
        self.outcome: Outcome | None = None
        self.log: list[str] = []

    def emit_event(self, event: str) -> Flow[None]:
        self.log.append(f"{self.phase}: {event}")
        return
        yield

    def draw_at_limit(self) -> Outcome:
        return Outcome(draw=True, reason="limit")

    def draw(self) -> None:
        self.log.append(f"draw {self.round}")

    def move(self) -> Flow[None]:
        pick = yield Decision("move", "A", "move?", (Choice("win", True), Choice("wait", False)))
        if pick.value:
            self.outcome = Outcome(winner="A", reason="moved")

    def tidy(self) -> None:
        self.log.append("tidy")

    def record(self) -> None:
        self.log.append(f"end of round {self.round}")


ROUND = (
    flow.Phase("draw", steps=(Toy.draw,), begins="round begins"),
    flow.Phase("action", steps=(Toy.move,), ends="actions end"),
    flow.Phase("cleanup", steps=(Toy.tidy,)),
    flow.Phase("end", steps=(Toy.record,), after_outcome=True),
)


def play(game: Toy, answers: list[bool], max_rounds: int = 10) -> Outcome:
    run = flow.play(game, ROUND, max_rounds)
    decision = next(run)
    try:
        while True:
            if decision is CHECKPOINT:
                decision = next(run)
                continue
            wanted = answers.pop(0)
            decision = run.send(next(c for c in decision.options if c.value is wanted))
    except StopIteration as done:
        return done.value


def test_each_phase_plays_its_steps_in_order_between_its_events() -> None:
    game = Toy()
    assert play(game, [False, True]) == Outcome(winner="A", reason="moved")
    assert game.log == ["draw: round begins", "draw 1", "action: actions end", "tidy", "end of round 1",
                        "draw: round begins", "draw 2", "action: actions end", "end of round 2"]
    assert game.round == 2 and game.phase == "end"


def test_a_match_without_an_outcome_stops_at_the_round_limit() -> None:
    game = Toy()
    assert play(game, [False, False], max_rounds=2) == Outcome(draw=True, reason="limit")


def test_a_step_is_any_rule_of_the_game() -> None:
    """A step is a function of the game: a method of its class, or a rule of a chapter module."""
    game = Toy()

    def shuffle(g: Toy) -> None:
        g.log.append("shuffled")

    for _ in flow.play_round(game, (flow.Phase("draw", steps=(shuffle, Toy.draw)),)):
        pass
    assert game.log == ["shuffled", "draw 1"]


def test_hooks_call_their_listeners_in_order_and_a_copy_has_none() -> None:
    """A tool listens to a game's events from outside its rules (engine.core.events.Hooks)."""
    heard: list[str] = []
    hooks: Hooks[Toy] = Hooks()
    hooks.on("round begins", lambda game, event: heard.append(f"first {event}"))
    hooks.on("round begins", lambda game, event: heard.append(f"second {event}"))
    hooks.fire(Toy(), "round begins")
    hooks.fire(Toy(), "actions end")
    assert heard == ["first round begins", "second round begins"]
    copy = pickle.loads(pickle.dumps(hooks))
    copy.fire(Toy(), "round begins")
    assert len(heard) == 2
