"""What the engine asks of players: actions in the action phase, preparation, and choices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from engine.rules import Game
    from engine.state import Being


@dataclass(frozen=True, slots=True)
class Meditate:
    pass


@dataclass(frozen=True, slots=True)
class Cast:
    title: str
    target: str | None = None  # a being's name, or a spell's title (Abjurations)
    target_of: str | None = None  # the bearer of a targeted spell, when its title alone is ambiguous
    discards: tuple[str, ...] = ()  # answers to "Discard X" requirements, in order


@dataclass(frozen=True, slots=True)
class UseAbility:
    spell: str
    ability: str
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    pass


Action = Meditate | Cast | UseAbility | Pass


@dataclass(frozen=True, slots=True)
class Preparation:
    reattune: tuple[str, ...] = ()
    prepare: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice put to one being: ``kind`` names it for scripts (initiative, optional, discard ...)."""

    kind: str
    being: Being
    prompt: str
    options: tuple[Any, ...] = field(default=())
    card: str | None = None  # the spell the choice is about, when there is one


class Decider(Protocol):
    def action(self, game: Game, being: Being) -> Action: ...

    def preparation(self, game: Game, being: Being) -> Preparation: ...

    def decide(self, game: Game, decision: Decision) -> Any: ...
