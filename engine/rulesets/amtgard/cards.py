"""An ability as a card: what a class list prints of it, and its behaviour as data (the States it grants, its
Magic Armor, its Special Effect, the steps it plays and when). The compiler writes each into generated/amtgard/.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from spellc.engine.core.steps import Step
from spellc.engine.rulesets.amtgard.vocabulary import Kind, Reach, School


@dataclass(frozen=True, slots=True)
class Uses:
    """"Uses per life or per refresh": ``count`` of them (None: unlimited), renewed on each life or on a
    refresh (a per-refresh use is not renewed by a respawn)."""

    count: int | None = None
    per: str = "life"  # life | refresh

    def text(self) -> str:
        return "unlimited" if self.count is None else f"{self.count}/{self.per}"


@dataclass(frozen=True, slots=True)
class Grant:
    """A State the ability gives its bearer as an inherent part of it (Stoneskin's armor aside): "States ...
    imparted as an inherent part of Enchantments to their bearer cannot be removed in any way while the
    Enchantment is active"."""

    state: str
    detail: str | None = None  # Immune to <School>, Resistant to <what>

    def text(self) -> str:
        return f"{self.state} to {self.detail}" if self.detail else self.state


@dataclass(frozen=True, slots=True)
class Trigger:
    """Steps the ability plays when an event befalls its bearer ("when bearer dies")."""

    event: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityCard:
    title: str
    school: School
    kind: Kind
    magical: bool = True  # (m); False: Extraordinary (ex)
    reach: Reach = Reach.TOUCH
    uses: Uses = Uses()
    charge: int | None = None  # Charge xN
    incantation: str = ""
    materials: str = ""
    trigger: str | None = None  # kill | wound
    chant: str = ""
    persistent: bool = False
    strips: int | None = None  # an enchantment's own uses (Phoenix Tears: 2), removed at the last
    magic_armor: int = 0
    # An armor enhancement ("armor enhancement abilities such as Ancestral Armor or Imbue Armor"): the bearer's
    # worn armor loses one point to any hit; "Magic Armor can never benefit" from it.
    enhances_armor: bool = False
    # "Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities":
    # an enchantment whose active bearer is unaffected by projectiles (hits.stops_projectile says which are).
    stops_projectiles: bool = False
    # "except for restriction that affect Enchantments specifically, such as Essence Graft": while its bearer wears
    # it, no other magical enchantment may be cast on them ((ex) ones do not "count for the purposes of ... Essence
    # Graft"). enchantments.why_not_enchant refuses them.
    bars_enchantments: bool = False
    # "do not count towards enchantment limits or count for the purposes of Attuned": an (ex) enchantment whose
    # bearer may carry one more magical enchantment while wearing it (enchantments.magical_limit).
    raises_limit: bool = False
    # "Ongoing Effects ... for an indefinite duration (Examples: Elemental Barrage ...)", kept by its Chant: the Magic
    # Balls its caster may throw without spending a use while chanting it (casting.free_throw).
    free_while_chanting: tuple[str, ...] = ()
    # "Ongoing Effects ... for some specified duration (Examples: Terror, Heat Weapon ...)": while its player is under
    # the ability's Ongoing Effect, their weapon is heated and may not be wielded (ongoing.heated).
    heats_weapon: bool = False
    grants: tuple[Grant, ...] = ()
    granted: tuple[tuple[str, Uses], ...] = ()  # abilities the enchantment gives, with their own uses
    # Its Special Effects: "a Destruction Arrow is both Armor Destroying and Shield Destroying, but there is no
    # situation in which both of those matter simultaneously" (each hit finds the one that matters to it).
    special_effects: tuple[str, ...] = ()
    works_on: str | None = None  # "States" (Release) or one State (Shatter: Frozen): what still reaches the shut off
    steps: tuple[Step, ...] = ()  # what completing it (or its hit, for a ball or an arrow) does
    triggers: tuple[Trigger, ...] = ()
    text: str = ""
    source: str = ""

    @property
    def is_enchantment(self) -> bool:
        return self.kind is Kind.ENCHANTMENT

    @property
    def thrown(self) -> bool:
        return self.kind in (Kind.MAGIC_BALL, Kind.SPECIALTY_ARROW)

    def on(self, event: str) -> tuple[Step, ...]:
        return next((t.steps for t in self.triggers if t.event == event), ())


@dataclass(frozen=True)
class Library:
    cards: Mapping[str, AbilityCard]

    @classmethod
    def of(cls, cards: Iterable[AbilityCard]) -> Library:
        return cls({c.title: c for c in cards})

    def __getitem__(self, title: str) -> AbilityCard:
        return self.cards[title]

    def __contains__(self, title: object) -> bool:
        return title in self.cards

    def titles(self) -> list[str]:
        return sorted(self.cards)

    @cached_property
    def charged(self) -> frozenset[str]:
        """The titles of the Charge abilities (a library never changes: asked at every event of a timeline)."""
        return frozenset(t for t, card in self.cards.items() if card.charge is not None)

    @cached_property
    def meta_magics(self) -> frozenset[str]:
        return frozenset(t for t, card in self.cards.items() if card.kind is Kind.META_MAGIC)
