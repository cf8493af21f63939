"""Trigger events: the one place where a rule says "this happened" and the cards that react to it run.

Every ``[[event]]`` row of the registry is emitted here, from the one place where the rule it belongs to
is played (``Game.discard`` emits ``this is discarded``, ``casting.resolve`` emits ``resolved``).

The cards that react are chosen at the moment the event happens, while the state is still the one the
event speaks of: a spell that is being discarded still knows its bearer, and its ``when this is
discarded`` still runs after it has left play. Their rules text runs as soon as the flow of play can
ask questions again: at once from :func:`triggers.emit`, or, where the rule is played by plain code
(a discard in the middle of an impact), at the next :func:`triggers.settle` — the end of the cast,
the resolution, the ability or the turn it happened in. This module only records what is owed (it needs no
more than the registry and the state, so any rule module may queue an event); triggers runs it.
"""

from __future__ import annotations

from spellc.engine.rulesets.serpents_tongue import registry
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Pending


def reacts(card: Card, event: registry.Event, this: Card | None, being: Being | None,
           at: list[Being] | None) -> bool:
    """Does ``card`` react to ``event`` happening to ``this`` card or to ``being``?"""
    if event.who == "this":
        return card is this  # its own event: it reacts even as it leaves play
    if not card.active:
        return False
    if at is not None and card.caster not in at:  # `... at caster`: the event must concern the caster
        return False
    if event.who is None:  # an event of the whole table
        return True
    whose = {"bearer": card.bearer, "caster": card.caster, "controller": card.controller or card.owner}
    return whose[event.who] is being


def queue(game: Battle, event: str, *, card: Card | None = None, being: Being | None = None,
          at: list[Being] | None = None) -> None:
    """Record the triggers ``event`` (a registry row's name) owes: ``card`` is the spell it happens to,
    ``being`` the being it happens to, ``at`` the beings an offensive spell was cast at."""
    # Most events, most of the time: no spell in play, nor the card it happens to, has a trigger on it.
    if not game.reacts_to(event, card):
        return
    cards = game.all_in_play()
    events = registry.load().events
    if card is not None and card not in cards:
        cards = [*cards, card]
    for c in cards:
        for trig in c.spec.triggers:
            ev = events.get(trig.event)
            if ev is not None and ev.base == event and reacts(c, ev, card, being, at):
                game.pending_triggers.append(
                    Pending(c, trig.method, c.controller or c.caster or c.owner, c.bearer, c.caster))
