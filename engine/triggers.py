"""Running the triggers that events owe (engine.events records them): at once, or when play settles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events
from engine.core.decisions import Flow
from engine.effects import Effect
from engine.state import Being, Card

if TYPE_CHECKING:
    from engine.rules import Game


# Triggers that set each other off without end (`when bearer takes Dmg: deal Dmg 1 to bearer`) stop here,
# with a line in the log, rather than hang the match.
CHAIN_LIMIT = 200


def settle(game: Game) -> Flow[None]:
    """Run every trigger owed so far, in the order their events happened (a trigger may owe more)."""
    ran = 0
    while game.pending_triggers:
        if ran == CHAIN_LIMIT:
            game.say(f"triggers stop: {CHAIN_LIMIT} in a row set each other off "
                     f"({', '.join(sorted({p.card.title for p in game.pending_triggers}))})")
            game.pending_triggers.clear()
            return
        ran += 1
        p = game.pending_triggers.pop(0)
        fx = Effect(game, p.card, p.controller, p.bearer, is_spell=False)
        fx.refs.update(bearer=p.bearer, caster=p.caster or p.controller)  # as they were, should it have left play
        yield from getattr(p.card.spec(), p.method)(fx)


def emit(game: Game, event: str, *, card: Card | None = None, being: Being | None = None,
         at: list[Being] | None = None) -> Flow[None]:
    """``event`` happens now: the cards that react to it run their rules text at once."""
    events.queue(game, event, card=card, being=being, at=at)
    yield from settle(game)
