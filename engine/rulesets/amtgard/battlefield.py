"""The field of a match: its players, the clock the States' durations run on, the facts a scenario states
(who stands how far from whom, who cannot see whom, who is moving), and the log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spellc.engine.core.clock import Clock
from spellc.engine.rulesets.amtgard.cards import Library
from spellc.engine.rulesets.amtgard.players import Player

TimedKey = tuple[str, str, str | None]  # (player, State, detail): what the clock runs


@dataclass(eq=False)
class Battlefield:
    players: dict[str, Player]
    library: Library
    clock: Clock[TimedKey] = field(default_factory=Clock)
    distances: dict[frozenset[str], int] = field(default_factory=dict)  # feet, when a scenario says
    default_distance: int = 0  # within Touch unless a fact says how far
    unseen: set[tuple[str, str]] = field(default_factory=set)  # (who, whom it cannot see)
    log: list[str] = field(default_factory=list)
    next_id: int = 1

    def __getstate__(self) -> dict[str, Any]:
        """The field without its cards: a match's restart point pickles its game at the start, and a copy is
        handed the library again (Game.library); pickling the cards was most of that pickle's bytes."""
        state = self.__dict__.copy()
        state["library"] = None
        return state

    def player(self, name: str) -> Player:
        return self.players[name]

    def distance(self, a: str, b: str) -> int:
        return 0 if a == b else self.distances.get(frozenset((a, b)), self.default_distance)

    def place(self, a: str, b: str, feet: int) -> None:
        self.distances[frozenset((a, b))] = feet

    def sees(self, who: str, whom: str) -> bool:
        return (who, whom) not in self.unseen

    def say(self, line: str) -> None:
        self.log.append(f"[{self.clock.now} s] {line}")

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1
