"""Game state: beings with their five energies and zones, the cards in play and their counters."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.cards import Aspect, Energy, Role, SpellCard, Sphere


class Zone(StrEnum):
    ATTACK = "attack"
    DEFENSE = "defense"
    CURSE = "curse"
    ENHANCEMENT = "enhancement"


# Maintenance resolves zones in this order ("This order is important ... it settles timing conflicts").
MAINTENANCE_ORDER = (Zone.ATTACK, Zone.DEFENSE, Zone.CURSE, Zone.ENHANCEMENT)
ENHANCEMENT_SLOTS = 4
STARTING_ESSENCE = 12


class Place(StrEnum):
    CODEX = "codex"
    PREPARED = "prepared"
    MANIFESTING = "manifesting"
    IN_PLAY = "in play"
    DISCARD = "discard"


_ids = itertools.count(1)


@dataclass(eq=False)
class Card:
    """One physical spell card. It is always in exactly one place."""

    spec: type[SpellCard]
    owner: Being
    id: int = field(default_factory=lambda: next(_ids))
    place: Place = Place.CODEX
    zone: Zone | None = None
    bearer: Being | None = None
    caster: Being | None = None
    controller: Being | None = None
    target: Being | Card | None = None
    counters: dict[str, int] = field(default_factory=dict)
    persistent: bool = False
    gained: list[Aspect] = field(default_factory=list)  # from upgrades and ritual tiers
    ability_uses: dict[str, int] = field(default_factory=dict)
    paid: list[tuple[Energy, int]] = field(default_factory=list)  # negative casting costs, for refunds
    sacrificed: list[Card] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def sphere(self) -> Sphere:
        return self.spec.sphere

    @property
    def role(self) -> Role:
        return self.spec.role

    @property
    def active(self) -> bool:
        return self.place is Place.IN_PLAY

    def aspects(self) -> tuple[Aspect, ...]:
        return self.spec.directives + self.spec.empowerments + tuple(self.gained)

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.aspects())

    def leave_play(self) -> None:
        self.zone = None
        self.bearer = self.caster = self.controller = self.target = None
        self.counters.clear()
        self.persistent = False
        self.gained.clear()
        self.ability_uses.clear()
        self.paid.clear()
        self.sacrificed.clear()

    def __repr__(self) -> str:
        return f"<{self.title} #{self.id} {self.place.value}>"


@dataclass(eq=False)
class Being:
    name: str
    team: str
    resonance: int = 0
    harmony: int = 0
    essence: int = STARTING_ESSENCE
    will: int = 3
    voice: int = 0
    starting_essence: int = STARTING_ESSENCE
    codex: list[Card] = field(default_factory=list)
    prepared: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    zones: dict[Zone, list[Card]] = field(default_factory=lambda: {z: [] for z in Zone})
    full_actions: int = 2
    interrupt_stones: int = 0
    incapacitated: bool = False

    def energy(self, e: Energy) -> int:
        return int(getattr(self, e.value.lower()))

    def set_energy(self, e: Energy, value: int) -> None:
        setattr(self, e.value.lower(), value)

    def in_play(self) -> list[Card]:
        return [c for z in Zone for c in self.zones[z]]

    def __repr__(self) -> str:
        return f"<{self.name}>"


def card_json(card: Card) -> dict[str, Any]:
    counters = {k: v for k, v in sorted(card.counters.items()) if v or k != "karma"}
    return {"title": card.title, "controller": card.controller.name if card.controller else None,
            "counters": counters}


def being_json(b: Being) -> dict[str, Any]:
    return {
        "essence": b.essence,
        "resonance": b.resonance,
        "harmony": b.harmony,
        "will": b.will,
        "voice": b.voice,
        "zones": {z.value: [card_json(c) for c in b.zones[z]] for z in Zone},
    }
