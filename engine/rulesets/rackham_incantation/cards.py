"""The cards of Incantation 2 as data: spells (chapter 3), magicians (chapters 5 and 10) and other models.

A spell card prints its gems, College, difficulty, range, area of effect, duration, frequency, description
(its effect, as rules-text steps), special line, Power rating and P.A. value (3.1 to 3.11). The compiler
writes each card as these values into generated/rackham_incantation/.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from spellc.engine.core.steps import Do, Step, actions
from spellc.engine.rulesets.rackham_incantation.elements import NEUTRAL, Element


class Level(Enum):
    """"There are four levels of magic" (5.4): the Elements a magician controls and its spells per turn
    (table 1; the table's "Follower" is the Adept, "Adepte")."""

    INITIATE = ("Initiate", 1, 2)
    ADEPT = ("Adept", 2, 3)
    MASTER = ("Master", 3, 4)
    VIRTUOSO = ("Virtuoso", 6, 5)  # "The Virtuosos control all the Elements"

    def __init__(self, title: str, elements: int, spells_per_turn: int) -> None:
        self.title = title
        self.elements = elements
        self.spells_per_turn = spells_per_turn

    @classmethod
    def named(cls, title: str) -> Level | None:
        return next((lv for lv in cls if lv.title == title), None)


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A fixed number; a free difficulty ("the magician sets the difficulty of the spell before casting it");
    or an expression on the target (Banishment: "the Fear rating of its target plus 6")."""

    value: int = 0
    free: bool = False
    of_target: str | None = None  # the target's characteristic added to ``value`` ("Fear")

    def text(self) -> str:
        if self.free:
            return "free"
        if self.of_target:
            return f"target's {self.of_target} + {self.value}"
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Range:
    """"The maximum distance that separates the Magician from his target ... in centimeters. Certain spells have
    a range of the only Magician, or with a combatant in base at base contact with him. Others have an
    unlimited range" (3.4)."""

    cm: int | None = None  # None with ``reach`` "unlimited", "self" or "contact"
    reach: str = "cm"

    def allows(self, distance: int) -> bool:
        if self.reach == "unlimited":
            return True
        if self.reach == "contact":
            return distance == 0
        if self.reach == "self":
            return False  # only the caster, whom no distance separates from himself
        return self.cm is not None and distance <= self.cm

    def text(self) -> str:
        return f"{self.cm} cm" if self.reach == "cm" else self.reach


@dataclass(frozen=True, slots=True)
class Frequency:
    """"The number of times that the spells can be cast in one turn", or "only once per game" (3.7)."""

    per_turn: int = 1
    per_game: bool = False

    def text(self) -> str:
        return "once per game" if self.per_game else f"{self.per_turn} per turn"


@dataclass(frozen=True, slots=True)
class Extra:
    """An effect of additional gems printed on the card: for each ``per`` additional gems, ``steps`` again."""

    per: int
    steps: tuple[Step, ...]


# Whom a spell is cast at, as its `target` line writes it (ruleset.toml's [field.target]): "an enemy, an ally,
# the magician himself", or any combatant.
TARGETS = ("enemy", "ally", "self", "any")


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellCard:
    title: str
    college: str
    gems: tuple[tuple[str, int], ...]  # (an Element's name or NEUTRAL, how many), as printed
    difficulty: Difficulty
    range: Range
    area: str = "one combatant"
    duration: str = "instantaneous"
    frequency: Frequency = Frequency()
    target: str = "enemy"  # whom it is cast at: one of TARGETS
    target_trait: str | None = None  # and what the target must be ("Undead")
    power: int = 0
    pa: int = 0
    exclusive: str | None = None  # the people it is reserved to (3.9)
    ingredients: str | None = None
    steps: tuple[Step, ...] = ()
    extra: Extra | None = None
    text: str = ""  # its description, rendered by the compiler from its steps
    source: str = ""

    @property
    def elements(self) -> list[Element]:
        """The Element of each printed gem (neutral ones left out)."""
        return list(printed_elements(self.gems))

    @property
    def neutral(self) -> int:
        return sum(n for name, n in self.gems if name == NEUTRAL)

    @property
    def gem_count(self) -> int:
        return sum(n for _, n in self.gems)

    def gems_text(self) -> str:
        return ", ".join(f"{n} {name}" for name, n in self.gems)

    def actions(self) -> list[Do]:
        """Every step kind its description and its extra effect may do."""
        return actions((*self.steps, *(self.extra.steps if self.extra else ())))


@cache  # by a card's printed gems: read at every cast, the same few dozen rows
def printed_elements(gems: tuple[tuple[str, int], ...]) -> tuple[Element, ...]:
    return tuple(Element(name) for name, n in gems if name != NEUTRAL for _ in range(n))


@dataclass(frozen=True, slots=True, kw_only=True)
class MagicianCard:
    """A magician's reference card: "All the models with a Power characteristic are called Magicians" (2)."""

    title: str
    people: str
    level: Level
    power: int
    initiative: int
    elements: tuple[Element, ...]
    spells: tuple[str, ...]
    spirit_of: tuple[Element, ...] = ()  # Spirit of X (10.7)
    warrior_mage: bool = False  # 10.5
    fear: int | None = None
    source: str = ""

    @property
    def potential(self) -> int:
        """"Twice his Power characteristic. This is his Magic Potential" (3.10); a Warrior-Mage's "Potential is
        equal to their Power characteristic" (10.5)."""
        return self.power if self.warrior_mage else 2 * self.power


@dataclass(frozen=True, slots=True, kw_only=True)
class CreatureCard:
    """A model without Power: what a spell summons, a target with a Fear rating, or a follower with
    Devotion/X ("the sacrifice of the model grants X gems to the Magician who sacrifices it", 10.6)."""

    title: str
    fear: int | None = None
    traits: tuple[str, ...] = ()  # "Undead", "Construct"...
    devotion: int | None = None
    source: str = ""


Card = SpellCard | MagicianCard | CreatureCard


@dataclass(frozen=True)
class Library:
    """Every compiled card, by title."""

    cards: Mapping[str, Card]
    # What the rules work out of these cards alone, once for every match that plays them (the spells a people
    # and its Elements may know, setup.py; what a spell list lets a magician cast, casting.py): by what it is of.
    # Neither compared nor pickled: a library sent to a worker sends its cards.
    worked_out: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "worked_out": {}}

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Library:
        return cls({c.title: c for c in cards})

    def spell(self, title: str) -> SpellCard:
        card = self.cards[title]
        assert isinstance(card, SpellCard), title
        return card

    def magician(self, title: str) -> MagicianCard:
        card = self.cards[title]
        assert isinstance(card, MagicianCard), title
        return card

    def creature(self, title: str) -> CreatureCard:
        card = self.cards[title]
        assert isinstance(card, CreatureCard), title
        return card

    def of_kind(self, kind: type[Card]) -> list[Card]:
        return [c for _, c in sorted(self.cards.items()) if isinstance(c, kind)]

    def __contains__(self, title: object) -> bool:
        return title in self.cards
