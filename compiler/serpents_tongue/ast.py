"""The AST: what the designer wrote, as frozen dataclasses with spans, before any meaning is checked.

Nodes compare without their spans (``field(compare=False)``), so trees from differently formatted
sources compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Word(Node):
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectWords(Node):
    """One aspect as written: ``Harmony Dmg 1`` → words (Harmony, Dmg, 1)."""

    words: tuple[Word, ...]

    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass(frozen=True, slots=True, kw_only=True)
class Phrase(Node):
    words: tuple[Word, ...]

    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass(frozen=True, slots=True, kw_only=True)
class CostWords(Node):
    amount: int
    energy: Word


# ---- rules text steps


@dataclass(frozen=True, slots=True, kw_only=True)
class Action(Node):
    """A step kind of the grammar fragment (``deal Dmg 2 to bearer`` is the kind "deal") with its arguments
    as written: numbers, words, phrases and aspect words, in order. What each one is, the step kind's
    declaration says (engine.rulesets.serpents_tongue.rules_text), and the checker reads it so."""

    kind: str
    args: tuple[int | Word | Phrase | AspectWords, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class May(Node):
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class If(Node):
    condition: Phrase
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class Unless(Node):
    step: Step
    condition: Phrase


@dataclass(frozen=True, slots=True, kw_only=True)
class IfYouDid(Node):
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class PayTo(Node):
    """``you may pay COST and COST to STEP`` — an internal action (seed 003, 6.5.g)."""

    energy: tuple[CostWords, ...]
    discards: tuple[Phrase, ...]
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseOne(Node):
    options: tuple[tuple[Step, ...], ...]


Step = Action | May | If | Unless | IfYouDid | PayTo | ChooseOne


# ---- rules


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerRule(Node):
    event: Phrase
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PassiveRule(Node):
    selector: Phrase
    grants: tuple[AspectWords, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityRule(Node):
    name: str
    options: tuple[AspectWords, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Definition(Node):
    name: Word
    value: Phrase


@dataclass(frozen=True, slots=True, kw_only=True)
class OnImpact(Node):
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class GenerateRule(Node):
    """``passive: bearer's Soul spells generate +1 Resonance`` — added to the spells' energy orbs."""

    selector: Phrase
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
    sections: tuple[tuple[AspectWords, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Broadcast(Node):
    spheres: tuple[Word, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RequirementLine(Node):
    phrase: Phrase


@dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeLine(Node):
    aspects: tuple[AspectWords, ...]
    costs: tuple[CostWords, ...]
    timing: str = ""  # "per round" or "this impact"; "" as printed without one (paid as the spell is cast)


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualLine(Node):
    tiers: tuple[tuple[AspectWords, ...], ...]  # an empty tier is N/A


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsLine(Node):
    phrase: Phrase


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
    needs: AspectWords
    cost: CostWords
    colours: tuple[Word, ...]
    standard_only: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class EncThreshold(Node):
    amount: int
    energy: Word
    who: AspectWords
    grants: tuple[AspectWords, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartLineNode(Node):
    cost: CostWords | None
    condition: Phrase | None
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
    options: tuple[AspectWords, ...]
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
