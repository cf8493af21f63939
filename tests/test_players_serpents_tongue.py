"""Players of Serpent's Tongue (issue 27): its evaluation and determinization, declared beside its rules, and the
search playing through them.

"Each ruleset declares its evaluation beside its rules, e.g. Serpent's Tongue's Essence and energies"; "Players
are seeded and reproducible: the same seed gives the same match"; "Serpent's Tongue: mcts beats random in >= 90%
of duels. mcts against mcts ends at the round cap in <= 10% of matches"; "Where a ruleset hides information (a
Codex, prepared spells, an Encounter's draw bag), it searches determinized states sampled from what the player
could know, and never reads hidden state."

The duels here are few and their budgets small, so that the file runs in well under a minute; the rates over many
duels are measured by ``python -m benchmarks.bench_players``.
"""

from __future__ import annotations

import random
from typing import Any

from spellc.engine.core.match import Match, RandomPlayer
from spellc.engine.core.players import Knowledge, Mcts, Random, Sample, play
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue import codex
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.setup import duel
from spellc.engine.rulesets.serpents_tongue.state import Being
from spellc.generated.serpents_tongue import LIBRARY

KNOWLEDGE: Knowledge = RULESETS["serpents_tongue"].entry("knowledge")
# The search's budget in these tests: a few seconds a duel.
PLAYOUTS, DEPTH = 12, 10


def played_until(seed: int, rounds: int) -> Match:
    """A random duel of ``seed`` played at random into its round ``rounds`` (spells cast, discarded, prepared), to
    a decision of White's: a player searches at its own decisions."""
    match, player = duel(LIBRARY, seed), RandomPlayer(seed)
    while match.decision is not None and (match.game.round < rounds or match.decision.being != "White"):
        match.apply(player.choose(match.decision))
    assert match.decision is not None, "the duel ended before the round the test looks at"
    return match


def seen_by(game: Game, name: str) -> dict[str, Any]:
    """Everything the Magi ``name`` sees: its own Codex and prepared spells, every energy, every spell in play, in
    the Rite zone, discarded or banished, and how many spells the others hold in their Codex and front pocket."""
    def public(b: Being) -> tuple[Any, ...]:
        return (b.essence, b.resonance, b.harmony, b.will, b.voice, b.incapacitated,
                [(c.id, c.title, c.zone, c.controller and c.controller.name) for c in b.in_play()],
                [c.title for c in b.rite], [c.title for c in b.discard], [c.title for c in b.banished],
                len(b.codex), len(b.prepared))
    me = game.being(name)
    return {"own": ([c.title for c in me.codex], [c.title for c in me.prepared]),
            "table": {b.name: public(b) for b in game.beings}}


def hidden_from(game: Game, name: str) -> list[str]:
    return [c.title for b in game.beings if b.name != name for c in (*b.codex, *b.prepared)]


# ---------------------------------------------------------------- the evaluation
def test_a_finished_match_is_scored_by_its_outcome() -> None:
    """"evaluation(game, being) -> float in [0, 1], 1 won / 0 lost / 0.5 even, a finished match scored by its
    Outcome": a random duel played to its end."""
    for seed in range(40):
        match, player = duel(LIBRARY, seed), RandomPlayer(seed)
        while match.decision is not None:
            match.apply(player.choose(match.decision))
        outcome = match.result
        assert outcome is not None
        if not outcome.draw:
            break
    else:
        raise AssertionError("no random duel of 40 ended in a win")
    winner = next(b.name for b in match.game.beings if b.team == outcome.winner)
    loser = next(b.name for b in match.game.beings if b.team != outcome.winner)
    assert KNOWLEDGE.evaluation(match.game, winner) == 1.0
    assert KNOWLEDGE.evaluation(match.game, loser) == 0.0


def test_two_magi_as_they_begin_stand_even() -> None:
    """"Each Magi begins combat with 3 Willpower" and 12 Essence: neither stands better (0.5)."""
    match = duel(LIBRARY, 3, level=1)
    for b in match.game.beings:
        b.prepared.clear()
    assert KNOWLEDGE.evaluation(match.game, "White") == 0.5


def test_essence_is_basically_your_health() -> None:
    """"Essence: Basically your health. By default, matches are over once a Magi or team no longer has Essence":
    the opponent's lost Essence is the Magi's gain, and counts for more than its Resonance."""
    game = duel(LIBRARY, 3).game
    before = KNOWLEDGE.evaluation(game, "White")
    game.being("Black").essence -= 3
    hurt = KNOWLEDGE.evaluation(game, "White")
    game.being("White").resonance += 3
    assert before < hurt
    assert KNOWLEDGE.evaluation(game, "White") - hurt < hurt - before
    assert KNOWLEDGE.evaluation(game, "Black") < 0.5 < hurt


def test_twenty_discord_is_a_lost_battle_drawing_near() -> None:
    """"At 20 Discord, Magi are automatically incapacitated and lose the battle": Discord lowers a standing."""
    game = duel(LIBRARY, 3).game
    before = KNOWLEDGE.evaluation(game, "White")
    game.being("White").harmony = -10
    assert KNOWLEDGE.evaluation(game, "White") < before


