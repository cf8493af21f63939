"""Time for a game played on a timeline rather than in rounds (live-action rules: "30 seconds pass").

A :class:`Clock` counts the match's seconds and what lasts a while on them, each thing by a key of the game's
choosing: :meth:`Clock.start` gives it a duration (or none: it lasts until something ends it), and
:meth:`Clock.advance` moves time on and returns what ended, in the order it ended. Starting a key that already
runs keeps the longer of the two ("if a player would gain a State they are already affected by, the State's
duration will simply be adjusted to the new duration if it is longer than the current duration").
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass
class Clock(Generic[K]):
    now: int = 0  # seconds since the match began
    _ends: dict[K, int | None] = field(default_factory=dict)  # each key's end, None for none

    def start(self, key: K, seconds: int | None) -> None:
        """``key`` lasts ``seconds`` from now (None: until stopped); already running, it keeps the longer."""
        end = None if seconds is None else self.now + seconds
        if key in self._ends:
            current = self._ends[key]
            if current is None or (end is not None and end <= current):
                return
        self._ends[key] = end

    def stop(self, key: K) -> None:
        self._ends.pop(key, None)

    def left(self, key: K) -> int | None:
        """The seconds ``key`` has left (None: no end); a key not running is a KeyError."""
        end = self._ends[key]
        return None if end is None else end - self.now

    def __contains__(self, key: object) -> bool:
        return key in self._ends

    def __iter__(self) -> Iterator[K]:
        return iter(self._ends)

    def advance(self, seconds: int) -> list[K]:
        """Move time on by ``seconds``; what ended on the way, earliest first (then in the order started)."""
        if seconds < 0:
            raise ValueError(f"time runs forward, not by {seconds} s")
        self.now += seconds
        ended = sorted((end, i, key) for i, (key, end) in enumerate(self._ends.items())
                       if end is not None and end <= self.now)
        for _, _, key in ended:
            del self._ends[key]
        return [key for _, _, key in ended]
