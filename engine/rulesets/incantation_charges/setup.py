"""Random matches of Incantation charges: two entities with shuffled decks of every compiled card."""

from __future__ import annotations

import random

from spellc.engine.core.match import Match
from spellc.engine.rulesets.incantation_charges.cards import Library
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, Entity, Settings

HEALTH = 12
DECK_SIZE = 12


def entity(name: str, team: str, library: Library, rng: random.Random, settings: Settings) -> Entity:
    """An entity with a shuffled deck of random cards and its opening hand drawn from it."""
    e = Entity(name, team, HEALTH, HEALTH)
    for _ in range(DECK_SIZE):
        e.zones.put(library[rng.choice(library.titles())], DECK)
    for card in list(e.zones[DECK][:settings.hand_size]):
        e.zones.take(card, DECK)
        e.zones.put(card, HAND)
    return e


def duel(library: Library, seed: int, settings: Settings | None = None) -> Match:
    """Two entities on two sides; the DM's setting is on in every other match, so both are played."""
    rng = random.Random(seed)
    settings = settings or Settings(incantation_needs_means=seed % 2 == 1)
    game = Game([entity("Ada", "A", library, rng, settings), entity("Bram", "B", library, rng, settings)],
                library, settings)
    return Match(game)
