"""What each entity of Incantation charges held and played (issue 27's per-card rates): every card it was dealt as
the match began, its hand and the deck it draws from, each with the times it played it, as its
``KNOWLEDGE.holdings`` tells a study once the match is over."""

from __future__ import annotations

from collections.abc import Mapping

from spellc.engine.core.match import Match
from spellc.engine.core.players import Random, play
from spellc.engine.rulesets.incantation_charges import setup
from spellc.engine.rulesets.incantation_charges.evaluation import KNOWLEDGE
from spellc.engine.rulesets.incantation_charges.game import BEGIN, PASS, Game
from spellc.engine.rulesets.incantation_charges.state import ZONES
from spellc.generated.incantation_charges import LIBRARY
from tests.incantation_charges.matches import answer, entity, game, match


def held(g: Game, name: str) -> Mapping[str, int]:
    assert KNOWLEDGE.holdings is not None
    return KNOWLEDGE.holdings(g, name)


def counts(m: Match) -> dict[str, dict[str, int]]:
    return {name: dict(held(game(m), name)) for name in game(m).table.entities}


def test_an_entity_holds_every_card_it_was_dealt() -> None:
    """"Entities with Health play Actions from a hand" (issue 10, after the seed), drawn from their deck in each
    Draw Phase: an entity holds every card of its hand and deck as the match begins, none of them played yet."""
    for seed in range(4):
        m = setup.duel(LIBRARY, seed)
        for e in game(m).table.entities.values():
            dealt = {card.title for zone in ZONES for card in e.zones[zone]}  # nothing played before a decision
            assert set(held(game(m), e.name)) == dealt
            assert set(held(game(m), e.name).values()) == {0}


def test_playing_an_action_counts_one_play_of_it() -> None:
    """"Entities with Health play Actions from a hand": the Knight plays Strike, one play of Strike; Mend, drawn
    from its deck, is held too, and not played."""
    m = match(entity("Knight", "A", "Strike", deck=["Mend"]), entity("Ogre", "B", "Strike", health=4))
    assert held(game(m), "Knight") == {"Mend": 0, "Strike": 0}
    answer(m, 'play "Strike" at Ogre')
    assert held(game(m), "Knight") == {"Mend": 0, "Strike": 1}
    assert held(game(m), "Ogre") == {"Strike": 0}


def test_a_random_match_counts_each_play_once() -> None:
    """A random duel played until an entity plays a card counts exactly one play, of that card, for that
    entity."""
    m, mover = setup.duel(LIBRARY, 2), Random(2)
    before = counts(m)
    while counts(m) == before:
        assert m.decision is not None, "the duel ended with no card played"
        told = len(game(m).table.log)
        m.apply(mover.choose(m))
    after = counts(m)
    changed = [(n, t) for n in after for t in after[n] if after[n][t] != before[n][t]]
    assert len(changed) == 1
    name, title = changed[0]
    assert after[name][title] == before[name][title] + 1
    assert any(line.startswith(f'{name} plays "{title}"') for line in game(m).table.log[told:])


def test_an_incantation_spent_in_the_draw_phase_is_a_play() -> None:
    """"During the Draw Phase, an entity with Incantation charges has the opportunity to play such an Action":
    the charge gained is spent at once on Flame Dart, one play of it."""
    m = match(entity("Mage", "A", "Flame Dart"), entity("Dummy", "B", health=30))
    answer(m, BEGIN, PASS, 'play "Flame Dart" at Dummy')
    assert held(game(m), "Mage") == {"Flame Dart": 1}


def test_an_interrupt_is_played_as_it_is_set_not_as_it_answers() -> None:
    """"Assists or Interrupts that rely on Incantation-related events": an Interrupt is played once, as it is
    set to wait; answering the event it waits for plays it no second time."""
    m = match(entity("Warden", "A", "Spell Snare"), entity("Bandit", "B"))
    answer(m, 'play "Spell Snare"', BEGIN)
    assert game(m).table.entities["Bandit"].health == 8  # the snare answered
    assert held(game(m), "Warden") == {"Spell Snare": 1}


def test_what_an_entity_played_survives_a_copy_of_the_match() -> None:
    """Players copy a match thousands of times: a copy holds what the match held and played so far, and a copy
    played on counts its own plays, never the match's."""
    m, mover = setup.duel(LIBRARY, 3), Random(3)
    while m.decision is not None and not any(n for c in counts(m).values() for n in c.values()):
        m.apply(mover.choose(m))
    before = counts(m)
    copy = m.copy()
    assert counts(copy) == before
    play(copy, {n: Random(4) for n in game(copy).table.entities}, 4)
    assert counts(copy) != before
    assert counts(m) == before
