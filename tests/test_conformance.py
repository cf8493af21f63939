"""Conformance: the same tests run against every registered ruleset, as OpenSpiel's do against every game.
A ruleset declares (ruleset.toml) how to set up a random match from its compiled cards and what its states
must never break; here every one of them is played by random legal choices with its invariants checked after
each decision, copied mid-match and replayed, pickled, and run on the parallel runner."""

from __future__ import annotations

import importlib
import pickle
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spellc.engine.core.decisions import Choice, Decision
from spellc.engine.core.match import Match, RandomPlayer, play_out, run_many
from spellc.engine.rulesets import RULESETS

MATCHES = 25


def _entries(name: str) -> tuple[Callable[[int], Match], Callable[[Match], list[str]]]:
    ruleset = RULESETS[name]
    library = importlib.import_module(f"generated.{name}").LIBRARY
    make = ruleset.entry("random_match")
    return (lambda seed: make(library, seed)), ruleset.entry("invariants")


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_legal_play_keeps_the_invariants(name: str) -> None:
    setup, broken = _entries(name)

    def check(m: Match) -> None:
        problems = broken(m)
        assert not problems, f"{name}, seed {seed}: {problems}"

    for seed in range(MATCHES):
        m = setup(seed)
        assert play_out(m, RandomPlayer(seed), check=check) is not None
        assert m.terminal and m.legal() == ()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_copy_mid_match_replays_the_same(name: str) -> None:
    setup, _ = _entries(name)
    for seed in range(8):
        m = setup(seed)
        player = RandomPlayer(seed)
        for _ in range(20):
            if m.decision is None:
                break
            m.apply(player.choose(m.decision))
        twin = m.copy()
        assert twin.decision == m.decision
        end_a = play_out(m, RandomPlayer(seed + 1))
        end_b = play_out(twin, RandomPlayer(seed + 1))
        assert end_a == end_b and m.steps == twin.steps


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_state_pickles_and_plays_on(name: str) -> None:
    setup, _ = _entries(name)
    m = setup(3)
    player = RandomPlayer(3)
    for _ in range(10):
        if m.decision is not None:
            m.apply(player.choose(m.decision))
    state: Any = pickle.loads(pickle.dumps(m.game))
    assert type(state) is type(m.game) and state.round == m.game.round


def _setup(name: str, seed: int) -> Match:
    """Module-level, so that run_many can send ``partial(_setup, name)`` to other processes by name."""
    return _entries(name)[0](seed)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_parallel_runner_agrees_with_one_process(name: str) -> None:
    setup = partial(_setup, name)
    here = run_many(setup, range(6), workers=1)
    pooled = run_many(setup, range(6), workers=2)
    assert [(p.steps, p.outcome) for p in here] == [(p.steps, p.outcome) for p in pooled]


@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 40), min_size=1, max_size=30))
def test_the_random_player_draws_as_random_choice_does(seed: int, sizes: list[int]) -> None:
    """Seeded random matches replay across versions: the player's draw is ``random.Random.choice``'s."""
    player, reference = RandomPlayer(seed), random.Random(seed)
    for n in sizes:
        options = tuple(Choice(str(i), i) for i in range(n))
        assert player.choose(Decision("action", None, "pick", options)) is reference.choice(options)


def test_the_random_player_has_nothing_to_pick_from_no_choice() -> None:
    with pytest.raises(IndexError):
        RandomPlayer(0).choose(Decision("action", None, "pick", ()))


def _twin_choice(match: Match) -> int | None:
    """The place of an option that bears the label of an earlier one (two copies of a card, each offered by its
    title), if the match's decision offers one."""
    assert match.decision is not None
    labels = [c.label for c in match.decision.options]
    return next((i for i, label in enumerate(labels) if label in labels[:i]), None)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_copy_replays_the_very_choice_made_among_two_of_one_label(name: str) -> None:
    """A copy replays each choice made since its restart point by its place, not by its label: where two options
    bear one label, the second one taken is the second one replayed (a copy of Serpent's Tongue's match took the
    first, and went on with another card in play than the match it copied)."""
    setup, _ = _entries(name)
    copied = 0
    for seed in range(20):
        m, rng = setup(seed), random.Random(seed)
        while m.decision is not None and m.steps < 400:
            twin = _twin_choice(m)
            m.apply(m.decision.options[rng.randrange(len(m.decision.options)) if twin is None else twin])
            if twin is not None and m.decision is not None:
                copy = m.copy()
                assert copy.decision == m.decision and copy.game.snapshot() == m.game.snapshot(), (
                    f"{name}, seed {seed}, after {m.steps} decisions")
                copied += 1
    if not copied:
        pytest.skip(f"{name}: no decision offers two options of one label in 20 random matches")
