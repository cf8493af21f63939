"""Random matches of Incantation charges: two entities with shuffled decks of every compiled card."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spellc.engine.core.errors import EntryError
from spellc.engine.core.match import Match
from spellc.engine.rulesets.incantation_charges.cards import Library
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, Entity, Settings

HEALTH = 12
DECK_SIZE = 12


SEATS = (("Ada", "A"), ("Bram", "B"))


def entity(name: str, team: str, library: Library, rng: random.Random, settings: Settings) -> Entity:
    """An entity with a shuffled deck of random cards and its opening hand drawn from it."""
    return dealt(name, team, library, [rng.choice(library.titles()) for _ in range(DECK_SIZE)], settings)


def dealt(name: str, team: str, library: Library, deck: list[str], settings: Settings) -> Entity:
    """An entity with ``deck`` (titles, top first) and its opening hand drawn from the top."""
    e = Entity(name, team, HEALTH, HEALTH)
    for title in deck:
        e.zones.put(library[title], DECK)
    for card in list(e.zones[DECK][:settings.hand_size]):
        e.zones.take(card, DECK)
        e.zones.put(card, HAND)
    return e


def duel(library: Library, seed: int, settings: Settings | None = None) -> Match:
    """Two entities on two sides; the DM's setting is on in every other match, so both are played."""
    rng = random.Random(seed)
    settings = settings or Settings(incantation_needs_means=seed % 2 == 1)
    game = Game([entity(name, team, library, rng, settings) for name, team in SEATS], library, settings)
    return Match(game)


def entry_duel(library: Library, seed: int, entries: tuple[Mapping[str, Any], Mapping[str, Any]]) -> Match:
    """A study's duel of two entries (engine.core.ruleset's entry_match): each entity's deck as its entry lists
    it, shuffled by the match's seed, its opening hand drawn from it; the DM's setting as in :func:`duel`."""
    rng = random.Random(seed)
    settings = Settings(incantation_needs_means=seed % 2 == 1)
    entities = []
    for (name, team), entry in zip(SEATS, entries, strict=True):
        deck = list(entry["deck"])
        if len(deck) < settings.hand_size:
            raise EntryError("deck", f"a deck holds at least the opening hand's {settings.hand_size} cards, not "
                             f"{len(deck)}")
        rng.shuffle(deck)
        entities.append(dealt(name, team, library, deck, settings))
    return Match(Game(entities, library, settings))
