"""A study's matches (issue 27): "It runs the pairings in a round robin, both seats", and "Local: a process pool
over all cores by default, --workers N. It is deterministic: the same seed gives identical results whatever the
number of workers"."""

from __future__ import annotations

import pytest

from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Knowledge
from spellc.engine.core.study import Contender, Pairing, Played, derive, jobs, round_robin, run, seating
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges.setup import duel
from spellc.generated.incantation_charges import LIBRARY

KNOWLEDGE: Knowledge = RULESETS["incantation_charges"].entry("knowledge")
RANDOM, MCTS = Contender("random"), Contender("mcts", playouts=4, depth=3)


def charges_duel(seed: int) -> Match:
    """A study's setup is a module-level function of the seed: other processes find it by its name."""
    return duel(LIBRARY, seed)


def test_a_round_robin_pairs_every_two_players_once() -> None:
    greedy = Contender("greedy")
    assert round_robin([RANDOM, greedy, MCTS]) == [Pairing(RANDOM, greedy), Pairing(RANDOM, MCTS),
                                                  Pairing(greedy, MCTS)]
    assert Pairing(MCTS, MCTS) in round_robin([RANDOM, MCTS], mirrors=True)


def test_players_change_seats_from_one_match_to_the_next() -> None:
    """"both seats": the first player sits first in even matches and second in odd ones."""
    pairing = Pairing(MCTS, RANDOM)
    match = charges_duel(1)
    assert list(seating(KNOWLEDGE, match, pairing, 0).values()) == [MCTS, RANDOM]
    assert list(seating(KNOWLEDGE, match, pairing, 1).values()) == [RANDOM, MCTS]


def test_a_match_seed_depends_on_the_study_seed_its_pairing_and_its_number_alone() -> None:
    assert [j.seed for j in jobs(2, 3, seed=11)] == [derive(11, p, i) for p in range(2) for i in range(3)]
    assert len({j.seed for j in jobs(3, 50, seed=11)}) == 150
    assert jobs(1, 3, seed=11) != jobs(1, 3, seed=12)


def played(workers: int) -> list[Played]:
    pairings = round_robin([RANDOM, MCTS])
    return sorted(run(charges_duel, KNOWLEDGE, pairings, jobs(len(pairings), 4, seed=5), workers=workers),
                  key=lambda p: (p.pairing, p.index))


def test_the_same_seed_gives_the_same_results_whatever_the_number_of_workers() -> None:
    """Played here, then on two processes: match for match the same."""
    here, pooled = played(1), played(2)
    assert here == pooled
    assert {p.first for p in here} <= {0.0, 0.5, 1.0} and all(p.decisions > 0 for p in here)


def test_a_ruleset_without_seats_is_told_why_it_cannot_be_studied() -> None:
    blind = Knowledge(KNOWLEDGE.evaluation)
    with pytest.raises(DeclarationError, match="declares no seats"):
        seating(blind, charges_duel(1), Pairing(RANDOM, MCTS), 0)


def test_a_player_of_no_known_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="random, greedy, mcts"):
        Contender("alphazero")
