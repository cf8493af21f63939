"""What each Magi held as the match began, and how many times it cast each of those cards: what a study rates each
card by (engine.core.study, through ``evaluation.KNOWLEDGE``), read once the match is over. No rule reads it, so
counting changes no match.

"A Codex may contain up to 27 spells ... In addition, a Codex may contain one Specialization and one Artifact":
a Magi holds the cards it owns as the match begins (its Codex and front pocket, the Specialization or Artifact it
begins with in play). A card the match makes later (an Encounter's, a Koishaka's) was not held.

The game keeps two things (``Game.dealt``, ``Game.casts``): a card never leaves the match, its owner never
changes and ids are given in turn, so the cards a Magi held are its own up to the last id given as the match
began; and each of those cards' casts, by id. They are copied with the game (engine.core.match pickles it): a
copy counts its own casts from those it inherited, at the cost of a few numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import MAGI, Being, Card


def begin(game: Battle) -> None:
    """As the match begins: the last id of a card at the table. A copy runs the rules again from a restart point
    taken later, and keeps the number taken then."""
    if game.dealt is None:
        game.dealt = max((card.id for b in game.beings for card in cards_of(b)), default=0)


def cards_of(b: Being) -> tuple[Card, ...]:
    return (*b.codex, *b.prepared, *b.rite, *b.discard, *b.banished, *b.in_play())


def was_held(game: Battle, b: Being, card: Card) -> bool:
    """Whether ``b``, a Magi, owned ``card`` as the match began."""
    dealt = game.dealt
    return dealt is not None and 0 < card.id <= dealt and card.owner is b and b.kind is MAGI


def count_cast(game: Battle, caster: Being, card: Card) -> None:
    """``caster`` casts ``card``: one more cast of it, if it is one of the cards the caster held."""
    if was_held(game, caster, card):
        game.casts[card.id] += 1


def held(game: Battle, being: str) -> Mapping[str, int]:
    """The title of each card ``being`` held as the match began, in the order it was dealt (its Codex, then what
    it began with in play), with how many times it cast a card of that title; nothing for a being that held no
    Codex (an Encounter)."""
    b = game.being(being)
    out: dict[str, int] = {}
    for card in (game.card(i) for i in range(1, (game.dealt or 0) + 1)):
        if was_held(game, b, card):
            out[card.title] = out.get(card.title, 0) + game.casts[card.id]
    return out
