"""What the engine asks: one :class:`Decision` at a time, with every legal :class:`Choice` listed.

The engine is a generator that yields a Decision whenever the rules need someone to choose (a Magi's
action, a target, an optional step, a die when dice are scripted) and is sent back one of its
choices. Choices name cards by id and beings by name, never by object, so the same choice applies to
a copy of the match.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

# A piece of the rules that may need decisions before it returns a T.
Flow = Generator["Decision", "Choice", T]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal answer. ``label`` is how scripts, logs and tools name it (``cast "Fireball"``)."""

    label: str
    value: Any = None

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice put to one being (``being`` is None for chance: a die, a draw from a bag).

    ``kind`` names the sort of question for scripts: action, respond, target, mode, optional, discard,
    upgrade, ritual, sustain, speak, first, prepare, re-attune, resolve order, enhancement, sacrifice,
    spell loss, dampen, shield order (the bearer re-orders its Shields; the first choice keeps the order
    they were placed in), die, draw. The energy exchanges ride along as extra choices of action,
    respond, re-attune, sustain and dampen decisions (engine.exchange).
    """

    kind: str
    being: str | None
    prompt: str
    options: tuple[Choice, ...]
    card: str | None = None  # the spell the question is about, when there is one

    def find(self, label: str) -> Choice | None:
        return next((c for c in self.options if c.label == label), None)


# The innate and standard actions of the action phase, as choice values.
@dataclass(frozen=True, slots=True)
class Act:
    verb: str  # pass | meditate | shed | cast | ability | exchange | dismiss | upgrade-spec | swap-focus
    # | nam-shub | nam-shub-step | will-break
    card: int | None = None
    name: str | None = None  # ability name, spec tier, or "give:get" for an exchange


PASS = Choice("pass", Act("pass"))
YES = Choice("yes", True)
NO = Choice("no", False)


@dataclass
class Outcome:
    """How a match ended: the winning team (None and ``draw`` for a draw), who was incapacitated, and why."""

    winner: str | None = None  # a team name
    incapacitated: list[str] = field(default_factory=list)
    draw: bool = False
    reason: str = ""
