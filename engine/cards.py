"""The values a compiled card is made of.

Generated modules (``generated/*.py``) build their cards from these types, the compiler's checked
model holds them, and the engine plays them. They are plain frozen data: the behaviour bound to a
keyword lives in :mod:`engine.behaviours`, looked up through :mod:`engine.registry`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from engine.decisions import Flow
    from engine.effects import Effect


class Sphere(StrEnum):
    BIO = "Bio"
    FORCES = "Forces"
    MATTER = "Matter"
    MIND = "Mind"
    QUANTUM = "Quantum"
    SOUL = "Soul"


# "Physical Dmg ... can be blocked by any Shield that blocks any of the Physical spheres".
PHYSICAL_SPHERES = frozenset({Sphere.BIO, Sphere.MATTER, Sphere.FORCES})


class Role(StrEnum):
    ATTACK = "Attack"
    DEFENSE = "Defense"
    ENHANCE = "Enhance"
    COMPONENT = "Component"
    ABJURATION = "Abjuration"
    TRANSMUTE = "Transmute"
    ALLY = "Ally"


# How the rulebook names roles inside requirement and selector text ("Cellular Enhancement").
ROLE_WORDS: dict[str, Role] = {r.value: r for r in Role} | {"Enhancement": Role.ENHANCE}


class Energy(StrEnum):
    RESONANCE = "Resonance"
    HARMONY = "Harmony"
    ESSENCE = "Essence"
    WILL = "Will"
    VOICE = "Voice"


class Timing(StrEnum):
    CAST = "to cast"
    SUSTAIN = "to sustain"
    CAST_AND_SUSTAIN = "to cast and sustain"

    @property
    def at_cast(self) -> bool:
        return self in (Timing.CAST, Timing.CAST_AND_SUSTAIN)

    @property
    def at_sustain(self) -> bool:
        return self in (Timing.SUSTAIN, Timing.CAST_AND_SUSTAIN)


Param = int | str  # a number, or a letter: P / F (durations), X (defined in rules text)


@dataclass(frozen=True, slots=True, kw_only=True)
class Aspect:
    """One entry of an aspect list: ``Harmony Dmg 1`` is name Dmg, qualifier Harmony, params (1,)."""

    name: str
    params: tuple[Param, ...] = ()
    qualifier: str | None = None
    bonus: bool = False  # "+1": adds to an existing aspect (passive grants)

    @property
    def value(self) -> Param | None:
        return self.params[0] if self.params else None

    def text(self) -> str:
        words = [self.qualifier] if self.qualifier else []
        words.append(self.name)
        for p in self.params:
            words.append(f"{'+' if self.bonus and isinstance(p, int) and p >= 0 else ''}{p}")
        return " ".join(words)


@dataclass(frozen=True, slots=True, kw_only=True)
class Selector:
    """Which spells a requirement, modifier or Abjuration means: ``caster's Bio Attack spells at bearer``."""

    sphere: Sphere | None = None
    role: Role | None = None
    descriptors: tuple[str, ...] = ()
    curse: bool = False  # "Curse": an Attack with Curse Duration
    whose: str | None = None  # caster | bearer | controller
    at: str | None = None  # the being the spell must be placed at
    state: str = "active"  # active | manifesting | any
    has: tuple[str, ...] = ()  # empowerments it must have ("Forces Shape-Shifts")

    def text(self) -> str:
        words: list[str] = []
        if self.whose:
            words.append(f"{self.whose}'s")
        if self.sphere:
            words.append(self.sphere.value)
        words.extend(self.descriptors)
        words.extend(self.has)
        if self.curse:
            words.append("Curse")
        if self.role and not (self.curse and self.role is Role.ATTACK):
            words.append("Enhancement" if self.role is Role.ENHANCE else self.role.value)
        if not self.role and not self.curse:
            words.append("spell")
        if self.at:
            words.append(f"at {self.at}")
        return " ".join(words)


