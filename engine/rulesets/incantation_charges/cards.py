"""The cards of Incantation charges: Actions, some with an ``Incantation N`` entry, played from a hand.

"Incantation is an entry found on some Actions within combat scenarios." A card is data: its entry, whom
it is played at, and its steps (engine.core.steps), written by the compiler into generated/. An implement
is an Action whose steps begin an Incantation "as a part of the play"; an Interrupt waits in front of its
entity for the event it names, then resolves once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from spellc.engine.core.steps import Step


class Kind(StrEnum):
    ACTION = "action"
    IMPLEMENT = "implement"
    INTERRUPT = "interrupt"


class Aim(StrEnum):
    """Whom an Action is played at."""

    ENEMY = "enemy"
    SELF = "self"
    NONE = "none"


# Whom a card may be played at, as its `at` line writes it (ruleset.toml's [field.at]): `none` is what a card
# without the line is played at, never written.
AIMS = (Aim.ENEMY, Aim.SELF)


# The Incantation-related events an Interrupt may wait for ("Assists or Interrupts that rely on
# Incantation-related events"): what its `when` line says, and the event the rules raise.
EVENTS = {"an enemy begins an incantation": "begins an incantation",
          "an enemy spends incantation charges": "spends incantation charges"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Interrupt:
    event: str  # a key of EVENTS
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCard:
    title: str
    kind: Kind = Kind.ACTION
    incantation: int | None = None  # its "Incantation N" entry: the charges it needs
    aim: Aim = Aim.NONE
    steps: tuple[Step, ...] = ()
    interrupt: Interrupt | None = None
    text: str = ""  # its rules text as printed, rendered by the compiler from its steps
    source: str = ""  # "cards_src/...:LINE"

    @property
    def is_incantation(self) -> bool:
        return self.incantation is not None


@dataclass(frozen=True)
class Library:
    """Every compiled card, by title."""

    cards: Mapping[str, ActionCard]

    @classmethod
    def of(cls, cards: Iterable[ActionCard]) -> Library:
        return cls({c.title: c for c in cards})

    def __getitem__(self, title: str) -> ActionCard:
        return self.cards[title]

    def __contains__(self, title: object) -> bool:
        return title in self.cards

    def titles(self) -> list[str]:
        return sorted(self.cards)
