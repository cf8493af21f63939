"""The players of Incantation charges on a position whose best move is known (issue 27: "Unit tests check the
players on small positions whose best move is known (a lethal spell available, a block that must be played)")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Mcts, Player
from spellc.engine.rulesets.incantation_charges.evaluation import KNOWLEDGE
from tests.incantation_charges.matches import entity, game, match, options

SEEDS = range(8)
LETHAL = 'play "Strike" at Bram'


def bram_at_two() -> Match:
    """Ada's first Action Phase, Bram down to 2 Health; of Ada's four Actions only Strike deals 2 damage."""
    m = match(entity("Ada", "A", "Mend", "Oak Staff", "Disrupt", "Strike", deck=["Mend"] * 5),
              entity("Bram", "B", "Strike", "Mend", health=2, deck=["Strike"] * 5))
    assert m.decision is not None and m.decision.being == "Ada" and LETHAL in options(m)
    return m


def test_a_strike_at_two_health_ends_the_match() -> None:
    """What makes Strike the best move: "deal 2 damage to target" takes Bram's last Health, and Ada's side wins;
    none of Ada's other Actions does."""
    for label in options(bram_at_two()):
        m = bram_at_two()
        m.apply(label)
        assert (m.result is not None and m.result.winner == "A") == (label == LETHAL), label
    assert game(bram_at_two()).table.entities["Bram"].health == 2


@pytest.mark.rule("Health")
@pytest.mark.parametrize("make", [lambda s: Greedy(s, KNOWLEDGE), lambda s: Mcts(s, KNOWLEDGE, playouts=20, depth=6)],
                         ids=["greedy", "mcts"])
def test_a_lethal_action_is_played(make: Callable[[int], Player]) -> None:
    """"Entities with Health play Actions from a hand", and one whose Health falls to 0 is defeated (the glossary's
    note: the seed's scenarios are combat): offered a Strike that takes the enemy's last 2 Health, Ada plays it,
    whatever the player's seed."""
    assert {make(seed).choose(bram_at_two()).label for seed in SEEDS} == {LETHAL}
