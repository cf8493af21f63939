"""Events and what reacts to them: reactions owed as things happen, run when play can ask questions again.

A rule says "this happened" where it plays; what reacts to it (a card's "when ..." text) is chosen at that
moment, while the state is still the one the event speaks of, and is owed: a list keeps the reactions in
the order their events happened. :func:`settle` runs them, each a flow that may ask decisions and owe
more, until none is left — or until ``limit`` reactions in a row have set each other off, which stops the
chain with a line in the log rather than hang the match (a card that deals Dmg whenever its bearer takes
Dmg would never end). What reacts, and how a reaction runs, is the ruleset's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from spellc.engine.core.decisions import Flow

R = TypeVar("R")


def settle(owed: list[R], run: Callable[[R], Flow[None]], *, limit: int, say: Callable[[str], None],
           name: Callable[[R], str]) -> Flow[None]:
    """Run every owed reaction, oldest first (a reaction may owe more); after ``limit`` in a row, drop the
    rest and say which were still owed."""
    ran = 0
    while owed:
        if ran == limit:
            say(f"triggers stop: {limit} in a row set each other off ({', '.join(sorted({name(r) for r in owed}))})")
            owed.clear()
            return
        ran += 1
        yield from run(owed.pop(0))


G = TypeVar("G")


class Hooks(Generic[G]):
    """Who listens to a game's events from outside its rules (a scenario replay checking a phase's end, a tool
    drawing the table): each event's listeners, called in the order they subscribed as the event happens.
    Listeners never change the match; a copy of it has none (they belong to whoever watches)."""

    def __init__(self) -> None:
        self._listeners: dict[str, list[Callable[[G, str], None]]] = {}

    def on(self, event: str, listener: Callable[[G, str], None]) -> None:
        self._listeners.setdefault(event, []).append(listener)

    def fire(self, game: G, event: str) -> None:
        for listener in self._listeners.get(event, ()):
            listener(game, event)

    def __getstate__(self) -> dict[str, object]:
        return {"_listeners": {}}
