"""Running the triggers that events owe (events records them): at once, or when play settles."""

from __future__ import annotations

from spellc.engine.core import events as core_events
from spellc.engine.core.decisions import NOTHING, Flow
from spellc.engine.rulesets.serpents_tongue import events, rules_text
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.events import Pending
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card

# Triggers that set each other off without end (`when bearer takes Dmg: deal Dmg 1 to bearer`) stop here,
# with a line in the log, rather than hang the match.
CHAIN_LIMIT = 200


def settle(game: Battle) -> Flow[None]:
    """Run every trigger owed so far, in the order their events happened (a trigger may owe more). A flow
    made only when one is owed: most events, most of the time, nothing reacted (and the flow is read at once,
    ``yield from settle(game)``, so nothing happens in between)."""
    if not game.pending_triggers:
        return NOTHING
    return core_events.settle(game.pending_triggers, lambda p: run(game, p), limit=CHAIN_LIMIT, say=game.say,
                             name=lambda p: p.card.title)


def run(game: Battle, p: Pending) -> Flow[None]:
    """One card's trigger: its rules text, for whom it concerned as the event happened."""
    fx = Effect(game, p.card, p.controller, p.bearer, is_spell=False)
    fx.refs.update(bearer=p.bearer, caster=p.caster or p.controller)  # as they were, should it have left play
    yield from rules_text.play(fx, p.method)


def emit(game: Battle, event: str, *, card: Card | None = None, being: Being | None = None,
         at: list[Being] | None = None) -> Flow[None]:
    """``event`` happens now: the cards that react to it run their rules text at once (in the flow returned,
    which its caller reads at once: ``yield from emit(...)``)."""
    if game.reacts_to(event, card):  # most of the time nothing does, even with spells in play (events.queue)
        events.queue(game, event, card=card, being=being, at=at)
    return settle(game) if game.pending_triggers else NOTHING
