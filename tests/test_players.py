"""The players of the core against every ruleset that declares what its players know (issue 27: "Players in the
core, playing any ruleset through the decision protocol ... Players are seeded and reproducible: the same seed
gives the same match"). Generic, as tests/test_conformance.py is: a ruleset that declares its knowledge is played
here without a line written for it. Each game's own tests show how well its players play."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

import pytest

from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Knowledge, Mcts, Player, Random, observed, score
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


WINNING_POSITIONS = 3
WORLDS = 24  # a move wins "with nothing left to chance" when it wins in each of these worlds


def played_to(name: str, seed: int, steps: int) -> Match:
    """Seed ``seed``'s random match of ``name`` after ``steps`` decisions, each answered at random."""
    match, rng = setup(name)(seed), random.Random(seed)
    for _ in range(steps):
        assert match.decision is not None
        match.apply(match.decision.options[rng.randrange(len(match.decision.options))])
    return match


def winning_at_once(match: Match, known: Knowledge) -> set[str]:
    """The choices of the match's decision after which the being deciding has won, with nothing left to chance:
    in every world it may know of (its ruleset's determinization, dealt anew: dice to come, hidden cards)."""
    decision = match.decision
    assert decision is not None and decision.being is not None
    won = set()
    for i, option in enumerate(decision.options):
        trial = match.copy()  # most moves win in no world: one look at the match itself tells those apart
        trial.apply(trial.legal()[i])
        if trial.decision is not None:
            continue
        for world in range(WORLDS):
            trial = observed(match, decision.being, known, random.Random(world))
            trial.apply(trial.legal()[i])
            if trial.decision is not None or score(known, trial, decision.being) != 1.0:
                break
        else:
            won.add(option.label)
    return won


def winning_positions(name: str) -> list[tuple[int, int]]:
    """Where seeded random matches of ``name`` offer the being deciding a move that wins at once beside one that
    does not (seed, decisions played): found by playing, so that every game is tested on positions of its own
    rules, none written for the test. Serpent's Tongue's take minutes to find, so the test reads them from
    :data:`POSITIONS`; this finds them again (``python -c "from tests.test_players import *;
    print({n: winning_positions(n) for n in KNOWING})"``) after a change of its random matches."""
    known, found = knowledge(name), []
    for seed in range(300):
        match, rng, steps = setup(name)(seed), random.Random(seed), 0
        while (decision := match.decision) is not None:
            if decision.being is not None and len(decision.options) > 1 and score(known, match, decision.being) > 0.5:
                won = winning_at_once(match, known)
                if won and len(won) < len(decision.options):
                    found.append((seed, steps))
                    break
            match.apply(decision.options[rng.randrange(len(decision.options))])
            steps += 1
        if len(found) == WINNING_POSITIONS:
            break
    return found


POSITIONS = {"incantation_charges": [(0, 77), (2, 54), (3, 53)], "rackham_incantation": [(3, 188), (19, 67), (20, 80)],
             "serpents_tongue": [(18, 642), (54, 299), (55, 593)]}


@pytest.mark.parametrize("name", KNOWING)
@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_a_move_that_wins_at_once_is_taken(name: str, kind: str) -> None:
    """Issue 27: "Unit tests check the players on small positions whose best move is known (a lethal spell
    available ...)". Where a move ends the match won and another does not, the player takes one that wins, at
    every seed: a search does not leave a won match to its playouts' chance (mcts takes a decisive move)."""
    known = knowledge(name)
    for seed, steps in POSITIONS[name]:
        position = played_to(name, seed, steps)
        assert position.decision is not None and position.decision.being is not None
        won = winning_at_once(position, known)
        assert won and len(won) < len(position.decision.options), (
            f"{name}, seed {seed} after {steps} decisions is no longer such a position: find them again")
        for player_seed in range(3):
            player = Greedy(player_seed, known) if kind == "greedy" else Mcts(player_seed, known, playouts=30,
                                                                                depth=4)
            chosen = player.choose(played_to(name, seed, steps)).label
            assert chosen in won, f"{name}, seed {seed} after {steps} decisions: {chosen!r}, not one of {sorted(won)}"


@pytest.mark.parametrize("name", sorted(set(RULESETS) - set(KNOWING)))
def test_a_ruleset_that_declares_no_knowledge_says_so(name: str) -> None:
    """Only random players play it; asking for its knowledge names what is missing."""
    with pytest.raises(DeclarationError, match=f"{name} declares no knowledge"):
        RULESETS[name].entry("knowledge")
