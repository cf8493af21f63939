"""Duration and Durability: how long a spell stays in play once it activates.

Glossary terms played here: Duration (# counters, P and F), Durability, and "Spells without a Duration are
discarded right after their first impact".
"""

from __future__ import annotations

from collections.abc import Sequence

from spellc.engine.rulesets.serpents_tongue.cards import Aspect
from spellc.engine.rulesets.serpents_tongue.state import Card, Zone, aspect_named


def start_counters(card: Card, aspects: Sequence[Aspect] | None = None) -> None:
    """"When a spell with Duration # is activated, place # Duration counters on it" — with what upgrades
    and passive effects add ("I also place 3 Duration counters onto it rather than 2")."""
    own = card.aspects  # as Card.aspect reads them: a bonus is no Duration of its own
    durability = aspect_named(own, "Durability")
    if durability is not None and isinstance(durability.value, int):
        card.counters["durability"] = durability.value
    set_duration(card, aspect_named(own, "Duration"))
    bonus = sum(int(a.value) for a in (card.gained if aspects is None else aspects)
                if a.name == "Duration" and a.bonus and isinstance(a.value, int))
    if bonus and "duration" in card.counters:
        card.counters["duration"] += bonus


def set_duration(card: Card, aspect: Aspect | None) -> None:
    if aspect is None:
        return
    if aspect.value in ("P", "F"):
        card.persistent = aspect.value == "P" or card.persistent
    elif isinstance(aspect.value, int):
        card.counters["duration"] = aspect.value


def lasts(card: Card) -> bool:
    """"Spells without a Duration are discarded right after their first impact"."""
    if card.spec.is_curse() and card.zone is Zone.ATTACK:
        return False
    return (card.persistent or card.focus is not None or card.counters.get("duration", 0) > 0
            or card.counters.get("durability", 0) > 0)
