"""What an Encounter being is, and the stats it brings to rules below its turn: its card, mode and draw bag
(:class:`EncounterState`), its thresholds ("Encounter <5: Attacks gain Pierce 2"), and the Resistance that
a spell's Potency must meet. engine/encounter.py plays its turn and Responses on top of these; engine/impact.py
reads them on every impact, below the cast cycle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.cards import Aspect, EncounterCard
from engine.state import Being

if TYPE_CHECKING:
    from engine.effects import Effect


@dataclass
class EncounterState:
    """What an Encounter being carries beyond a Magi's state: its card, its mode and the counters out
    of its bag."""

    spec: type[EncounterCard]
    mode: str = "standard"
    out: dict[str, int] = field(default_factory=dict)


def state_of(b: Being) -> EncounterState:
    st = b.encounter
    assert isinstance(st, EncounterState), f"{b.name} is not an Encounter"
    return st


def threshold_grants(fx: Effect) -> list[Aspect]:
    """"Encounter <5: Attacks gain Pierce 2" — the aspects the Encounter's thresholds add to an effect of
    its spells and abilities (the Discord Event its own card changes is neither)."""
    b = fx.controller
    st = b.encounter
    if not isinstance(st, EncounterState) or fx.card.spec.kind == "encounter":
        return []
    out: list[Aspect] = []
    for th in st.spec.thresholds:
        if b.energy(th.energy) < th.below and (th.role is None or fx.card.role is th.role):
            out.extend(th.grants)
    return out


def potency(fx: Effect) -> int:
    """"The Potency of any spell is equal to its Fluency plus 1 for each tier of its ritual path that
    is unlocked plus 1 for each Transmute combined with it"."""
    card = fx.card
    return card.spec.fluency + card.ritual_tiers + len(card.combined)


def resists(b: Being, fx: Effect) -> bool:
    """"In order to affect an Encounter, a spell must have Potency equal to or greater than the
    Encounter's Resistance"."""
    st = b.encounter
    return isinstance(st, EncounterState) and potency(fx) < st.spec.resistance