@dataclass(frozen=True, slots=True, kw_only=True)
class Cost:
    amount: int
    energy: Energy

    def text(self) -> str:
        return f"{self.amount} {self.energy.value}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Requirement:
    """A ``!`` line. ``form`` is a registry requirement name (Active, Discard, Pay)."""

    form: str
    selector: Selector | None = None
    cost: Cost | None = None
    on_bearer: bool = False
    timing: Timing = Timing.CAST
    count: int | None = None  # "! 2 Actions", "! Discard 1 Karma charge"
    charge: str | None = None  # "! Discard 1 Karma charge": a charge kind instead of a spell
    sphere: Sphere | None = None  # Attunement / Dominance


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade:
    """A ``^`` line: aspects added when one of the alternative costs is paid at casting."""

    aspects: tuple[Aspect, ...]
    costs: tuple[Cost, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualTier:
    aspects: tuple[Aspect, ...] = ()  # empty: an "N/A" tier, which must still be paid for


@dataclass(frozen=True, slots=True, kw_only=True)
class Quantity:
    """A number read from the game: ``Karma charges on target`` or ``bearer's Essence``."""

    kind: str  # charges | energy
    name: str  # the charge kind, or the energy
    of: str  # a target word: this, bearer, caster, target ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    quantity: Quantity
    op: str  # >= <= < > ==
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Modifier:
    """A passive effect: spells matching ``selector`` gain ``grants`` while this spell is active."""

    selector: Selector
    grants: tuple[Aspect, ...] = ()
    generate: tuple[Cost, ...] = ()  # "Soul spells generate +1 Resonance": added to the energy orbs


@dataclass(frozen=True, slots=True, kw_only=True)
class Trigger:
    event: str  # an event name from the registry
    method: str  # the generated method that runs the steps


@dataclass(frozen=True, slots=True, kw_only=True)
class Ability:
    """An ability an active spell grants its bearer (Beast Form's Free Action strike)."""

    name: str
    aspects: tuple[Aspect, ...]
    method: str
    offensive: bool = True

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.aspects)


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecTier:
    """A tier of a Specialization tree: unlocked once, as a Free Action, for Resonance and/or Voice."""

    tree: str  # "A" or "B"
    tier: int
    name: str
    cost: int
    modifiers: tuple[Modifier, ...] = ()
    abilities: tuple[Ability, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.tree}{self.tier}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceRef:
    path: str
    line: int


class SpellCard:
    """Base of every generated card class. Class attributes are the printed card; methods the rules text."""

    title: ClassVar[str]
    sphere: ClassVar[Sphere]
    role: ClassVar[Role]
    fluency: ClassVar[int]
    resonance: ClassVar[int] = 0
    harmony: ClassVar[int] = 0
    descriptors: ClassVar[tuple[str, ...]] = ()
    directives: ClassVar[tuple[Aspect, ...]] = ()
    empowerments: ClassVar[tuple[Aspect, ...]] = ()
    broadcast: ClassVar[tuple[Sphere, ...]] = ()
    requirements: ClassVar[tuple[Requirement, ...]] = ()
    upgrades: ClassVar[tuple[Upgrade, ...]] = ()
    ritual: ClassVar[tuple[RitualTier, ...]] = ()
    targets: ClassVar[Selector | None] = None
    modifiers: ClassVar[tuple[Modifier, ...]] = ()
    triggers: ClassVar[tuple[Trigger, ...]] = ()
    abilities: ClassVar[tuple[Ability, ...]] = ()
    variables: ClassVar[dict[str, Quantity]] = {}
    kind: ClassVar[str] = "spell"  # spell | specialization | artifact | encounter
    tiers: ClassVar[tuple[SpecTier, ...]] = ()  # a Specialization's trees
    modes: ClassVar[tuple[str, ...]] = ()  # "choose one" of the rules text, chosen at declaration
    # An Ally spell's Koishaka as printed: the energies it has (Essence first) and its Full Actions.
    koishaka: ClassVar[tuple[Cost, ...]] = ()
    koishaka_actions: ClassVar[int] = 2
    source: ClassVar[SourceRef]

    @classmethod
    def aspect(cls, name: str) -> Aspect | None:
        for a in cls.directives + cls.empowerments:
            if a.name == name:
                return a
        return None

    @classmethod
    def has(cls, name: str) -> bool:
        return cls.aspect(name) is not None

    @classmethod
    def is_curse(cls) -> bool:
        return cls.role is Role.ATTACK and cls.has("Curse Duration")

    def on_impact(self, fx: Effect) -> Flow[bool]:
        """Rules text that happens each time the spell impacts (after its directives)."""
        return False
        yield  # a generator: rules text may stop for decisions


@dataclass(frozen=True, slots=True)
class CardLibrary:
    """Every compiled card by title (what generated/__init__.py exports)."""

    cards: dict[str, type[SpellCard]] = field(default_factory=dict)

    def __getitem__(self, title: str) -> type[SpellCard]:
        return self.cards[title]

    def __contains__(self, title: object) -> bool:
        return title in self.cards