def test_an_attack_in_a_magis_attack_zone_is_aimed_at_it() -> None:
    """"Play your Attacks into your TARGET's attack zone": an opponent's spell there counts against the bearer."""
    match, player = duel(LIBRARY, 5), RandomPlayer(5)
    game = match.game
    while match.decision is not None:
        aimed = [c for b in game.beings for c in b.zones.all()
                 if c.controller is not None and c.controller.team != b.team]
        if aimed:
            break
        match.apply(player.choose(match.decision))
    assert aimed, "the duel ended with no spell aimed at a Magi"
    card = aimed[0]
    bearer, caster = card.bearer, card.controller
    assert bearer is not None and caster is not None
    with_it = KNOWLEDGE.evaluation(game, caster.name)
    game.discard(card)
    assert KNOWLEDGE.evaluation(game, caster.name) < with_it


# ---------------------------------------------------------------- the determinization
def test_determinization_never_changes_what_the_magi_can_see() -> None:
    """"it searches determinized states sampled from what the player could know": everything White sees stays as
    it was, the other Magi's Codex and prepared spells are dealt again."""
    match = played_until(11, 5)
    dealt = match.copy()
    KNOWLEDGE.determinize(dealt.game, "White", random.Random(1))
    assert seen_by(dealt.game, "White") == seen_by(match.game, "White")
    assert hidden_from(dealt.game, "White") != hidden_from(match.game, "White")


def test_a_dealt_codex_is_a_legal_codex() -> None:
    """"A standard Codex may contain at most 27 spells. Only 5 of these can be fluency level 3, and only 2 can be
    fluency level 4 ... Only 3 spells of the same title may be included": the other Magi's dealt Codex, with its
    spells already seen, is one the rules allow."""
    match = played_until(11, 5)
    for seed in range(20):
        dealt = match.copy()
        KNOWLEDGE.determinize(dealt.game, "White", random.Random(seed))
        black = dealt.game.being("Black")
        spells = [c.spec for c in (*black.codex, *black.prepared, *black.discard, *black.banished, *black.rite,
                                   *(c for c in black.zones.all() if c.owner is black))]
        assert codex.problems(spells) == [], seed


def test_no_one_knows_the_dice_still_to_roll() -> None:
    """"When energy is tied ... simply roll a die": the dice of a determinized match are not the match's."""
    match = played_until(11, 5)
    real, dealt = match.copy(), match.copy()
    KNOWLEDGE.determinize(dealt.game, "White", random.Random(1))
    assert [dealt.game.rng.random() for _ in range(5)] != [real.game.rng.random() for _ in range(5)]


def test_a_search_never_reads_the_hidden_state() -> None:
    """"never reads hidden state": a copy of a dealt match, made to look further ahead, is dealt as it was, not
    read again from the real match (whose restart point holds the real Codex)."""
    match = played_until(11, 5)
    sample = Sample(match, "White", KNOWLEDGE, seed=4)
    player = RandomPlayer(4)
    for _ in range(3):  # within the round: a new round's restart point would be taken of the dealt match
        assert sample.match.decision is not None
        sample.apply(player.choose(sample.match.decision))
    assert sample.match.game.round == match.game.round
    fork = sample.fork()
    assert hidden_from(fork.game, "White") == hidden_from(sample.match.game, "White")
    assert seen_by(fork.game, "White") == seen_by(sample.match.game, "White")


# ---------------------------------------------------------------- the search
def test_players_are_seeded_and_reproducible() -> None:
    """"Players are seeded and reproducible: the same seed gives the same match" (its first 40 decisions)."""
    def opening(seed: int) -> list[str]:
        match = duel(LIBRARY, 21)
        seats = {"White": Mcts(seed, KNOWLEDGE, playouts=4, depth=4), "Black": Random(seed)}
        labels = []
        while len(labels) < 40 and match.decision is not None:
            choice = seats[match.decision.being or "White"].choose(match)
            labels.append(choice.label)
            match.apply(choice)
        return labels

    assert opening(7) == opening(7)


def test_mcts_beats_random_in_duels() -> None:
    """"Serpent's Tongue: mcts beats random in >= 90% of duels": it wins every one of four duels, each Magi's
    seat in turn."""
    won = 0
    for seed in range(4):
        match = duel(LIBRARY, 300 + seed)
        searcher = ("White", "Black")[seed % 2]
        other = "Black" if searcher == "White" else "White"
        outcome = play(match, {searcher: Mcts(seed, KNOWLEDGE, PLAYOUTS, depth=DEPTH), other: Random(seed)}, seed)
        won += outcome is not None and outcome.winner == searcher
    assert won == 4


def test_mcts_against_mcts_ends_before_the_round_cap() -> None:
    """"mcts against mcts ends at the round cap in <= 10% of matches": this duel ends with a winner."""
    match = duel(LIBRARY, 401)
    outcome = play(match, {"White": Mcts(1, KNOWLEDGE, PLAYOUTS, depth=DEPTH),
                           "Black": Mcts(2, KNOWLEDGE, PLAYOUTS, depth=DEPTH)}, 401)
    assert outcome is not None and not outcome.draw, outcome
    assert match.game.round < match.game.options.max_rounds
