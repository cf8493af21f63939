"""What the players of Incantation charges know beyond the rules (engine/core/players.py): how well an entity
stands, and what it cannot see.

An entity stands by its side's **Health** against its enemies', each side's Health counted with the damage
its **Incantation charges** promise: a charge is built towards an Action with an Incantation entry, and the
seed's Actions deal more the more charges they ask (Flame Dart 3 for one, Lightning Bolt 5 for two, Meteor 8
for three). An entity that is **incanting** holds a charge to come. Charges count only for an entity that holds
an Action to spend them on, and "an entity that suffers damage loses ... any built-up Incantation charges", so
they are worth less than the Health they would take.

What an entity cannot see: the order of every deck, and the cards of another entity's hand and deck. The
seed's rules roll no die, so nothing else is hidden.

What each entity held as the match began, and played, is kept by the game as it plays (Game.run, Game.play_card):
a study reads it to rate each card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from spellc.engine.core.players import Knowledge
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, Entity

# The Health a stored charge is worth, for an entity holding an Action with an Incantation entry: about what
# the seed's Incantations deal for each charge they ask, lessened by the risk of losing it to damage.
CHARGE_WORTH = 1.5
# Incanting: the charge the next Draw Phase brings, if no damage breaks the Incantation first.
INCANTING_WORTH = 1.0


def standing(entity: Entity) -> float:
    """An entity's Health, and what its charges and its Incantation promise; nothing once defeated."""
    if entity.defeated:
        return 0.0
    promise = 0.0
    if any(card.is_incantation for card in entity.hand):
        promise = CHARGE_WORTH * entity.charges + INCANTING_WORTH * entity.incanting
    return entity.health + promise


def evaluate(game: Game, being: str) -> float:
    """The share of the table's standing held by ``being``'s side: 1 with every enemy defeated, 0 when its side
    is, 0.5 when even. A finished match is scored by its Outcome: the winning side 1, the others 0, a draw 0.5."""
    team = game.table.entities[being].team
    if game.outcome is not None:
        return 0.5 if game.outcome.draw else float(game.outcome.winner == team)
    ours = sum(standing(e) for e in game.table.entities.values() if e.team == team)
    theirs = sum(standing(e) for e in game.table.entities.values() if e.team != team)
    return 0.5 if ours + theirs == 0 else ours / (ours + theirs)


def determinize(game: Game, being: str, rng: random.Random) -> None:
    """Deal again what ``being`` cannot see: its own deck in a new order (it knows its cards, not their order);
    each card of another entity's hand and deck drawn anew from the library, as a random match deals its decks
    (setup.py), since what lies there unseen could be any of them. How many cards each zone holds is seen, and
    kept."""
    titles = game.library.titles()
    for entity in game.table.entities.values():
        if entity.name == being:
            deck = list(entity.zones[DECK])
            rng.shuffle(deck)
            deal(entity, DECK, deck)
            continue
        for zone in (HAND, DECK):
            deal(entity, zone, [game.library[rng.choice(titles)] for _ in entity.zones[zone]])


def deal(entity: Entity, zone: str, cards: list[ActionCard]) -> None:
    """``zone`` holds ``cards`` now, in their order (through the zones' own put and take, which keep their
    views of every card up to date)."""
    for card in list(entity.zones[zone]):
        entity.zones.take(card, zone)
    for card in cards:
        entity.zones.put(card, zone)


def seats(game: Game) -> tuple[str, ...]:
    """The entities at the table, in the order they were seated."""
    return tuple(game.table.entities)


def holdings(game: Game, being: str) -> Mapping[str, int]:
    """What ``being`` held, asked once its match is over: the title of each card it was dealt as the match began
    (its hand and its deck, Game.run), with the times it played a card of that title ("play an Action")."""
    entity = game.table.entities.get(being)
    if entity is None or not entity.held:
        return {}
    return {title: entity.plays[title] for title in dict.fromkeys(entity.held)}


KNOWLEDGE = Knowledge(evaluation=evaluate, determinize=determinize, seats=seats, holdings=holdings)
