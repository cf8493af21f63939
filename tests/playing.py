"""What the players' tests of every game share."""

from __future__ import annotations

from spellc.engine.core.decisions import Choice
from spellc.engine.core.match import Match
from spellc.engine.core.players import Player, Random


class Recording:
    """A player that keeps the label of every choice it makes."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.chosen: list[str] = []

    def choose(self, m: Match) -> Choice:
        choice = self.player.choose(m)
        self.chosen.append(choice.label)
        return choice


def played_in(match: Match, seed: int, decisions: int) -> Match:
    """``match`` after up to ``decisions`` random legal choices (seeded): a state some way into it."""
    mover = Random(seed)
    for _ in range(decisions):
        if match.decision is None:
            break
        match.apply(mover.choose(match))
    return match
