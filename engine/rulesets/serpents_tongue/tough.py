"""Tough (seed 003, 7.4.5), carried into this game's costs.

"Tough is a passive ability that appears on Characters and Permanents. Tough is always followed by a
number. Spells, quick actions, reactions, and internal actions targeting an opposing object with Tough x
cost X more." Here the objects are spells in play, and the cost is Resonance, the energy this game's
spells are paid in. Only a Target counts: an Area effect targets no object, and one's own side's Tough
costs nothing ("opposing"). What is paid is recorded with the spell's costs, so a Dispel refunds it.
"""

from __future__ import annotations

from collections.abc import Iterable

from spellc.engine.rulesets.serpents_tongue.state import Being, Card

RULE = "Tough"


def rating(card: Card) -> int:
    """A spell's Tough X (0 without it)."""
    aspect = card.aspect("Tough")
    return aspect.value if aspect is not None and isinstance(aspect.value, int) else 0


def extra_cost(payer: Being, targets: Iterable[Being | Card | None]) -> int:
    """What targeting these costs ``payer`` more: the Tough of each opposing spell among them."""
    # A loop, not sum() of a generator made for it: asked at every cast, and for every spell aimed at spells that
    # might be cast, where nearly always no target is an opposing spell.
    extra = 0
    for t in targets:
        if isinstance(t, Card) and t.active and (t.controller or t.owner).team != payer.team:
            extra += rating(t)
    return extra
