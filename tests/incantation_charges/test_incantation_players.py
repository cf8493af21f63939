"""The players of Incantation charges (issue 27): its evaluation, "the charges game's Health", its determinization
of what no entity sees, and how well the core's search plays with them. Every player is seeded, so each result
here is the same at every run."""

from __future__ import annotations

import random

import pytest

from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Mcts, Player, Random, play
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges import setup
from spellc.engine.rulesets.incantation_charges.evaluation import KNOWLEDGE, evaluate
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, DISCARD, HAND, WAITING, Settings
from spellc.generated.incantation_charges import LIBRARY
from tests.incantation_charges.matches import entity, game, match
from tests.playing import Recording, played_in

DUELS = range(30)  # the fixed set of duels; in each other one the searching entity sits second


def searching(seed: int) -> Mcts:
    """The search at a budget a test can afford: 20 playouts, each cut 6 decisions past its new node."""
    return Mcts(seed, KNOWLEDGE, playouts=20, depth=6)


def team_of(m: Match, name: str) -> str:
    return game(m).table.entities[name].team


def test_the_ruleset_declares_its_knowledge() -> None:
    """"Each ruleset declares its evaluation beside its rules": ruleset.toml names this module's KNOWLEDGE."""
    assert RULESETS["incantation_charges"].entry("knowledge") is KNOWLEDGE


@pytest.mark.rule("Health")
def test_mcts_beats_random_in_most_duels() -> None:
    """"Incantation 2 and Incantation charges: mcts beats random in >= 80% of duels", seats alternating."""
    won = 0
    for seed in DUELS:
        m = setup.duel(LIBRARY, seed)
        names = list(game(m).table.entities)
        smart = names[seed % 2]
        seats: dict[str, Player] = {n: searching(seed) if n == smart else Random(seed + 1000) for n in names}
        outcome = play(m, seats, seed)
        won += outcome is not None and outcome.winner == team_of(m, smart)
    assert won >= 0.8 * len(DUELS), f"mcts won {won} of {len(DUELS)} duels against random"


def choices_of(make: type[Greedy] | type[Mcts], seed: int) -> list[str]:
    """The choices a seeded player makes as Ada in a whole duel against a random Bram."""
    m = setup.duel(LIBRARY, 4)
    player = Recording(searching(seed) if make is Mcts else Greedy(seed, KNOWLEDGE))
    play(m, {"Ada": player, "Bram": Random(9)}, 4)
    return player.chosen


@pytest.mark.parametrize("make", [Greedy, Mcts])
def test_players_are_seeded_and_reproducible(make: type[Greedy] | type[Mcts]) -> None:
    """"Players are seeded and reproducible: the same seed gives the same match", here a whole duel."""
    assert choices_of(make, 1) == choices_of(make, 1)


def finished(seed: int, settings: Settings | None = None) -> Match:
    m = setup.duel(LIBRARY, seed, settings)
    play(m, {n: Random(seed) for n in game(m).table.entities}, seed)
    return m


@pytest.mark.rule("Health")
def test_a_finished_match_is_scored_by_its_outcome() -> None:
    """"1 won / 0 lost / 0.5 even, a finished match scored by its Outcome": the side left standing 1, the
    defeated one 0, whatever Health the winner kept."""
    for seed in range(6):
        m = finished(seed)
        outcome = m.result
        assert outcome is not None and not outcome.draw
        for name in game(m).table.entities:
            assert evaluate(game(m), name) == float(team_of(m, name) == outcome.winner)


def test_a_match_drawn_at_the_round_cap_is_even() -> None:
    """A match no side won within its rounds is a draw: 0.5 for each entity, whatever their Health."""
    m = finished(0, Settings(max_rounds=1))
    assert m.result is not None and m.result.draw
    assert [evaluate(game(m), n) for n in game(m).table.entities] == [0.5, 0.5]


@pytest.mark.rule("Health")
def test_more_health_stands_better() -> None:
    """An entity stands by its Health against its enemy's: even at equal Health, better with more."""
    even = match(entity("Ada", "A", health=10), entity("Bram", "B", health=10))
    ahead = match(entity("Ada", "A", health=10), entity("Bram", "B", health=4))
    assert evaluate(game(even), "Ada") == 0.5
    assert evaluate(game(ahead), "Ada") > 0.5 > evaluate(game(ahead), "Bram")


@pytest.mark.rule("Incantation charge", "Incanting")
def test_charges_and_an_incantation_promise_damage_to_an_entity_holding_an_incantation() -> None:
    """"An entity must first build up a number of Incantation charges corresponding to the number in the
    Incantation entry": stored charges, and incanting (a charge to come), count for an entity holding an Action
    with an Incantation entry; for one holding none they promise nothing."""
    def standing(*hand: str, charges: int = 0, incanting: bool = False) -> float:
        m = match(entity("Ada", "A", *hand), entity("Bram", "B"))
        ada = game(m).table.entities["Ada"]
        ada.charges, ada.incanting = charges, incanting
        return evaluate(game(m), "Ada")

    assert standing("Meteor", charges=2) > standing("Meteor", incanting=True) > standing("Meteor")
    assert standing("Strike", charges=2, incanting=True) == standing("Strike") == 0.5


def seen_by(g: Game, being: str) -> dict[str, object]:
    """What ``being`` sees: every entity's Health, charges and Incantation, its own hand and deck as sets of
    cards, everyone's discard and waiting Interrupts, and how many cards each zone holds."""
    seen: dict[str, object] = {}
    for e in g.table.entities.values():
        seen[e.name] = (e.health, e.charges, e.incanting, e.pretending, e.warded,
                        [c.title for c in e.zones[DISCARD]], [c.title for c in e.zones[WAITING]],
                        {z: len(e.zones[z]) for z in (HAND, DECK)})
        if e.name == being:
            seen[e.name + "'s cards"] = ([c.title for c in e.zones[HAND]], sorted(c.title for c in e.zones[DECK]))
    return seen


def test_determinization_never_changes_what_the_entity_can_see() -> None:
    """"It searches determinized states sampled from what the player could know, and never reads hidden state":
    a deal changes the order of the entity's deck and the cards of its enemy's hand and deck, nothing it sees."""
    dealt_anew = 0
    for seed in range(10):
        m = played_in(setup.duel(LIBRARY, seed), seed, seed * 3)  # into the match, a little further each time
        for being in game(m).table.entities:
            copy = m.copy()
            assert KNOWLEDGE.determinize is not None
            KNOWLEDGE.determinize(copy.game, being, random.Random(seed))
            assert seen_by(copy.game, being) == seen_by(game(m), being)
            enemy = next(e for e in game(m).table.entities.values() if e.name != being)
            dealt = copy.game.table.entities[enemy.name]
            dealt_anew += [c.title for c in dealt.zones[HAND]] != [c.title for c in enemy.zones[HAND]]
    assert dealt_anew, "a deal draws the enemy's unseen cards anew"
