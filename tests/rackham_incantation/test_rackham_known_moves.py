"""The players of Incantation 2 on a position whose best move is known (issue 27: "Unit tests check the players on
small positions whose best move is known (a lethal spell available, a block that must be played)").

The position is the seed's Absorption example (6.7.1), set up as its scenario sets it up: Zigzag casts Thunderspark
at Kelgar, and Kelgar, who holds gems of its opposed Elements, must answer it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from spellc.compiler.build import FRONTENDS, library
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import shipped
from spellc.compiler.source import SourceFile
from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Mcts, Player
from spellc.engine.rulesets.rackham_incantation.evaluation import KNOWLEDGE
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.scenario import build

SEEDS = range(6)

ABSORPTION = """
match "Absorption" {
    magician "Zigzag" camp Goblin gems 4 Fire, 4 Air
    magician "Kelgar" camp Keltois gems 2 Water, 2 Earth, 4 Darkness
}
"""
# Up to Kelgar's answer: no trance, no cast type, Thunderspark at Kelgar with its own gems, a 2 thrown (10 against
# difficulty 6: cast).
TO_THE_ANSWER = ("no trance", "no trance", "neither", "neither", 'cast "Thunderspark" at Kelgar', "no more gems", "2")
LET_IT_BE = "let it be"


def cast_at_kelgar() -> Match:
    diags = Diagnostics()
    scenario = FRONTENDS["rackham_incantation"].parse_scenario(SourceFile(Path("absorption.scenario"), ABSORPTION),
                                                               diags)
    assert scenario is not None, diags.render()
    match = Match(build(scenario, library(shipped("rackham_incantation"))))
    for label in TO_THE_ANSWER:
        match.apply(label)
    assert match.decision is not None and match.decision.being == "Kelgar"
    return match


def wounds(match: Match, name: str) -> int:
    game = match.game
    assert isinstance(game, Game)
    return game.battle.models[name].wounds


def test_a_spell_let_be_wounds_its_target() -> None:
    """What makes the block a must: Thunderspark, not countered, wounds Kelgar; absorbed, it does not ("Absorbing
    a spell is automatic; no die roll is required")."""
    let_be, absorbed = cast_at_kelgar(), cast_at_kelgar()
    let_be.apply(LET_IT_BE)
    absorbed.apply("absorb with Water + Earth")
    assert wounds(let_be, "Kelgar") > 0 == wounds(absorbed, "Kelgar")


@pytest.mark.rule("Absorption", "Counter-spell")
@pytest.mark.parametrize("make", [lambda s: Greedy(s, KNOWLEDGE), lambda s: Mcts(s, KNOWLEDGE, playouts=30, depth=6)],
                         ids=["greedy", "mcts"])
def test_a_magician_counters_a_spell_that_would_wound_it(make: Callable[[int], Player]) -> None:
    """"There are two ways to counter a spell: absorption or dispelling" (6.7): offered both, and letting it be,
    Kelgar counters Thunderspark, whatever the player's seed."""
    chosen = {make(seed).choose(cast_at_kelgar()).label for seed in SEEDS}
    assert LET_IT_BE not in chosen
    assert all(label.startswith(("absorb with", "dispel with")) for label in chosen), chosen
