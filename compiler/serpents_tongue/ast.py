"""The AST: what the designer wrote, as frozen dataclasses with spans, before any meaning is checked.

Its rules text is every game's (compiler.rules_text: seed 003's step forms, a step kind with its arguments), and so
are its words: a word, and a run of words (an aspect as written, ``Harmony Dmg 1``; a phrase of free text).

Nodes compare without their spans (``field(compare=False)``), so trees from differently formatted
sources compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.rules_text import Step, Word, Words
from spellc.compiler.source import Span

# The names an Encounter's checker (check_encounter) reads its runs of words by: an aspect as written, a phrase.
AspectWords = Words
Phrase = Words


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class CostWords(Node):
    amount: int
    energy: Word


# ---- rules


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerRule(Node):
    event: Words
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PassiveRule(Node):
    selector: Words
    grants: tuple[Words, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityRule(Node):
    name: str
    options: tuple[Words, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Definition(Node):
    name: Word
    value: Words


@dataclass(frozen=True, slots=True, kw_only=True)
class OnImpact(Node):
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class GenerateRule(Node):
    """``passive: bearer's Soul spells generate +1 Resonance`` — added to the spells' energy orbs."""

    selector: Words
    amounts: tuple[CostWords, ...]


Rule = TriggerRule | PassiveRule | GenerateRule | AbilityRule | Definition | OnImpact


# ---- fields of a spell


@dataclass(frozen=True, slots=True, kw_only=True)
class Field(Node):
    """A one-value field: sphere, role, fluency, resonance, harmony."""

    name: str
    value: Word


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectList(Node):
    sections: tuple[tuple[Words, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Broadcast(Node):
    spheres: tuple[Word, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RequirementLine(Node):
    phrase: Words


@dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeLine(Node):
    aspects: tuple[Words, ...]
    costs: tuple[CostWords, ...]
    timing: str = ""  # "per round" or "this impact"; "" as printed without one (paid as the spell is cast)


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualLine(Node):
    tiers: tuple[tuple[Words, ...], ...]  # an empty tier is N/A


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsLine(Node):
    phrase: Words


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesBlock(Node):
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TierLine(Node):
    """``tier A1 "Impermanent Body" cost 4 { rules }`` — a Specialization tier."""

    key: Word
    name: str
    cost: int
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Stat(Node):
    """One printed stat of a Koishaka: ``Essence 4``, ``Actions 2``."""

    name: Word
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class KoishakaLine(Node):
    stats: tuple[Stat, ...]


SpellField = (Field | AspectList | Broadcast | RequirementLine | UpgradeLine | RitualLine | TargetsLine | RulesBlock
              | TierLine | KoishakaLine)


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellNode(Node):
    title: str
    title_span: Span = field(compare=False, repr=False)
    fields: tuple[SpellField, ...]
    kind: str = "spell"  # spell | specialization | encounter spell | encounter ability


# ---- an Encounter's card


@dataclass(frozen=True, slots=True, kw_only=True)
class EncStat(Node):
    """``essence 10 (+2)``, ``resonance bonus 1 (+1)``, ``actions 2 (+1)``, ``resistance 3``."""

    name: str
    value: int
    per_opponent: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class EncWords(Node):
    """``source Soul``, ``lacks Harmony``, ``targeting lowest Harmony``."""

    name: str
    words: tuple[Word, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EncCounts(Node):
    """``bag 4 red, 2 yellow`` and ``reset when 3 red, 1 yellow out``."""

    name: str
    counts: tuple[tuple[int, Word], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EncResponse(Node):
    name: str
    needs: Words
    cost: CostWords
    colours: tuple[Word, ...]
    standard_only: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class EncThreshold(Node):
    amount: int
    energy: Word
    who: Words
    grants: tuple[Words, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartLineNode(Node):
    cost: CostWords | None
    condition: Words | None
    action: str | None
    roll: str | None
    action_span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class EncChart(Node):
    colour: Word
    lines: tuple[ChartLineNode, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DieFaceNode(Node):
    low: int
    high: int
    action: str | None  # None: critical failure


@dataclass(frozen=True, slots=True, kw_only=True)
class EncDieChart(Node):
    name: str
    faces: tuple[DieFaceNode, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EncDiscordEvent(Node):
    """``discord event: STEPS`` — what a Discord Event does to a Magi facing the Encounter, in place of the
    loss of 3 Essence."""

    steps: tuple[Step, ...]


EncItem = (EncStat | EncWords | EncCounts | EncResponse | EncThreshold | EncChart | EncDieChart | EncDiscordEvent
           | SpellNode)


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterNode(Node):
    title: str
    title_span: Span = field(compare=False, repr=False)
    items: tuple[EncItem, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NamShubStepLine(Node):
    """``step "Name" [Free Action] for 2 Resonance: STEPS`` — one step of a Nam-Shub page."""

    name: str
    options: tuple[Words, ...]
    costs: tuple[CostWords, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class VictoryLine(Node):
    """``victory``: completing the Nam-Shub wins the match for the team."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NamShubNode(Node):
    title: str
    title_span: Span = field(compare=False, repr=False)
    fields: tuple[NamShubStepLine | VictoryLine, ...]


CardNode = SpellNode | EncounterNode | NamShubNode  # a card of a file, as compiler.frontend checks it
