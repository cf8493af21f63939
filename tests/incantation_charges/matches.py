"""Helpers for the tests of Incantation charges: a match of named entities driven by scripted answers."""

from __future__ import annotations

from collections.abc import Iterable

from spellc.engine.core.decisions import Decision
from spellc.engine.core.match import Match
from spellc.engine.rulesets.incantation_charges.game import Game
from spellc.engine.rulesets.incantation_charges.state import DECK, HAND, Entity, Settings
from spellc.generated.incantation_charges import LIBRARY


def entity(name: str, team: str, *hand: str, health: int = 10, deck: Iterable[str] = ()) -> Entity:
    e = Entity(name, team, health, health)
    for title in hand:
        e.zones.put(LIBRARY[title], HAND)
    for title in deck:
        e.zones.put(LIBRARY[title], DECK)
    return e


def match(*entities: Entity, needs_means: bool = False) -> Match:
    return Match(Game(list(entities), LIBRARY, Settings(incantation_needs_means=needs_means)))


def answer(m: Match, *labels: str) -> Match:
    """Answer the match's next decisions with these labels, each of which must be legal."""
    for label in labels:
        decision = m.decision
        assert decision is not None, f"the match ended before {label!r}"
        assert decision.find(label) is not None, f"{label!r} is not legal: {[c.label for c in decision.options]}"
        m.apply(label)
    return m


def options(m: Match) -> list[str]:
    decision: Decision | None = m.decision
    assert decision is not None
    return [c.label for c in decision.options]


def game(m: Match) -> Game:
    assert isinstance(m.game, Game)
    return m.game
