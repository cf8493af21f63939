"""Every die of a match comes from one source held by the game, so every match replays."""

from __future__ import annotations

import random
from typing import Protocol


class Dice(Protocol):
    def roll(self, why: str) -> int:
        """A ten-sided die: 1..10 (the die's 0 face reads as 10)."""
        ...


class SeededDice:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, why: str) -> int:
        return self._rng.randint(1, 10)
