"""What a player carries on the field: its own abilities and their remaining uses, its States, its
Enchantments, its armor (worn, and Magic Armor) location by location, its wounds, its equipment, and what it is
doing (an incantation, an active Magic Ball)."""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.engine.rulesets.amtgard.cards import Uses
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS

StateKey = tuple[str, str | None]  # ("Frozen", None), ("Immune", "Flame")


@dataclass
class Held:
    """A State on a player, and where it came from: a Trait ("always on and may not be removed by respawn,
    death, or any other means"), an Enchantment it is an inherent part of (its id), or an ability."""

    source: str
    enchantment: int | None = None
    trait: bool = False
    by: str | None = None  # the player whose ability imparted it (an Ongoing Effect its Chant keeps)
    enchanted: bool = False  # imparted by what a worn Enchantment does (Gift of Air's Insubstantial)

    @property
    def by_enchantment(self) -> bool:
        """Imparted by an Enchantment: as an inherent part of it, or by what it does."""
        return self.enchantment is not None or self.enchanted


@dataclass
class Enchantment:
    id: int
    title: str
    caster: str
    active: bool = True
    strips: int | None = None  # uses left, for one with a definite number of them
    granted: dict[str, int | None] = field(default_factory=dict)  # its abilities' uses, "tracked separately"


@dataclass
class Equipment:
    name: str  # "shield", "sword", "cloak"
    carried: bool = True
    crushed: int = 0  # Shield Crushing hits
    destroyed: bool = False


@dataclass(eq=False)
class Player:
    name: str
    team: str
    abilities: dict[str, Uses] = field(default_factory=dict)  # its own, by title (Traits among them)
    uses_left: dict[str, int | None] = field(default_factory=dict)
    alive: bool = True
    wounds: set[str] = field(default_factory=set)
    armor: dict[str, int] = field(default_factory=dict)  # worn armor points by location
    armor_rating: dict[str, int] = field(default_factory=dict)  # what the worn armor gives when whole
    magic: dict[str, int] = field(default_factory=dict)  # Magic Armor points by location
    states: dict[StateKey, Held] = field(default_factory=dict)
    ongoing: dict[str, Held] = field(default_factory=dict)  # its Ongoing Effects, by the ability that imparted them
    enchantments: list[Enchantment] = field(default_factory=list)
    equipment: dict[str, Equipment] = field(default_factory=dict)
    weapon_effects: tuple[str, ...] = ()  # the Special Effects its weapon carries ("Armor Breaking")
    incanting: str | None = None  # the ability whose incantation is under way
    chanting: str | None = None  # the ability whose Chant it keeps going
    metas: tuple[str, ...] = ()  # the meta-magics stated for it
    improper: str | None = None  # why the incantation under way fails (begun while Suppressed), while it lasts
    active_ball: str | None = None
    charging: dict[str, int] = field(default_factory=dict)  # Charge Incantations said so far, by ability
    killing_blow: int | None = None  # when it last struck an enemy's final blow (a Kill Trigger may follow), unused
    wounded_enemy: bool = False  # its last event was a wound it caused an enemy (a Wound Trigger may follow)
    willing: bool = True  # whether it accepts abilities cast on it by others (a scenario states it)

    def has(self, state: str, detail: str | None = None) -> bool:
        return (state, detail) in self.states

    def immune_to(self, school: str | None) -> bool:
        """Immune to the School, or Cursed ("Player becomes Immune to Spirit")."""
        return school is not None and (("Immune", school) in self.states
                                       or (school == "Spirit" and ("Cursed", None) in self.states))

    def wears_armor(self) -> bool:
        """Worn armor "rated initially" above zero anywhere (Magic Armor enchantments fail on it)."""
        return any(self.armor_rating.get(loc, 0) > 0 for loc in LOCATIONS)

    def enchantment(self, title: str) -> Enchantment | None:
        return next((e for e in self.enchantments if e.title == title), None)

    def snapshot(self) -> dict[str, object]:
        return {"alive": self.alive, "wounds": sorted(self.wounds),
                "states": sorted(f"{s} to {d}" if d else s for s, d in self.states),
                "enchantments": [e.title for e in self.enchantments],
                "ongoing effects": sorted(self.ongoing), "chanting": self.chanting,
                "armor": {loc: self.armor.get(loc, 0) for loc in LOCATIONS if self.armor.get(loc)},
                "magic armor": {loc: n for loc, n in self.magic.items() if n},
                "uses": dict(self.uses_left)}
