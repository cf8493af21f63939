"""The players of the core against every ruleset that declares what its players know (issue 27: "Players in the
core, playing any ruleset through the decision protocol ... Players are seeded and reproducible: the same seed
gives the same match"). Generic, as tests/test_conformance.py is: a ruleset that declares its knowledge is played
here without a line written for it. Each game's own tests show how well its players play."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Knowledge, Mcts, Player, Random, score
from spellc.engine.rulesets import RULESETS

DECISIONS = 40  # a match's opening: long enough to reach each game's main choices, short enough for every game

KNOWING = sorted(name for name, ruleset in RULESETS.items() if ruleset.knowledge)


def setup(name: str) -> Callable[[int], Match]:
    library = importlib.import_module(f"spellc.generated.{name}").LIBRARY
    make = RULESETS[name].entry("random_match")
    return lambda seed: make(library, seed)


def knowledge(name: str) -> Knowledge:
    found = RULESETS[name].entry("knowledge")
    assert isinstance(found, Knowledge), f"{name}'s knowledge is a {type(found).__name__}, not a Knowledge"
    return found


def opening(match: Match, players: Callable[[str], Player]) -> list[str]:
    """The labels of the first :data:`DECISIONS` choices, each being played by ``players(being)``."""
    seats: dict[str, Player] = {}
    chosen = []
    for _ in range(DECISIONS):
        decision = match.decision
        if decision is None:
            break
        if decision.being is None:
            choice = decision.options[0]
        else:
            choice = seats.setdefault(decision.being, players(decision.being)).choose(match)
        match.apply(choice)  # raises IllegalAction for a choice the rules do not offer
        chosen.append(choice.label)
    return chosen


@pytest.mark.parametrize("name", KNOWING)
@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_the_same_seed_gives_the_same_match(name: str, kind: str) -> None:
    """"Players are seeded and reproducible: the same seed gives the same match." Each choice is also legal."""
    known = knowledge(name)

    def players(being: str) -> Player:
        return Greedy(7, known) if kind == "greedy" else Mcts(7, known, playouts=8, depth=4)

    make = setup(name)
    assert opening(make(3), players) == opening(make(3), players)


@pytest.mark.parametrize("name", KNOWING)
def test_a_player_looks_ahead_on_copies_and_leaves_the_match_as_it_was(name: str) -> None:
    """A player may copy the match and look ahead, never change it: the match waits at the same decision."""
    match = setup(name)(5)
    while match.decision is not None and (match.decision.being is None or len(match.decision.options) < 2):
        match.apply(match.decision.options[0])
    assert match.decision is not None
    before, steps = match.decision, match.steps
    Mcts(1, knowledge(name), playouts=6, depth=3).choose(match)
    Greedy(1, knowledge(name)).choose(match)
    assert (match.decision, match.steps) == (before, steps)


@pytest.mark.parametrize("name", KNOWING)
def test_the_evaluation_stays_between_lost_and_won(name: str) -> None:
    """An evaluation scores a state from 0 (lost) to 1 (won) for each being, all through a match."""
    match = setup(name)(2)
    known = knowledge(name)
    random = Random(2)
    for _ in range(DECISIONS):
        decision = match.decision
        if decision is None:
            break
        for being in {d for d in (decision.being,) if d}:
            assert 0.0 <= score(known, match, being) <= 1.0
        match.apply(random.choose(match))


@pytest.mark.parametrize("name", sorted(set(RULESETS) - set(KNOWING)))
def test_a_ruleset_that_declares_no_knowledge_says_so(name: str) -> None:
    """Only random players play it; asking for its knowledge names what is missing."""
    with pytest.raises(DeclarationError, match=f"{name} declares no knowledge"):
        RULESETS[name].entry("knowledge")
