"""What is Serpent's Tongue's own in its cards' AST: the values of a line's parts. A card and its lines are every
game's (compiler.card_ast: ``Card``, ``Field``); its rules text is every game's too (compiler.rules_text: seed
003's step forms, a word, a run of words: an aspect as written, ``Harmony Dmg 1``; a phrase of free text).

Nodes compare without their spans (``field(compare=False)``), so trees from differently formatted
sources compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.rules_text import Word, Words
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class CostWords:
    """An amount of an energy as written: an upgrade's cost, what a passive generates, a chart line's price."""

    amount: int
    energy: Word
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Stat:
    """One printed stat of a Koishaka: ``Essence 4``, ``Actions 2``."""

    name: Word
    value: int
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartLine:
    """A line of an Encounter's action chart: ``4 Resonance, if CONDITION: "Title"`` or ``roll "Die chart"``."""

    cost: CostWords | None
    condition: Words | None
    action: str | None
    roll: str | None
    action_span: Span = field(compare=False, repr=False)
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class DieFace:
    """``1-2: "Title"`` of an Encounter's die chart."""

    low: int
    high: int
    action: str | None  # None: critical failure
    span: Span = field(compare=False, repr=False)
