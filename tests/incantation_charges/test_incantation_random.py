"""Random matches of Incantation charges, each decision a random legal one, with the ruleset's invariants
checked after every decision ("charges never negative; no charge kept after a spend"). Copying, pickling and
the parallel runner are checked for every ruleset alike (tests/test_conformance.py)."""

from __future__ import annotations

import pytest

from spellc.engine.core.match import Match, RandomPlayer, play_out
from spellc.engine.rulesets.incantation_charges import setup
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.invariants import broken
from spellc.generated.incantation_charges import LIBRARY

SEEDS = range(300)


def duel(seed: int) -> Match:
    return setup.duel(LIBRARY, seed)


def _checked(m: Match) -> None:
    assert isinstance(m.game, Game)
    problems = broken(m.game)
    assert not problems, problems


@pytest.mark.rule("Incantation charge", "Spending charges")
def test_random_matches_keep_the_invariants() -> None:
    """Charges never fall below none, and "the entity then loses any leftover charges" after any spend."""
    outcomes = []
    for seed in SEEDS:
        m = duel(seed)
        outcome = play_out(m, RandomPlayer(seed), check=_checked)
        assert outcome is not None
        outcomes.append(outcome)
    winners = {o.winner for o in outcomes if not o.draw}
    assert winners == {"A", "B"}, "both sides win some matches"


def test_every_card_and_both_settings_are_played() -> None:
    played: set[str] = set()
    settings: set[bool] = set()
    for seed in range(60):
        m = duel(seed)
        play_out(m, RandomPlayer(seed))
        assert isinstance(m.game, Game)
        settings.add(m.game.table.settings.incantation_needs_means)
        played |= {line.split('"')[1] for line in m.game.table.log if ' plays "' in line}
    assert played == set(LIBRARY.titles()) and settings == {True, False}
