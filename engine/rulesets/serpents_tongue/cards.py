"""The values a compiled card is made of.

Generated modules (``generated/*.py``) build their cards from these types, the compiler's checked
model holds them, and the engine plays them. They are plain frozen data: the behaviour bound to a
keyword lives in :mod:`.behaviours`, looked up through :mod:`.registry`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from spellc.engine.core.steps import Step


class Sphere(StrEnum):
    BIO = "Bio"
    FORCES = "Forces"
    MATTER = "Matter"
    MIND = "Mind"
    QUANTUM = "Quantum"
    SOUL = "Soul"


SPHERE_WORDS: dict[str, Sphere] = {s.value: s for s in Sphere}  # a Sphere by its printed name

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


def role_word(word: str) -> Role | None:
    """A role as the rulebook writes it in running text, singular or plural ("Attacks", "Enhancement")."""
    return ROLE_WORDS.get(word) or ROLE_WORDS.get(word.rstrip("s"))


class Energy(StrEnum):
    RESONANCE = "Resonance"
    HARMONY = "Harmony"
    ESSENCE = "Essence"
    WILL = "Will"
    VOICE = "Voice"


# Resonance by its plain name as well, for the costs weighed at nearly every decision (an Enum member read off
# its class goes through EnumType.__getattr__'s hook on Python 3.11: see engine.rulesets.serpents_tongue.state).
RESONANCE = Energy.RESONANCE


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


class UpgradeTiming(StrEnum):
    """When an Upgrade may be paid: as the spell is cast (the default), or again each round, or for one
    impact at a time."""

    CAST = "at cast"
    PER_ROUND = "per round"
    THIS_IMPACT = "this impact"


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
    state: str = "active"  # active | manifesting | dormant | rite (waiting in the Rite zone) | any
    has: tuple[str, ...] = ()  # empowerments it must have ("Forces Shape-Shifts")
    combined: bool = False  # "target" in a Transmute's passive: the spell the Transmute is combined with

    def text(self) -> str:
        if self.combined:
            return "target"
        # A Sphere or role is its own value (a StrEnum): joined as it is, without reading .value, a call on
        # Python 3.11 (spent at every spell a requirement refuses).
        words: list[str] = []
        if self.whose:
            words.append(f"{self.whose}'s")
        if self.sphere:
            words.append(self.sphere)
        words.extend(self.descriptors)
        words.extend(self.has)
        if self.curse:
            words.append("Curse")
        if self.role and not (self.curse and self.role is Role.ATTACK):
            words.append("Enhancement" if self.role is Role.ENHANCE else self.role)
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
    """A ``^`` line: aspects added when one of the alternative costs is paid at casting — or, with a
    ``timing``, paid again each round or for each impact ("unless the Upgrade specifies an alternate
    timing such as 'per round' or 'this impact'")."""

    aspects: tuple[Aspect, ...]
    costs: tuple[Cost, ...]
    timing: UpgradeTiming = UpgradeTiming.CAST


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualTier:
    aspects: tuple[Aspect, ...] = ()  # empty: an "N/A" tier, which must still be paid for


@dataclass(frozen=True, slots=True, kw_only=True)
class Quantity:
    """A number read from the game: ``Karma charges on target`` or ``bearer's Essence``."""

    kind: str  # charges | energy | lost (what this effect took from the being: "lost Focus")
    name: str  # the charge kind, the energy, or what was lost
    of: str  # a target word: this, bearer, caster, target ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    """A rules-text condition that compares a quantity with a number: "bearer has at least 2 Karma charges"."""

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
class Stat:
    """An Encounter stat: its strength against one opponent, and "(+N)" for each additional opponent
    (ignored in easy mode)."""

    base: int
    per_opponent: int = 0

    def text(self) -> str:
        return f"{self.base} ({self.per_opponent:+d})" if self.per_opponent else str(self.base)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartCondition:
    """A condition of an action chart line, checked just before the line is chosen.

    kind: ``curse on encounter`` (an active Curse of one of ``spheres`` borne by the Encounter),
    ``focused opponent`` (an opponent whose Focus holds a spell), ``essence below`` (``amount``)."""

    kind: str
    spheres: tuple[Sphere, ...] = ()
    amount: int = 0

    def text(self) -> str:
        if self.kind == "curse on encounter":
            return f"{' or '.join(s.value for s in self.spheres) or 'any'} Curse on Encounter"
        if self.kind == "focused opponent":
            return "Focused opponent"
        return f"Encounter below {self.amount} Essence"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartLine:
    """One line of an action chart: what it needs (Resonance to spend, conditions) and what it does —
    use one of the Encounter's spells or abilities, or roll on one of its ability charts."""

    cost: int = 0  # Resonance the Encounter must be able to spend, and spends
    conditions: tuple[ChartCondition, ...] = ()
    action: str | None = None  # the title of an Encounter spell or ability
    roll: str | None = None  # the name of a die chart


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionChart:
    """The chart for one colour of the draw bag, read from the top; the first line whose needs are met."""

    colour: str
    lines: tuple[ChartLine, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DieFace:
    low: int
    high: int
    action: str | None = None  # None: "Critical Failure", nothing happens

    def text(self) -> str:
        faces = str(self.low % 10) if self.low == self.high else f"{self.low % 10} - {self.high % 10}"
        return faces


@dataclass(frozen=True, slots=True, kw_only=True)
class DieChart:
    """An ability chart rolled on the ten-sided die (its 0 face reads as 10)."""

    name: str
    faces: tuple[DieFace, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterResponse:
    """A Response ability that is always ready: "Evade all Dmg Attacks" — for each offensive effect
    with ``needs`` aimed at the Encounter alone, pay ``cost`` and draw; a ``succeeds_on`` colour
    means the effect is evaded. The drawn counter goes straight back into the bag."""

    name: str
    needs: tuple[str, ...]  # aspects the effect must have (Dmg)
    role: Role | None
    cost: Cost
    succeeds_on: tuple[str, ...]
    standard_only: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Threshold:
    """"Encounter <5: Attacks gain Pierce 2" — while the Encounter's ``energy`` is below ``below``,
    its effects of ``role`` gain ``grants``."""

    energy: Energy
    below: int
    role: Role | None
    grants: tuple[Aspect, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class StepTarget:
    """One occurrence of ``target KIND`` in rules text (``deal Dmg 2 to target Magi``, ``add 1 Karma charge
    to target spell``): a target of its own, chosen when the effect is declared (seed 003, 5.2.3.b).

    ``slot`` numbers the occurrences of a card's rules text, so each is chosen once; plain ``target`` is
    the spell's own Target (Glossary) and no StepTarget."""

    slot: int
    selector: Selector | None = None  # the kind of spell it names; None: a being
    # Without a selector: "Magi" takes any being (Koishaka "are affected by most of the same rules as Magi"),
    # "Koishaka" only a Koishaka (`gain control of target Koishaka`).
    being: str = "Magi"

    def text(self) -> str:
        return f"target {self.being}" if self.selector is None else f"target {self.selector.text()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declaration:
    """What one rules-text effect asks when it is declared (seed 003, 5.1.2.b): its "choose one" mode, then
    its step targets, each with the mode it belongs to (None: every mode) — only the chosen mode's are
    asked (5.2.3.d). Targets inside "you may pay COST to ..." are not here: they are chosen when that
    internal action is played (5.2.3.g)."""

    modes: tuple[str, ...] = ()
    targets: tuple[tuple[int | None, StepTarget], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceRef:
    path: str
    line: int


def is_response(spec: type[SpellCard]) -> bool:
    """A Response spell: "Response" among its printed aspects (read once, as its class is made:
    SpellCard.responds, which each of its cards keeps as Card.responds)."""
    return "Response" in spec.printed_names


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
    # spell | specialization | artifact | encounter | encounter spell | encounter ability
    kind: ClassVar[str] = "spell"
    tiers: ClassVar[tuple[SpecTier, ...]] = ()  # a Specialization's trees
    modes: ClassVar[tuple[str, ...]] = ()  # "choose one" of the rules text, chosen at declaration
    encounter: ClassVar[str | None] = None  # an Encounter's spell or ability: the Encounter's title
    declarations: ClassVar[dict[str, Declaration]] = {}  # rules-text method → its mode and step targets
    # Its rules text: each method (on_impact, a trigger's, an ability's) and its steps (rules_text.play).
    rules_text: ClassVar[dict[str, tuple[Step, ...]]] = {}
    # An Ally spell's Koishaka as printed: the energies it has (Essence first) and its Full Actions.
    koishaka: ClassVar[tuple[Cost, ...]] = ()
    koishaka_actions: ClassVar[int] = 2
    source: ClassVar[SourceRef]
    # Its printed aspects (directives, then empowerments) and their names, read at nearly every decision:
    # worked out once, as the compiled class is made.
    printed: ClassVar[tuple[Aspect, ...]] = ()
    printed_names: ClassVar[dict[str, Aspect]] = {}  # each name's first aspect
    # What the checks of a cast read of the card as printed, for every spell that might be cast at every decision:
    # its requirements checked as it is cast (but those "on Bearer", checked per target), those "on Bearer", and
    # the Resonance its orb costs (none when it generates some).
    cast_requirements: ClassVar[tuple[Requirement, ...]] = ()
    bearer_requirements: ClassVar[tuple[Requirement, ...]] = ()
    orbs: ClassVar[int] = 0
    responds: ClassVar[bool] = False  # a Response spell ("Response" among its printed aspects)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.printed = cls.directives + cls.empowerments
        cls.printed_names = {}
        for a in cls.printed:
            cls.printed_names.setdefault(a.name, a)
        cls.cast_requirements = tuple(r for r in cls.requirements if r.timing.at_cast and not r.on_bearer)
        cls.bearer_requirements = tuple(r for r in cls.requirements if r.on_bearer and r.timing.at_cast)
        cls.orbs = -cls.resonance if cls.resonance < 0 else 0
        cls.responds = is_response(cls)

    @classmethod
    def aspect(cls, name: str) -> Aspect | None:
        return cls.printed_names.get(name)

    @classmethod
    def has(cls, name: str) -> bool:
        return name in cls.printed_names

    @classmethod
    def is_curse(cls) -> bool:
        return cls.role is Role.ATTACK and cls.has("Curse Duration")

# The method of an Encounter's card that plays the Discord Event it changes (EncounterCard.discord_event).
DISCORD_EVENT_METHOD = "discord_event_effect"


class EncounterCard(SpellCard):
    """An Encounter's card: its stats, draw bag, action charts and standing rules. Its spells and
    abilities are cards of their own (kind "encounter spell" / "encounter ability")."""

    kind: ClassVar[str] = "encounter"
    sources: ClassVar[tuple[Sphere, ...]] = ()
    essence: ClassVar[Stat] = Stat(base=10)
    starting_resonance: ClassVar[int] = 0
    resonance_bonus: ClassVar[Stat] = Stat(base=0)
    actions: ClassVar[Stat] = Stat(base=2)
    resistance: ClassVar[int] = 0
    lacks: ClassVar[tuple[Energy, ...]] = ()
    targeting: ClassVar[tuple[str, Energy] | None] = None  # ("lowest", Harmony)
    bag: ClassVar[tuple[tuple[str, int], ...]] = ()
    reset: ClassVar[tuple[tuple[str, int], ...]] = ()
    responses: ClassVar[tuple[EncounterResponse, ...]] = ()
    thresholds: ClassVar[tuple[Threshold, ...]] = ()
    charts: ClassVar[tuple[ActionChart, ...]] = ()
    die_charts: ClassVar[tuple[DieChart, ...]] = ()
    cards: ClassVar[tuple[str, ...]] = ()  # the titles of its spells and abilities
    # "Some scenarios and encounters will change the effect" of a Discord Event: the changed effect as
    # printed, for the Magi facing the Encounter; its steps are the method named DISCORD_EVENT_METHOD.
    # None: the Glossary's loss of 3 Essence.
    discord_event: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True)
class CardLibrary:
    """Every compiled card by title (what generated/__init__.py exports). A title may be printed at several
    fluencies ("a Magi may only include 3 Karmic Debts even if one is level 1 and the others are level 3"):
    ``library[title]`` is its lowest, ``library.at(title, fluency)`` a given one."""

    cards: dict[str, type[SpellCard]] = field(default_factory=dict)
    printings: dict[tuple[str, int], type[SpellCard]] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Iterable[type[SpellCard]]) -> CardLibrary:
        ordered = sorted(cards, key=lambda c: c.fluency)
        by_title: dict[str, type[SpellCard]] = {}
        for card in ordered:
            by_title.setdefault(card.title, card)
        return cls(by_title, {(c.title, c.fluency): c for c in ordered})

    def __getitem__(self, title: str) -> type[SpellCard]:
        return self.cards[title]

    def at(self, title: str, fluency: int) -> type[SpellCard] | None:
        """The card of ``title`` printed at ``fluency``, if there is one."""
        card = self.printings.get((title, fluency)) or self.cards.get(title)
        return card if card is not None and card.fluency == fluency else None

    def fluencies(self, title: str) -> tuple[int, ...]:
        found = {f for (t, f) in self.printings if t == title}
        card = self.cards.get(title)
        return tuple(sorted(found | ({card.fluency} if card is not None else set())))

    def __contains__(self, title: object) -> bool:
        return title in self.cards

    def get(self, title: str) -> type[SpellCard] | None:
        return self.cards.get(title)
