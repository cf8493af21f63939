"""What an entity of Incantation charges holds: Health, its Incantation charges, whether it is incanting,
and its cards in four zones. Declared as data: the resources, the zones, the match's settings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from spellc.engine.core.resources import Resource
from spellc.engine.core.zones import Zones
from spellc.engine.rulesets.incantation_charges.cards import ActionCard

HEALTH = Resource("Health", "health", floor=0, cap_attr="max_health")
# "an entity must first build up a number of Incantation charges": never fewer than none, no most.
CHARGES = Resource("Incantation charges", "charges", floor=0)
RESOURCES = (HEALTH, CHARGES)

DECK, HAND, DISCARD, WAITING = "deck", "hand", "discard", "waiting"
ZONES = (DECK, HAND, DISCARD, WAITING)  # WAITING: the Interrupts an entity has set, until they resolve


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """The match's options. "The DM may determine that an entity that is not capable of playing any
    Incantations can also not begin an Incantation": ``incantation_needs_means``."""

    incantation_needs_means: bool = False
    max_rounds: int = 40
    hand_size: int = 3  # a random match's opening hand


@dataclass(eq=False)
class Entity:
    name: str
    team: str
    health: int
    max_health: int
    charges: int = 0
    incanting: bool = False
    # "Such false Incantations are not actual Incantations": the entity pretends, and gains nothing by it.
    pretending: bool = False
    # An effect "prevents this loss" of its Incantation (and so of its charges) until its next turn.
    warded: bool = False
    # It has spent charges and gained none since: what the invariant "no charge kept after a spend" reads.
    spent: bool = False
    zones: Zones[str, ActionCard] = field(default_factory=lambda: Zones(ZONES))
    # What a study rates each card by (evaluation.holdings), read once the match is over and by no rule: the titles
    # of the cards it was dealt, as the match began (None until it begins), and its plays of each title.
    held: tuple[str, ...] | None = None
    plays: Counter[str] = field(default_factory=Counter)

    @property
    def defeated(self) -> bool:
        return self.health <= 0

    @property
    def hand(self) -> list[ActionCard]:
        return self.zones[HAND]

    def snapshot(self) -> dict[str, object]:
        return {"health": self.health, "charges": self.charges, "incanting": self.incanting,
                "pretending": self.pretending, "warded": self.warded,
                "zones": {z: [c.title for c in self.zones[z]] for z in ZONES}}
