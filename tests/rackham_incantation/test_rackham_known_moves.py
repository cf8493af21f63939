"""The players of Incantation 2 on positions whose best move is known (issue 27: "Unit tests check the players on
small positions whose best move is known (a lethal spell available, a block that must be played)").

The first position is the seed's Absorption example (6.7.1), set up as its scenario sets it up: Zigzag casts
Thunderspark at Kelgar, and Kelgar, who holds gems of its opposed Elements, must answer it. The second was found in
a duel mcts lost: its spell could reach the enemy magician or a model beside it without Power, and it wounded the
model."""

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
    match = played("absorption.scenario", ABSORPTION, TO_THE_ANSWER)
    assert match.decision is not None and match.decision.being == "Kelgar"
    return match


def played(name: str, text: str, labels: tuple[str, ...]) -> Match:
    """The match of scenario ``text`` (its settings only, with the shipped cards), after the answers ``labels``."""
    diags = Diagnostics()
    scenario = FRONTENDS["rackham_incantation"].parse_scenario(SourceFile(Path(name), text), diags)
    assert scenario is not None, diags.render()
    match = Match(build(scenario, library(shipped("rackham_incantation"))))
    for label in labels:
        match.apply(label)
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


A_WARRIOR_BESIDE = """
match "A warrior beside the Gorgon" {
    magician "Méliador" camp Lion gems 2 Light, 5 Air
    magician "Gorgon" camp Acheron gems 6 Fire
    creature "Keltois Warrior" camp Acheron
}
"""
# Up to Méliador's first activation: no trance, no cast type. Flash of Light (2 Light, 30 cm) reaches both the
# Gorgon and its warrior, 20 cm away.
TO_THE_CAST = ("no trance", "no trance", "neither", "neither")


@pytest.mark.rule("Stamina")
def test_a_magician_casts_at_the_enemy_magician_rather_than_at_a_model_without_power() -> None:
    """A camp wins as "the last camp with a magician", and "if the Stamina of a model falls below 0, the model is
    killed immediately" (6.5): a wound on the Gorgon brings its end nearer, one on the warrior beside it nothing.
    Offered Flash of Light at either, mcts never aims at the warrior, whatever its seed (it did at 3 seeds in 12
    while a follower's wounds counted as a magician's)."""
    chosen = set()
    for seed in range(12):
        match = played("warrior.scenario", A_WARRIOR_BESIDE, TO_THE_CAST)
        assert match.decision is not None and match.decision.being == "Méliador"
        assert {'cast "Flash of Light" at Gorgon', 'cast "Flash of Light" at Keltois Warrior'} <= {
            o.label for o in match.decision.options}
        chosen.add(Mcts(seed, KNOWLEDGE, playouts=30, depth=6).choose(match).label)
    assert 'cast "Flash of Light" at Keltois Warrior' not in chosen, chosen
    assert 'cast "Flash of Light" at Gorgon' in chosen
