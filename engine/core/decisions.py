"""The decision protocol: what the engine asks, one :class:`Decision` at a time, with every legal
:class:`Choice` listed, and the :class:`Outcome` a match ends with.

The rules of a game run as a generator that yields a Decision whenever someone must choose (a player's
move, a target, an optional step, a die when dice are scripted) and is sent back one of its choices.
Choices name things by id or name, never by object, so the same choice applies to a copy of the match.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

# A piece of the rules that may need decisions before it returns a T.
Flow = Generator["Decision", "Choice", T]


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """A value that is never changed once made, compared and hashed by its fields: frozen to the type checker
    (assigning a field is an error), with slots. At run time its ``__init__`` assigns the fields directly;
    a frozen dataclass's goes through ``object.__setattr__`` and costs four times as much, and choices are
    made by the dozen at every decision of a match."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@record
class Choice:
    """One legal answer. ``label`` is how scripts, logs and tools name it."""

    label: str
    value: Any = None

    def __str__(self) -> str:
        return self.label


@record
class Decision:
    """A choice put to one player (``being`` is None for chance: a die, a draw from a bag). ``kind`` names
    the sort of question for scripts; a ruleset documents its kinds."""

    kind: str
    being: str | None
    prompt: str
    options: tuple[Choice, ...]
    card: str | None = None  # the card the question is about, when there is one

    def find(self, label: str) -> Choice | None:
        return next((c for c in self.options if c.label == label), None)


def _nothing() -> Flow[None]:
    return
    yield  # a generator function: it never gets here


# A flow that asks nothing, already run to its end: ``yield from NOTHING`` returns None at once, as often as
# it is read (a finished generator sent a value returns again). A rule that most of the time has nothing to
# ask returns it, instead of being a generator function whose generator is made and run at every call.
NOTHING: Flow[None] = _nothing()
next(NOTHING, None)

YES = Choice("yes", True)
NO = Choice("no", False)
# Yielded by the rules where a match may keep a restart point (engine.core.match): as each round begins.
CHECKPOINT = Decision("checkpoint", None, "", ())


@dataclass
class Outcome:
    """How a match ended: the winning team (None and ``draw`` for a draw), who was put out, and why."""

    winner: str | None = None  # a team name
    incapacitated: list[str] = field(default_factory=list)
    draw: bool = False
    reason: str = ""
