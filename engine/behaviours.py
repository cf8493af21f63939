"""Keyword behaviour: the engine side of the registry's ``behaviour`` names.

Directives are functions applied when an effect impacts. Empowerments and requirement forms are
played by the rules in :mod:`engine.rules`; they are listed here so that a keyword whose behaviour the
engine lacks is reported as unsupported instead of being silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import registry
from engine.cards import Aspect, Energy

if TYPE_CHECKING:
    from engine.effects import Effect

Behaviour = Callable[["Effect", Aspect, Any], None]


def _energy(aspect: Aspect) -> Energy:
    return Energy.ESSENCE if aspect.qualifier in (None, "Physical") else Energy(aspect.qualifier)


def dmg(fx: Effect, aspect: Aspect, target: Any) -> None:
    """Dmg subtracts energy (Essence unless another is named)."""
    from engine.state import Being

    if isinstance(target, Being):
        lost = fx.game.lose(target, _energy(aspect), fx.amount(aspect))
        fx.game.say(f"{target.name} takes {aspect.text().replace(str(aspect.value), str(lost))}")


def infusion(fx: Effect, aspect: Aspect, target: Any) -> None:
    """Infusion: the bearer gains the energy (never above starting Essence)."""
    from engine.state import Being

    if isinstance(target, Being):
        fx.game.gain(target, _energy(aspect), fx.amount(aspect))


def dispel(fx: Effect, aspect: Aspect, target: Any) -> None:
    """Dispel: the target spell is discarded; a manifesting one refunds its negative costs."""
    from engine.state import Card, Place

    if not isinstance(target, Card):
        return
    if target.place is Place.MANIFESTING and target.caster is not None:
        for energy, amount in target.paid:
            fx.game.gain(target.caster, energy, amount)
    fx.game.say(f"{fx.card.title} dispels {target.title}")
    fx.game.discard(target)


DIRECTIVES: dict[str, Behaviour] = {"dmg": dmg, "infusion": infusion, "dispel": dispel}

# Played by engine.rules (by name), listed so the registry's bindings can be checked.
RULES = frozenset({
    "duration", "curse_duration", "durability", "shield", "subtle", "refined", "free_action",
    "once_per_round", "bonded", "shape_shift", "unique_to_bearer", "req_active", "req_discard", "req_pay",
    "event_offensive_cast", "event_resolved", "event_activated",
})


def _marker(fx: Effect, aspect: Aspect, target: Any) -> None:
    """Empowerments act through the rules, not at impact."""


def for_keyword(name: str) -> Behaviour | None:
    kw = registry.load().get(name)
    if kw is None or kw.behaviour is None:
        return None
    if kw.behaviour in DIRECTIVES:
        return DIRECTIVES[kw.behaviour]
    return _marker if kw.behaviour in RULES else None


def kind_of(name: str) -> str | None:
    kw = registry.load().get(name)
    return kw.kind if kw else None


def supported(name: str) -> bool:
    return for_keyword(name) is not None


def implemented() -> frozenset[str]:
    """Every behaviour name the engine plays: what the coverage report counts as supported."""
    return frozenset(DIRECTIVES) | RULES
