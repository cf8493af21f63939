"""What the players' tests of every game share."""

from __future__ import annotations

from spellc.engine.core.decisions import Choice
from spellc.engine.core.match import Match
from spellc.engine.core.players import Player


class Recording:
    """A player that keeps the label of every choice it makes."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.chosen: list[str] = []

    def choose(self, m: Match) -> Choice:
        choice = self.player.choose(m)
        self.chosen.append(choice.label)
        return choice
